package ui

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/msh"
)

func init() {
	RegisterTab(TabProvider{
		Name:  "Batches",
		Order: 20, // after the preview
		Match: func(n formats.Node) bool { _, ok := n.(*msh.MeshNode); return ok },
		Make: func(h Host, n formats.Node) *Tab {
			return &Tab{Title: "Batches", Content: newBatchesView(h, n.(*msh.MeshNode))}
		},
	})
}

// batchColumns are the columns of the Batches tab.
var batchColumns = []struct {
	name  string
	width float32
}{{"batch", 60}, {"node / slot", 90}, {"flags", 70}, {"indices", 70}, {"WEAR row", 150}, {"material", 190}, {"texture", 220}}

// newBatchesView lists every batch of a model with the material chain:
// WEAR row → material → phase 0 texture (+ page). Clicking a material or
// a texture cell opens it.
func newBatchesView(h Host, n *msh.MeshNode) fyne.CanvasObject {
	bs := n.Batches()
	cells := make([][]string, len(bs))
	for i, b := range bs {
		ns := "not drawn"
		if b.Node >= 0 {
			ns = fmt.Sprintf("%d / %d", b.Node, b.Slot)
		}
		wear := strconv.Itoa(b.Row)
		switch {
		case b.WearName != "":
			wear += " " + b.WearName
		case b.Wear == nil:
			wear += " (no WEAR)"
		default:
			wear += " (no such row)"
		}
		mat := "(missing)"
		if b.MatNode != nil {
			mat = b.Material + " via " + b.Via
		}
		tex := b.Texture
		switch {
		case b.MatNode == nil:
			tex = ""
		case tex == "":
			tex = "(untextured)"
		case b.TexNode == nil:
			tex += " (not found)"
		default:
			tex += " page " + strconv.Itoa(b.Page)
		}
		cells[i] = []string{strconv.Itoa(b.Index), ns, fmt.Sprintf("0x%X", b.Batch.Flags), strconv.Itoa(int(b.Batch.IndexCount)), wear, mat, tex}
	}
	tb := widget.NewTableWithHeaders(
		func() (int, int) { return len(cells), len(batchColumns) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			l.SetText(cells[id.Row][id.Col])
			if (id.Col == 5 && bs[id.Row].MatNode != nil) || (id.Col == 6 && bs[id.Row].TexNode != nil) {
				l.Importance = widget.HighImportance
			} else {
				l.Importance = widget.MediumImportance
			}
			l.Refresh()
		})
	tb.ShowHeaderColumn = false
	tb.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Col >= 0 {
			o.(*widget.Label).SetText(batchColumns[id.Col].name)
		}
	}
	for i, c := range batchColumns {
		tb.SetColumnWidth(i, c.width)
	}
	tb.OnSelected = func(id widget.TableCellID) {
		if id.Row < 0 || id.Row >= len(bs) {
			return
		}
		switch {
		case id.Col == 5 && bs[id.Row].MatNode != nil:
			h.SelectNode(bs[id.Row].MatNode)
		case id.Col == 6 && bs[id.Row].TexNode != nil:
			h.SelectNode(bs[id.Row].TexNode)
		}
	}
	m, err := n.Model()
	if err != nil {
		l := widget.NewLabel(err.Error())
		l.Importance = widget.DangerImportance
		l.Wrapping = fyne.TextWrapWord
		return l
	}
	head := widget.NewLabel(fmt.Sprintf("%d nodes, %d slots, %d batches, %d vertices, %d triangles — click a material or texture to open it",
		len(m.Nodes), len(m.Slots), len(m.Batches), len(m.Positions), len(m.Indices)/3))
	return container.NewBorder(head, nil, nil, nil, tb)
}
