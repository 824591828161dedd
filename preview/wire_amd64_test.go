//go:build !purego

package preview

import (
	"bytes"
	"image"
	"math/rand"
	"testing"
	"unsafe"

	"golang.org/x/sys/cpu"

	"rummage/formats/geom"
)

// The assembly reads these layouts with fixed strides.
func TestWireAsmLayouts(t *testing.T) {
	if s := unsafe.Sizeof(vert{}); s != 16 {
		t.Errorf("vert is %d bytes; wire_amd64.s shifts indices by 4", s)
	}
	if s := unsafe.Sizeof(geom.Edge{}); s != 8 {
		t.Errorf("geom.Edge is %d bytes; wire_amd64.s scales by 8", s)
	}
	if o := unsafe.Offsetof(vert{}.a); o != vertA {
		t.Errorf("vert.a is at %d; wire8_amd64.s reads it at vertA = %d", o, vertA)
	}
	if o := unsafe.Offsetof(vert{}.code); o != vertCode {
		t.Errorf("vert.code is at %d; wire8_amd64.s reads it at vertCode = %d", o, vertCode)
	}
	if s := unsafe.Sizeof(ink(0)); s != 8 {
		t.Errorf("ink is %d bytes; wire_amd64.s scales by 8", s)
	}
}

// randomSoup is n random triangles in [-s, s]³, a few of them huge, in
// two groups and one out-of-range group index.
func randomSoup(rng *rand.Rand, n int, s float32) *geom.Mesh {
	m := &geom.Mesh{Up: geom.YUp}
	for i := 0; i < n; i++ {
		k := s
		if i%37 == 0 {
			k = 40 * s
		}
		for j := 0; j < 3; j++ {
			m.Positions = append(m.Positions, geom.Vec3{(rng.Float32()*2 - 1) * k, (rng.Float32()*2 - 1) * k, (rng.Float32()*2 - 1) * k})
		}
		m.Indices = append(m.Indices, uint32(3*i), uint32(3*i+1), uint32(3*i+2))
	}
	m.Groups = []geom.Group{{Name: "a", FirstTri: 0, TriCount: n / 2}, {Name: "b", FirstTri: n / 2, TriCount: n - n/2}}
	return m
}

// wireScenes renders scenes with an assembly loop (set(true)) and with
// the Go loop it copies (set(false)) and hands both frames to check.
func wireScenes(set func(asm bool), check func(name string, asm, gol *image.RGBA)) {
	rng := rand.New(rand.NewSource(3))
	outline := geom.Icosphere(1, 3, geom.YUp)
	for i := 0; i+2 < len(outline.Indices); i += 7 {
		outline.Indices[i+2] = outline.Indices[i+1] // degenerate: single edges
	}
	meshes := map[string]*geom.Mesh{
		"torus":   geom.Torus(3, 1, 120, 60, 8, geom.ZUp),
		"ico":     geom.Icosphere(1, 6, geom.ZUp),
		"soup":    randomSoup(rng, 1500, 1),
		"outline": outline,
		"cube":    cube(),
	}
	sizes := [][2]int{{173, 131}, {640, 481}, {4, 3}, {9, 200}}
	defer set(true)
	for name, m := range meshes {
		for k := 0; k < 6; k++ {
			sz := sizes[rng.Intn(len(sizes))]
			cam := NewCamera(m.Bounds(), m.Up, float32(sz[0])/float32(sz[1]))
			cam.Orbit(rng.Float32()*6, rng.Float32()*2-1)
			cam.Dolly([]float32{1, 0.6, 0.2, 2.5}[k%4])
			if k == 5 {
				cam.SwapYZ, cam.Up = true, geom.ZUp // mirrored: back faces turn the other way
			}
			opt := DefaultOptions()
			opt.BackFaces = k != 1
			opt.GroupColors = k != 2
			if k == 3 {
				opt.MaxEdges = 500 // decimated: a stride through the edges
			}
			r := newRendererN(1 + k%3)
			set(true)
			asm := render(r, m, cam, opt, sz[0], sz[1])
			set(false)
			gol := render(r, m, cam, opt, sz[0], sz[1])
			r.Close()
			check(name, asm, gol)
		}
	}
}

// The assembly run draws exactly what the Go loop draws, eight edges at
// a time (wireRun8, where the CPU has AVX2) and one by one (wireRun).
func TestWireAsmMatchesGo(t *testing.T) {
	for _, wide := range []bool{true, false} {
		if wide && !cpu.X86.HasAVX2 {
			t.Log("no AVX2 here: wireRun8 is not tested")
			continue
		}
		wideOK = wide
		sameFrames(t, func(on bool) { wireAsm = on })
	}
	wideOK = cpu.X86.HasAVX2
}

// The eight-edge run reaches most edges of a big mesh (or the test above
// would not test it).
func TestWireRun8DrawsMostEdges(t *testing.T) {
	if !cpu.X86.HasAVX2 {
		t.Skip("no AVX2")
	}
	m := geom.Torus(3, 1, 120, 60, 8, geom.ZUp)
	cam := NewCamera(m.Bounds(), m.Up, 1)
	r := newRendererN(1)
	defer r.Close()
	render(r, m, cam, DefaultOptions(), 300, 300)
	rr := r.renderer
	img := image.NewRGBA(image.Rect(0, 0, 300, 300))
	a := wireArgs{pix: &img.Pix[0], npix: len(img.Pix) - 3, stride: img.Stride,
		edges: &rr.edges[0], egroup: &rr.egroup[0], verts: &rr.verts[0], nverts: len(rr.verts),
		pal: &rr.palette[0], npal: len(rr.palette), recip: &recip[0], st: 1,
		etris: &rr.etris[0], away: &rr.away[0], ntri: len(rr.away)}
	if !rr.setWide(&a, img.Pix, img.Stride) {
		t.Fatal("setWide refused a plain frame")
	}
	wide := 0
	for e := 0; e < len(rr.edges); e++ {
		a.e, a.hi = e, len(rr.edges)
		n := wireRun8(&a)
		if n < 0 {
			t.Fatalf("wireRun8 refused edge %d", ^n)
		}
		wide += n - e
		e = n + 7 // past the group it stopped at
	}
	if wide < len(rr.edges)*9/10 {
		t.Errorf("wireRun8 drew %d of %d edges", wide, len(rr.edges))
	}
}

// sameFrames checks that the scenes of wireScenes come out the same
// byte for byte either way, and light enough pixels to mean something.
func sameFrames(t *testing.T, set func(asm bool)) {
	t.Helper()
	lit := 0
	wireScenes(set, func(name string, asm, gol *image.RGBA) {
		if !bytes.Equal(asm.Pix, gol.Pix) {
			diff := 0
			for i := range asm.Pix {
				if asm.Pix[i] != gol.Pix[i] {
					diff++
				}
			}
			t.Errorf("%s %v: %d bytes differ", name, asm.Rect.Size(), diff)
		}
		for i := 0; i < len(gol.Pix); i += 4 {
			if gol.Pix[i] != gol.Pix[0] {
				lit++
			}
		}
	})
	if lit < 10000 {
		t.Fatalf("only %d pixels lit in all scenes", lit)
	}
}

// Edge by edge on one frame: the same pixels, and the same stopping edge
// at each edge that needs clipping.
func TestWireRunStopsWhereDrawRunStops(t *testing.T) {
	m := geom.Icosphere(1, 8, geom.ZUp)
	cam := NewCamera(m.Bounds(), m.Up, 1)
	cam.Dolly(0.45) // some vertices off the sides and behind the eye
	r := newRendererN(1)
	defer r.Close()
	render(r, m, cam, DefaultOptions(), 200, 200)
	rr := r.renderer
	defer func() { wireAsm = true }()
	var imgs [2]*image.RGBA
	var stops [2][]int
	for i, on := range []bool{true, false} {
		wireAsm = on
		imgs[i] = image.NewRGBA(image.Rect(0, 0, 200, 200))
		for e := 0; e < len(rr.edges); e++ {
			e = rr.fastRun(imgs[i].Pix, imgs[i].Stride, e, len(rr.edges))
			stops[i] = append(stops[i], e)
		}
	}
	if len(stops[0]) < 20 || len(stops[0]) == len(rr.edges) {
		t.Fatalf("%d stops in %d edges: the view does not mix easy and hard edges", len(stops[0]), len(rr.edges))
	}
	if !slicesEqual(stops[0], stops[1]) {
		t.Errorf("stops differ: asm %v…, Go %v…", stops[0][:10], stops[1][:10])
	}
	if !bytes.Equal(imgs[0].Pix, imgs[1].Pix) {
		t.Error("pixels differ")
	}
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A broken invariant (a triangle index or a pixel out of range) panics as
// the Go loop does, instead of writing outside the image.
func TestWireRunRefusesBrokenEdges(t *testing.T) {
	m := geom.Icosphere(1, 2, geom.ZUp)
	cam := NewCamera(m.Bounds(), m.Up, 1)
	r := newRendererN(1)
	defer r.Close()
	render(r, m, cam, DefaultOptions(), 64, 64)
	rr := r.renderer
	panics := func(what string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: no panic", what)
			}
		}()
		f()
	}
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	saved := rr.etris[0]
	rr.etris[0] = [2]uint32{uint32(len(rr.away)) + 5, uint32(len(rr.away)) + 5}
	panics("triangle out of range", func() { rr.fastRun(img.Pix, img.Stride, 0, 1) })
	rr.etris[0] = saved
	va := &rr.verts[rr.edges[0].A]
	saveV := *va
	va.x, va.y, va.code = 1<<20, 1<<20, 0 // claims to be inside, lies far outside
	panics("pixel out of range", func() { rr.fastRun(img.Pix, img.Stride, 0, 1) })
	panics("pixel out of range, eight at a time", func() { rr.fastRun(img.Pix, img.Stride, 0, len(rr.edges)) })
	*va = saveV
}
