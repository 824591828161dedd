package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Table cells. Fyne updates every visible cell on each refresh and resize
// of its table (a window's start lays it out several times), and a label
// with an ellipsis shapes its text anew at each refresh and resize, uncached
// (the slow part of showing a table); a label without one only measures
// it, and the measure is cached. So a table's cells show their text
// unchanged without a refresh, and are truncated only when their text does
// not fit.

// CellLabel is a label for a table cell: cut with an ellipsis when its
// text is wider than the cell, left whole (no truncation to work out)
// when it fits. Its minimum size is a plain label's, so it is for cells,
// whose size the table sets, not for a layout that reads it.
type CellLabel struct {
	widget.Label
}

// NewCellLabel makes an empty cell label (a table's CreateCell).
func NewCellLabel() *CellLabel {
	c := &CellLabel{}
	c.Truncation = fyne.TextTruncateEllipsis
	c.ExtendBaseWidget(c)
	return c
}

// Set shows text in style; the same text and style again does nothing.
func (c *CellLabel) Set(text string, style fyne.TextStyle) {
	if c.Text == text && c.TextStyle == style {
		return
	}
	c.Text, c.TextStyle = text, style
	c.fit(c.Size().Width)
	c.Refresh()
}

// Resize sizes the cell, deciding first whether its text still fits.
func (c *CellLabel) Resize(size fyne.Size) {
	if c.Size() == size {
		return
	}
	changed := c.fit(size.Width)
	c.Label.Resize(size)
	if changed {
		c.Refresh() // the label hands its truncation to its text at a refresh
	}
}

// fit sets the truncation for a cell width wide and reports whether it
// changed: none when the text fits between the label's paddings (the
// measure is Fyne's own, cached), else an ellipsis.
func (c *CellLabel) fit(width float32) bool {
	th := c.Theme()
	t := fyne.TextTruncateEllipsis
	room := width - 2*th.Size(theme.SizeNameInnerPadding)
	size := c.SizeName
	if size == "" {
		size = theme.SizeNameText
	}
	if room > 0 && fyne.MeasureText(c.Text, th.Size(size), c.TextStyle).Width <= room {
		t = fyne.TextTruncateOff
	}
	if t == c.Truncation {
		return false
	}
	c.Truncation = t
	return true
}

// SetHeader shows text and icon (nil for none) on the header button b; the
// same again does nothing.
func SetHeader(b *widget.Button, text string, icon fyne.Resource) {
	if b.Text == text && sameIcon(b.Icon, icon) {
		return
	}
	b.Text, b.Icon = text, icon
	b.Refresh()
}

// sameIcon reports whether a and b are the same icon: a theme icon is a
// new value at each call, so they compare by name.
func sameIcon(a, b fyne.Resource) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Name() == b.Name()
}
