package preview

import (
	"image"
	"image/color"
	"sync/atomic"
	"testing"

	"rummage/formats/geom"
	"rummage/internal/testutil"
)

// cpuTime is the process's user+system CPU time.
var cpuTime = testutil.CPUTime

// benchMesh renders a torus of 2*nu*nv triangles at 1280×800, orbiting a
// little each frame. Besides ns/op (wall time per frame) it reports
// cpu-ns/op, the CPU time of all cores per frame, which a busy shared
// machine disturbs less: on an idle 2-core machine wall ≈ cpu/2.
func benchMesh(b *testing.B, nu, nv int, decimate int) {
	opt := DefaultOptions()
	opt.MaxEdges = decimate
	benchView(b, geom.Torus(3, 1, nu, nv, 8, geom.ZUp), &opt)
}

// benchView renders m at 1280×800 with opt, orbiting a little each frame.
func benchView(b *testing.B, m *geom.Mesh, opt *Options) {
	m.Edges()
	img := image.NewRGBA(image.Rect(0, 0, 1280, 800))
	r := NewRenderer()
	defer r.Close()
	cam := NewCamera(m.Bounds(), m.Up, 1280.0/800)
	r.Render(img, m, &cam, opt)
	b.ReportAllocs()
	b.ResetTimer()
	c0 := cpuTime()
	var st Stats
	for i := 0; i < b.N; i++ {
		cam.Orbit(0.01, 0)
		st = r.Render(img, m, &cam, opt)
	}
	b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op")
	if opt.Mode == ModeWire {
		b.ReportMetric(float64(st.Drawn), "edges")
	} else {
		b.ReportMetric(float64(st.Faces), "faces")
	}
}

// Torus grids: 2*nu*nv triangles.
func BenchmarkRender10k(b *testing.B)  { benchMesh(b, 100, 50, 0) }
func BenchmarkRender100k(b *testing.B) { benchMesh(b, 500, 100, 0) }
func BenchmarkRender1M(b *testing.B)   { benchMesh(b, 1000, 500, 0) }

// BenchmarkRender1MDecimated is the frame drawn while dragging when a full
// frame is too slow (the UI keeps about a third of the edges then).
func BenchmarkRender1MDecimated(b *testing.B) { benchMesh(b, 1000, 500, 500_000) }

// The solid view of the million-triangle torus, flat and smooth shaded.
func BenchmarkSolid1M(b *testing.B)       { benchFill(b, ModeSolid, ShadeFlat) }
func BenchmarkSolidSmooth1M(b *testing.B) { benchFill(b, ModeSolid, ShadeSmooth) }

// BenchmarkTextured1M is the textured view of the million-triangle torus,
// each of its 8 groups with its own 256×256 texture, smooth shaded.
func BenchmarkTextured1M(b *testing.B) { benchFill(b, ModeTextured, ShadeSmooth) }

func benchFill(b *testing.B, mode Mode, sh Shading) {
	m := texturedTorus(1000, 500, 256)
	opt := DefaultOptions()
	opt.Mode, opt.Shading = mode, sh
	benchView(b, m, &opt)
}

// texturedTorus is a torus of 2*nu*nv triangles in 8 groups, each with a
// size×size texture wrapped 4 times round the ring and once round the
// tube.
func texturedTorus(nu, nv, size int) *geom.Mesh {
	m := geom.Torus(3, 1, nu, nv, 8, geom.ZUp)
	uv := make([]geom.Vec2, len(m.Positions))
	for i := range uv {
		uv[i] = geom.Vec2{4 * float32(i/nv) / float32(nu), float32(i%nv) / float32(nv)}
	}
	m.UVs = [][]geom.Vec2{uv}
	for g := range m.Groups {
		tex := image.NewNRGBA(image.Rect(0, 0, size, size))
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				tex.SetNRGBA(x, y, color.NRGBA{uint8(x), uint8(y), uint8(40 * g), 255})
			}
		}
		m.Groups[g].Surface = &geom.Material{Texture: tex}
	}
	return m
}

// BenchmarkParkanAnimated is a Parkan-sized model (576 triangles in 4
// groups) filling most of a 1280×800 view, textured, each group's material
// animated by a flipbook that hands out the next of 8 textures (256×256)
// every frame, as a MAT0 phase track swapping Texm pages does. The budget
// is 60 frames per second in the renderer alone: ≤ 16.7 ms per frame.
func BenchmarkParkanAnimated(b *testing.B) {
	m := geom.Torus(3, 1.4, 24, 12, 4, geom.ZUp)
	uv := make([]geom.Vec2, len(m.Positions))
	for i := range uv {
		uv[i] = geom.Vec2{2 * float32(i/12) / 24, float32(i%12) / 12}
	}
	m.UVs = [][]geom.Vec2{uv}
	book := &flipbook{step: 40}
	for f := range 8 {
		tex := image.NewNRGBA(image.Rect(0, 0, 256, 256))
		for y := 0; y < 256; y++ {
			for x := 0; x < 256; x++ {
				tex.SetNRGBA(x, y, color.NRGBA{uint8(x + 30*f), uint8(y), uint8(x ^ y), 255})
			}
		}
		book.frames = append(book.frames, tex)
	}
	for g := range m.Groups {
		m.Groups[g].Surface = &geom.Material{Anim: book}
	}
	img := image.NewRGBA(image.Rect(0, 0, 1280, 800))
	r := NewRenderer()
	defer r.Close()
	cam := NewCamera(m.Bounds(), m.Up, 1280.0/800)
	opt := DefaultOptions()
	opt.Mode = ModeTextured
	r.Render(img, m, &cam, &opt)
	b.ReportAllocs()
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		opt.Clock += book.step // the next texture every frame
		cam.Orbit(0.01, 0)
		r.Render(img, m, &cam, &opt)
	}
	b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op")
	if n := book.calls.Load(); n < int64(b.N) {
		b.Fatalf("%d animation calls for %d frames", n, b.N)
	}
}

// flipbook is an Animator that shows frames in turn, step ms each.
type flipbook struct {
	frames []image.Image
	step   uint32
	calls  atomic.Int64
}

func (f *flipbook) At(ms uint32) geom.Look {
	f.calls.Add(1)
	return geom.Look{Texture: f.frames[int(ms/f.step)%len(f.frames)]}
}
