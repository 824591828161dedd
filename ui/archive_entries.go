package ui

import (
	"fmt"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
)

// The archive's own tab: "Entries", a sortable table of its children (name,
// type, size, offset and the container's extra fields such as NRes attrs).
func init() {
	RegisterTab(TabProvider{
		Name:  "entries",
		Order: 50,
		Match: func(n formats.Node) bool { return safeKind(n) == formats.KindArchive },
		Make:  makeEntriesTab,
	})
}

// entryRow is one child of the archive as table cells.
type entryRow struct {
	node   formats.Node
	index  int
	cells  []string
	sortBy []any // per column: int64 or string, for sorting
}

func makeEntriesTab(h Host, n formats.Node) *Tab {
	kids, err := safeChildren(n)
	if err != nil && len(kids) == 0 {
		return nil // the error card says why; no empty table
	}
	if len(kids) == 0 {
		return nil
	}
	cols, rows := entryTable(kids, n)
	return &Tab{Title: "Entries", Content: newEntriesTable(h, cols, rows)}
}

// entryTable builds the columns and rows for the children of parent.
func entryTable(kids []formats.Node, parent formats.Node) ([]string, []*entryRow) {
	var extra []string
	seen := map[string]bool{}
	fields := make([]map[string]any, len(kids))
	for i, k := range kids {
		fl, ok := k.(formats.Fielder)
		if !ok {
			continue
		}
		func() {
			defer func() { recover() }()
			fields[i] = fl.ListFields()
		}()
		for key := range fields[i] {
			if !seen[key] {
				seen[key] = true
				extra = append(extra, key)
			}
		}
	}
	sort.Strings(extra)
	cols := append([]string{"#", "name", "type", "kind", "size", "offset"}, extra...)
	names, _ := childNames(kids, parent)
	rows := make([]*entryRow, 0, len(kids))
	for i, k := range kids {
		if k == nil {
			continue
		}
		name := safeName(k)
		if i < len(names) {
			name = names[i]
		}
		r := &entryRow{node: k, index: i}
		off, size, ok := rawRange(k)
		sizeCell, offCell := "", ""
		if ok {
			sizeCell = fmt.Sprintf("%d", size)
			if off >= 0 {
				offCell = fmt.Sprintf("0x%X", off)
			}
		} else {
			size, off = -1, -1
		}
		if !ok || off < 0 {
			off = -1
		}
		r.cells = []string{fmt.Sprint(i), name, typeTag(k), string(safeKind(k)), sizeCell, offCell}
		r.sortBy = []any{int64(i), strings.ToLower(name), strings.ToLower(typeTag(k)), string(safeKind(k)), size, off}
		for _, key := range extra {
			v, has := fields[i][key]
			cell := ""
			var sv any = ""
			if has {
				cell = fmt.Sprint(v)
				if n, ok := asInt64(v); ok {
					sv = n
				} else {
					sv = strings.ToLower(cell)
				}
			}
			r.cells = append(r.cells, cell)
			r.sortBy = append(r.sortBy, sv)
		}
		rows = append(rows, r)
	}
	return cols, rows
}

// asInt64 converts the integer kinds a ListFields map holds.
func asInt64(v any) (int64, bool) {
	switch x := v.(type) {
	case int:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	case uint8:
		return int64(x), true
	case uint16:
		return int64(x), true
	case uint32:
		return int64(x), true
	case uint64:
		return int64(x), true
	}
	return 0, false
}

// sortEntries orders rows by column col (numbers before text; stable).
func sortEntries(rows []*entryRow, col int, desc bool) {
	sort.SliceStable(rows, func(i, j int) bool {
		c := compareCells(rows[i].sortBy[col], rows[j].sortBy[col])
		if desc {
			return c > 0
		}
		return c < 0
	})
}

// compareCells compares two sort keys: int64s by value, strings by text,
// numbers before strings.
func compareCells(a, b any) int {
	x, aNum := a.(int64)
	y, bNum := b.(int64)
	switch {
	case aNum && bNum:
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	case aNum:
		return -1
	case bNum:
		return 1
	}
	return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
}

// newEntriesTable is the table widget: click a header to sort by it (again
// to reverse), click a row to select the entry in the tree.
func newEntriesTable(h Host, cols []string, rows []*entryRow) fyne.CanvasObject {
	sortCol, desc := 0, false
	table := widget.NewTable(
		func() (int, int) { return len(rows), len(cols) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			if id.Row >= len(rows) || id.Col >= len(cols) {
				l.SetText("")
				return
			}
			mono := id.Col != 1 && id.Col != 3
			if l.TextStyle.Monospace != mono {
				l.TextStyle = fyne.TextStyle{Monospace: mono}
			}
			l.SetText(rows[id.Row].cells[id.Col])
		})
	table.ShowHeaderRow = true
	table.CreateHeader = func() fyne.CanvasObject {
		b := widget.NewButton("", nil)
		b.Importance = widget.LowImportance
		return b
	}
	table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		b := o.(*widget.Button)
		if id.Col < 0 || id.Col >= len(cols) {
			b.SetText("")
			return
		}
		label := cols[id.Col]
		b.SetIcon(nil)
		if id.Col == sortCol {
			if desc {
				b.SetIcon(theme.MenuDropDownIcon())
			} else {
				b.SetIcon(theme.MenuDropUpIcon())
			}
		}
		b.SetText(label)
		col := id.Col
		b.OnTapped = func() {
			if sortCol == col {
				desc = !desc
			} else {
				sortCol, desc = col, false
			}
			sortEntries(rows, sortCol, desc)
			table.Refresh()
		}
	}
	widths := []float32{52, 190, 84, 78, 70, 80}
	for i := range cols {
		w := float32(78)
		if i < len(widths) {
			w = widths[i]
		}
		table.SetColumnWidth(i, w)
	}
	table.OnSelected = func(id widget.TableCellID) {
		if id.Row >= 0 && id.Row < len(rows) {
			h.SelectNode(rows[id.Row].node)
		}
	}
	info := widget.NewLabel(fmt.Sprintf("%s · click a header to sort, a row to select the entry", plural(len(rows), "entry")))
	return container.NewBorder(info, nil, nil, nil, table)
}
