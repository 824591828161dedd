package geom

import (
	"image/color"
	"testing"
)

// TestCrate: six faces in three groups, every triangle facing out along
// its vertices' normal, UVs on the unit square, and the two animations
// moving as documented.
func TestCrate(t *testing.T) {
	m := Crate()
	if m.Triangles() != 12 || len(m.Groups) != 3 || len(m.Normals) != 24 || len(m.UVs) != 1 || len(m.UVs[0]) != 24 {
		t.Fatalf("%d triangles, %d groups, %d normals, UV sets %d", m.Triangles(), len(m.Groups), len(m.Normals), len(m.UVs))
	}
	for i, want := range []int{8, 2, 2} {
		if g := m.Groups[i]; g.TriCount != want || g.Surface == nil {
			t.Errorf("group %s: %d triangles, surface %v", g.Name, g.TriCount, g.Surface)
		}
	}
	fn := m.FaceNormals()
	for tri := range m.Triangles() {
		n, vn := fn[tri], m.Normals[m.Indices[3*tri]]
		out := m.Positions[m.Indices[3*tri]]
		if n[0]*vn[0]+n[1]*vn[1]+n[2]*vn[2] < 0.99 || out[0]*vn[0]+out[1]*vn[1]+out[2]*vn[2] != 1 {
			t.Errorf("triangle %d: front %v, vertex normal %v", tri, n, vn)
		}
	}
	for _, uv := range m.UVs[0] {
		if uv[0] != 0 && uv[0] != 1 || uv[1] != 0 && uv[1] != 1 {
			t.Errorf("UV %v", uv)
		}
	}
	flip := m.Groups[1].Surface
	if flip.Look(0).Texture != m.Groups[0].Surface.Texture || flip.Look(700).Texture == flip.Look(0).Texture || flip.Look(1200).Texture != flip.Look(0).Texture {
		t.Error("flip does not swap its textures every 600 ms")
	}
	pulse := m.Groups[2].Surface
	if pulse.Look(0).Color != cratePulse[0] || pulse.Look(1000).Color != cratePulse[1] || pulse.Look(3000).Color != cratePulse[0] {
		t.Errorf("pulse colours %v %v %v", pulse.Look(0).Color, pulse.Look(1000).Color, pulse.Look(3000).Color)
	}
	if mid := pulse.Look(500).Color; mid == cratePulse[0] || mid == cratePulse[1] || mid.A != 255 || mid == (color.NRGBA{}) {
		t.Errorf("pulse half way %v", mid)
	}
}
