package scene

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/table"
	"rummage/ui/inspect"
)

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Table",
		Order: 20,
		Match: func(n formats.Node) bool { _, ok := n.(*table.Node); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: lang.X("tab.table", "Table"), Content: newSectionTable(n.(*table.Node))}
		},
	})
	inspect.RegisterFacts(func(t *table.Node) ([]string, bool) {
		return []string{lang.XN("count.row", "{{.PluralCount}} rows", len(t.Rows))}, false
	})
}

// newSectionTable is the Table tab of a section of an .ipl or .ide file:
// its rows under the format's own column names (data, not translated),
// with the line each is written on.
func newSectionTable(t *table.Node) fyne.CanvasObject {
	cols := append([]string{lang.X("scene.column.line", "line")}, t.Columns...)
	extra := false
	for _, r := range t.Rows {
		extra = extra || len(r.Extra) > 0
	}
	if extra {
		cols = append(cols, lang.X("scene.column.extra", "more"))
	}
	cell := func(r, c int) string {
		row := &t.Rows[r]
		switch {
		case c == 0 && row.Line > 0:
			return strconv.Itoa(row.Line)
		case c == 0:
			return fmt.Sprintf("0x%X", row.Off)
		case c-1 < len(row.Values):
			return fmt.Sprint(row.Values[c-1])
		case c == len(t.Columns)+1:
			return strings.Join(row.Extra, ", ")
		}
		return ""
	}
	key := func(r, c int) any {
		if c == 0 {
			return int64(t.Rows[r].Off)
		}
		if c-1 < len(t.Rows[r].Values) {
			if v, ok := t.Rows[r].Values[c-1].(int64); ok {
				return v
			}
			if v, ok := t.Rows[r].Values[c-1].(float64); ok {
				return v
			}
		}
		return cell(r, c)
	}
	st := newSortTable(cols, len(t.Rows), cell, key, nil)
	head := widget.NewLabel(lang.XN("scene.table.head", "{{.PluralCount}} rows · click a header to sort", len(t.Rows)))
	head.Truncation = fyne.TextTruncateEllipsis
	return withHead(head, st)
}
