package widgets

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// shownText is what a label draws: its text objects' texts joined.
func shownText(o fyne.Widget) string {
	var b strings.Builder
	var walk func(objs []fyne.CanvasObject)
	walk = func(objs []fyne.CanvasObject) {
		for _, o := range objs {
			switch o := o.(type) {
			case *canvas.Text:
				b.WriteString(o.Text)
			case fyne.Widget:
				walk(test.WidgetRenderer(o).Objects())
			case *fyne.Container:
				walk(o.Objects)
			}
		}
	}
	walk(test.WidgetRenderer(o).Objects())
	return b.String()
}

// A cell's text is whole when it fits and cut with an ellipsis when the
// cell is narrower, after a resize either way and after a new text.
func TestFitLabelTruncatesOnlyWhatDoesNotFit(t *testing.T) {
	test.NewTempApp(t)
	const text = "a rather long entry name.msh"
	c := NewCellLabel()
	wide := fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding() + 1
	h := c.MinSize().Height
	steps := []struct {
		what  string
		do    func()
		whole bool
	}{
		{"wide", func() { c.Resize(fyne.NewSize(wide, h)); c.Set(text, fyne.TextStyle{}) }, true},
		{"narrow", func() { c.Resize(fyne.NewSize(wide/2, h)) }, false},
		{"wide again", func() { c.Resize(fyne.NewSize(wide, h)) }, true},
		{"longer text", func() { c.Set(text+text, fyne.TextStyle{}) }, false},
		{"monospace", func() { c.Set("abc", fyne.TextStyle{Monospace: true}) }, true},
	}
	for _, s := range steps {
		s.do()
		got := shownText(c)
		if whole := !strings.HasSuffix(got, "…"); whole != s.whole {
			t.Errorf("%s: shows %q (truncation %v), want whole %v", s.what, got, c.Truncation, s.whole)
		}
		if s.whole && got != c.Text {
			t.Errorf("%s: shows %q, want %q", s.what, got, c.Text)
		}
	}
	ref := widget.NewLabel(c.Text)
	ref.Truncation = fyne.TextTruncateEllipsis
	ref.TextStyle = c.TextStyle
	if c.Truncation != fyne.TextTruncateOff || c.MinSize() != ref.MinSize() {
		t.Errorf("a fitting text: truncation %v, minimum size %v, want none and an ellipsis label's %v", c.Truncation, c.MinSize(), ref.MinSize())
	}
	if c.TextStyle != (fyne.TextStyle{Monospace: true}) {
		t.Errorf("style %+v, want monospace", c.TextStyle)
	}
}

// A header shows its text and sort icon, and changes when they do.
func TestSetHeader(t *testing.T) {
	test.NewTempApp(t)
	b := widget.NewButton("", nil)
	SetHeader(b, "Name", theme.MenuDropUpIcon())
	SetHeader(b, "Name", theme.MenuDropUpIcon())
	if b.Text != "Name" || b.Icon == nil || b.Icon.Name() != theme.MenuDropUpIcon().Name() {
		t.Fatalf("header %q %v", b.Text, b.Icon)
	}
	SetHeader(b, "Name", theme.MenuDropDownIcon())
	if b.Icon.Name() != theme.MenuDropDownIcon().Name() {
		t.Errorf("icon %v, want the down arrow", b.Icon.Name())
	}
	SetHeader(b, "Size", nil)
	if b.Text != "Size" || b.Icon != nil {
		t.Errorf("header %q %v, want Size without an icon", b.Text, b.Icon)
	}
}
