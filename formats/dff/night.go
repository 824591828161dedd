package dff

import (
	"image/color"

	"rummage/formats/geom"
)

// IDNightColors is San Andreas' extra vertex colour plugin: the night
// prelit colours of a geometry (a u32 that is non-zero when colours
// follow, then one RGBA per vertex).
const IDNightColors = 0x253F2F9

// NightColors returns the geometry's night vertex colours, one per mesh
// vertex, or nil when it has none (or they do not match its vertices).
func (g *Geometry) NightColors() []color.NRGBA {
	e := findExt(g.Ext, IDNightColors)
	if e == nil || g.IsNative() || len(e.Data) < 4 {
		return nil
	}
	b := e.Data
	if b[0]|b[1]|b[2]|b[3] == 0 || int64(len(b)-4) != 4*int64(g.NumVerts) {
		return nil
	}
	out := make([]color.NRGBA, g.NumVerts)
	for i := range out {
		c := b[4+4*i:]
		out[i] = color.NRGBA{c[0], c[1], c[2], c[3]}
	}
	return out
}

// HasNightColors reports whether some geometry of the model has night
// vertex colours Rummage can show.
func (r *Root) HasNightColors() bool {
	f, err := r.File()
	if err != nil {
		return false
	}
	for _, g := range f.Clump.Geometries {
		if g.NightColors() != nil {
			return true
		}
	}
	return false
}

// HasNightColors reports whether the geometry has night vertex colours
// Rummage can show.
func (n *GeometryNode) HasNightColors() bool { return n.G.NightColors() != nil }

// NightMesh is the geometry's mesh (as Mesh) with its night vertex
// colours instead of the day ones, when it has them.
func (n *GeometryNode) NightMesh() (*geom.Mesh, error) {
	m, err := n.Mesh()
	if err != nil {
		return nil, err
	}
	night := n.G.NightColors()
	if len(night) != len(m.Positions) {
		return m, nil
	}
	c := &geom.Mesh{Positions: m.Positions, Indices: m.Indices, Groups: m.Groups, Up: m.Up, Normals: m.Normals, UVs: m.UVs, Colors: night}
	return c, nil
}
