package widgets

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// ContrastRatio is the WCAG 2 contrast ratio of two colours (alpha is
// ignored), from 1 (the same) to 21 (black on white). Controls and the
// borders that show them need 3:1 against what is around them.
func ContrastRatio(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// luminance is the WCAG relative luminance of c.
func luminance(c color.Color) float64 {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(n.R) + 0.7152*lin(n.G) + 0.0722*lin(n.B)
}

// BorderColor is the colour of a border that must show against the
// window's background in either theme: the theme's placeholder grey
// (3.5:1 on the light theme's white, more on the dark one). Fyne's own
// input border is a hair darker than white in the light theme.
func BorderColor() color.Color { return theme.Color(theme.ColorNamePlaceHolder) }

// borderTheme is the app's theme with its input borders (the rings of
// radio buttons and check boxes) in the text colour: a ring is a thin
// curve, drawn smoothed, so a grey of 3.5:1 shows as less than 3:1.
type borderTheme struct{}

func (borderTheme) current() fyne.Theme { return appTheme() }

// appTheme is the app's theme (the default one before there is an app).
func appTheme() fyne.Theme {
	if a := fyne.CurrentApp(); a != nil && a.Settings().Theme() != nil {
		return a.Settings().Theme()
	}
	return theme.DefaultTheme()
}

// Color is the app theme's colour; the input border is its text colour.
func (b borderTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if n == theme.ColorNameInputBorder {
		n = theme.ColorNameForeground
	}
	return b.current().Color(n, v)
}

// Font is the app theme's font.
func (b borderTheme) Font(s fyne.TextStyle) fyne.Resource { return b.current().Font(s) }

// Icon is the app theme's icon.
func (b borderTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return b.current().Icon(n) }

// Size is the app theme's size.
func (b borderTheme) Size(n fyne.ThemeSizeName) float32 { return b.current().Size(n) }

// Bordered draws o's radio buttons and check boxes with rings that show
// in the light theme too (Fyne draws an unselected one in a grey barely
// darker than the background).
func Bordered(o fyne.CanvasObject) *container.ThemeOverride {
	return container.NewThemeOverride(o, borderTheme{})
}
