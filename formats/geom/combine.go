package geom

import "image/color"

// Combine returns one mesh holding every mesh given, in order, in the
// first one's Up frame (the others must share it): positions and
// triangles appended, groups kept with their triangles. An optional
// array some meshes lack is filled in for them so it stays one per
// position: normals from their triangles (SmoothNormals), UVs with zeros,
// vertex colours with opaque white. The parts are not changed; nil ones
// are skipped.
func Combine(meshes ...*Mesh) *Mesh {
	var parts []*Mesh
	for _, m := range meshes {
		if m != nil {
			parts = append(parts, m)
		}
	}
	out := &Mesh{}
	if len(parts) == 0 {
		return out
	}
	out.Up = parts[0].Up
	normals, colors, uvSets := false, false, 0
	for _, m := range parts {
		normals = normals || len(m.Normals) == len(m.Positions) && len(m.Positions) > 0
		colors = colors || len(m.Colors) == len(m.Positions) && len(m.Positions) > 0
		uvSets = max(uvSets, len(m.UVs))
	}
	out.UVs = make([][]Vec2, uvSets)
	out.reserve(parts, normals, colors)
	for _, m := range parts {
		n := len(m.Positions)
		base := uint32(len(out.Positions))
		first := len(out.Indices) / 3
		out.Positions = append(out.Positions, m.Positions...)
		if normals {
			nrm := m.Normals
			if len(nrm) != n {
				nrm = m.SmoothNormals()
			}
			out.Normals = append(out.Normals, nrm...)
		}
		if colors {
			if len(m.Colors) == n {
				out.Colors = append(out.Colors, m.Colors...)
			} else {
				for range n {
					out.Colors = append(out.Colors, color.NRGBA{255, 255, 255, 255})
				}
			}
		}
		for k := range out.UVs {
			if k < len(m.UVs) && len(m.UVs[k]) == n {
				out.UVs[k] = append(out.UVs[k], m.UVs[k]...)
			} else {
				out.UVs[k] = append(out.UVs[k], make([]Vec2, n)...)
			}
		}
		for _, ix := range m.Indices {
			out.Indices = append(out.Indices, ix+base)
		}
		groups := m.Groups
		if len(groups) == 0 && m.Triangles() > 0 {
			groups = []Group{{TriCount: m.Triangles()}}
		}
		for _, g := range groups {
			g.FirstTri += first
			out.Groups = append(out.Groups, g)
		}
	}
	if uvSets == 0 {
		out.UVs = nil
	}
	return out
}

// reserve sizes out's arrays for the parts' vertices, triangles and
// groups, so that Combine holds no more than the combined mesh.
func (out *Mesh) reserve(parts []*Mesh, normals, colors bool) {
	nv, ni, ng := 0, 0, 0
	for _, m := range parts {
		nv, ni, ng = nv+len(m.Positions), ni+len(m.Indices), ng+max(len(m.Groups), 1)
	}
	out.Positions, out.Indices, out.Groups = make([]Vec3, 0, nv), make([]uint32, 0, ni), make([]Group, 0, ng)
	if normals {
		out.Normals = make([]Vec3, 0, nv)
	}
	if colors {
		out.Colors = make([]color.NRGBA, 0, nv)
	}
	for k := range out.UVs {
		out.UVs[k] = make([]Vec2, 0, nv)
	}
}

// Translucent returns m (sharing its arrays) with every group drawn see
// through at alpha (0..255), front faces only: an overlay such as a
// collision model over the model it belongs to (its near side tinting
// what is behind, half the blending of both sides). Outline groups stay
// as they are.
func Translucent(m *Mesh, alpha uint8) *Mesh {
	out := &Mesh{Positions: m.Positions, Indices: m.Indices, Up: m.Up, Normals: m.Normals, UVs: m.UVs, Colors: m.Colors}
	out.Groups = make([]Group, len(m.Groups))
	for i, g := range m.Groups {
		if !g.Lines {
			s := Material{Color: g.Color, TwoSided: true}
			if g.Surface != nil {
				s = *g.Surface
			}
			if s.Color == (color.NRGBA{}) {
				s.Color = color.NRGBA{255, 255, 255, 255}
			}
			s.Color.A, s.Blend, s.TwoSided = alpha, BlendAlpha, false
			g.Surface = &s
		}
		out.Groups[i] = g
	}
	return out
}
