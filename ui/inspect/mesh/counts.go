package mesh

import (
	"fyne.io/fyne/v2/lang"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/formats/msh"
	"rummage/formats/xrlevel"
)

// nodeCounts are the counts a node's header (and the level's Statistics)
// gives, for the overlay to say how much of them the preview draws.
type nodeCounts struct {
	vertices, triangles int    // 0: not counted by the header
	drawn               string // what the preview draws of the node when it draws less ("LOD 0")
	cform               bool   // the triangles are the collision mesh's (CFORM)
}

// countsOf returns the header's counts of the node types whose preview
// may draw less than the node has: an MSH model (LOD 0, variant 0) and a
// level (its visuals, as Statistics counts them); and says that the CFORM
// chunk's triangles are the collision mesh's. The other meshes are counted
// from the mesh itself, by the header and the overlay alike.
func countsOf(src formats.Mesher) nodeCounts {
	switch x := src.(type) {
	case *msh.MeshNode:
		if m, err := x.Model(); err == nil {
			v, t := modelCounts(m)
			return nodeCounts{vertices: v, triangles: t, drawn: "LOD 0"} // LOD 0: a term, the same in every language
		}
	case *xrlevel.LevelNode:
		if lv, err := x.Level(); err == nil {
			return nodeCounts{triangles: lv.Totals().VisualTriangles}
		}
	case *xrlevel.ChunkNode:
		if x.Name() == xrlevel.NameCForm {
			return nodeCounts{cform: true} // the collision mesh, not the visuals
		}
	}
	return nodeCounts{}
}

// modelCounts are an MSH model's vertices and triangles, every LOD and
// variant: what its header says.
func modelCounts(m *msh.Model) (vertices, triangles int) {
	return len(m.Positions), len(m.Indices) / 3
}

// countText is the overlay's count of the mesh m of src: the vertices
// and triangles drawn, counted as the header counts them (outline segments
// are not triangles); "of N" and what is drawn when the node has more (an
// MSH model's other LODs); then the outlines drawn besides ("+ 2 portal
// outlines").
func countText(src formats.Mesher, m *geom.Mesh) string {
	v, t := xrlevel.MeshCounts(m)
	all := countsOf(src)
	text := vertexCount(v, all.vertices) + "  " + triangleCount(t, all.triangles, all.cform)
	if all.drawn != "" && (all.vertices != v || all.triangles != t) {
		text += " (" + all.drawn + ")"
	}
	if k, portals := outlines(m); k > 0 {
		text += " + " + outlineCount(k, portals)
	}
	return text
}

// ofCount is how many of all the preview draws: "12" alone, or "12 of 20"
// when the node has all (non-zero) and the preview draws fewer or more;
// the noun after it agrees with the last figure.
type ofCount struct{ drawn, all int }

// figures are the template data of an ofCount: Drawn, and the figure the
// noun agrees with as PluralCount.
func (c ofCount) figures() (n int, data map[string]any) {
	if c.all != 0 && c.all != c.drawn {
		return c.all, map[string]any{"Drawn": group3(c.drawn), "PluralCount": group3(c.all)}
	}
	return c.drawn, map[string]any{"PluralCount": group3(c.drawn)}
}

// vertexCount is "12 vertices" or "12 of 20 vertices".
func vertexCount(drawn, all int) string {
	n, data := ofCount{drawn, all}.figures()
	if _, of := data["Drawn"]; of {
		return lang.XN("mesh.count.vertices_of", "{{.Drawn}} of {{.PluralCount}} vertices", n, data)
	}
	return lang.XN("count.vertex", "{{.PluralCount}} vertices", n, data)
}

// triangleCount is "12 triangles" or "12 of 20 triangles", "CFORM
// triangles" for the collision mesh's.
func triangleCount(drawn, all int, cform bool) string {
	n, data := ofCount{drawn, all}.figures()
	_, of := data["Drawn"]
	switch {
	case cform && of:
		return lang.XN("mesh.count.cform_triangles_of", "{{.Drawn}} of {{.PluralCount}} CFORM triangles", n, data)
	case cform:
		return lang.XN("mesh.count.cform_triangles", "{{.PluralCount}} CFORM triangles", n, data)
	case of:
		return lang.XN("mesh.count.triangles_of", "{{.Drawn}} of {{.PluralCount}} triangles", n, data)
	}
	return lang.XN("count.triangle", "{{.PluralCount}} triangles", n, data)
}

// outlineCount is "2 portal outlines", or "2 outlines" of other line groups.
func outlineCount(n int, portals bool) string {
	if portals {
		return lang.XN("mesh.count.portal_outlines", "{{.PluralCount}} portal outlines", n)
	}
	return lang.XN("mesh.count.outlines", "{{.PluralCount}} outlines", n)
}

// outlines counts the closed outlines of m's line groups (each portal is
// one loop of segments: a connected set of them) and reports whether they
// are the portals'.
func outlines(m *geom.Mesh) (n int, portals bool) {
	parent := map[uint32]uint32{}
	find := func(v uint32) uint32 {
		for parent[v] != v {
			parent[v] = parent[parent[v]]
			v = parent[v]
		}
		return v
	}
	for _, g := range m.Groups {
		if !g.Lines {
			continue
		}
		if g.Name == "portals" {
			portals = true
		}
		for t := g.FirstTri; t < g.FirstTri+g.TriCount && 3*t+2 < len(m.Indices); t++ {
			a, b := m.Indices[3*t], m.Indices[3*t+1] // a segment is the triangle (a, b, b)
			for _, v := range []uint32{a, b} {
				if _, ok := parent[v]; !ok {
					parent[v] = v
				}
			}
			parent[find(a)] = find(b)
		}
	}
	for v := range parent {
		if find(v) == v {
			n++
		}
	}
	return n, portals
}
