package material

import (
	"fmt"
	"image"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/material"
	"rummage/formats/msh"
	"rummage/ui/count"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Batches",
		Order: 20, // after the preview
		Match: func(n formats.Node) bool { _, ok := n.(*msh.MeshNode); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: lang.X("tab.batches", "Batches"), Content: newBatchesView(h, n.(*msh.MeshNode))}
		},
	})
}

// setColumns hides tb's row numbers and titles its header row.
func setColumns(tb *widget.Table, titles []string) {
	tb.ShowHeaderColumn = false
	tb.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Col >= 0 {
			o.(*widget.Label).SetText(titles[id.Col])
		}
	}
}

// fitColumns makes tb's columns as wide as their titles and the cells of
// rows rows.
func fitColumns(tb *widget.Table, titles []string, rows int, cell func(row, col int) string) {
	widgets.SetWidths(tb, widgets.Columns{Titles: titles}.Widths(rows, cell))
}

// batchColumns are the column titles of the Batches tab.
func batchColumns() []string {
	return []string{lang.X("batches.column.batch", "batch"), lang.X("batches.column.node_slot", "node / slot"),
		lang.X("batches.column.flags", "flags"), lang.X("batches.column.indices", "indices"),
		lang.X("batches.column.wear_row", "WEAR row"), lang.X("batches.column.material", "material"),
		lang.X("batches.column.texture", "texture")}
}

// viaName says how a WEAR row's material was resolved (material.Resolved's
// Via: name, default, first or missing, as `rummage info --json` prints it).
func viaName(via string) string {
	switch via {
	case "name":
		return lang.X("material.via.name", "name")
	case "default":
		return lang.X("material.via.default", "default")
	case "first":
		return lang.X("material.via.first", "first")
	case "missing":
		return lang.X("material.via.missing", "missing")
	}
	return via
}

// The linked columns of the Batches tab.
const (
	batchColWear     = 4
	batchColMaterial = 5
	batchColTexture  = 6
)

// batchCells formats the rows of the Batches tab.
func batchCells(bs []msh.BatchInfo) [][]string {
	cells := make([][]string, len(bs))
	for i, b := range bs {
		ns := lang.X("batches.not_drawn", "not drawn")
		if b.Node >= 0 {
			ns = fmt.Sprintf("%d / %d", b.Node, b.Slot)
		}
		wear := strconv.Itoa(b.Row)
		switch {
		case b.WearName != "":
			wear += " " + b.WearName
		case b.Wear == nil:
			wear += " (" + lang.X("batches.no_wear", "no WEAR") + ")"
		default:
			wear += " (" + lang.X("batches.no_row", "no such row") + ")"
		}
		mat := "(" + lang.X("material.missing", "missing") + ")"
		if b.MatNode != nil {
			mat = lang.X("batches.material_via", "{{.Material}} via {{.Via}}", map[string]any{"Material": b.Material, "Via": viaName(b.Via)})
		}
		tex := b.Texture
		switch {
		case b.MatNode == nil:
			tex = ""
		case tex == "":
			tex = "(" + lang.X("material.untextured", "untextured") + ")"
		case b.TexNode == nil:
			tex += " (" + lang.X("batches.not_found", "not found") + ")"
		default:
			tex = lang.X("material.texture.page", "{{.Name}} · page {{.Page}}", map[string]any{"Name": tex, "Page": b.Page})
			if pr, ok := b.TexNode.(interface{ PageRect(int) image.Rectangle }); ok && b.Page >= 0 {
				r := pr.PageRect(b.Page)
				tex += fmt.Sprintf(" (%d,%d %d×%d)", r.Min.X, r.Min.Y, r.Dx(), r.Dy())
			}
		}
		cells[i] = []string{strconv.Itoa(b.Index), ns, fmt.Sprintf("0x%X", b.Batch.Flags), strconv.Itoa(int(b.Batch.IndexCount)), wear, mat, tex}
	}
	return cells
}

// batchLink returns the node a cell of the Batches tab opens, or nil.
func batchLink(b msh.BatchInfo, col int) formats.Node {
	switch {
	case col == batchColWear && b.Wear != nil:
		return b.Wear
	case col == batchColMaterial && b.MatNode != nil:
		return b.MatNode
	case col == batchColTexture && b.TexNode != nil:
		return b.TexNode
	}
	return nil
}

// newBatchesView lists every batch of a model with the material chain:
// WEAR row → material → phase 0 texture (+ page). Clicking the WEAR row, a
// material or a texture cell opens it; clicking another cell selects the
// batch's group, which the Preview isolates; "Set material library…"
// picks the library used when none is found beside the file.
func newBatchesView(h inspect.Host, n *msh.MeshNode) fyne.CanvasObject {
	m, err := n.Model()
	if err != nil {
		l := widget.NewLabel(err.Error())
		l.Importance = widget.DangerImportance
		l.Wrapping = fyne.TextWrapWord
		return l
	}
	bs := n.Batches()
	cells := batchCells(bs)
	columns := batchColumns()
	tb := widget.NewTableWithHeaders(
		func() (int, int) { return len(cells), len(columns) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			if id.Row >= len(cells) {
				return
			}
			l.SetText(cells[id.Row][id.Col])
			if batchLink(bs[id.Row], id.Col) != nil {
				l.Importance = widget.HighImportance
			} else {
				l.Importance = widget.MediumImportance
			}
			l.Refresh()
		})
	setColumns(tb, columns)
	tb.OnSelected = func(id widget.TableCellID) {
		tb.Unselect(id) // a second click on the same cell opens it again
		if id.Row < 0 || id.Row >= len(bs) {
			return
		}
		if to := batchLink(bs[id.Row], id.Col); to != nil {
			h.SelectNode(to)
			return
		}
		selectBatch(h, n, bs, bs[id.Row])
	}
	counts := lang.XN("batches.nodes", "{{.PluralCount}} nodes", len(m.Nodes)) + ", " +
		lang.XN("batches.slots", "{{.PluralCount}} slots", len(m.Slots)) + ", " + count.Batches(len(m.Batches)) + ", " +
		count.Vertices(len(m.Positions)) + ", " + count.Triangles(len(m.Indices)/3)
	fits := true
	if g, err := n.Mesh(); err == nil {
		counts += " (" + lang.X("batches.lod0", "LOD 0 draws {{.Vertices}}, {{.Triangles}}",
			map[string]any{"Vertices": count.Vertices(len(g.Positions)), "Triangles": count.Triangles(g.Triangles())}) + ")"
		if b := g.Bounds(); len(g.Positions) > 0 && !m.BoxFits(b.Min, b.Max) {
			fits = false
		}
	}
	head := widget.NewLabel(counts)
	if !fits {
		head.SetText(counts + " ⚠ " + lang.X("batches.outside_box", "the posed mesh leaves the model's authored box"))
		head.Importance = widget.WarningImportance
	}
	head.Wrapping = fyne.TextWrapWord
	info := widget.NewLabel("")
	info.Wrapping = fyne.TextWrapWord
	fill := func() {
		bs = n.Batches()
		cells = batchCells(bs)
		info.SetText(batchSource(n, bs))
		fitColumns(tb, columns, len(cells), func(r, c int) string { return cells[r][c] })
		tb.Refresh()
	}
	set := materialLibraryButton(h, func(path string) {
		if n.Loc.Opts != nil {
			n.Loc.Opts.Materials = path
		}
		if len(bs) > 0 && bs[0].Wear != nil && bs[0].Wear.Loc.Opts != nil {
			bs[0].Wear.Loc.Opts.Materials = path
		}
		fill()
	})
	fill()
	return container.NewBorder(container.NewVBox(head, container.NewBorder(nil, nil, nil, container.NewCenter(set), info)), nil, nil, nil, tb)
}

// batchSource says where the WEAR table and the material library come
// from (or that they are missing).
func batchSource(n *msh.MeshNode, bs []msh.BatchInfo) string {
	var w *material.WearNode
	if len(bs) > 0 {
		w = bs[0].Wear
	}
	if w == nil {
		return lang.X("batches.no_wear_table", "no WEAR table found (looked for one named like the model in its archive, or NAME.wea beside it) — click a linked cell to open it")
	}
	where := lang.X("batches.no_library", "material library not found: set one")
	if lib := w.Loc.Library(material.LibMaterials); lib != nil {
		where = lang.X("batches.library", "materials from {{.Where}} ({{.Count}})", map[string]any{"Where": lib.Where, "Count": len(lib.Entries)})
	}
	return lang.X("batches.source", "WEAR {{.Name}} ({{.Rows}}), {{.Library}} — click a linked cell to open it",
		map[string]any{"Name": w.Name(), "Rows": count.Rows(len(w.Wear.Rows)), "Library": where})
}

// materialLibraryButton is the "Set material library…" action: a file
// dialog whose choice becomes the window's --materials option; set then
// refreshes the view that owns the button.
func materialLibraryButton(h inspect.Host, set func(path string)) *widget.Button {
	return widget.NewButton(lang.X("material.set_library", "Set material library…"), func() {
		d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
			if err != nil || rc == nil {
				return
			}
			path := rc.URI().Path()
			rc.Close()
			if o := h.Options(); o != nil {
				o.Materials = path
			}
			h.Status(lang.X("material.library_set", "material library (used where none is found beside a file): {{.Path}}", map[string]any{"Path": path}))
			set(path)
		}, h.Window())
		d.SetFilter(storage.NewExtensionFileFilter([]string{".lib"})) // matched case-insensitively
		d.Show()
	})
}
