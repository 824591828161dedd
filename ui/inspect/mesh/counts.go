package mesh

import (
	"rummage/formats"
	"rummage/formats/geom"
	"rummage/formats/msh"
	"rummage/formats/xrlevel"
	"rummage/ui/widgets"
)

// nodeCounts are the counts a node's header (and the level's Statistics)
// gives, for the overlay to say how much of them the preview draws.
type nodeCounts struct {
	vertices, triangles int    // 0: not counted by the header
	drawn               string // what the preview draws of the node when it draws less ("LOD 0")
	kind                string // what kind of triangles ("CFORM"), "" for plain ones
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
			return nodeCounts{vertices: v, triangles: t, drawn: "LOD 0"}
		}
	case *xrlevel.LevelNode:
		if lv, err := x.Level(); err == nil {
			return nodeCounts{triangles: lv.Totals().VisualTriangles}
		}
	case *xrlevel.ChunkNode:
		if x.Name() == xrlevel.NameCForm {
			return nodeCounts{kind: "CFORM"} // the collision mesh, not the visuals
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
	kind := ""
	if all.kind != "" {
		kind = all.kind + " "
	}
	text := ofCount(v, all.vertices, "vertex", "vertices") + "  " + ofCount(t, all.triangles, kind+"triangle", kind+"triangles")
	if all.drawn != "" && (all.vertices != v || all.triangles != t) {
		text += " (" + all.drawn + ")"
	}
	if k, name := outlines(m); k > 0 {
		text += " + " + widgets.Plural(k, name)
	}
	return text
}

// ofCount is "12 triangles", or "12 of 20 triangles" when the node has
// all (non-zero) and the preview draws fewer or more.
func ofCount(drawn, all int, one, many string) string {
	word := many
	if drawn == 1 && (all == 0 || all == 1) {
		word = one
	}
	if all != 0 && all != drawn {
		return group3(drawn) + " of " + group3(all) + " " + word
	}
	return group3(drawn) + " " + word
}

// outlines counts the closed outlines of m's line groups (each portal is
// one loop of segments: a connected set of them) and names them after
// their group: "portal outline" for the portals.
func outlines(m *geom.Mesh) (int, string) {
	parent := map[uint32]uint32{}
	find := func(v uint32) uint32 {
		for parent[v] != v {
			parent[v] = parent[parent[v]]
			v = parent[v]
		}
		return v
	}
	name := "outline"
	for _, g := range m.Groups {
		if !g.Lines {
			continue
		}
		if g.Name == "portals" {
			name = "portal outline"
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
	n := 0
	for v := range parent {
		if find(v) == v {
			n++
		}
	}
	return n, name
}
