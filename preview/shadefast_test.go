package preview

import (
	"image"
	"os"
	"testing"

	"rummage/formats"
	"rummage/formats/dff"
	"rummage/formats/dff/dfftest"
	"rummage/formats/geom"
)

// carOverlay is a car as the preview's Collision overlay draws it: the
// assembled, painted car, its collision model see-through over it and its
// 2DFX markers.
func carOverlay(t *testing.T, path string) *geom.Mesh {
	t.Helper()
	f, err := formats.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return dfftest.Overlaid(t, f.Root.(*dff.Root))
}

// fillDiff renders m textured at w×h, orbiting round it, with the fast
// fill and with the reference fill, and returns the largest channel
// difference and the mean difference per channel over the pixels the
// mesh covers (those not of the background in either image).
func fillDiff(t *testing.T, m *geom.Mesh, w, h int) (most int, mean float64) {
	t.Helper()
	fast, exact := NewRenderer(), NewRenderer()
	defer fast.Close()
	defer exact.Close()
	exact.exact = true
	opt := DefaultOptions()
	opt.Mode = ModeTextured
	a, b := image.NewRGBA(image.Rect(0, 0, w, h)), image.NewRGBA(image.Rect(0, 0, w, h))
	sum, n := 0, 0
	for _, yaw := range []float32{0, 0.7, 2, 3.5} {
		cam := NewCamera(m.Bounds(), m.Up, float32(w)/float32(h))
		cam.Fit(m.Bounds(), float32(w)/float32(h))
		cam.Orbit(yaw, 0.3)
		fast.Render(a, m, &cam, &opt)
		exact.Render(b, m, &cam, &opt)
		bg := a.Pix[:4]
		for i := 0; i < len(a.Pix); i += 4 {
			p, q := a.Pix[i:i+4], b.Pix[i:i+4]
			if string(p) == string(bg) && string(q) == string(bg) {
				continue
			}
			n += 4
			for c := range 4 {
				d := int(p[c]) - int(q[c])
				d = max(d, -d)
				most, sum = max(most, d), sum+d
			}
		}
	}
	if n == 0 {
		t.Fatal("nothing drawn")
	}
	return most, float64(sum) / float64(n)
}

// The fast fill (integer colour, attributes divided by 1/w every
// spanLen pixels and stepped straight in between where that strays by at
// most 1/16 texel) stays within a few rounding steps of the reference
// fill, over four views at 640×400 (differences per channel, over the
// pixels the mesh covers; measured): the test car with its collision
// overlay max 0, mean 0; a textured torus (bilinear, 64×64 textures
// wrapped, their seams in view) max 3, mean 0.0022; San Andreas' admiral
// with its overlay (when RUMMAGE_SA_REAL names the game folder) max 2,
// mean 0.0064.
func TestFastFillMatchesExact(t *testing.T) {
	p, err := dfftest.WriteFolder(t.TempDir(), dfftest.Folder{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		m    *geom.Mesh
		most int
		mean float64
	}{
		{"testcar", carOverlay(t, p), 4, 0.01},
		{"torus", texturedTorus(48, 24, 64), 4, 0.01},
	}
	if dir := os.Getenv("RUMMAGE_SA_REAL"); dir != "" {
		cases = append(cases, struct {
			name string
			m    *geom.Mesh
			most int
			mean float64
		}{"admiral", carOverlay(t, dir+"/MODELS/(to)GTA3.IMG/admiral.dff"), 4, 0.02})
	}
	for _, c := range cases {
		most, mean := fillDiff(t, c.m, 640, 400)
		t.Logf("%s: max %d, mean %.4f", c.name, most, mean)
		if most > c.most || mean > c.mean {
			t.Errorf("%s: fast fill differs from the reference by max %d, mean %.4f (want ≤ %d, ≤ %.3f)", c.name, most, mean, c.most, c.mean)
		}
	}
}

// lerpSpread rounds every channel as ⌊(a·(256-f) + b·f) / 256⌋, the mix
// sample has always made, whatever the bytes.
func TestLerpSpread(t *testing.T) {
	seed := uint32(1)
	next := func() uint32 { seed = seed*1664525 + 1013904223; return seed }
	for range 20000 {
		a, b, f := next(), next(), next()%257
		got := lerpSpread(spread(a), spread(b), uint64(f))
		got32 := uint32(got) | uint32(got>>24)
		for c := 0; c < 32; c += 8 {
			ca, cb := a>>c&255, b>>c&255
			if want := (ca*(256-f) + cb*f) >> 8; got32>>c&255 != want {
				t.Fatalf("lerpSpread(%08x, %08x, %d) = %08x: channel at bit %d is %d, want %d", a, b, f, got32, c, got32>>c&255, want)
			}
		}
	}
}
