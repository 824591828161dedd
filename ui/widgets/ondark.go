package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// darkVariant is the app's theme with its dark colours, whatever the
// window's variant.
type darkVariant struct{}

func (darkVariant) current() fyne.Theme { return appTheme() }

// Color is the default theme's dark colour (the app's theme may force
// its own variant whatever it is asked).
func (d darkVariant) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return theme.DefaultTheme().Color(n, theme.VariantDark)
}

// Font is the app theme's font.
func (d darkVariant) Font(s fyne.TextStyle) fyne.Resource { return d.current().Font(s) }

// Icon is the app theme's icon.
func (d darkVariant) Icon(n fyne.ThemeIconName) fyne.Resource { return d.current().Icon(n) }

// Size is the app theme's size.
func (d darkVariant) Size(n fyne.ThemeSizeName) float32 { return d.current().Size(n) }

// OnDark draws o in the theme's dark colours: for text over a dark
// picture (the mesh preview) that must stay readable in the light theme.
func OnDark(o fyne.CanvasObject) *container.ThemeOverride {
	return container.NewThemeOverride(o, darkVariant{})
}
