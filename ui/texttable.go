package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// textTable is a read-only table of text cells with a header row, the
// columns widths wide; a text longer than its column wraps, its row as
// tall as its longest cell needs (a translation is often longer than the
// English the widths were chosen for).
func textTable(header []string, widths []float32, rows int, cell func(r, c int) string) *widget.Table {
	t := widget.NewTableWithHeaders(
		func() (int, int) { return rows, len(header) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Wrapping = fyne.TextWrapWord
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) { o.(*widget.Label).SetText(cell(id.Row, id.Col)) })
	t.ShowHeaderColumn = false
	t.CreateHeader = func() fyne.CanvasObject {
		return widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	t.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Row < 0 && id.Col >= 0 && id.Col < len(header) {
			o.(*widget.Label).SetText(header[id.Col])
		}
	}
	for i, wd := range widths {
		t.SetColumnWidth(i, wd)
	}
	one := widget.NewLabel(header[0]).MinSize().Height // a line of text
	lineH := fyne.MeasureText("Ag", theme.TextSize(), fyne.TextStyle{}).Height + theme.LineSpacing()
	for r := range rows {
		lines := 1
		for c, wd := range widths {
			lines = max(lines, wrappedLines(cell(r, c), wd-2*theme.InnerPadding()))
		}
		if lines > 1 {
			t.SetRowHeight(r, one+float32(lines-1)*lineH)
		}
	}
	return t
}

// wrappedLines is how many lines text takes wrapped at its words to width
// in the theme's text size.
func wrappedLines(text string, width float32) int {
	size := theme.TextSize()
	space := fyne.MeasureText(" ", size, fyne.TextStyle{}).Width
	lines, used := 1, float32(0)
	for _, w := range strings.Fields(text) {
		ww := fyne.MeasureText(w, size, fyne.TextStyle{}).Width
		switch {
		case used == 0:
			used = ww
		case used+space+ww <= width:
			used += space + ww
		default:
			lines++
			used = ww
		}
	}
	return lines
}
