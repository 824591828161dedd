package msh

import (
	"image/color"
	"sort"
	"strconv"

	"rummage/formats/geom"
)

// Mesh builds the mesh with groups named by names(row) (name, material).
func (m *Model) Mesh(names func(row int) (string, string)) (*geom.Mesh, error) {
	return m.MeshWith(func(row int, g *geom.Group) {
		if names != nil {
			g.Name, g.Material = names(row)
		}
	})
}

// MeshWith builds the mesh of LOD 0 / variant 0 without cockpit nodes,
// posed, one group per WEAR row in row order. Each vertex carries its
// normal (rotated with its node) and UV when the model has streams 4 and
// 5 of the positions' length. group, when not nil, fills in a row's group
// (name, material, surface); an empty name becomes "material N".
func (m *Model) MeshWith(group func(row int, g *geom.Group)) (*geom.Mesh, error) {
	if err := m.Check(); err != nil {
		return nil, err
	}
	poses := m.RestPose()
	out := &geom.Mesh{Up: geom.ZUp}
	normals, uvs := m.HasNormals(), m.HasUVs()
	var uv0 []geom.Vec2
	byRow := map[int][]uint32{}
	var rows []int
	seen := make([]int32, len(m.Positions))
	owner := make([]int32, len(m.Positions))
	for i := range owner {
		owner[i] = -1
	}
	for _, db := range m.DrawBatches() {
		b := m.Batches[db.Index]
		row := int(b.Material)
		if _, ok := byRow[row]; !ok {
			rows = append(rows, row)
			byRow[row] = nil
		}
		tri := byRow[row]
		for i := 0; i+2 < int(b.IndexCount); i += 3 {
			var t [3]uint32
			for k := 0; k < 3; k++ {
				v := int64(b.BaseVertex) + int64(m.Indices[int(b.IndexStart)+i+k])
				if v >= int64(len(m.Positions)) {
					return nil, m.errAt(StreamBatches, 0, BatchSize, db.Index, "MSH: batch %d indexes vertex past the %d positions", db.Index, len(m.Positions))
				}
				if owner[v] != int32(db.Node) {
					owner[v] = int32(db.Node)
					seen[v] = int32(len(out.Positions))
					p := poses[db.Node]
					out.Positions = append(out.Positions, p.Apply(m.Positions[v]))
					if normals {
						out.Normals = append(out.Normals, p.Rotate(m.Normal(int(v))))
					}
					if uvs {
						uv0 = append(uv0, m.UV(int(v)))
					}
				}
				t[k] = uint32(seen[v])
			}
			tri = append(tri, t[:]...)
		}
		byRow[row] = tri
	}
	if uvs && len(uv0) > 0 {
		out.UVs = [][]geom.Vec2{uv0}
	}
	sort.Ints(rows)
	for _, row := range rows {
		g := geom.Group{FirstTri: len(out.Indices) / 3, TriCount: len(byRow[row]) / 3, Color: rowColor(row)}
		if group != nil {
			group(row, &g)
		}
		if g.Name == "" {
			g.Name = "material " + strconv.Itoa(row)
		}
		out.Indices = append(out.Indices, byRow[row]...)
		out.Groups = append(out.Groups, g)
	}
	return out, nil
}

// rowColor is a stable colour for a WEAR row (the group colour, and the
// surface colour of a row whose material is missing).
func rowColor(row int) color.NRGBA {
	h := uint32(row)*2654435761 + 12345
	return color.NRGBA{uint8(96 + h%160), uint8(96 + (h>>8)%160), uint8(96 + (h>>16)%160), 255}
}
