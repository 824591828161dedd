package material

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/material"
	"rummage/ui/inspect"
)

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Wear",
		Order: 10,
		Match: func(n formats.Node) bool { _, ok := n.(*material.WearNode); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: "Wear", Content: newWearView(h, n.(*material.WearNode))}
		},
	})
}

var wearColumns = []tableColumn{{"row", 50}, {"legacy id", 80}, {"material", 180}, {"resolved", 180}, {"via", 80}}

// newWearView lists the rows with their resolved materials (click one to
// open it) and the lightmaps with their slots; "Set material library…"
// picks the library used when none is found beside the file.
func newWearView(h inspect.Host, w *material.WearNode) fyne.CanvasObject {
	var res []material.Resolved
	info := widget.NewLabel("")
	info.Wrapping = fyne.TextWrapWord
	lightmaps := widget.NewLabel("")
	lightmaps.Wrapping = fyne.TextWrapWord
	tb := widget.NewTableWithHeaders(
		func() (int, int) { return len(res), len(wearColumns) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			if id.Row >= len(res) {
				return
			}
			r := res[id.Row]
			l.Importance = widget.MediumImportance
			switch id.Col {
			case 0:
				l.SetText(strconv.Itoa(id.Row))
			case 1:
				txt := strconv.Itoa(r.Row.LegacyID)
				if r.Row.LegacyID != id.Row {
					txt += " ⚠"
					l.Importance = widget.WarningImportance
				}
				l.SetText(txt)
			case 2:
				l.SetText(r.Row.Name)
			case 3:
				if r.Material == nil {
					l.SetText("(missing)")
				} else {
					l.Importance = widget.HighImportance
					l.SetText(r.Name)
				}
			case 4:
				l.SetText(r.Via)
			}
			l.Refresh()
		})
	setColumns(tb, wearColumns)
	tb.OnSelected = func(id widget.TableCellID) {
		tb.Unselect(id) // a second click on the same row opens it again
		if id.Row >= 0 && id.Row < len(res) && res[id.Row].Material != nil {
			h.SelectNode(res[id.Row].Material)
		}
	}
	fill := func() {
		res = w.Resolve()
		where := "material library: not found — set one"
		if lib := w.Loc.Library(material.LibMaterials); lib != nil {
			where = fmt.Sprintf("material library: %s (%d materials) — click a resolved material to open it", lib.Where, len(lib.Entries))
		}
		info.SetText(where)
		if len(w.Wear.Lightmaps) == 0 {
			lightmaps.SetText("no LIGHTMAPS section")
		} else {
			slots := w.LightmapSlots()
			var sb strings.Builder
			sb.WriteString("LIGHTMAPS:")
			for i, r := range w.Wear.Lightmaps {
				fmt.Fprintf(&sb, "\n  %d  %s  → slot %d", r.LegacyID, r.Name, slots[i])
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
	return container.NewBorder(container.NewBorder(nil, nil, nil, container.NewCenter(set), info), lightmaps, nil, nil, tb)
}
