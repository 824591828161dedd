package col

import (
	"sort"

	"rummage/formats"
	"rummage/formats/geom"
)

// SurfaceCount is how many elements of one surface material a model has.
type SurfaceCount struct {
	Material uint8 `json:"material"`
	Faces    int   `json:"faces"`
	Spheres  int   `json:"spheres"`
	Boxes    int   `json:"boxes"`
}

// Surfaces counts the model's faces, spheres and boxes per surface
// material, in material order.
func (m *Model) Surfaces() []SurfaceCount {
	by := map[uint8]*SurfaceCount{}
	get := func(mat uint8) *SurfaceCount {
		c, ok := by[mat]
		if !ok {
			c = &SurfaceCount{Material: mat}
			by[mat] = c
		}
		return c
	}
	for _, f := range m.Faces {
		get(f.Surface.Material).Faces++
	}
	for _, s := range m.Spheres {
		get(s.Surface.Material).Spheres++
	}
	for _, b := range m.Boxes {
		get(b.Surface.Material).Boxes++
	}
	out := make([]SurfaceCount, 0, len(by))
	for _, c := range by {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Material < out[j].Material })
	return out
}

// Facts are a model's `info --json` facts: the mesh facts of the contract
// (kind, vertices, triangles, batches, bounds with the stored centre and
// radius) and the collision's own: version, modelId, spheres, boxes,
// faces, faceGroups, lines, flags, surfaces (counts per surface
// material), shadowFaces and shadowVertices. vertices counts the stored
// collision vertices; triangles the drawn ones (faces, and the spheres'
// and boxes' triangles).
func Facts(m *Model, mesh *geom.Mesh) map[string]any {
	b := m.Bounds
	d := map[string]any{
		"kind": string(formats.KindMesh), "version": m.Version, "type": Tags[m.Version], "modelId": m.ModelID,
		"spheres": len(m.Spheres), "boxes": len(m.Boxes), "faces": len(m.Faces), "vertices": len(m.Vertices),
		"faceGroups": len(m.FaceGroups), "lines": m.Lines, "flags": m.Flags,
		"bounds":      map[string]any{"min": b.Min, "max": b.Max, "center": b.Center, "radius": b.Radius},
		"surfaces":    m.Surfaces(),
		"shadowFaces": len(m.ShadowFaces), "shadowVertices": len(m.ShadowVertices),
		"nodes": 1,
	}
	if mesh != nil {
		tris := 0
		for _, g := range mesh.Groups {
			if !g.Lines {
				tris += g.TriCount
			}
		}
		d["triangles"], d["batches"] = tris, len(mesh.Groups)
	}
	return d
}
