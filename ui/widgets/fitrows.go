package widgets

import "fyne.io/fyne/v2"

// FitRows lays its one object (a table) out no taller than its rows: a
// table's column dividers run the whole height it is given, and below a
// short table they looked like a stray line down the empty inspector.
type FitRows struct {
	Rows  int     // the table's row count
	RowH  float32 // the height of one row
	Extra float32 // a header row's height
}

// Layout gives the table the full width and at most its rows' height.
func (f *FitRows) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	// Two rows of slack: a table shows a vertical scroll bar as soon as its
	// content is a fraction taller than it (measured under Xvfb: one row
	// of slack still showed one).
	want := float32(f.Rows+2)*f.RowH + f.Extra
	if f.Rows == 0 {
		want = 0
	}
	h := min(size.Height, want)
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(fyne.NewSize(size.Width, h))
	}
}

// MinSize is the table's own (one row: it scrolls).
func (f *FitRows) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) == 0 || f.Rows == 0 {
		return fyne.NewSize(0, 0)
	}
	return objs[0].MinSize()
}
