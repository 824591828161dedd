package xrlevel

import (
	"rummage/formats/geom"
)

// solidTriangles counts the mesh's triangles without the outline groups
// (their "triangles" are line segments).
func solidTriangles(m *geom.Mesh) int {
	n := m.Triangles()
	for _, g := range m.Groups {
		if g.Lines {
			n -= g.TriCount
		}
	}
	return max(n, 0)
}

// outlineOnlyVertices counts the positions used by outline groups and by
// no triangle.
func outlineOnlyVertices(m *geom.Mesh) int {
	const lineUse, solidUse = 1, 2
	use := make([]uint8, len(m.Positions))
	mark := func(first, count int, u uint8) {
		for i := first * 3; i < (first+count)*3 && i < len(m.Indices); i++ {
			if v := m.Indices[i]; int(v) < len(use) {
				use[v] |= u
			}
		}
	}
	hasLines := false
	covered := 0
	for _, g := range m.Groups {
		covered += g.TriCount
		if g.Lines {
			hasLines = true
			mark(g.FirstTri, g.TriCount, lineUse)
		} else {
			mark(g.FirstTri, g.TriCount, solidUse)
		}
	}
	if !hasLines {
		return 0
	}
	if covered < m.Triangles() {
		// Triangles outside every group are solid.
		mark(0, m.Triangles(), solidUse)
		for _, g := range m.Groups {
			if g.Lines {
				mark(g.FirstTri, g.TriCount, lineUse)
			}
		}
	}
	n := 0
	for _, u := range use {
		if u == lineUse {
			n++
		}
	}
	return n
}

func addMeshFacts(d map[string]any, m *geom.Mesh, nodes int) {
	b := m.Bounds()
	d["nodes"] = nodes
	d["vertices"] = len(m.Positions) - outlineOnlyVertices(m)
	d["triangles"] = solidTriangles(m)
	d["batches"] = len(m.Groups)
	d["bounds"] = map[string]any{"min": b.Min, "max": b.Max}
}
