package geom

import (
	"image/color"
	"testing"
)

func TestCombine(t *testing.T) {
	a := &Mesh{Up: ZUp, Positions: []Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, Indices: []uint32{0, 1, 2},
		Normals: []Vec3{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}, UVs: [][]Vec2{{{0, 0}, {1, 0}, {0, 1}}}, Colors: []color.NRGBA{{1, 2, 3, 4}, {1, 2, 3, 4}, {1, 2, 3, 4}},
		Groups: []Group{{Name: "a", TriCount: 1}}}
	b := &Mesh{Up: ZUp, Positions: []Vec3{{0, 0, 1}, {1, 0, 1}, {0, 1, 1}}, Indices: []uint32{0, 1, 2}}
	c := Combine(a, nil, b)
	if len(c.Positions) != 6 || c.Triangles() != 2 || c.Indices[3] != 3 {
		t.Fatalf("%d positions, %d triangles, indices %v", len(c.Positions), c.Triangles(), c.Indices)
	}
	if len(c.Normals) != 6 || c.Normals[4] != (Vec3{0, 0, 1}) {
		t.Errorf("normals %v: b's are made from its triangle", c.Normals)
	}
	if len(c.UVs) != 1 || len(c.UVs[0]) != 6 || len(c.Colors) != 6 || c.Colors[5] != (color.NRGBA{255, 255, 255, 255}) {
		t.Errorf("UVs %v colours %v", c.UVs, c.Colors)
	}
	if len(c.Groups) != 2 || c.Groups[1].FirstTri != 1 || c.Groups[1].TriCount != 1 {
		t.Errorf("groups %+v", c.Groups)
	}
}

func TestTranslucent(t *testing.T) {
	m := &Mesh{Groups: []Group{{Name: "s", Color: color.NRGBA{10, 20, 30, 255}}, {Name: "l", Lines: true}}}
	tr := Translucent(m, 100)
	s := tr.Groups[0].Surface
	if s == nil || s.Blend != BlendAlpha || s.Color != (color.NRGBA{10, 20, 30, 100}) || s.TwoSided {
		t.Errorf("surface %+v", s)
	}
	if tr.Groups[1].Surface != nil || m.Groups[0].Surface != nil {
		t.Error("outline given a surface, or the original changed")
	}
}
