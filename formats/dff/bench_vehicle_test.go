package dff_test

import (
	"image"
	"os"
	"testing"

	"rummage/formats"
	"rummage/formats/dff"
	"rummage/formats/dff/dfftest"
	"rummage/formats/geom"
	"rummage/internal/testutil"
	"rummage/preview"
)

// BenchmarkCarWithCollision draws a car with its collision overlay at
// 1280×800, textured, on every core, the camera orbiting a little each
// frame: the test car, and San Andreas' admiral when RUMMAGE_SA_REAL
// names the game folder. Besides ns/op it reports cpu-ns/op (all cores).
func BenchmarkCarWithCollision(b *testing.B) {
	b.Run("testcar", func(b *testing.B) {
		benchOverlay(b, openCar(b, dfftest.Folder{}, formats.VehicleView{}))
	})
	b.Run("testcar-alone", func(b *testing.B) {
		r := openCar(b, dfftest.Folder{}, formats.VehicleView{})
		m, _ := r.Mesh()
		benchMesh(b, m)
	})
	dir := os.Getenv("RUMMAGE_SA_REAL")
	if dir == "" {
		return
	}
	b.Run("admiral", func(b *testing.B) {
		f, err := formats.Open(dir+"/MODELS/(to)GTA3.IMG/admiral.dff", nil)
		if err != nil {
			b.Skip(err)
		}
		defer f.Close()
		benchOverlay(b, f.Root.(*dff.Root))
	})
	b.Run("admiral-alone", func(b *testing.B) {
		f, err := formats.Open(dir+"/MODELS/(to)GTA3.IMG/admiral.dff", nil)
		if err != nil {
			b.Skip(err)
		}
		defer f.Close()
		m, _ := f.Root.(*dff.Root).Mesh()
		benchMesh(b, m)
	})
}

func benchOverlay(b *testing.B, r *dff.Root) { benchMesh(b, dfftest.Overlaid(b, r)) }

func benchMesh(b *testing.B, m *geom.Mesh) {
	m.Edges()
	img := image.NewRGBA(image.Rect(0, 0, 1280, 800))
	rd := preview.NewRenderer()
	defer rd.Close()
	cam := preview.NewCamera(m.Bounds(), m.Up, 1280.0/800)
	cam.Fit(m.Bounds(), 1280.0/800)
	opt := preview.DefaultOptions()
	opt.Mode = preview.ModeTextured
	rd.Render(img, m, &cam, &opt)
	b.ReportAllocs()
	c0 := testutil.CPUTime()
	n := 0
	for b.Loop() {
		cam.Orbit(0.01, 0)
		rd.Render(img, m, &cam, &opt)
		n++
	}
	b.ReportMetric(float64(testutil.CPUTime()-c0)/float64(n), "cpu-ns/op")
	b.ReportMetric(float64(m.Triangles()), "triangles")
}
