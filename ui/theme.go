package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// variantTheme is Fyne's default theme forced to light or dark.
type variantTheme struct {
	fyne.Theme
	v fyne.ThemeVariant
}

// Color returns the default theme's colour for the forced variant.
func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.v)
}

// setTheme applies "light", "dark" or "system" (the default, following the
// desktop setting) and remembers it.
func setTheme(a fyne.App, name string) {
	a.Preferences().SetString(prefTheme, name)
	applyThemePref(a)
}

// applyThemePref applies the remembered theme. At start-up it must run
// before the window's widgets are made: until its event loop runs, the
// desktop driver does not redraw widgets for a new theme, and a widget
// made before keeps the old theme's colours.
func applyThemePref(a fyne.App) {
	var want fyne.Theme
	switch a.Preferences().String(prefTheme) {
	case "light":
		want = variantTheme{theme.DefaultTheme(), theme.VariantLight}
	case "dark":
		want = variantTheme{theme.DefaultTheme(), theme.VariantDark}
	default:
		// Only undo a forced variant; otherwise keep the app's theme
		// (the default one, or the test theme in tests).
		if _, forced := a.Settings().Theme().(variantTheme); !forced {
			return
		}
		want = theme.DefaultTheme()
	}
	// The theme in use already is left alone: setting it again would not
	// change a pixel, and at the window's start BeginStartUp has applied
	// it before the fonts began loading on another goroutine, which reads
	// it (Fyne's settings do not lock the theme).
	if cur, ok := a.Settings().Theme().(variantTheme); ok && cur == want {
		return
	}
	a.Settings().SetTheme(want)
}

// themePref is the remembered theme name ("system" when unset).
func themePref(a fyne.App) string {
	if s := a.Preferences().String(prefTheme); s != "" {
		return s
	}
	return "system"
}
