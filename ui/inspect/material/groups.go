package material

import (
	"sort"

	"fyne.io/fyne/v2/lang"

	"rummage/formats"
	"rummage/formats/msh"
	"rummage/ui/inspect"
)

func init() {
	inspect.RegisterGroupMaterial(func(n *msh.MeshNode, g int) formats.Node {
		bs := n.Batches()
		rows := groupRows(n, bs)
		if g < 0 || g >= len(rows) {
			return nil
		}
		for _, b := range bs {
			if b.Node >= 0 && b.Row == rows[g] && b.MatNode != nil {
				return b.MatNode
			}
		}
		return nil
	})
}

// groupRows returns the WEAR row of each group of the model's preview
// mesh, which has one group per row its drawn batches use, in row order;
// nil when the mesh cannot be built or its groups do not match that.
func groupRows(n *msh.MeshNode, bs []msh.BatchInfo) []int {
	m, err := n.Mesh()
	if err != nil {
		return nil
	}
	seen := map[int]bool{}
	var rows []int
	for _, b := range bs {
		if b.Node >= 0 && !seen[b.Row] {
			seen[b.Row] = true
			rows = append(rows, b.Row)
		}
	}
	sort.Ints(rows)
	if len(rows) != len(m.Groups) {
		return nil
	}
	return rows
}

// batchGroup returns the preview group that draws batch b (rows from
// groupRows), or -1 when b is not drawn.
func batchGroup(rows []int, b msh.BatchInfo) int {
	if b.Node < 0 {
		return -1
	}
	if i := sort.SearchInts(rows, b.Row); i < len(rows) && rows[i] == b.Row {
		return i
	}
	return -1
}

// selectBatch selects in the model's tabs the group that draws batch b
// (the Preview isolates it) and says so in the status bar.
func selectBatch(h inspect.Host, n *msh.MeshNode, bs []msh.BatchInfo, b msh.BatchInfo) {
	g := batchGroup(groupRows(n, bs), b)
	if g < 0 {
		h.Status(lang.X("batches.status.not_drawn", "batch {{.Batch}} is not drawn by the preview (LOD 0, variant 0)", map[string]any{"Batch": b.Index}))
		return
	}
	inspect.SelectGroup(n, g)
	h.Status(lang.X("batches.status.selected", "batch {{.Batch}}: group {{.Group}} ({{.Label}}) selected — the Preview shows it alone",
		map[string]any{"Batch": b.Index, "Group": g, "Label": b.Label()}))
}
