package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// box is an object of a minimum width.
func box(w float32) fyne.CanvasObject {
	r := canvas.NewRectangle(nil)
	r.SetMinSize(fyne.NewSize(w, 10))
	return r
}

// wants is a flexible item of minimum width 10 that wants w.
func wants(w float32) shareItem {
	return shareItem{obj: box(10), want: func() float32 { return w }}
}

// A shareRow asks for its items' minimum widths only; the room there is
// goes first to the first items, then evenly to the others up to what
// each wants (a short one leaves the rest to a long one), then to the
// fill item; hidden items take nothing.
func TestShareRowWidths(t *testing.T) {
	pad := theme.Padding()
	first := wants(60)
	first.first = true
	fill := wants(500)
	fill.fill = true
	hidden := fixed(box(300))
	hidden.obj.Hide()
	r := &shareRow{items: []shareItem{fixed(box(40)), wants(30), first, fill, hidden, wants(1000)}}
	if got := r.MinSize(nil).Width; got != 40+4*10+4*pad {
		t.Errorf("min width %v", got)
	}
	base := 40 + 4*10 + 4*pad
	cases := []struct {
		room float32
		want []float32
	}{
		{0, []float32{40, 10, 10, 10, 0, 10}},
		{30, []float32{40, 10, 40, 10, 0, 10}},                           // the first item first
		{50 + 60, []float32{40, 30, 60, 30, 0, 30}},                      // then evenly: the short one takes 20
		{50 + 20 + 990 + 490 + 100, []float32{40, 30, 60, 600, 0, 1000}}, // wants met, the rest to fill
	}
	for _, c := range cases {
		got := r.widths(base + c.room)
		for i := range got {
			if d := got[i] - c.want[i]; d > 0.01 || d < -0.01 {
				t.Errorf("room %v: widths %v, want %v", c.room, got, c.want)
				break
			}
		}
	}
}
