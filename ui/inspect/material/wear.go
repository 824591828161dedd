package material

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/material"
	"rummage/ui/count"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Wear",
		Order: 10,
		Match: func(n formats.Node) bool { _, ok := n.(*material.WearNode); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: lang.X("tab.wear", "Wear"), Content: newWearView(h, n.(*material.WearNode))}
		},
	})
}

// wearColumns are the column titles of the Wear tab.
func wearColumns() []string {
	return []string{lang.X("wear.column.row", "row"), lang.X("wear.column.legacy_id", "legacy id"),
		lang.X("wear.column.material", "material"), lang.X("wear.column.resolved", "resolved"), lang.X("wear.column.via", "via")}
}

// newWearView lists the rows with their resolved materials (click one to
// open it) and the lightmaps with their slots; "Set material library…"
// picks the library used when none is found beside the file.
func newWearView(h inspect.Host, w *material.WearNode) fyne.CanvasObject {
	var res []material.Resolved
	info := widget.NewLabel("")
	info.Wrapping = fyne.TextWrapWord
	lightmaps := widget.NewLabel("")
	lightmaps.Wrapping = fyne.TextWrapWord
	columns := wearColumns()
	tb := widget.NewTableWithHeaders(
		func() (int, int) { return len(res), len(columns) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			if id.Row >= len(res) {
				return
			}
			l.Text, l.Importance = wearCell(res[id.Row], id.Row, id.Col)
			l.Refresh()
		})
	setColumns(tb, columns)
	tb.OnSelected = func(id widget.TableCellID) {
		tb.Unselect(id) // a second click on the same row opens it again
		if id.Row >= 0 && id.Row < len(res) && res[id.Row].Material != nil {
			h.SelectNode(res[id.Row].Material)
		}
	}
	fill := func() {
		res = w.Resolve()
		where := lang.X("wear.no_library", "material library: not found — set one")
		if lib := w.Loc.Library(material.LibMaterials); lib != nil {
			where = lang.X("wear.library", "material library: {{.Where}} ({{.Materials}}) — click a resolved material to open it",
				map[string]any{"Where": lib.Where, "Materials": count.Materials(len(lib.Entries))})
		}
		info.SetText(where)
		fitColumns(tb, columns, len(res), func(r, c int) string { txt, _ := wearCell(res[r], r, c); return txt })
		if len(w.Wear.Lightmaps) == 0 {
			lightmaps.SetText(lang.X("wear.no_lightmaps", "no LIGHTMAPS section"))
		} else {
			slots := w.LightmapSlots()
			var sb strings.Builder
			sb.WriteString("LIGHTMAPS:") // the section's own name
			for i, r := range w.Wear.Lightmaps {
				fmt.Fprintf(&sb, "\n  %d  %s  → ", r.LegacyID, r.Name)
				sb.WriteString(lang.X("wear.lightmap.slot", "slot {{.Slot}}", map[string]any{"Slot": slots[i]}))
			}
			lightmaps.SetText(sb.String())
		}
		tb.Refresh()
	}
	set := materialLibraryButton(h, func(path string) {
		if w.Loc.Opts != nil {
			w.Loc.Opts.Materials = path
		}
		fill()
	})
	fill()
	// No taller than its rows: the dividers of a short table ran on down
	// to the lightmaps.
	rowH := widgets.RowHeight()
	fit := container.New(&widgets.FitRows{Rows: len(w.Wear.Rows), RowH: rowH, Extra: rowH}, tb)
	return container.NewBorder(container.NewBorder(nil, nil, nil, container.NewCenter(set), info), lightmaps, nil, nil, fit)
}

// wearCell is the text and importance of column col of WEAR row row: a
// legacy id that is not the row number is flagged, a resolved material is
// a link.
func wearCell(r material.Resolved, row, col int) (string, widget.Importance) {
	switch col {
	case 0:
		return strconv.Itoa(row), widget.MediumImportance
	case 1:
		if r.Row.LegacyID != row {
			return strconv.Itoa(r.Row.LegacyID) + " ⚠", widget.WarningImportance
		}
		return strconv.Itoa(r.Row.LegacyID), widget.MediumImportance
	case 2:
		return r.Row.Name, widget.MediumImportance
	case 3:
		if r.Material == nil {
			return "(" + lang.X("material.missing", "missing") + ")", widget.MediumImportance
		}
		return r.Name, widget.HighImportance
	case 4:
		return viaName(r.Via), widget.MediumImportance
	}
	return "", widget.MediumImportance
}
