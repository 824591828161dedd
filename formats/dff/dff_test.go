package dff

import (
	"bytes"
	"slices"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	data := encode(t, fixture(t))
	f, err := Parse(data, 0)
	if err != nil {
		t.Fatal(err)
	}
	if again := encode(t, f); !bytes.Equal(again, data) {
		t.Fatalf("re-encoded %d bytes differ from the %d written", len(again), len(data))
	}
	c := f.Clump
	if len(c.Frames) != 2 || c.Frames[1].Name != "wheel_rf_dummy" || c.Frames[1].Parent != 0 || c.Frames[1].Pos[0] != 3 {
		t.Fatalf("frames %+v", c.Frames)
	}
	if len(c.Geometries) != 2 || len(c.Atomics) != 2 || c.Atomics[1].Frame != 1 || c.Atomics[1].Geometry != 1 {
		t.Fatalf("%d geometries, atomics %+v", len(c.Geometries), c.Atomics)
	}
	g := c.Geometries[0]
	if g.UVSets() != 2 || len(g.UVs) != 2 || len(g.Prelit) != 8 || g.Prelit[3].R != 120 || len(g.Tris) != 12 || len(g.Materials) != 2 {
		t.Fatalf("geometry 0: %d uv sets, %d prelit, %d tris, %d materials", len(g.UVs), len(g.Prelit), len(g.Tris), len(g.Materials))
	}
	if tx := g.Materials[0].Texture; tx == nil || tx.Name != "body" || tx.Mask != "bodym" || g.Materials[1].Texture != nil {
		t.Fatalf("materials %+v %+v", g.Materials[0], g.Materials[1])
	}
	if g.BinMesh == nil || g.BinMesh.Strip || len(g.BinMesh.Splits) != 2 {
		t.Fatalf("bin mesh %+v", g.BinMesh)
	}
}

// TestStripsGiveTheTriangles: the strip-only geometry unrolls to the
// triangles it was built from, windings kept, degenerate joins dropped.
func TestStripsGiveTheTriangles(t *testing.T) {
	f, err := Parse(encode(t, fixture(t)), 0)
	if err != nil {
		t.Fatal(err)
	}
	g := f.Clump.Geometries[1]
	if len(g.Tris) != 0 || !g.BinMesh.Strip {
		t.Fatalf("geometry 1 stores %d triangles, strip %v", len(g.Tris), g.BinMesh.Strip)
	}
	m, err := g.Mesh(nil)
	if err != nil {
		t.Fatal(err)
	}
	_, want := box()
	if m.Triangles() != len(want) {
		t.Fatalf("%d triangles from the strip, want %d", m.Triangles(), len(want))
	}
	for i, w := range want {
		got := m.Indices[3*i : 3*i+3]
		if !sameTriangle(got, w) {
			t.Errorf("triangle %d = %v, want %v (same winding)", i, got, w)
		}
	}
	if n, _ := g.Triangles(); n != 12 {
		t.Errorf("Triangles() = %d", n)
	}
}

// sameTriangle reports equal corners up to rotation (the winding kept).
func sameTriangle(got []uint32, w [3]uint16) bool {
	for r := 0; r < 3; r++ {
		if got[r] == uint32(w[0]) && got[(r+1)%3] == uint32(w[1]) && got[(r+2)%3] == uint32(w[2]) {
			return true
		}
	}
	return false
}

func TestUnrollDropsDegenerates(t *testing.T) {
	got := unroll([]uint32{0, 1, 2, 2, 3, 3, 4, 5}, true, nil)
	want := [][3]uint32{{0, 1, 2}, {4, 3, 5}}
	// starts 0: 0 1 2 | 1: 1 2 2 x | 2: 2 2 3 x | 3: 2 3 3 x | 4: 3 3 4 x | 5 (odd: swapped): 4 3 5
	if !slices.Equal(got, want) {
		t.Fatalf("unroll = %v, want %v", got, want)
	}
	if got := unroll([]uint32{0, 1, 2, 3, 3, 4}, false, nil); !slices.Equal(got, [][3]uint32{{0, 1, 2}}) {
		t.Fatalf("list unroll = %v", got)
	}
	// A set restart bit (PS2 ADC) skips the triangle ending there; the
	// strip's parity keeps counting.
	restart := []bool{false, false, false, true, false}
	if got := unroll([]uint32{0, 1, 2, 3, 4}, true, restart); !slices.Equal(got, [][3]uint32{{0, 1, 2}, {2, 3, 4}}) {
		t.Fatalf("strip with a restart = %v", got)
	}
}

// TestClumpPlacesAtomics: the second box sits on its frame, 3 along X.
func TestClumpPlacesAtomics(t *testing.T) {
	f, err := Parse(encode(t, fixture(t)), 0)
	if err != nil {
		t.Fatal(err)
	}
	m, err := f.Clump.ClumpMesh(nil)
	if err != nil {
		t.Fatal(err)
	}
	b := m.Bounds()
	if b.Min != [3]float32{0, 0, 0} || b.Max != [3]float32{4, 1, 1} || m.Triangles() != 24 || len(m.Positions) != 16 {
		t.Fatalf("clump bounds %v, %d triangles, %d positions", b, m.Triangles(), len(m.Positions))
	}
	if len(m.Groups) != 3 || m.Groups[2].FirstTri != 12 || m.Groups[2].Name != "tyre" {
		t.Fatalf("groups %+v", m.Groups)
	}
	// Only the first geometry has normals and colours: the merge drops them.
	if m.Normals != nil || m.Colors != nil || m.UVs != nil {
		t.Fatalf("merged optional arrays %d %d %d", len(m.Normals), len(m.Colors), len(m.UVs))
	}
}

func TestFrameNodes(t *testing.T) {
	c := fixture(t).Clump
	c.Frames[0].Pos = [3]float32{0, 0, 10}
	c.Frames[0].Rot = [9]float32{0, 1, 0, -1, 0, 0, 0, 0, 1} // right = +Y: a quarter turn about Z
	fn := c.FrameNodes()
	w := fn[1].World.Col(3)
	if w[0] != 0 || w[1] != 3 || w[2] != 10 {
		t.Fatalf("child world position %v, want (0, 3, 10)", w)
	}
	if fn[1].Local.Col(3)[0] != 3 || !slices.Equal(fn[1].Atomics, []int{1}) || fn[0].Parent != -1 {
		t.Fatalf("frame nodes %+v", fn)
	}
}
