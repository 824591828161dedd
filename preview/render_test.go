package preview

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"rummage/formats/geom"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// cube is a unit cube with one group per face.
func cube() *geom.Mesh {
	m := &geom.Mesh{Up: geom.YUp}
	for i := 0; i < 8; i++ {
		m.Positions = append(m.Positions, geom.Vec3{float32(i&1)*2 - 1, float32(i>>1&1)*2 - 1, float32(i>>2&1)*2 - 1})
	}
	quads := [6][4]uint32{{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}}
	for i, q := range quads {
		m.Groups = append(m.Groups, geom.Group{Name: "face", FirstTri: 2 * i, TriCount: 2})
		m.Indices = append(m.Indices, q[0], q[1], q[2], q[0], q[2], q[3])
	}
	return m
}

func render(r *Renderer, m *geom.Mesh, cam Camera, opt Options, w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r.Render(img, m, &cam, &opt)
	return img
}

// golden compares img with testdata/name: a pixel differs when a channel
// is off by more than 24; up to 0.5% of the pixels may differ.
func golden(t *testing.T, name string, img *image.RGBA) {
	t.Helper()
	goldenWithin(t, name, img, 24, 0.005)
}

// goldenWithin compares img with testdata/name: a pixel differs when a
// channel is off by more than step; up to the fraction off of the pixels
// may differ.
func goldenWithin(t *testing.T, name string, img *image.RGBA, step uint32, off float64) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run with -update to make it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if want.Bounds() != img.Bounds() {
		t.Fatalf("%s: size %v, want %v", name, img.Bounds(), want.Bounds())
	}
	bad := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, _ := img.At(x, y).RGBA()
			r2, g2, b2, _ := want.At(x, y).RGBA()
			d := max(absDiff(r1, r2), absDiff(g1, g2), absDiff(b1, b2)) >> 8
			if d > step {
				bad++
			}
		}
	}
	if limit := int(float64(b.Dx()*b.Dy()) * off); bad > limit {
		os.MkdirAll(filepath.Join("testdata", "failed"), 0o755)
		if f, err := os.Create(filepath.Join("testdata", "failed", name)); err == nil {
			png.Encode(f, img)
			f.Close()
		}
		t.Errorf("%s: %d pixels differ (limit %d); got image in testdata/failed", name, bad, limit)
	}
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

func TestGoldenCube(t *testing.T) {
	r := NewRenderer()
	defer r.Close()
	m := cube()
	cam := NewCamera(m.Bounds(), m.Up, 160.0/120)
	opt := DefaultOptions()
	opt.Points = true
	golden(t, "cube.png", render(r, m, cam, opt, 160, 120))
	cam.Projection = Orthographic
	cam.Fit(m.Bounds(), 160.0/120)
	opt.Bounds, opt.Points, opt.GroupColors = true, false, false
	golden(t, "cube_ortho.png", render(r, m, cam, opt, 160, 120))
}

// nearPlaneMesh is a big triangle whose far corner lies behind the eye of
// nearPlaneCamera.
func nearPlaneMesh() (*geom.Mesh, Camera) {
	m := &geom.Mesh{Up: geom.YUp, Positions: []geom.Vec3{{-3, 0, -3}, {3, 0, -3}, {0, 0, 30}}, Indices: []uint32{0, 1, 2}}
	cam := Camera{Distance: 10, Pitch: 0.25, FovY: math.Pi / 3, Up: geom.YUp}
	return m, cam
}

func TestGoldenNearPlane(t *testing.T) {
	r := NewRenderer()
	defer r.Close()
	m, cam := nearPlaneMesh()
	opt := DefaultOptions()
	opt.Axes, opt.Points = false, true
	img := render(r, m, cam, opt, 160, 120)
	golden(t, "near_plane.png", img)
	// The two clipped sides run from the far corners towards the viewer
	// and leave through the bottom edge: nothing may wrap into the top
	// half above the far side.
	f := cam.Frame(m.Bounds(), 160, 120)
	_, yFar, _ := f.Project([3]float32{0, 0, -3})
	for y := 0; y < int(yFar)-2; y++ {
		for x := 0; x < 160; x++ {
			if c := img.RGBAAt(x, y); c != img.RGBAAt(0, 0) {
				t.Fatalf("pixel (%d,%d) above the far side (y %.1f) is lit: %v", x, y, yFar, c)
			}
		}
	}
}

func TestGoldenOffscreen(t *testing.T) {
	r := NewRenderer()
	defer r.Close()
	m := geom.Torus(2, 0.6, 32, 12, 3, geom.ZUp)
	cam := NewCamera(m.Bounds(), m.Up, 160.0/120)
	cam.Dolly(0.7)
	cam.Pan(60, 30, 120)
	opt := DefaultOptions()
	opt.Bounds = true
	golden(t, "offscreen.png", render(r, m, cam, opt, 160, 120))
}

// Splitting the edges between workers (each beyond the first drawing on
// its own layer, composited in order) must give the frame one worker
// draws, up to rounding, on an opaque background and on a see-through one
// (render's PNGs: a layer's alpha is laid over the image's too).
func TestWorkersMatch(t *testing.T) {
	m := geom.Icosphere(1, 5, geom.ZUp)
	cam := NewCamera(m.Bounds(), m.Up, 1)
	for k, dolly := range []float32{1, 0.5, 1} { // 0.5: the camera ends up inside, near-plane clipping too
		cam.Dolly(dolly)
		opt := DefaultOptions()
		opt.Points, opt.Bounds = true, true
		if k == 2 {
			opt.Background = color.NRGBA{}
		}
		var imgs []*image.RGBA
		for _, n := range []int{1, 2, 3, 4} {
			r := newRendererN(n)
			imgs = append(imgs, render(r, m, cam, opt, 97, 131))
			imgs = append(imgs, render(r, m, cam, opt, 97, 131)) // layers must be clean again
			r.Close()
		}
		for i := 1; i < len(imgs); i++ {
			worst := 0
			for k := range imgs[0].Pix {
				d := int(imgs[0].Pix[k]) - int(imgs[i].Pix[k])
				if d < 0 {
					d = -d
				}
				worst = max(worst, d)
			}
			if worst > 4 {
				t.Errorf("dolly %g, background %v: image %d differs from the 1-worker one by up to %d", dolly, opt.Background, i, worst)
			}
		}
		lit := 0
		for k := 0; k < len(imgs[0].Pix); k += 4 {
			if imgs[0].Pix[k] != imgs[0].Pix[0] {
				lit++
			}
		}
		if lit < 500 {
			t.Fatalf("only %d pixels lit", lit)
		}
	}
}

// The layer arithmetic must never carry from one byte into the next.
func TestCompositeNoOverflow(t *testing.T) {
	for a := uint32(0); a <= 255; a++ {
		inv := overInv(a)
		for s := uint32(0); s <= a; s++ { // premultiplied: colour <= alpha
			if v := 255*inv>>8 + s; v > 255 {
				t.Fatalf("alpha %d, colour %d over 255 gives %d", a, s, v)
			}
		}
	}
	// a layer pixel stays premultiplied through any blends
	for a1 := uint32(0); a1 <= 256; a1 += 7 {
		for a2 := uint32(0); a2 <= 256; a2 += 5 {
			d := mix(0, ink(255|200<<16|17<<32|255<<48), a1)
			d = mix(d, ink(3|255<<16|255<<32|255<<48), a2)
			al := d >> 24
			if d&0xFF > al || d>>8&0xFF > al || d>>16&0xFF > al {
				t.Fatalf("blend left %08x not premultiplied", d)
			}
		}
	}
}

func TestNoAllocPerFrame(t *testing.T) {
	r := NewRenderer()
	defer r.Close()
	m := geom.Torus(2, 0.6, 64, 32, 5, geom.ZUp)
	cam := NewCamera(m.Bounds(), m.Up, 1.6)
	opt := DefaultOptions()
	opt.Points, opt.Bounds = true, true
	img := image.NewRGBA(image.Rect(0, 0, 320, 200))
	r.Render(img, m, &cam, &opt)
	allocs := testing.AllocsPerRun(20, func() {
		cam.Orbit(0.1, 0.01)
		r.Render(img, m, &cam, &opt)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per frame", allocs)
	}
}

func TestDecimate(t *testing.T) {
	r := NewRenderer()
	defer r.Close()
	m := geom.Torus(2, 0.6, 100, 50, 5, geom.ZUp)
	cam := NewCamera(m.Bounds(), m.Up, 1.6)
	opt := DefaultOptions()
	opt.MaxEdges = 1000
	img := image.NewRGBA(image.Rect(0, 0, 64, 40))
	st := r.Render(img, m, &cam, &opt)
	if !st.Decimated || st.Drawn > 1000 || st.Drawn < 900 || st.Edges != 15000 {
		t.Fatalf("stats %+v", st)
	}
	opt.MaxEdges = 0
	if st := r.Render(img, m, &cam, &opt); st.Decimated || st.Drawn != st.Edges {
		t.Fatalf("full frame stats %+v", st)
	}
}

func TestBadInput(t *testing.T) {
	r := NewRenderer()
	defer r.Close()
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	meshes := []*geom.Mesh{
		nil,
		{},
		{Positions: []geom.Vec3{{0, 0, 0}}},
		{Positions: []geom.Vec3{{0, 0, 0}, {nan, 1, 2}, {1, inf, 0}, {1, 1, 1}}, Indices: []uint32{0, 1, 2, 0, 3, 9, 3, 2, 0, 0, 3}},
		{Positions: []geom.Vec3{{1e30, 0, 0}, {-1e30, 0, 0}, {0, 1e-30, 0}}, Indices: []uint32{0, 1, 2}, Groups: []geom.Group{{FirstTri: 5, TriCount: -3}}},
	}
	for i, m := range meshes {
		cam := Camera{Distance: 3, FovY: 1}
		if m != nil {
			cam = NewCamera(m.Bounds(), m.Up, 1)
		}
		opt := DefaultOptions()
		opt.Points, opt.Bounds = true, true
		for mode := ModeWire; mode <= ModeTexturedWire+1; mode++ { // and one past the last
			opt.Mode = mode
			for _, size := range [][2]int{{0, 0}, {1, 1}, {33, 17}} {
				img := image.NewRGBA(image.Rect(0, 0, size[0], size[1]))
				r.Render(img, m, &cam, &opt)
			}
		}
		_ = i
	}
}

// mix must give, on every byte, (c*a + d*(256-a)) >> 8.
func TestMixBytes(t *testing.T) {
	for _, d := range []uint32{0, 0xFFFFFFFF, 0x80FF0001, 0x12345678, 0xFE01FE01} {
		for _, c := range []ink{0, 0x00FF00FF00FF00FF, 0x00FF000000FF0000, 0x0080001000FF0001} {
			for a := uint32(0); a <= 256; a++ {
				got := mix(d, c, a)
				for k := 0; k < 4; k++ {
					lane := [4]int{0, 32, 16, 48}[k] // red, green, blue, alpha lanes of c
					cv, dv := uint32(c>>lane&255), d>>(8*k)&255
					if want := (cv*a + dv*(256-a)) >> 8; got>>(8*k)&255 != want {
						t.Fatalf("mix(%08x, %016x, %d) byte %d = %d, want %d", d, uint64(c), a, k, got>>(8*k)&255, want)
					}
				}
			}
		}
	}
}
