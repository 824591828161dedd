package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Labels cut with an ellipsis. Such a Fyne label shapes its text anew,
// uncached, at every refresh and resize, and Fyne updates every visible
// cell of a table or tree at each layout of it (a window's start lays it
// out several times): the slow part of showing one. A label without
// truncation only measures its text, and the measure is cached.

// FitLabel is a label cut with an ellipsis when its text is wider than
// the label and left whole (no truncation to work out) when it fits; its
// minimum size is an ellipsis label's. Set the text with Set or SetText
// (then Refresh, for a change of its fields).
type FitLabel struct {
	widget.Label
}

// NewFitLabel makes a label showing text.
func NewFitLabel(text string) *FitLabel {
	c := &FitLabel{}
	c.Text = text
	c.Truncation = fyne.TextTruncateEllipsis
	c.ExtendBaseWidget(c)
	return c
}

// NewCellLabel makes an empty label for a table's or a tree's cells.
func NewCellLabel() *FitLabel { return NewFitLabel("") }

// Set shows text in style; the same text and style again does nothing
// (a table updates its cells at every layout).
func (c *FitLabel) Set(text string, style fyne.TextStyle) {
	if c.Text == text && c.TextStyle == style {
		return
	}
	c.Text, c.TextStyle = text, style
	c.Refresh()
}

// SetText shows text.
func (c *FitLabel) SetText(text string) {
	c.Text = text
	c.Refresh()
}

// Refresh redraws the label, deciding first whether its text fits.
func (c *FitLabel) Refresh() {
	c.fit(c.Size().Width)
	c.Label.Refresh()
}

// Resize sizes the label, deciding first whether its text still fits.
func (c *FitLabel) Resize(size fyne.Size) {
	if c.Size() == size {
		return
	}
	// The label hands its truncation to its text at a refresh, and the
	// text truncates at a resize too: the truncation goes first when it
	// is dropped, after the resize when it is taken up, so the text is cut
	// once at most.
	if !c.fit(size.Width) {
		c.Label.Resize(size)
	} else if c.Truncation == fyne.TextTruncateOff {
		c.Label.Refresh()
		c.Label.Resize(size)
	} else {
		c.Label.Resize(size)
		c.Label.Refresh()
	}
}

// MinSize is an ellipsis label's whether the text fits or not: a letter
// and the ellipsis wide (as Fyne 2.7's text renderer has it).
func (c *FitLabel) MinSize() fyne.Size {
	m := c.Label.MinSize()
	if c.Truncation == fyne.TextTruncateOff {
		size := c.Theme().Size(theme.SizeNameText)
		m.Width = fyne.MeasureText("M", size, fyne.TextStyle{}).Width + fyne.MeasureText("…", size, fyne.TextStyle{}).Width
	}
	return m
}

// fit sets the truncation for a label width wide and reports whether it
// changed: none when the text fits between the label's paddings (the
// measure is Fyne's own, cached), else an ellipsis.
func (c *FitLabel) fit(width float32) bool {
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
