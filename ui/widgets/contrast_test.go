package widgets

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The contrast ratio is WCAG's: 21 for black on white, 1 for a colour on
// itself, 4.5 for #767676 on white (the lightest grey text passes).
func TestContrastRatio(t *testing.T) {
	white, black := color.White, color.Black
	for _, c := range []struct {
		a, b     color.Color
		min, max float64
	}{
		{black, white, 20.99, 21.01},
		{white, white, 1, 1},
		{color.NRGBA{0x76, 0x76, 0x76, 255}, white, 4.5, 4.6},
		{white, color.NRGBA{0x76, 0x76, 0x76, 255}, 4.5, 4.6},
	} {
		if r := ContrastRatio(c.a, c.b); r < c.min || r > c.max {
			t.Errorf("%v on %v: %.3f", c.a, c.b, r)
		}
	}
}

// forcedTheme is the default theme in one variant.
type forcedTheme struct {
	fyne.Theme
	v fyne.ThemeVariant
}

func (f forcedTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return f.Theme.Color(n, f.v)
}

// In both themes the border colour stands 3:1 out of the window's and a
// dialog's backgrounds, and so does a bordered radio button's ring, where
// Fyne's own input border does not in the light theme.
func TestBorderContrast(t *testing.T) {
	for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
		a := test.NewTempApp(t)
		a.Settings().SetTheme(forcedTheme{theme.DefaultTheme(), v})
		for _, bg := range []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameOverlayBackground, theme.ColorNameInputBackground} {
			if r := ContrastRatio(BorderColor(), theme.Color(bg)); r < 3 {
				t.Errorf("variant %d: the border colour on %s is %.2f:1", v, bg, r)
			}
			if r := ContrastRatio(borderTheme{}.Color(theme.ColorNameInputBorder, v), theme.Color(bg)); r < 3 {
				t.Errorf("variant %d: a bordered ring on %s is %.2f:1", v, bg, r)
			}
		}
	}
	a := test.NewTempApp(t)
	a.Settings().SetTheme(forcedTheme{theme.DefaultTheme(), theme.VariantLight})
	if r := ContrastRatio(theme.Color(theme.ColorNameInputBorder), theme.Color(theme.ColorNameBackground)); r >= 3 {
		t.Logf("Fyne's light input border is %.2f:1 now: Bordered may no longer be needed", r)
	}
}

// An unselected radio button drawn in the light theme: within Bordered
// its ring has pixels 3:1 off the white background; plain, it has none.
func TestBorderedRadioShows(t *testing.T) {
	a := test.NewTempApp(t)
	a.Settings().SetTheme(forcedTheme{theme.DefaultTheme(), theme.VariantLight})
	ringContrast := func(o fyne.CanvasObject) float64 {
		w := test.NewTempWindow(t, o)
		w.Resize(fyne.NewSize(200, 60))
		img := w.Canvas().Capture()
		bg := theme.Color(theme.ColorNameBackground)
		best := 1.0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Min.X+30 && x < b.Max.X; x++ { // the ring, left of the label
				best = max(best, ContrastRatio(img.At(x, y), bg))
			}
		}
		return best
	}
	plain := ringContrast(widget.NewRadioGroup([]string{"Light"}, nil))
	bordered := ringContrast(Bordered(widget.NewRadioGroup([]string{"Light"}, nil)))
	if bordered < 3 {
		t.Errorf("a bordered unselected radio button's ring is %.2f:1 at most", bordered)
	}
	if plain >= 3 {
		t.Logf("a plain one is %.2f:1 already", plain)
	}
}
