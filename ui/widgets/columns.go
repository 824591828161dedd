package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Columns measures a table's columns so that each is as wide as its title
// and the cells of its first rows: the tables of the inspectors fit their
// content instead of fixed widths that cut short values or waste room.
type Columns struct {
	Titles []string
	// Mono reports the columns drawn in monospace (nil: none).
	Mono func(col int) bool
	// Extra is the room a column's cells need beside their text (a colour
	// well); nil: none.
	Extra func(col int) float32
	// Header is the room a header cell needs beside its title (a sort
	// icon).
	Header float32
	// Max caps a column (0: ColumnMax); longer cells are cut or scroll.
	Max float32
}

// Width limits of a measured column.
const (
	ColumnMin    = 40  // the narrowest column
	ColumnMax    = 360 // the widest, unless Columns.Max says otherwise
	columnSample = 200 // rows measured: the first ones are enough
)

// Widths measures the columns over rows rows whose cells cell gives.
func (c Columns) Widths(rows int, cell func(row, col int) string) []float32 {
	size := theme.TextSize()
	pad := 2*theme.InnerPadding() + theme.Padding()
	most := c.Max
	if most <= 0 {
		most = ColumnMax
	}
	out := make([]float32, len(c.Titles))
	for col, title := range c.Titles {
		w := fyne.MeasureText(title, size, fyne.TextStyle{Bold: true}).Width + c.Header
		style := fyne.TextStyle{}
		if c.Mono != nil && c.Mono(col) {
			style.Monospace = true
		}
		extra := float32(0)
		if c.Extra != nil {
			extra = c.Extra(col)
		}
		for r := 0; r < rows && r < columnSample; r++ {
			w = max(w, fyne.MeasureText(cell(r, col), size, style).Width+extra)
		}
		out[col] = min(max(w+pad, ColumnMin), most)
	}
	return out
}

// SetWidths sets the widths on tb.
func SetWidths(tb *widget.Table, widths []float32) {
	for i, w := range widths {
		tb.SetColumnWidth(i, w)
	}
}

// RowHeight is the height of one row of a table of labels, divider
// included.
func RowHeight() float32 {
	return widget.NewLabel("").MinSize().Height + theme.SeparatorThicknessSize()
}
