package world_test

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/formats/ide"
	"rummage/formats/world"
	"rummage/formats/world/worldtest"
	"rummage/internal/cputime"
	"rummage/preview"
)

// The scene budgets (issue 28) on the generated city of worldtest.Budget:
// 5,000 instances of 200 models, 1.5 million triangles placed.

// city writes the budget city once per benchmark.
func city(b *testing.B) worldtest.CityInfo {
	b.Helper()
	info, err := worldtest.GenerateCity(b.TempDir(), worldtest.Budget)
	if err != nil {
		b.Fatal(err)
	}
	return info
}

// openCold opens the city's text file with nothing cached: the game's
// index, its definitions and every model and texture are read again.
func openCold(b *testing.B, path string) (*formats.File, *world.Scene) {
	world.Forget()
	ide.Forget()
	f, err := formats.Open(path, nil)
	if err != nil {
		b.Fatal(err)
	}
	s := f.Root.(*world.Scene)
	s.World()
	return f, s
}

// BenchmarkSceneOpen opens and resolves the city: the game folder
// indexed, the definitions read, the streams joined, every model and
// texture decoded (budget: 1 s).
func BenchmarkSceneOpen(b *testing.B) {
	info := city(b)
	for b.Loop() {
		f, s := openCold(b, info.IPL)
		if n := len(s.Placements()); n != worldtest.Budget.Instances {
			b.Fatalf("%d instances", n)
		}
		f.Close()
	}
}

// streetCamera stands 2 units above the street between the first two
// rows of buildings, a third of the way in, looking along it (+X), with a
// 60° field of view.
func streetCamera(info worldtest.CityInfo) preview.Camera {
	y := info.Spacing / 2
	x := float32(info.Grid) * info.Spacing / 3
	return preview.Camera{Target: mgl32.Vec3{x, y, 2}, Distance: 1, Yaw: mgl32.DegToRad(180), Pitch: 0,
		FovY: mgl32.DegToRad(60), Up: geom.ZUp}
}

// streetOptions: LOD by distance, nothing drawn beyond 1,500 units.
var streetOptions = preview.WorldOptions{LOD: preview.LODByDistance, Far: 1500}

// frame renders one textured 1280×800 frame.
func frame(r *preview.Renderer, v *preview.WorldView, dst *image.RGBA, cam *preview.Camera, wo preview.WorldOptions) preview.WorldStats {
	return frameIn(preview.ModeTextured, r, v, dst, cam, wo)
}

// frameIn renders one 1280×800 frame in mode.
func frameIn(mode preview.Mode, r *preview.Renderer, v *preview.WorldView, dst *image.RGBA, cam *preview.Camera, wo preview.WorldOptions) preview.WorldStats {
	opt := preview.DefaultOptions()
	opt.Mode, opt.Axes, opt.Background = mode, false, color.NRGBA{40, 44, 52, 255}
	return v.Render(r, dst, cam, &opt, wo)
}

// BenchmarkSceneFirstFrame opens, resolves, lays out and draws the first
// textured frame from the street (budget: 1.5 s).
func BenchmarkSceneFirstFrame(b *testing.B) {
	info := city(b)
	cam := streetCamera(info)
	dst := image.NewRGBA(image.Rect(0, 0, 1280, 800))
	for b.Loop() {
		f, s := openCold(b, info.IPL)
		r := preview.NewRenderer()
		frame(r, preview.NewWorldView(s.Geometry()), dst, &cam, streetOptions)
		r.Close()
		f.Close()
	}
}

// benchFrames times frames of cam with wo, reporting the instances and
// triangles drawn.
func benchFrames(b *testing.B, cam func(worldtest.CityInfo, *geom.World) preview.Camera, wo preview.WorldOptions) {
	benchFramesIn(b, preview.ModeTextured, cam, wo)
}

// benchFramesIn is benchFrames in mode.
func benchFramesIn(b *testing.B, mode preview.Mode, cam func(worldtest.CityInfo, *geom.World) preview.Camera, wo preview.WorldOptions) {
	info := city(b)
	f, s := openCold(b, info.IPL)
	defer f.Close()
	v := preview.NewWorldView(s.Geometry())
	c := cam(info, s.Geometry())
	r := preview.NewRenderer()
	defer r.Close()
	dst := image.NewRGBA(image.Rect(0, 0, 1280, 800))
	st := frameIn(mode, r, v, dst, &c, wo)
	if os.Getenv("RUMMAGE_SCENE_PNG") != "" {
		writePNG(b, os.Getenv("RUMMAGE_SCENE_PNG")+"-"+b.Name()+".png", dst)
	}
	cpu0 := cputime.Process()
	t0 := time.Now()
	for b.Loop() {
		st = frameIn(mode, r, v, dst, &c, wo)
	}
	b.ReportMetric(float64(cputime.Process()-cpu0)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(st.Instances), "instances")
	b.ReportMetric(float64(st.Triangles), "triangles")
	b.ReportMetric(float64(b.N)/time.Since(t0).Seconds(), "fps")
}

// BenchmarkSceneStreet draws the city from the street, culled and with
// LOD by distance (budget: 15 fps at 1280×800 on both cores).
func BenchmarkSceneStreet(b *testing.B) {
	benchFrames(b, func(info worldtest.CityInfo, _ *geom.World) preview.Camera { return streetCamera(info) }, streetOptions)
}

// BenchmarkSceneTop draws the whole city from the top, every high-detail
// instance (budget: 8 fps at 1280×800 on both cores).
func BenchmarkSceneTop(b *testing.B) {
	benchFrames(b, func(_ worldtest.CityInfo, w *geom.World) preview.Camera {
		return preview.StillCamera(preview.Top, w.Bounds(), geom.ZUp, 1280, 800)
	}, preview.WorldOptions{LOD: preview.LODHigh})
}

// BenchmarkSceneWireTop draws every instance's edges from the top (the
// wire view of the window, every instance laid out in one mesh).
func BenchmarkSceneWireTop(b *testing.B) {
	benchFramesIn(b, preview.ModeWire, func(_ worldtest.CityInfo, w *geom.World) preview.Camera {
		return preview.StillCamera(preview.Top, w.Bounds(), geom.ZUp, 1280, 800)
	}, preview.WorldOptions{LOD: preview.LODHigh})
}

// writePNG writes img to path (RUMMAGE_SCENE_PNG: to look at a frame).
func writePNG(b *testing.B, path string, img image.Image) {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		b.Fatal(err)
	}
}
