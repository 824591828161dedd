// Package archive is the archive inspector: the Entries tab of any
// archive (a sortable table of its children) and the header facts of
// NRes, RsLi and IMG archives and of folders.
package archive

import (
	"cmp"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

// The archive's own tab: "Entries", a sortable table of its children (name,
// type, size, offset and the container's extra fields such as NRes attrs).
func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "entries",
		Order: 50,
		Match: func(n formats.Node) bool { return formats.SafeKind(n) == formats.KindArchive && formats.Listed(n) },
		Make:  makeEntriesTab,
	})
}

// entryRow is one child of the archive as table cells. The cells and sort
// keys are made when the row is first shown or sorted: an archive of
// 100,000 entries opens its tab without formatting every row.
type entryRow struct {
	node   formats.Node
	index  int
	name   string   // the path segment (formats.ChildNames)
	extra  []string // the container's extra columns (shared by all rows)
	cells  []string
	sortBy []any // per column: int64 or string, for sorting
}

func makeEntriesTab(h inspect.Host, n formats.Node) *inspect.Tab {
	kids, err := formats.SafeChildren(n)
	if err != nil && len(kids) == 0 {
		return nil // the error card says why; no empty table
	}
	if len(kids) == 0 {
		return nil
	}
	cols, rows, err := entryTable(kids, n)
	return &inspect.Tab{Title: lang.X("tab.entries", "Entries"), Content: newEntriesTable(h, cols, rows, err)}
}

// listFields is k's ListFields behind the format panic guard; nil without
// Fielder.
func listFields(k formats.Node) (map[string]any, error) {
	fl, ok := k.(formats.Fielder)
	if !ok {
		return nil, nil
	}
	return formats.Guard("fields of "+formats.SafeName(k), func() (map[string]any, error) { return fl.ListFields(), nil })
}

// entryTable builds the columns and rows for the children of parent (the
// rows' cells are filled on demand: see entryRow.fill). The error is the
// first panic of the children's fields or names, for the tab to show.
func entryTable(kids []formats.Node, parent formats.Node) ([]string, []*entryRow, error) {
	var extra []string
	var firstErr error
	seen := map[string]bool{}
	for _, k := range kids {
		fields, err := listFields(k)
		firstErr = cmp.Or(firstErr, err)
		for key := range fields {
			if !seen[key] {
				seen[key] = true
				extra = append(extra, key)
			}
		}
	}
	sort.Strings(extra)
	cols := append([]string{"#", lang.X("archive.column.name", "name"), lang.X("archive.column.type", "type"),
		lang.X("archive.column.kind", "kind"), lang.X("archive.column.size", "size"),
		lang.X("archive.column.offset", "offset")}, extra...) // the extra fields are the format's own names
	names, err := widgets.ChildNames(kids, parent)
	firstErr = cmp.Or(firstErr, err)
	rows := make([]*entryRow, 0, len(kids))
	for i, k := range kids {
		if k == nil {
			continue
		}
		r := &entryRow{node: k, index: i, extra: extra}
		if i < len(names) {
			r.name = names[i]
		} else {
			r.name = formats.SafeName(k)
		}
		rows = append(rows, r)
	}
	return cols, rows, firstErr
}

// fill makes the row's cells and sort keys, once.
func (r *entryRow) fill() *entryRow {
	if r.cells != nil {
		return r
	}
	k, i, name := r.node, r.index, r.name
	off, size, ok := formats.SafeRange(k)
	sizeCell, offCell := "", ""
	if ok {
		sizeCell = strconv.FormatInt(size, 10)
		if off >= 0 {
			offCell = fmt.Sprintf("0x%X", off)
		}
	} else {
		size, off = -1, -1
	}
	if !ok || off < 0 {
		off = -1
	}
	tag, kind := formats.SafeType(k), string(formats.SafeKind(k))
	r.cells = []string{strconv.Itoa(i), name, tag, kind, sizeCell, offCell}
	r.sortBy = []any{int64(i), strings.ToLower(name), strings.ToLower(tag), kind, size, off}
	fields, _ := listFields(k) // a panic here was shown by entryTable
	for _, key := range r.extra {
		v, has := fields[key]
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
	return r
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
	for _, r := range rows {
		r.fill()
	}
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
		return cmp.Compare(x, y)
	case aNum:
		return -1
	case bNum:
		return 1
	}
	return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
}

// newEntriesTable is the table widget: click a header to sort by it (again
// to reverse), click a row to select the entry in the tree; problem, when
// set, is shown above it.
func newEntriesTable(h inspect.Host, cols []string, rows []*entryRow, problem error) fyne.CanvasObject {
	sortCol, desc := 0, false
	// Each SetColumnWidth lays the table out again: with thousands of rows
	// that is the slow part of the tab, so the rows appear only once the
	// widths are set.
	ready := false
	table := widget.NewTable(
		func() (int, int) {
			if !ready {
				return 0, len(cols)
			}
			return len(rows), len(cols)
		},
		func() fyne.CanvasObject { return widgets.NewCellLabel() },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widgets.FitLabel)
			if id.Row >= len(rows) || id.Col >= len(cols) {
				l.Set("", l.TextStyle)
				return
			}
			l.Set(rows[id.Row].fill().cells[id.Col], fyne.TextStyle{Monospace: entryMono(id.Col)})
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
			widgets.SetHeader(b, "", nil)
			return
		}
		var icon fyne.Resource
		if id.Col == sortCol {
			icon = theme.MenuDropUpIcon()
			if desc {
				icon = theme.MenuDropDownIcon()
			}
		}
		widgets.SetHeader(b, cols[id.Col], icon)
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
	widgets.SetWidths(table, entryWidths(cols, rows))
	ready = true
	table.Refresh()
	table.OnSelected = func(id widget.TableCellID) {
		if id.Row >= 0 && id.Row < len(rows) {
			h.SelectNode(rows[id.Row].node)
		}
	}
	info := widget.NewLabel(lang.XN("archive.hint", "{{.PluralCount}} entries · click a header to sort, a row to select the entry", len(rows)))
	if problem != nil {
		info.SetText(info.Text + " · ✕ " + widgets.ProblemText(problem))
		info.Importance = widget.DangerImportance
	}
	head := widget.NewButton("", nil).MinSize().Height + theme.SeparatorThicknessSize()
	fit := container.New(&widgets.FitRows{Rows: len(rows), RowH: widgets.RowHeight(), Extra: head}, table)
	return container.NewBorder(info, nil, nil, nil, fit)
}

// entryWidths fits the columns to the titles (with the sort icon) and the
// first rows' cells; "#" fits the largest index too.
func entryWidths(cols []string, rows []*entryRow) []float32 {
	icon := theme.IconInlineSize() + theme.Padding()
	ws := widgets.Columns{Titles: cols, Header: icon, Mono: entryMono}.Widths(len(rows), func(r, c int) string {
		return rows[r].fill().cells[c]
	})
	last := widgets.Columns{Titles: cols[:1], Header: icon, Mono: entryMono}.Widths(1, func(int, int) string {
		return strconv.Itoa(len(rows))
	})
	ws[0] = max(ws[0], last[0])
	return ws
}

// entryMono reports the columns shown in monospace: all but name and kind.
func entryMono(col int) bool { return col != 1 && col != 3 }
