package dff

import (
	"image/color"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats"
	"rummage/formats/geom"
)

// otherFXColor is the marker colour of 2DFX entries other than lights.
var otherFXColor = color.NRGBA{200, 200, 210, 255}

// EffectMarkers returns a marker for each 2DFX entry of the model's
// geometries, placed as view draws their atomics: a small diamond of
// half-size size, a light in its own colour (opaque), any other entry
// grey; one group per entry, named after its type. nil when the model
// has no entries.
func (r *Root) EffectMarkers(view formats.VehicleView, size float32) (*geom.Mesh, error) {
	f, err := r.File()
	if err != nil {
		return nil, err
	}
	a, _, err := r.drawing(f.Clump, view, r.surfaces())
	if err != nil {
		return nil, err
	}
	var mk markers
	for _, p := range a.items {
		g := f.Clump.Geometries[f.Clump.Atomics[p.atomic].Geometry]
		fx, err := g.Effects()
		if err != nil {
			return nil, err
		}
		for _, e := range fx {
			mk.add(e, p.world, size)
		}
	}
	return mk.mesh(), nil
}

// EffectMarkers returns the markers of the geometry's own 2DFX entries, in
// its frame (see Root.EffectMarkers).
func (n *GeometryNode) EffectMarkers(size float32) (*geom.Mesh, error) {
	fx, err := n.G.Effects()
	if err != nil {
		return nil, err
	}
	var mk markers
	for _, e := range fx {
		mk.add(e, mgl32.Ident4(), size)
	}
	return mk.mesh(), nil
}

// markers builds marker diamonds.
type markers struct{ m *geom.Mesh }

// add puts a diamond at e's position moved by world.
func (mk *markers) add(e Effect, world mgl32.Mat4, size float32) {
	c := otherFXColor
	if l, err := e.LightOf(); err == nil {
		c = l.Color
		c.A = 255
	}
	if mk.m == nil {
		mk.m = &geom.Mesh{Up: geom.ZUp}
	}
	p := world.Mul4x1(mgl32.Vec3(e.Pos).Vec4(1)).Vec3()
	base := uint32(len(mk.m.Positions))
	for _, d := range [6]geom.Vec3{{size, 0, 0}, {-size, 0, 0}, {0, size, 0}, {0, -size, 0}, {0, 0, size}, {0, 0, -size}} {
		mk.m.Positions = append(mk.m.Positions, geom.Vec3{p[0] + d[0], p[1] + d[1], p[2] + d[2]})
	}
	first := mk.m.Triangles()
	for _, t := range [8][3]uint32{{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4}, {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}} {
		mk.m.Indices = append(mk.m.Indices, base+t[0], base+t[1], base+t[2])
	}
	mk.m.Groups = append(mk.m.Groups, geom.Group{Name: "2dfx " + FXTypeName(e.Type), FirstTri: first, TriCount: 8, Color: c,
		Surface: &geom.Material{Color: c, TwoSided: true}})
}

// mesh is the markers' mesh, nil when there is none.
func (mk *markers) mesh() *geom.Mesh { return mk.m }
