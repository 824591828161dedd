package xrlevel

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// linkVertices makes 4 vertices with n links each: vertex i links bones
// i, i+1, ... with weights 0.4, 0.3, 0.2, 0.1 (normalised to n links).
func linkVertices(n int) []SkinVertex {
	ws := [4][4]float32{{1}, {0.75, 0.25}, {0.5, 0.3, 0.2}, {0.4, 0.3, 0.2, 0.1}}[n-1]
	var out []SkinVertex
	for i := 0; i < 4; i++ {
		v := SkinVertex{Pos: geom.Vec3{float32(i), float32(i % 2), 0}, Normal: geom.Vec3{0, 0, 1}, UV: geom.Vec2{0.25 * float32(i), 0.5}, Weights: ws}
		for k := 0; k < n; k++ {
			v.Bones[k] = uint16(i + k)
		}
		out = append(out, v)
	}
	return out
}

// skinnedModel is an OGF v4 skeleton whose one skinned child holds vb.
func skinnedModel(t *testing.T, vb *VertexBuffer, typ int) []byte {
	child := &Visual{OGFVersion: 4, Type: typ, TextureName: "wpn\\body", ShaderName: "models\\weapons",
		OwnVertices: vb, Indices: []uint16{0, 1, 2, 0, 2, 3}, HasIndices: true}
	root := &ModelVisual{Visual: &Visual{OGFVersion: 4, Type: 10}, Children: []*ModelVisual{{Visual: child}}}
	var bones []Bone
	for i := 0; i < 8; i++ {
		bones = append(bones, Bone{Name: "bone" + string(rune('0'+i))})
	}
	return writeModel(t, root, ModelWriteOptions{Bones: bones})
}

func TestSkinnedVertexLayouts(t *testing.T) {
	cases := []struct {
		name   string
		code   uint32
		links  int
		short  bool
		stride int
	}{
		{"SoC 1L", SkinFVF1L, 1, false, 60},
		{"SoC 2L", SkinFVF2L, 2, false, 64},
		{"CS 1", SkinLinks1, 1, false, 60},
		{"CS 1 short", SkinLinks1, 1, true, 36},
		{"SoC 1L short", SkinFVF1L, 1, true, 36},
		{"CS 2", SkinLinks2, 2, false, 64},
		{"CS 3", SkinLinks3, 3, false, 70},
		{"CS 4", SkinLinks4, 4, false, 76},
	}
	for _, c := range cases {
		in := linkVertices(c.links)
		vb, err := SkinnedBuffer(c.code, 4, c.short, in)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		m := parseModel(t, skinnedModel(t, vb, 5))
		if len(m.Diags) != 0 {
			t.Errorf("%s: findings %v", c.name, m.Diags)
		}
		got := m.Visuals[1].OwnVertices
		if got == nil || got.Format.Stride != c.stride || got.Format.Links == nil || got.Format.Links.Count != c.links {
			t.Fatalf("%s: vertices %+v", c.name, got)
		}
		// The stride is also pinned by the chunk size: 8 header bytes + 4 vertices.
		if len(got.Data) != 4*c.stride {
			t.Errorf("%s: %d vertex bytes, want %d", c.name, len(got.Data), 4*c.stride)
		}
		for i, v := range in {
			bones, weights, n, ok := got.Links(i)
			if !ok || n != c.links || bones != v.Bones {
				t.Errorf("%s vertex %d: bones %v (%d, %v), want %v", c.name, i, bones, n, ok, v.Bones)
			}
			for k := range weights {
				if math.Abs(float64(weights[k]-v.Weights[k])) > 1e-6 {
					t.Errorf("%s vertex %d: weights %v, want %v", c.name, i, weights, v.Weights)
					break
				}
			}
			if p := got.Position(i); p != v.Pos {
				t.Errorf("%s vertex %d: position %v, want %v", c.name, i, p, v.Pos)
			}
		}
		mesh, err := m.VisualMesh(0)
		if err != nil || mesh.Triangles() != 2 || mesh.UVs[0][3] != (geom.Vec2{0.75, 0.5}) {
			t.Errorf("%s: mesh %v, %v", c.name, mesh, err)
		}
	}
}

// TestSkinnedTwoLinkWeight pins which bone the one stored weight of a
// two-link vertex belongs to: the second (the engine lerps bone 0 → 1).
func TestSkinnedTwoLinkWeight(t *testing.T) {
	vb := mustSkinned(t, SkinLinks2, linkVertices(2))
	raw := vb.Vertex(0)
	stored := math.Float32frombits(binary.LittleEndian.Uint32(raw[4+48:]))
	if stored != 0.25 {
		t.Fatalf("stored weight %v, want 0.25 (bone 1's)", stored)
	}
	_, w, _, _ := vb.Links(0)
	if w[0] != 0.75 || w[1] != 0.25 {
		t.Errorf("weights %v, want [0.75 0.25]", w)
	}
}

// TestSmallCodeOutsideSkin keeps code 2 an FVF (position only) in a
// visual that is not skinned.
func TestSmallCodeOutsideSkin(t *testing.T) {
	if _, ok := skinFormat(2, 4, false); ok {
		t.Fatal("code 2 in a normal visual read as a skinned layout")
	}
	if f, ok := skinFormat(2, 4, true); !ok || f.Stride != 64 {
		t.Fatalf("code 2 in a skinned visual: %v %v", f.Stride, ok)
	}
	if _, ok := skinFormat(3, 3, true); ok {
		t.Error("OGF v3 has no Clear Sky codes")
	}
}

func TestSkinnedVerticesCut(t *testing.T) {
	vb := mustSkinned(t, SkinLinks4, linkVertices(4))
	vb.Data = vb.Data[:len(vb.Data)-10]
	b := skinnedModel(t, vb, 5)
	m := parseModel(t, b)
	if m.Visuals[1].Err == nil {
		t.Fatal("cut skinned vertices read as whole")
	}
	if _, err := m.VisualMesh(0); err == nil {
		t.Error("mesh of a model with cut vertices has no error")
	}
}

func mustSkinned(t *testing.T, code uint32, vs []SkinVertex) *VertexBuffer {
	t.Helper()
	vb, err := SkinnedBuffer(code, 4, false, vs)
	if err != nil {
		t.Fatal(err)
	}
	return vb
}

// TestBindMatrix pins the engine's setXYZi on hand-worked cases: a Y angle
// of +90° turns +X to −Z (a right-handed turn about +Y), an X angle of
// +90° turns +Y to +Z.
func TestBindMatrix(t *testing.T) {
	half := float32(math.Pi / 2)
	cases := []struct {
		rot      geom.Vec3
		in, want mgl32.Vec3
	}{
		{geom.Vec3{0, half, 0}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 0, -1}},
		{geom.Vec3{half, 0, 0}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, 1}},
		{geom.Vec3{0, 0, half}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 1, 0}},
	}
	for _, c := range cases {
		m := BoneBind{Rot: c.rot, Pos: geom.Vec3{1, 2, 3}}.BindMatrix()
		got := m.Mul4x1(c.in.Vec4(0)).Vec3()
		if got.Sub(c.want).Len() > 1e-6 || m.Col(3) != (mgl32.Vec4{1, 2, 3, 1}) {
			t.Errorf("rotation %v: %v → %v, want %v (translation %v)", c.rot, c.in, got, c.want, m.Col(3))
		}
	}
}

// TestSkeletonBinds reads S_IKDATA back: each bone's bind pose relative to
// its parent.
func TestSkeletonBinds(t *testing.T) {
	mv, opt := skeleton()
	opt.Binds = []BoneBind{{Pos: geom.Vec3{0, 1, 0}}, {Rot: geom.Vec3{0, float32(math.Pi / 2), 0}, Pos: geom.Vec3{0, 0, 0.5}}}
	m := parseModel(t, writeModel(t, mv, opt))
	if len(m.Binds) != 2 || m.Binds[1] != opt.Binds[1] {
		t.Fatalf("binds %v, findings %v", m.Binds, m.Diags)
	}
	w := m.Skeleton().Worlds()
	if p := w[1].Col(3); p.Vec3().Sub(mgl32.Vec3{0, 1, 0.5}).Len() > 1e-6 {
		t.Errorf("magazine at %v, want (0, 1, 0.5)", p)
	}
	// A cut S_IKDATA is a finding and no bind pose, not a guess.
	opt.Source = "" // S_IKDATA is then the last chunk
	b := writeModel(t, mv, opt)
	b = b[:len(b)-30]
	if cut := parseModel(t, b); cut.Binds != nil || len(cut.Diags) == 0 {
		t.Errorf("cut S_IKDATA: binds %v, findings %v", cut.Binds, cut.Diags)
	}
}
