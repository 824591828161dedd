package ui

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
)

// quietSettings are settings as the desktop driver's are before its event
// loop runs: SetTheme changes the theme but refreshes no widget made
// before (the test app's own settings refresh every window at once, which
// would hide the fault).
type quietSettings struct {
	fyne.Settings
	th fyne.Theme
}

func (s *quietSettings) Theme() fyne.Theme      { return s.th }
func (s *quietSettings) SetTheme(th fyne.Theme) { s.th = th }

// quietApp is the test app with quietSettings.
type quietApp struct {
	fyne.App
	s *quietSettings
}

func (a *quietApp) Settings() fyne.Settings { return a.s }

// hasFill reports whether one of the rectangles o is drawn with (by the
// renderers it has, not fresh ones) is filled with c.
func hasFill(o fyne.CanvasObject, c color.Color) bool {
	switch x := o.(type) {
	case *canvas.Rectangle:
		return x.FillColor == c
	case fyne.Widget:
		for _, k := range test.WidgetRenderer(x).Objects() {
			if hasFill(k, c) {
				return true
			}
		}
	case *fyne.Container:
		for _, k := range x.Objects {
			if hasFill(k, c) {
				return true
			}
		}
	}
	return false
}

// The remembered light theme is applied before the window's widgets are
// made: the Open button and the filter box start light on a dark desktop.
func TestLightThemeAtStartUp(t *testing.T) {
	base := test.NewTempApp(t)
	dark := variantTheme{theme.DefaultTheme(), theme.VariantDark}
	a := &quietApp{App: base, s: &quietSettings{Settings: base.Settings(), th: dark}}
	fyne.SetCurrentApp(a)
	a.Preferences().SetString(prefTheme, "light")
	w := newWindow(a, formats.Options{})
	t.Cleanup(func() { w.insp.close(); w.waitJobs() })
	w.win.Resize(fyne.NewSize(1000, 700))

	light := variantTheme{theme.DefaultTheme(), theme.VariantLight}
	var open *widget.Button
	for _, o := range test.LaidOutObjects(w.win.Content()) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Open" {
			open = b
		}
	}
	if open == nil {
		t.Fatal("no Open button")
	}
	if bg := light.Color(theme.ColorNameButton, theme.VariantLight); !hasFill(open, bg) {
		t.Errorf("the Open button is not drawn with the light theme's button colour %v", bg)
	}
	if bg := light.Color(theme.ColorNameInputBackground, theme.VariantLight); !hasFill(w.filter, bg) {
		t.Errorf("the filter box is not drawn with the light theme's input colour %v", bg)
	}
}
