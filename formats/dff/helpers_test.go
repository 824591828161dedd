package dff

import (
	"image/color"
	"testing"

	"rummage/formats/geom"
	"rummage/formats/rw"
)

// stampSA is San Andreas' library ID (3.6.0.3, build 0xFFFF).
var stampSA = rw.Pack(0x36003, 0xFFFF)

// box is a unit cube's 8 corners and 12 outward triangles.
func box() ([]geom.Vec3, [][3]uint16) {
	p := []geom.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}}
	t := [][3]uint16{
		{0, 2, 1}, {0, 3, 2}, // bottom (-z)
		{4, 5, 6}, {4, 6, 7}, // top (+z)
		{0, 1, 5}, {0, 5, 4}, // front (-y)
		{2, 3, 7}, {2, 7, 6}, // back (+y)
		{1, 2, 6}, {1, 6, 5}, // right (+x)
		{3, 0, 4}, {3, 4, 7}, // left (-x)
	}
	return p, t
}

// fixture builds a two-frame clump: a textured box with a triangle list
// on the root, and a strip-only box (no triangle list) on a child frame
// at (3, 0, 0).
func fixture(t testing.TB) *File {
	t.Helper()
	b := NewBuilder(stampSA)
	root := b.AddFrame("car", -1, geom.Vec3{})
	wheel := b.AddFrame("wheel_rf_dummy", root, geom.Vec3{3, 0, 0})
	p, tris := box()
	uv := make([]geom.Vec2, len(p))
	nrm := make([]geom.Vec3, len(p))
	lit := make([]color.NRGBA, len(p))
	for i, v := range p {
		uv[i] = geom.Vec2{v[0], v[1]}
		nrm[i] = geom.Vec3{v[0] - 0.5, v[1] - 0.5, v[2] - 0.5}
		lit[i] = color.NRGBA{uint8(40 * i), 128, 200, 255}
	}
	mats := make([]uint16, len(tris))
	for i := range mats {
		mats[i] = uint16(i / 6)
	}
	g0, err := b.AddGeometry(GeometrySpec{Positions: p, Normals: nrm, UVs: [][]geom.Vec2{uv, uv}, Prelit: lit, Tris: tris, TriMats: mats,
		Materials: []MaterialSpec{{Color: color.NRGBA{255, 255, 255, 255}, Texture: "body", Mask: "bodym"}, {Color: color.NRGBA{200, 30, 30, 255}}}})
	if err != nil {
		t.Fatal(err)
	}
	g1, err := b.AddGeometry(GeometrySpec{Positions: p, Tris: tris, TriMats: make([]uint16, len(tris)), Strips: true, NoList: true,
		Materials: []MaterialSpec{{Color: color.NRGBA{20, 20, 20, 255}, Texture: "tyre"}}})
	if err != nil {
		t.Fatal(err)
	}
	b.AddAtomic(root, g0)
	b.AddAtomic(wheel, g1)
	return b.File()
}

func encode(t testing.TB, f *File) []byte {
	t.Helper()
	b, err := f.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
