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
	d["uvSets"] = len(m.UVs)
	d["normals"] = len(m.Normals) > 0
	d["prelit"] = len(m.Colors) > 0
}

// addMaterialFacts adds the mesh's materials: per group with one, its
// texture and shader names, the colour it is drawn in without a texture,
// and the .dds file used (null when none was found).
func (lv *Level) addMaterialFacts(d map[string]any, m *geom.Mesh) {
	lv.matMu.Lock()
	keys := make(map[*geom.Material]matKey, len(lv.materials))
	for k, mat := range lv.materials {
		keys[mat] = k
	}
	lv.matMu.Unlock()
	out := []map[string]any{}
	for _, g := range m.Groups {
		k, ok := keys[g.Surface]
		if g.Surface == nil || !ok {
			continue
		}
		var found any
		if tf := lv.TextureFile(k.texture); tf != nil && tf.Path != "" && g.Surface.Texture != nil {
			found = tf.Path
		}
		c := g.Surface.Color
		out = append(out, map[string]any{"group": g.Name, "texture": k.texture, "shader": k.shader,
			"color": []int{int(c.R), int(c.G), int(c.B), int(c.A)}, "found": found})
	}
	d["materials"] = out
}
