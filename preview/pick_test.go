package preview

import (
	"image"
	"image/color"
	"testing"

	"rummage/formats/geom"
)

// pickQuad appends the square [x0,x1]×[y0,y1] at height z as one group of two
// triangles facing +Z (or -Z when down).
func pickQuad(m *geom.Mesh, name string, x0, y0, x1, y1, z float32, down bool) {
	base := uint32(len(m.Positions))
	m.Positions = append(m.Positions, geom.Vec3{x0, y0, z}, geom.Vec3{x1, y0, z}, geom.Vec3{x1, y1, z}, geom.Vec3{x0, y1, z})
	tris := []uint32{0, 1, 2, 0, 2, 3}
	if down {
		tris = []uint32{0, 2, 1, 0, 3, 2}
	}
	m.Groups = append(m.Groups, geom.Group{Name: name, FirstTri: m.Triangles(), TriCount: 2})
	for _, i := range tris {
		m.Indices = append(m.Indices, base+i)
	}
}

// stacked is a 2×2 floor (group 0) under a 1×1 tile (group 1) half a unit
// above it, seen from the top.
func stacked(tileDown bool) *geom.Mesh {
	m := &geom.Mesh{Up: geom.ZUp}
	pickQuad(m, "floor", -1, -1, 1, 1, 0, false)
	pickQuad(m, "tile", -0.5, -0.5, 0.5, 0.5, 0.5, tileDown)
	return m
}

// TestPickStacked: the nearer tile is picked over the floor, the floor
// round it, nothing outside; a tile turned away is passed through when
// culling (unless two-sided) and picked when not.
func TestPickStacked(t *testing.T) {
	const w, h = 120, 90
	at := func(m *geom.Mesh, cam *Camera, x, y float32) (float32, float32) {
		fr := cam.Frame(m.Bounds(), w, h)
		px, py, ok := fr.Project([3]float32{x, y, 0})
		if !ok {
			t.Fatalf("(%g, %g) does not project", x, y)
		}
		return px, py
	}
	for _, proj := range []Projection{Orthographic, Perspective} {
		m := stacked(false)
		cam := StillCamera(Top, m.Bounds(), m.Up, w, h)
		cam.Projection = proj
		group := func(x, y float32, cull bool) int {
			px, py := at(m, &cam, x, y)
			tri := Pick(m, &cam, w, h, px, py, cull)
			if tri < 0 {
				return -1
			}
			return m.GroupOf(tri)
		}
		if g := group(0.1, 0.2, true); g != 1 {
			t.Errorf("%v: the tile's centre picks group %d", proj, g)
		}
		if g := group(0.8, -0.7, true); g != 0 {
			t.Errorf("%v: the floor picks group %d", proj, g)
		}
		if g := group(1.3, 0, true); g != -1 {
			t.Errorf("%v: beside the floor picks group %d", proj, g)
		}
		m = stacked(true)
		if g := group(0.1, 0.2, true); g != 0 {
			t.Errorf("%v: a tile facing away is picked (group %d) when culling", proj, g)
		}
		if g := group(0.1, 0.2, false); g != 1 {
			t.Errorf("%v: a tile facing away is not picked (group %d) without culling", proj, g)
		}
		m.Groups[1].Surface = &geom.Material{TwoSided: true}
		if g := group(0.1, 0.2, true); g != 1 {
			t.Errorf("%v: a two-sided tile facing away is not picked (group %d)", proj, g)
		}
	}
	m := stacked(false)
	cam := StillCamera(Top, m.Bounds(), m.Up, w, h)
	for _, p := range [][2]float32{{-1, 5}, {5, -1}, {w + 1, 5}, {5, h + 1}} {
		if tri := Pick(m, &cam, w, h, p[0], p[1], true); tri != -1 {
			t.Errorf("a point off the image %v picks triangle %d", p, tri)
		}
	}
	if Pick(nil, &cam, w, h, 5, 5, true) != -1 || Pick(m, &cam, 0, h, 0, 5, true) != -1 {
		t.Error("no mesh or no image picks something")
	}
}

// TestPickMatchesFrame renders meshes unlit in their group colours and
// checks that the group picked at each pixel centre is the group whose
// colour the pixel has (the background where nothing is picked): in
// perspective, and seen Y-up through SwapYZ's mirror.
func TestPickMatchesFrame(t *testing.T) {
	const w, h = 160, 120
	ico := geom.Icosphere(1, 3, geom.YUp)
	torus := geom.Torus(2, 0.7, 24, 10, 6, geom.ZUp)
	for _, c := range []struct {
		name string
		m    *geom.Mesh
		cam  Camera
	}{
		{"icosphere perspective", ico, NewCamera(ico.Bounds(), ico.Up, float32(w)/h)},
		{"icosphere mirrored", ico, StillCamera(Iso, ico.Bounds(), ico.Up, w, h)},
		{"torus perspective", torus, NewCamera(torus.Bounds(), torus.Up, float32(w)/h)},
	} {
		opt := DefaultOptions()
		opt.Mode, opt.Unlit, opt.Axes = ModeSolid, true, false
		r := NewRenderer()
		img := render(r, c.m, c.cam, opt, w, h)
		r.Close()
		want := func(g int) color.RGBA {
			if g < 0 {
				return color.RGBA(opt.Background) // opaque: the same premultiplied
			}
			k := groupColor(c.m, g)
			return color.RGBA{k.R, k.G, k.B, 255}
		}
		bad, hits, n := 0, 0, 0
		for y := 0; y < h; y += 2 {
			for x := 0; x < w; x += 2 {
				tri := Pick(c.m, &c.cam, w, h, float32(x)+0.5, float32(y)+0.5, true)
				g := -1
				if tri >= 0 {
					g = c.m.GroupOf(tri)
					hits++
				}
				n++
				if img.RGBAAt(x, y) != want(g) {
					bad++
				}
			}
		}
		if hits < n/10 || bad*100 > n {
			t.Errorf("%s: %d of %d pixels disagree with the pick (%d picked)", c.name, bad, n, hits)
		}
	}
}

// TestUnlit: with the light off every face shows its colour exactly, front
// or back, flat or smooth, plain or textured; with it on a face turned
// from the light is darker. An unlit frame allocates nothing.
func TestUnlit(t *testing.T) {
	const w, h = 64, 48
	m := &geom.Mesh{Up: geom.ZUp}
	pickQuad(m, "floor", -1, -1, 1, 1, 0, false)
	red := color.NRGBA{200, 40, 30, 255}
	tex := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	copy(tex.Pix, []uint8{255, 255, 255, 255, 10, 20, 30, 255, 10, 20, 30, 255, 255, 255, 255, 255})
	m.UVs = [][]geom.Vec2{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}}
	cam := StillCamera(Iso, m.Bounds(), m.Up, w, h)
	r := NewRenderer()
	defer r.Close()
	centre := func(img *image.RGBA) color.RGBA { return img.RGBAAt(w/2, h/2) }
	for _, sh := range []Shading{ShadeFlat, ShadeSmooth} {
		m.Groups[0].Surface = &geom.Material{Color: red, TwoSided: true}
		opt := DefaultOptions()
		opt.Mode, opt.Shading, opt.Unlit, opt.Axes, opt.GroupColors = ModeSolid, sh, true, false, false
		if got := centre(render(r, m, cam, opt, w, h)); got != (color.RGBA{200, 40, 30, 255}) {
			t.Errorf("shading %d: unlit face %v, want its colour", sh, got)
		}
		opt.Unlit = false
		if got := centre(render(r, m, cam, opt, w, h)); got.R >= 200 {
			t.Errorf("shading %d: a lit face at an angle is %v, as bright as its colour", sh, got)
		}
		under := StillCamera(Iso, m.Bounds(), m.Up, w, h)
		under.Pitch = -under.Pitch // from below: the back face
		opt.Unlit = true
		if got := centre(render(r, m, under, opt, w, h)); got != (color.RGBA{200, 40, 30, 255}) {
			t.Errorf("shading %d: unlit back face %v", sh, got)
		}
		// textured: the four texels exactly
		m.Groups[0].Surface = &geom.Material{Texture: tex, AddressU: geom.Clamp, AddressV: geom.Clamp}
		opt.Mode, opt.Nearest = ModeTextured, true
		top := StillCamera(Top, m.Bounds(), m.Up, w, h)
		img := render(r, m, top, opt, w, h)
		fr := top.Frame(m.Bounds(), w, h)
		for _, q := range [][3]float32{{-0.5, -0.5, 255}, {0.5, -0.5, 10}, {-0.5, 0.5, 10}, {0.5, 0.5, 255}} {
			x, y, _ := fr.Project([3]float32{q[0], q[1], 0})
			if got := img.RGBAAt(int(x), int(y)); float32(got.R) != q[2] {
				t.Errorf("shading %d: texel at (%g, %g) shows %v", sh, q[0], q[1], got)
			}
		}
		if allocs := testing.AllocsPerRun(5, func() { r.Render(img, m, &top, &opt) }); allocs != 0 {
			t.Errorf("shading %d: %v allocations per unlit frame", sh, allocs)
		}
	}
}

// BenchmarkPick1M picks the centre of a million-triangle torus: the cost
// of one click in the preview.
func BenchmarkPick1M(b *testing.B) {
	m := geom.Torus(3, 1, 1000, 500, 8, geom.ZUp)
	cam := NewCamera(m.Bounds(), m.Up, 1280.0/800)
	for b.Loop() {
		if Pick(m, &cam, 1280, 800, 640, 300, true) < 0 {
			b.Fatal("nothing picked")
		}
	}
}
