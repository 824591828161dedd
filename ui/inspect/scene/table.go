package scene

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/ui/widgets"
)

// sortTable is a table of rows whose header sorts by a column (again to
// reverse): the rows stay numbered as the data has them, the view shows
// them in the order chosen.
type sortTable struct {
	Table   *widget.Table
	cols    []string
	cell    func(row, col int) string
	key     func(row, col int) any // int64, float64 or string: the sort key
	order   []int                  // shown position -> row
	at      []int                  // row -> shown position
	sortCol int
	desc    bool
	quiet   bool // a Select from selectRow: no OnSelect
}

// newSortTable makes a table of n rows; onSelect (may be nil) is told
// the row a click selects.
func newSortTable(cols []string, n int, cell func(row, col int) string, key func(row, col int) any, onSelect func(row int)) *sortTable {
	t := &sortTable{cols: cols, cell: cell, key: key, order: make([]int, n), at: make([]int, n)}
	for i := range t.order {
		t.order[i], t.at[i] = i, i
	}
	t.Table = widget.NewTable(
		func() (int, int) { return len(t.order), len(cols) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			if id.Row < 0 || id.Row >= len(t.order) || id.Col >= len(cols) {
				l.SetText("")
				return
			}
			l.SetText(cell(t.order[id.Row], id.Col))
		})
	t.Table.ShowHeaderRow = true
	t.Table.CreateHeader = func() fyne.CanvasObject {
		b := widget.NewButton("", nil)
		b.Importance = widget.LowImportance
		return b
	}
	t.Table.UpdateHeader = t.updateHeader
	t.Table.OnSelected = func(id widget.TableCellID) {
		if !t.quiet && onSelect != nil && id.Row >= 0 && id.Row < len(t.order) {
			onSelect(t.order[id.Row])
		}
	}
	icon := theme.IconInlineSize() + theme.Padding()
	widgets.SetWidths(t.Table, widgets.Columns{Titles: cols, Header: icon}.Widths(n, cell))
	return t
}

// updateHeader shows a column's title, with the sort arrow on the sorted
// one, and sorts by it on a click.
func (t *sortTable) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	b := o.(*widget.Button)
	if id.Col < 0 || id.Col >= len(t.cols) {
		b.SetText("")
		return
	}
	b.SetIcon(nil)
	if id.Col == t.sortCol {
		if t.desc {
			b.SetIcon(theme.MenuDropDownIcon())
		} else {
			b.SetIcon(theme.MenuDropUpIcon())
		}
	}
	b.SetText(t.cols[id.Col])
	col := id.Col
	b.OnTapped = func() {
		if t.sortCol == col {
			t.desc = !t.desc
		} else {
			t.sortCol, t.desc = col, false
		}
		t.sort()
		t.Table.Refresh()
	}
}

// sort orders the rows by the sorted column (numbers before text,
// stable).
func (t *sortTable) sort() {
	slices.SortStableFunc(t.order, func(a, b int) int {
		c := compareKeys(t.key(a, t.sortCol), t.key(b, t.sortCol))
		if t.desc {
			c = -c
		}
		return c
	})
	for pos, r := range t.order {
		t.at[r] = pos
	}
}

// compareKeys compares sort keys: numbers by value, before text.
func compareKeys(a, b any) int {
	x, aNum := number(a)
	y, bNum := number(b)
	switch {
	case aNum && bNum:
		return cmp.Compare(x, y)
	case aNum:
		return -1
	case bNum:
		return 1
	}
	return strings.Compare(strings.ToLower(fmt.Sprint(a)), strings.ToLower(fmt.Sprint(b)))
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case int:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// selectRow selects and shows row r (data numbering) without telling
// onSelect; -1 clears the selection.
func (t *sortTable) selectRow(r int) {
	t.quiet = true
	defer func() { t.quiet = false }()
	if r < 0 || r >= len(t.at) {
		t.Table.UnselectAll()
		return
	}
	id := widget.TableCellID{Row: t.at[r], Col: 0}
	t.Table.Select(id)
	t.Table.ScrollTo(id)
}

// withHead lays a line of text over the table, which fills the rest.
func withHead(head fyne.CanvasObject, t *sortTable) fyne.CanvasObject {
	return container.NewBorder(head, nil, nil, nil, t.Table)
}
