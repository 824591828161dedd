package preview

import (
	"image"
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
	m := geom.Torus(3, 1, nu, nv, 8, geom.ZUp)
	m.Edges()
	img := image.NewRGBA(image.Rect(0, 0, 1280, 800))
	r := NewRenderer()
	defer r.Close()
	cam := NewCamera(m.Bounds(), m.Up, 1280.0/800)
	opt := DefaultOptions()
	opt.MaxEdges = decimate
	r.Render(img, m, &cam, &opt)
	b.ReportAllocs()
	b.ResetTimer()
	c0 := cpuTime()
	var st Stats
	for i := 0; i < b.N; i++ {
		cam.Orbit(0.01, 0)
		st = r.Render(img, m, &cam, &opt)
	}
	b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(st.Drawn), "edges")
}

// Torus grids: 2*nu*nv triangles.
func BenchmarkRender10k(b *testing.B)  { benchMesh(b, 100, 50, 0) }
func BenchmarkRender100k(b *testing.B) { benchMesh(b, 500, 100, 0) }
func BenchmarkRender1M(b *testing.B)   { benchMesh(b, 1000, 500, 0) }

// BenchmarkRender1MDecimated is the frame drawn while dragging when a full
// frame is too slow (the UI keeps about a third of the edges then).
func BenchmarkRender1MDecimated(b *testing.B) { benchMesh(b, 1000, 500, 500_000) }
