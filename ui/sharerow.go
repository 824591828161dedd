package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/ui/widgets"
)

// shareItem is one object of a shareRow: fixed at its minimum width, or
// flexible (want set: a truncating text that would like want() wide).
type shareItem struct {
	obj   fyne.CanvasObject
	want  func() float32 // the width the object would like; nil: fixed
	fill  bool           // takes the width nobody wants
	first bool           // gets what it wants before the others share the rest
}

// shareRow lays objects out in a row that never asks for more than their
// minimum widths (truncating texts are an ellipsis wide), so a long text
// never widens the window; the room there is goes to the flexible items,
// shared evenly up to the width each wants (a short one takes what it
// needs and leaves the rest to a long one), and what is left to the fill
// item.
type shareRow struct{ items []shareItem }

// newShareRow makes a container of items laid out as a shareRow.
func newShareRow(items ...shareItem) *fyne.Container {
	objs := make([]fyne.CanvasObject, len(items))
	for i, it := range items {
		objs[i] = it.obj
	}
	return &fyne.Container{Layout: &shareRow{items: items}, Objects: objs}
}

// fixed is a shareItem of its minimum width.
func fixed(o fyne.CanvasObject) shareItem { return shareItem{obj: o} }

// flexLabel is a shareItem of a truncating label that wants its text's
// width; firstLabel one that gets it before the others share the rest.
func flexLabel(l *widget.Label) shareItem {
	return shareItem{obj: l, want: func() float32 { return labelWidth(l) }}
}

// flexFit and firstFit are flexLabel and firstLabel of a FitLabel.
func flexFit(l *widgets.FitLabel) shareItem {
	return shareItem{obj: l, want: func() float32 { return labelWidth(&l.Label) }}
}

func firstFit(l *widgets.FitLabel) shareItem {
	it := flexFit(l)
	it.first = true
	return it
}

// labelWidth is the width l needs to show its text whole.
func labelWidth(l *widget.Label) float32 {
	th := l.Theme()
	return textWidth(l.Text, th.Size(theme.SizeNameText), l.TextStyle) + 2*th.Size(theme.SizeNameInnerPadding)
}

// textSlack is added to a measured text's width: the GL driver cuts a
// text given exactly its measured width (its own measure rounds).
const textSlack = 2

// textWidth is the width of text with a hair of slack (see textSlack).
func textWidth(text string, size float32, style fyne.TextStyle) float32 {
	return fyne.MeasureText(text, size, style).Width + textSlack
}

// MinSize is the items' minimum widths with padding between them, and the
// tallest height.
func (r *shareRow) MinSize([]fyne.CanvasObject) fyne.Size {
	var size fyne.Size
	n := 0
	for _, it := range r.items {
		if !it.obj.Visible() {
			continue
		}
		m := it.obj.MinSize()
		size.Width += m.Width
		size.Height = max(size.Height, m.Height)
		n++
	}
	if n > 1 {
		size.Width += float32(n-1) * theme.Padding()
	}
	return size
}

// Layout places the items left to right at the widths widths gives them.
func (r *shareRow) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	widths := r.widths(size.Width)
	x := float32(0)
	for i, it := range r.items {
		if !it.obj.Visible() {
			continue
		}
		it.obj.Move(fyne.NewPos(x, 0))
		it.obj.Resize(fyne.NewSize(widths[i], size.Height))
		x += widths[i] + theme.Padding()
	}
}

// widths gives each visible item its minimum width, then shares the
// room left among the flexible items, the first ones before the others
// (see share), then gives what is left to the fill item.
func (r *shareRow) widths(total float32) []float32 {
	widths := make([]float32, len(r.items))
	needFirst := make([]float32, len(r.items))
	need := make([]float32, len(r.items))
	room := total - r.MinSize(nil).Width
	fill := -1
	for i, it := range r.items {
		if !it.obj.Visible() {
			continue
		}
		widths[i] = it.obj.MinSize().Width
		if it.want == nil {
			continue
		}
		if it.first {
			needFirst[i] = max(0, it.want()-widths[i])
		} else {
			need[i] = max(0, it.want()-widths[i])
		}
		if it.fill {
			fill = i
		}
	}
	room = share(widths, needFirst, room)
	room = share(widths, need, room)
	if fill >= 0 && room > 0 {
		widths[fill] += room
	}
	return widths
}

// share adds room to widths where need says more is wanted, water
// filling: every item that still wants more gets an even share, until the
// room or the wants run out. It returns the room left.
func share(widths, need []float32, room float32) float32 {
	for room > 0.5 {
		wanting := 0
		for _, n := range need {
			if n > 0 {
				wanting++
			}
		}
		if wanting == 0 {
			break
		}
		part := room / float32(wanting)
		for i, n := range need {
			if n > 0 {
				g := min(n, part)
				widths[i] += g
				need[i] -= g
				room -= g
			}
		}
	}
	return room
}
