package mesh

import (
	"rummage/formats/msh"
	"rummage/samples"
	"rummage/ui/count"
	"rummage/ui/inspect"
)

func init() {
	inspect.RegisterFacts(func(n *msh.MeshNode) ([]string, bool) {
		m, err := n.Model()
		if err != nil {
			return nil, false // the error card says why
		}
		if !m.Landscape {
			if _, err := n.Mesh(); err != nil {
				return nil, false
			}
		}
		v, t := modelCounts(m)
		return meshFacts(v, t, len(m.Batches)), false
	})
	inspect.RegisterFacts(func(n *samples.MeshNode) ([]string, bool) {
		m, err := n.Mesh()
		if err != nil {
			return nil, false
		}
		return meshFacts(len(m.Positions), m.Triangles(), len(m.Groups)), false
	})
}

// meshFacts is "48 vertices · 72 triangles · 9 batches".
func meshFacts(vertices, triangles, batches int) []string {
	return []string{count.Vertices(vertices), count.Triangles(triangles), count.Batches(batches)}
}
