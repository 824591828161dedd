package widgets

import (
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// NewSelect is widget.NewSelect with its placeholder in the window's
// language (Fyne's own "(Select one)" is English only).
func NewSelect(options []string, changed func(string)) *widget.Select {
	s := widget.NewSelect(options, changed)
	s.PlaceHolder = lang.X("select.placeholder", "(Select one)")
	return s
}
