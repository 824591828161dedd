package pose

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// twoBones is a root at the origin and an "Arm" bone one unit up (id 7),
// with three vertices: one on the arm, one on the root, one shared half
// and half.
func twoBones() *geom.Mesh {
	sk := &geom.Skeleton{Bones: []geom.Bone{
		{Name: "Root", ID: -1, Parent: -1, Local: mgl32.Ident4()},
		{Name: " Arm", ID: 7, Parent: 0, Local: mgl32.Translate3D(0, 0, 1)},
	}}
	m := &geom.Mesh{Positions: []geom.Vec3{{1, 0, 1}, {1, 0, 0}, {1, 0, 1}}, Normals: []geom.Vec3{{1, 0, 0}, {1, 0, 0}, {1, 0, 0}}, Indices: []uint32{0, 1, 2}}
	m.Skin = &geom.Skin{Skeleton: sk,
		Joints:  [][4]uint16{{1}, {0}, {0, 1}},
		Weights: [][4]float32{{1}, {1}, {0.5, 0.5}}}
	for _, w := range sk.Worlds() {
		m.Skin.InverseBind = append(m.Skin.InverseBind, w.Inv())
	}
	return m
}

// turn is 0° at t = 0 and 90° about Z at t = 1 for the track's bone.
func turn(bone string, id int32) *geom.Animation {
	return &geom.Animation{Name: "turn", Duration: 1, Tracks: []geom.Track{{Bone: bone, ID: id, Index: -1,
		Times: []float32{0, 1}, Rot: []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 0, 1})}}}}
}

func near(a, b geom.Vec3) bool {
	for i := range a {
		if math.Abs(float64(a[i]-b[i])) > 1e-5 {
			return false
		}
	}
	return true
}

func TestSkinByHand(t *testing.T) {
	p, err := New(twoBones(), turn("arm", -1))
	if err != nil {
		t.Fatal(err)
	}
	c, s := float32(math.Cos(math.Pi/4)), float32(math.Sin(math.Pi/4))
	for _, c := range []struct {
		t    float32
		want [3]geom.Vec3
	}{
		{0, [3]geom.Vec3{{1, 0, 1}, {1, 0, 0}, {1, 0, 1}}},
		// Halfway the arm has turned 45° about its joint (0, 0, 1).
		{0.5, [3]geom.Vec3{{c, s, 1}, {1, 0, 0}, {(1 + c) / 2, s / 2, 1}}},
		{1, [3]geom.Vec3{{0, 1, 1}, {1, 0, 0}, {0.5, 0.5, 1}}},
	} {
		p.At(c.t)
		for i, w := range c.want {
			if !near(p.Positions[i], w) {
				t.Errorf("t=%v vertex %d at %v, want %v", c.t, i, p.Positions[i], w)
			}
		}
	}
	if !near(p.Normals[0], geom.Vec3{0, 1, 0}) {
		t.Errorf("arm normal %v, want (0, 1, 0)", p.Normals[0])
	}
	// The bone holds its translation (a track without translation keeps
	// the bind pose's).
	if w := p.Worlds()[1].Col(3); !near(geom.Vec3{w[0], w[1], w[2]}, geom.Vec3{0, 0, 1}) {
		t.Errorf("arm at %v", w)
	}
}

func TestBindMatching(t *testing.T) {
	sk := twoBones().Skin.Skeleton
	if b := Bind(sk, turn("nothing", 7)); b.Track[1] != 0 || len(b.Unmatched) != 0 {
		t.Errorf("by id: %v %v", b.Track, b.Unmatched)
	}
	if b := Bind(sk, turn("  ARM ", -1)); b.Track[1] != 0 {
		t.Errorf("by trimmed name, any case: %v", b.Track)
	}
	b := Bind(sk, turn("Tail", 99))
	if b.Matched() != 0 || len(b.Unmatched) != 1 || b.Warning() == "" {
		t.Errorf("unmatched: %v %v %q", b.Track, b.Unmatched, b.Warning())
	}
	a := turn("x", -1)
	a.Tracks[0].Index = 1
	if b := Bind(sk, a); b.Track[1] != 0 {
		t.Errorf("by index: %v", b.Track)
	}
}

func TestSampleEdges(t *testing.T) {
	tr := &geom.Track{Times: []float32{1, 2}, Rot: []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatRotate(1, mgl32.Vec3{1, 0, 0})},
		Trans: []geom.Vec3{{0, 0, 0}, {2, 0, 0}}}
	bind := mgl32.Translate3D(5, 5, 5)
	if m := Sample(tr, 0, &bind); m.Col(3) != (mgl32.Vec4{0, 0, 0, 1}) {
		t.Errorf("before the first key: %v", m.Col(3))
	}
	if m := Sample(tr, 1.5, &bind); m.Col(3) != (mgl32.Vec4{1, 0, 0, 1}) {
		t.Errorf("halfway: %v", m.Col(3))
	}
	if m := Sample(tr, 9, &bind); m.Col(3) != (mgl32.Vec4{2, 0, 0, 1}) {
		t.Errorf("after the last key: %v", m.Col(3))
	}
	a := &geom.Animation{Duration: 1.2}
	if got := LocalTime(a, 1500); math.Abs(float64(got-0.3)) > 1e-6 {
		t.Errorf("1500 ms in a 1.2 s loop = %v s", got)
	}
	if got := LocalTime(&geom.Animation{}, 1500); got != 0 {
		t.Errorf("empty animation time %v", got)
	}
}

func TestSlerp(t *testing.T) {
	a := mgl32.QuatIdent()
	b := mgl32.QuatRotate(2, mgl32.Vec3{0, 1, 0})
	h := Slerp(a, b, 0.5)
	if !h.ApproxEqualThreshold(mgl32.QuatRotate(1, mgl32.Vec3{0, 1, 0}), 1e-5) {
		t.Errorf("half of 2 rad = %v", h)
	}
	// The shorter arc: -b is the same rotation.
	nb := mgl32.Quat{W: -b.W, V: b.V.Mul(-1)}
	if !Slerp(a, nb, 0.5).OrientationEqualThreshold(h, 1e-5) {
		t.Error("slerp took the long way round")
	}
}

func TestNoAllocPerFrame(t *testing.T) {
	p, err := New(twoBones(), turn("arm", -1))
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { p.At(0.3) }); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
}

func TestNoSkin(t *testing.T) {
	if _, err := New(&geom.Mesh{Positions: []geom.Vec3{{}}}, turn("a", 1)); err != ErrNoSkin {
		t.Errorf("a mesh without a skin: %v", err)
	}
}

// bigSkin is a 100,000-vertex mesh on 64 bones, four non-zero weights per
// vertex.
func bigSkin() *geom.Mesh {
	const nv, nb = 100000, 64
	sk := &geom.Skeleton{}
	for i := 0; i < nb; i++ {
		sk.Bones = append(sk.Bones, geom.Bone{Name: "b", ID: int32(i), Parent: i - 1, Local: mgl32.Translate3D(0, 0, 0.1)})
	}
	m := &geom.Mesh{Skin: &geom.Skin{Skeleton: sk}}
	for v := 0; v < nv; v++ {
		m.Positions = append(m.Positions, geom.Vec3{float32(v % 100), float32(v / 100 % 100), float32(v % 7)})
		m.Normals = append(m.Normals, geom.Vec3{0, 0, 1})
		j := uint16(v % (nb - 3))
		m.Skin.Joints = append(m.Skin.Joints, [4]uint16{j, j + 1, j + 2, j + 3})
		m.Skin.Weights = append(m.Skin.Weights, [4]float32{0.4, 0.3, 0.2, 0.1})
	}
	for _, w := range sk.Worlds() {
		m.Skin.InverseBind = append(m.Skin.InverseBind, w.Inv())
	}
	return m
}

// BenchmarkSkin100k poses a 100,000-vertex mesh with four weights per
// vertex (the budget: ≤ 5 ms per frame on one core, no allocation).
func BenchmarkSkin100k(b *testing.B) {
	m := bigSkin()
	a := &geom.Animation{Name: "wave", Duration: 1}
	for i := range m.Skin.Skeleton.Bones {
		a.Tracks = append(a.Tracks, geom.Track{ID: int32(i), Index: -1, Times: []float32{0, 1},
			Rot: []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatRotate(0.3, mgl32.Vec3{1, 0, 0})}})
	}
	p, err := New(m, a)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	t := float32(0)
	start := cpuTime()
	for b.Loop() {
		t += 0.01
		p.At(t)
	}
	if cpu := cpuTime() - start; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
