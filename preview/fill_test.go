package preview

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// quad adds to m a 2×2 square centred on c facing -Y (Z up): corners
// (x±1, y, z±1), UV (0, 0) at the top left seen from the front, as one
// group with material mat and colour hint col.
func quad(m *geom.Mesh, c geom.Vec3, mat *geom.Material, col color.NRGBA) {
	base := uint32(len(m.Positions))
	m.Positions = append(m.Positions,
		geom.Vec3{c[0] - 1, c[1], c[2] - 1}, geom.Vec3{c[0] + 1, c[1], c[2] - 1},
		geom.Vec3{c[0] + 1, c[1], c[2] + 1}, geom.Vec3{c[0] - 1, c[1], c[2] + 1})
	if len(m.UVs) == 0 {
		m.UVs = [][]geom.Vec2{nil}
	}
	m.UVs[0] = append(m.UVs[0], geom.Vec2{0, 1}, geom.Vec2{1, 1}, geom.Vec2{1, 0}, geom.Vec2{0, 0})
	m.Groups = append(m.Groups, geom.Group{Name: "quad", FirstTri: m.Triangles(), TriCount: 2, Color: col, Surface: mat})
	m.Indices = append(m.Indices, base, base+1, base+2, base, base+2, base+3)
}

// frontCam looks at the origin from -Y, orthographic, with a view 4 units
// high: in a 64×64 image a unit is 16 pixels and quad{0,0,0} covers
// pixels 16..47 both ways.
func frontCam() Camera {
	return Camera{Yaw: -math.Pi / 2, FovY: math.Pi / 2, Distance: 2, Projection: Orthographic, Up: geom.ZUp}
}

// fillOpt is a fill view on a transparent background with no gizmo.
func fillOpt(mode Mode) Options {
	opt := DefaultOptions()
	opt.Mode, opt.Axes, opt.GroupColors = mode, false, false
	opt.Background = color.NRGBA{}
	return opt
}

func renderFill(t *testing.T, m *geom.Mesh, cam Camera, opt Options, w, h int) *image.RGBA {
	t.Helper()
	r := NewRenderer()
	defer r.Close()
	return render(r, m, cam, opt, w, h)
}

// frontLight is the light on a face that looks at the camera.
var frontLight = lit(headLight[2])

// lightened is c's colour under light l, as the renderer rounds it.
func lightened(c color.NRGBA, l float32) color.RGBA {
	p := packColor(float32(c.R)/255*l, float32(c.G)/255*l, float32(c.B)/255*l, 1)
	return color.RGBA{uint8(p), uint8(p >> 8), uint8(p >> 16), 255}
}

// checker is a 2×2 texture: red, green over blue, white.
func checker() *image.NRGBA {
	tex := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	tex.SetNRGBA(0, 0, color.NRGBA{255, 0, 0, 255})
	tex.SetNRGBA(1, 0, color.NRGBA{0, 255, 0, 255})
	tex.SetNRGBA(0, 1, color.NRGBA{0, 0, 255, 255})
	tex.SetNRGBA(1, 1, color.NRGBA{255, 255, 255, 255})
	return tex
}

// A 2×2 checker on a quad seen from the front gives four quadrants of
// exactly the texels' colours (nearest), or of the texels' colours on the
// outer halves of each quadrant (bilinear, clamped), and nothing outside.
func TestCheckerQuadrants(t *testing.T) {
	tex := checker()
	for _, nearest := range []bool{true, false} {
		m := &geom.Mesh{Up: geom.ZUp}
		quad(m, geom.Vec3{}, &geom.Material{Texture: tex, AddressU: geom.Clamp, AddressV: geom.Clamp}, color.NRGBA{})
		opt := fillOpt(ModeTextured)
		opt.Nearest = nearest
		img := renderFill(t, m, frontCam(), opt, 64, 64)
		for y := 0; y < 64; y++ {
			for x := 0; x < 64; x++ {
				got := img.RGBAAt(x, y)
				if x < 16 || x >= 48 || y < 16 || y >= 48 {
					if got != (color.RGBA{}) {
						t.Fatalf("nearest %v: (%d,%d) outside the quad is %v, want transparent", nearest, x, y, got)
					}
					continue
				}
				outer := func(i int) bool { return i < 24 || i >= 40 } // u or v beyond the texel centres
				if !nearest && !(outer(x) && outer(y)) {
					continue
				}
				want := lightened(tex.NRGBAAt((x-16)/16, (y-16)/16), frontLight)
				if got != want {
					t.Fatalf("nearest %v: (%d,%d) is %v, want %v", nearest, x, y, got, want)
				}
			}
		}
	}
}

// Wrapping reads the far texel across the edge where clamping repeats the
// edge one.
func TestWrapAndClamp(t *testing.T) {
	tex := checker()
	at := func(a geom.Address) color.RGBA {
		m := &geom.Mesh{Up: geom.ZUp}
		quad(m, geom.Vec3{}, &geom.Material{Texture: tex, AddressU: a, AddressV: a}, color.NRGBA{})
		return renderFill(t, m, frontCam(), fillOpt(ModeTextured), 64, 64).RGBAAt(16, 16)
	}
	clamped, wrapped := at(geom.Clamp), at(geom.Wrap)
	if want := lightened(tex.NRGBAAt(0, 0), frontLight); clamped != want {
		t.Errorf("clamped corner %v, want %v", clamped, want)
	}
	if wrapped.G == 0 || wrapped.B == 0 {
		t.Errorf("wrapped corner %v: want the red texel mixed with the green and blue ones across the edges", wrapped)
	}
}

// cube is a 2×2×2 box round the origin, Z up, one group, outward fronts.
func zCube(mat *geom.Material) *geom.Mesh {
	m := cube()
	m.Up = geom.ZUp
	m.Groups = []geom.Group{{Name: "cube", TriCount: 12, Surface: mat}}
	return m
}

// distinct counts the distinct colours of the opaque pixels and fails on
// any pixel that is neither opaque nor transparent.
func distinct(t *testing.T, img *image.RGBA) map[color.RGBA]int {
	t.Helper()
	seen := map[color.RGBA]int{}
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			c := img.RGBAAt(x, y)
			switch c.A {
			case 255:
				seen[c]++
			case 0:
				if c != (color.RGBA{}) {
					t.Fatalf("(%d,%d) is %v: transparent but coloured", x, y, c)
				}
			default:
				t.Fatalf("(%d,%d) is %v: partly transparent", x, y, c)
			}
		}
	}
	return seen
}

// The test cube's fronts face out (the wire tests' cube winds them that way).
func TestCubeFacesOut(t *testing.T) {
	m := cube()
	for tr := 0; tr < m.Triangles(); tr++ {
		p := m.Positions
		a, b, c := mgl32.Vec3(p[m.Indices[3*tr]]), mgl32.Vec3(p[m.Indices[3*tr+1]]), mgl32.Vec3(p[m.Indices[3*tr+2]])
		n := b.Sub(a).Cross(c.Sub(a))
		if n.Dot(a.Add(b).Add(c)) <= 0 {
			t.Fatalf("triangle %d faces in", tr)
		}
	}
}

// From iso, flat shading shows the cube's three visible faces in three
// shades, brightest on top; from the front, one.
func TestCubeShades(t *testing.T) {
	m := zCube(nil)
	opt := fillOpt(ModeSolid)
	opt.Shading = ShadeFlat
	iso := renderFill(t, m, StillCamera(Iso, m.Bounds(), m.Up, 96, 96), opt, 96, 96)
	shades := distinct(t, iso)
	if len(shades) != 3 {
		t.Fatalf("iso: %d shades %v, want 3", len(shades), shades)
	}
	total := 0
	for _, n := range shades {
		total += n
	}
	for c, n := range shades {
		if n < total/5 {
			t.Errorf("shade %v covers only %d of %d pixels", c, n, total)
		}
	}
	top, side := iso.RGBAAt(48, 30), iso.RGBAAt(40, 60)
	if top.R <= side.R {
		t.Errorf("top face %v is not brighter than the left one %v", top, side)
	}
	front := renderFill(t, m, StillCamera(Front, m.Bounds(), m.Up, 64, 64), opt, 64, 64)
	if n := len(distinct(t, front)); n != 1 {
		t.Errorf("front: %d shades, want 1", n)
	}
}

// The nearer of two overlapping quads shows where they overlap, whichever
// comes first in the mesh.
func TestDepthOrder(t *testing.T) {
	red, blue := color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 255, 255}
	for _, nearFirst := range []bool{true, false} {
		m := &geom.Mesh{Up: geom.ZUp}
		if nearFirst {
			quad(m, geom.Vec3{-0.5, 0, 0}, nil, red)
			quad(m, geom.Vec3{0.5, 1, 0}, nil, blue)
		} else {
			quad(m, geom.Vec3{0.5, 1, 0}, nil, blue)
			quad(m, geom.Vec3{-0.5, 0, 0}, nil, red)
		}
		opt := fillOpt(ModeSolid)
		opt.GroupColors = true
		img := renderFill(t, m, frontCam(), opt, 64, 64)
		for _, c := range []struct {
			x    int
			want color.NRGBA
		}{{12, red}, {32, red}, {52, blue}} {
			if got, want := img.RGBAAt(c.x, 32), lightened(c.want, frontLight); got != want {
				t.Errorf("near first %v: (%d,32) is %v, want %v", nearFirst, c.x, got, want)
			}
		}
	}
}

// An alpha-tested texture cuts its transparent half out of the near quad,
// depth included, so the far quad shows through.
func TestAlphaTestCutOut(t *testing.T) {
	tex := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	tex.SetNRGBA(0, 0, color.NRGBA{255, 0, 0, 0})
	tex.SetNRGBA(1, 0, color.NRGBA{0, 255, 0, 255})
	m := &geom.Mesh{Up: geom.ZUp}
	quad(m, geom.Vec3{}, &geom.Material{Texture: tex, AlphaTest: true, AlphaRef: 128}, color.NRGBA{})
	blue := color.NRGBA{0, 0, 255, 255}
	quad(m, geom.Vec3{0, 1, 0}, &geom.Material{Color: blue}, color.NRGBA{})
	opt := fillOpt(ModeTextured)
	opt.Nearest = true
	img := renderFill(t, m, frontCam(), opt, 64, 64)
	if got, want := img.RGBAAt(20, 32), lightened(blue, frontLight); got != want {
		t.Errorf("cut-out half: %v, want the far quad's %v", got, want)
	}
	if got, want := img.RGBAAt(44, 32), lightened(color.NRGBA{0, 255, 0, 255}, frontLight); got != want {
		t.Errorf("kept half: %v, want %v", got, want)
	}
}

// Blended groups draw after the opaque ones and mix by their category.
func TestBlendModes(t *testing.T) {
	grey := color.NRGBA{100, 100, 100, 255}
	src := color.NRGBA{200, 40, 0, 128}
	for _, c := range []struct {
		mode geom.BlendMode
		want func(s, a, d float32) float32 // one channel over an opaque background
	}{
		{geom.BlendOpaque, func(s, a, d float32) float32 { return s }},
		{geom.BlendAlpha, func(s, a, d float32) float32 { return s*a + d*(1-a) }},
		{geom.BlendAdd, func(s, a, d float32) float32 { return min(s*a+d, 1) }},
		{geom.BlendModulate, func(s, a, d float32) float32 { return s * d }},
		{geom.BlendModulate2X, func(s, a, d float32) float32 { return min(2*s*d, 1) }},
	} {
		m := &geom.Mesh{Up: geom.ZUp}
		quad(m, geom.Vec3{}, &geom.Material{Color: src, Blend: c.mode}, color.NRGBA{}) // first in the mesh, drawn last
		quad(m, geom.Vec3{0, 1, 0}, &geom.Material{Color: grey}, color.NRGBA{})
		got := renderFill(t, m, frontCam(), fillOpt(ModeTextured), 64, 64).RGBAAt(32, 32)
		d := lightened(grey, frontLight)
		a := float32(src.A) / 255
		ch := func(s uint8, d uint8) uint8 {
			return uint8(unit255(c.want(float32(s)/255*frontLight, a, float32(d)/255)))
		}
		want := color.RGBA{ch(src.R, d.R), ch(src.G, d.G), ch(src.B, d.B), 255}
		if absDiff(uint32(got.R), uint32(want.R)) > 1 || absDiff(uint32(got.G), uint32(want.G)) > 1 || got.B != want.B || got.A != 255 {
			t.Errorf("blend %d: %v, want %v", c.mode, got, want)
		}
	}
}

// Light added onto the transparent background keeps the image valid
// premultiplied colour, and see-through colour stays see-through.
func TestBlendOnTransparent(t *testing.T) {
	for _, mode := range []geom.BlendMode{geom.BlendAlpha, geom.BlendAdd, geom.BlendModulate, geom.BlendModulate2X} {
		m := &geom.Mesh{Up: geom.ZUp}
		quad(m, geom.Vec3{}, &geom.Material{Color: color.NRGBA{250, 120, 10, 100}, Blend: mode}, color.NRGBA{})
		got := renderFill(t, m, frontCam(), fillOpt(ModeTextured), 64, 64).RGBAAt(32, 32)
		if got.R > got.A || got.G > got.A || got.B > got.A {
			t.Errorf("blend %d: %v is not premultiplied", mode, got)
		}
		if opaque := got.A == 255; opaque {
			t.Errorf("blend %d: %v is opaque over nothing", mode, got)
		}
	}
}

// A one-sided quad seen from behind is culled; a two-sided one is drawn,
// lit on its back as its front is from the front.
func TestBackFaces(t *testing.T) {
	for _, two := range []bool{false, true} {
		m := &geom.Mesh{Up: geom.ZUp}
		quad(m, geom.Vec3{}, &geom.Material{TwoSided: two}, color.NRGBA{})
		for _, vp := range []Viewpoint{Front, Back} {
			img := renderFill(t, m, StillCamera(vp, m.Bounds(), m.Up, 48, 48), fillOpt(ModeTextured), 48, 48)
			got := img.RGBAAt(24, 24)
			want := lightened(color.NRGBA{255, 255, 255, 255}, frontLight)
			if vp == Back && !two {
				want = color.RGBA{}
			}
			if got != want {
				t.Errorf("two-sided %v, from %v: %v, want %v", two, vp, got, want)
			}
		}
	}
}

// A Y-up mesh is shown with y and z exchanged: its fronts stay fronts,
// and its +Y is up in the image.
func TestSwapYZKeepsFronts(t *testing.T) {
	m := &geom.Mesh{Up: geom.ZUp}
	quad(m, geom.Vec3{}, nil, color.NRGBA{})
	y := &geom.Mesh{Up: geom.YUp, Indices: m.Indices, Groups: m.Groups}
	for _, p := range m.Positions { // the quad stored Y-up (left-handed): it faces -Z
		y.Positions = append(y.Positions, geom.Vec3{p[0], p[2], p[1]})
	}
	y.Indices = []uint32{0, 2, 1, 0, 3, 2} // mirrored data winds the other way
	img := renderFill(t, y, StillCamera(Front, y.Bounds(), y.Up, 48, 48), fillOpt(ModeSolid), 48, 48)
	if got := img.RGBAAt(24, 24); got.A != 255 {
		t.Fatalf("the Y-up quad's front is culled from the front: %v", got)
	}
	cam := StillCamera(Front, y.Bounds(), y.Up, 48, 48)
	f := cam.Frame(y.Bounds(), 48, 48)
	if _, py, _ := f.Project(mgl32.Vec3{0, 1, 0}); py >= 24 {
		t.Errorf("+Y of a Y-up mesh is at row %g, not above the centre", py)
	}
	if px, _, _ := f.Project(mgl32.Vec3{1, 0, 0}); px <= 24 {
		t.Errorf("+X is at column %g, not right of the centre", px)
	}
}

// Splitting the triangles between workers and bands must not change a
// pixel of a filled frame.
func TestFillWorkersMatch(t *testing.T) {
	m := texturedTorus(60, 30, 16)
	m.Colors = make([]color.NRGBA, len(m.Positions))
	for i := range m.Colors {
		m.Colors[i] = color.NRGBA{uint8(i), 255, uint8(i * 7), 255}
	}
	m.Groups[1].Surface.Blend = geom.BlendAlpha
	m.Groups[2].Surface.AlphaTest, m.Groups[2].Surface.AlphaRef = true, 100
	for _, mode := range []Mode{ModeSolid, ModeTextured} {
		for _, dolly := range []float32{1, 0.3} { // 0.3: near-plane clipping too
			cam := NewCamera(m.Bounds(), m.Up, 1)
			cam.Dolly(dolly)
			opt := fillOpt(mode)
			opt.Shading = ShadeSmooth
			var first *image.RGBA
			for n := 1; n <= 4; n++ {
				r := newRendererN(n)
				img := render(r, m, cam, opt, 101, 67)
				again := render(r, m, cam, opt, 101, 67)
				r.Close()
				if first == nil {
					first = img
				}
				for k := range first.Pix {
					if img.Pix[k] != first.Pix[k] || again.Pix[k] != first.Pix[k] {
						t.Fatalf("%v, dolly %g: %d workers differ from 1 at byte %d", mode, dolly, n, k)
					}
				}
			}
			if lit := len(distinct(t, first)); lit < 50 {
				t.Fatalf("%v: only %d colours", mode, lit)
			}
		}
	}
}

// The near plane cuts a filled triangle cleanly: nothing wraps above the
// far side, and the part in front reaches the bottom of the image.
func TestFillNearPlane(t *testing.T) {
	m, cam := nearPlaneMesh()
	m.Groups = []geom.Group{{TriCount: 1, Surface: &geom.Material{TwoSided: true}}}
	img := renderFill(t, m, cam, fillOpt(ModeSolid), 160, 120)
	f := cam.Frame(m.Bounds(), 160, 120)
	_, yFar, _ := f.Project(mgl32.Vec3{0, 0, -3})
	for y := 0; y < 120; y++ {
		for x := 0; x < 160; x++ {
			a := img.RGBAAt(x, y).A
			if y < int(yFar)-1 && a != 0 {
				t.Fatalf("(%d,%d) above the far side (row %.1f) is filled", x, y, yFar)
			}
		}
	}
	if img.RGBAAt(80, 119).A != 255 || img.RGBAAt(80, int(yFar)+2).A != 255 {
		t.Fatalf("the triangle does not run from the far side (row %.1f) to the bottom", yFar)
	}
}

// UVs are interpolated perspective-correct: the texture's middle lands
// where the quad's middle projects, not halfway between its ends on screen.
func TestPerspectiveUVs(t *testing.T) {
	tex := image.NewNRGBA(image.Rect(0, 0, 1, 2))
	tex.SetNRGBA(0, 0, color.NRGBA{255, 0, 0, 255})
	tex.SetNRGBA(0, 1, color.NRGBA{0, 0, 255, 255})
	m := &geom.Mesh{Up: geom.ZUp}
	quad(m, geom.Vec3{}, &geom.Material{Texture: tex}, color.NRGBA{})
	for i := range m.Positions { // lay the quad down: z → y, the far edge at the top
		p := &m.Positions[i]
		p[1], p[2] = p[2], 0
	}
	cam := Camera{Yaw: -math.Pi / 2, Pitch: 0.5, FovY: 1.2, Distance: 2.5, Up: geom.ZUp}
	opt := fillOpt(ModeTextured)
	opt.Nearest = true
	img := renderFill(t, m, cam, opt, 64, 64)
	f := cam.Frame(m.Bounds(), 64, 64)
	_, yMid, _ := f.Project(mgl32.Vec3{0, 0, 0})
	_, yNear, _ := f.Project(mgl32.Vec3{0, -1, 0})
	_, yFar, _ := f.Project(mgl32.Vec3{0, 1, 0})
	if math.Abs(float64(yMid-(yNear+yFar)/2)) < 3 {
		t.Fatalf("the camera shows too little perspective (mid %g, ends %g %g)", yMid, yNear, yFar)
	}
	above, below := img.RGBAAt(32, int(yMid)-2), img.RGBAAt(32, int(yMid)+2)
	if above.R == 0 || above.B != 0 || below.B == 0 || below.R != 0 {
		t.Errorf("around the middle (row %.1f): %v above, %v below; want red then blue", yMid, above, below)
	}
}

// Smooth shading blends light across the facets that flat shading shows.
func TestSmoothShading(t *testing.T) {
	m := geom.Icosphere(1, 2, geom.ZUp)
	opt := fillOpt(ModeSolid)
	step := map[Shading]int{}
	for _, sh := range []Shading{ShadeFlat, ShadeSmooth} {
		opt.Shading = sh
		img := renderFill(t, m, StillCamera(Front, m.Bounds(), m.Up, 128, 128), opt, 128, 128)
		for x := 40; x < 88; x++ { // along the middle row, inside the sphere
			a, b := img.RGBAAt(x, 64), img.RGBAAt(x+1, 64)
			step[sh] = max(step[sh], int(absDiff(uint32(a.R), uint32(b.R))))
		}
	}
	if step[ShadeSmooth] > 6 || step[ShadeFlat] < 15 {
		t.Errorf("largest step between neighbours: smooth %d, flat %d", step[ShadeSmooth], step[ShadeFlat])
	}
	// auto: flat without normals, smooth with them
	opt.Shading = ShadeAuto
	r := NewRenderer()
	defer r.Close()
	render(r, m, StillCamera(Front, m.Bounds(), m.Up, 32, 32), opt, 32, 32)
	if r.smooth {
		t.Error("auto shading is smooth on a mesh without normals")
	}
	m.ComputeNormals()
	unit := render(r, m, StillCamera(Front, m.Bounds(), m.Up, 32, 32), opt, 32, 32)
	if !r.smooth {
		t.Error("auto shading is flat on a mesh with normals")
	}
	// normals need not be unit length
	long := &geom.Mesh{Up: m.Up, Positions: m.Positions, Indices: m.Indices}
	for _, n := range m.Normals {
		long.Normals = append(long.Normals, geom.Vec3{7 * n[0], 7 * n[1], 7 * n[2]})
	}
	if got := render(r, long, StillCamera(Front, m.Bounds(), m.Up, 32, 32), opt, 32, 32); !equalPix(got, unit) {
		t.Error("normals 7 units long light differently from unit ones")
	}
}

func equalPix(a, b *image.RGBA) bool {
	if a.Rect != b.Rect {
		return false
	}
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			return false
		}
	}
	return true
}

// fade is an animation from black to white over a second.
type fade struct{}

func (fade) At(ms uint32) geom.Look {
	v := uint8(min(ms, 1000) * 255 / 1000)
	return geom.Look{Color: color.NRGBA{v, v, v, 255}}
}

// The textured views play the material animation at the clock.
func TestAnimationClock(t *testing.T) {
	m := &geom.Mesh{Up: geom.ZUp}
	quad(m, geom.Vec3{}, &geom.Material{Anim: fade{}, Color: color.NRGBA{1, 2, 3, 255}}, color.NRGBA{})
	opt := fillOpt(ModeTextured)
	for _, ms := range []uint32{200, 1000} {
		opt.Clock = ms
		got := renderFill(t, m, frontCam(), opt, 64, 64).RGBAAt(32, 32)
		if want := lightened(fade{}.At(ms).Color, frontLight); got != want {
			t.Errorf("clock %d: %v, want %v", ms, got, want)
		}
	}
}

// textured+wire draws the edges in front and leaves out the ones behind
// the surface.
func TestTexturedWireHidesEdges(t *testing.T) {
	m := zCube(nil)
	for i := range m.Positions { // a box, seen off its diagonal
		m.Positions[i][0] *= 2
	}
	const size = 128
	cam := NewCamera(m.Bounds(), m.Up, 1)
	cam.Projection = Orthographic
	plain := renderFill(t, m, cam, fillOpt(ModeTextured), size, size)
	opt := fillOpt(ModeTexturedWire)
	opt.DepthCue = 0
	wired := renderFill(t, m, cam, opt, size, size)
	f := cam.Frame(m.Bounds(), size, size)
	eye := cam.Eye().Sub(cam.Target)
	// the edges of the faces towards the eye are visible, the others not
	type seg struct{ a, b mgl32.Vec2 }
	var visible, hidden []seg
	for tr := 0; tr < m.Triangles(); tr++ {
		var p [3]mgl32.Vec3
		var q [3]mgl32.Vec2
		for i := range 3 {
			p[i] = mgl32.Vec3(m.Positions[m.Indices[3*tr+i]])
			q[i][0], q[i][1], _ = f.Project(p[i])
		}
		front := p[1].Sub(p[0]).Cross(p[2].Sub(p[0])).Dot(eye) > 0
		for i := range 3 {
			if front {
				visible = append(visible, seg{q[i], q[(i+1)%3]})
			} else {
				hidden = append(hidden, seg{q[i], q[(i+1)%3]})
			}
		}
	}
	near := func(p mgl32.Vec2) bool { // within 3 pixels of a visible edge
		for _, s := range visible {
			d := s.b.Sub(s.a)
			u := mgl32.Clamp(p.Sub(s.a).Dot(d)/d.Dot(d), 0, 1)
			if s.a.Add(d.Mul(u)).Sub(p).Len() < 3 {
				return true
			}
		}
		return false
	}
	drawn := func(p mgl32.Vec2) bool {
		x, y := int(p[0]), int(p[1])
		return wired.RGBAAt(x, y) != plain.RGBAAt(x, y) || wired.RGBAAt(x+1, y) != plain.RGBAAt(x+1, y) ||
			wired.RGBAAt(x, y+1) != plain.RGBAAt(x, y+1) || wired.RGBAAt(x-1, y) != plain.RGBAAt(x-1, y)
	}
	for _, s := range visible {
		if mid := s.a.Add(s.b).Mul(0.5); !drawn(mid) {
			t.Errorf("visible edge %v-%v: not drawn at %v", s.a, s.b, mid)
		}
	}
	checked := 0
	for _, s := range hidden {
		for k := 1; k < 10; k++ {
			p := s.a.Add(s.b.Sub(s.a).Mul(float32(k) / 10))
			if near(p) || p[0] < 0 || p[1] < 0 || p[0] >= size || p[1] >= size {
				continue
			}
			checked++
			if drawn(p) {
				t.Errorf("hidden edge %v-%v: drawn at %v", s.a, s.b, p)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d points of hidden edges checked", checked)
	}
}

func TestNoAllocPerFilledFrame(t *testing.T) {
	m := texturedTorus(64, 32, 32)
	m.Groups[0].Surface.Anim = fade{}
	m.Groups[1].Surface.Texture = image.NewRGBA(image.Rect(0, 0, 4, 4)) // converted once
	for _, mode := range []Mode{ModeSolid, ModeTextured, ModeTexturedWire} {
		for _, sh := range []Shading{ShadeFlat, ShadeSmooth} {
			r := NewRenderer()
			cam := NewCamera(m.Bounds(), m.Up, 1.6)
			opt := DefaultOptions()
			opt.Mode, opt.Shading, opt.Points, opt.Bounds = mode, sh, true, true
			img := image.NewRGBA(image.Rect(0, 0, 320, 200))
			for range 3 {
				cam.Orbit(0.7, 0.3)
				r.Render(img, m, &cam, &opt)
			}
			allocs := testing.AllocsPerRun(20, func() {
				cam.Orbit(0.1, 0.01)
				opt.Clock += 16
				r.Render(img, m, &cam, &opt)
			})
			r.Close()
			if allocs != 0 {
				t.Errorf("%v, shading %d: %v allocations per frame", mode, sh, allocs)
			}
		}
	}
}

func TestModeNames(t *testing.T) {
	for m := ModeWire; m <= ModeTexturedWire; m++ {
		if got, err := ParseMode(m.String()); err != nil || got != m {
			t.Errorf("ParseMode(%q) = %v, %v", m.String(), got, err)
		}
	}
	for v := Front; v <= Iso; v++ {
		if got, err := ParseViewpoint(v.String()); err != nil || got != v {
			t.Errorf("ParseViewpoint(%q) = %v, %v", v.String(), got, err)
		}
	}
	if _, err := ParseMode("Solid"); err == nil {
		t.Error("ParseMode accepts Solid")
	}
	if _, err := ParseViewpoint("side"); err == nil {
		t.Error("ParseViewpoint accepts side")
	}
}

// An unknown view draws the wireframe; a material whose texture is a nil
// pointer is drawn untextured.
func TestOddInputs(t *testing.T) {
	m := zCube(nil)
	cam := StillCamera(Iso, m.Bounds(), m.Up, 48, 48)
	wire := renderFill(t, m, cam, fillOpt(ModeWire), 48, 48)
	odd := renderFill(t, m, cam, fillOpt(Mode(9)), 48, 48)
	for i := range wire.Pix {
		if wire.Pix[i] != odd.Pix[i] {
			t.Fatalf("mode 9 differs from the wireframe at byte %d", i)
		}
	}
	q := &geom.Mesh{Up: geom.ZUp}
	quad(q, geom.Vec3{}, &geom.Material{Texture: (*image.NRGBA)(nil)}, color.NRGBA{})
	quad(q, geom.Vec3{}, &geom.Material{Texture: (*image.Gray)(nil)}, color.NRGBA{})
	got := renderFill(t, q, frontCam(), fillOpt(ModeTextured), 64, 64).RGBAAt(32, 32)
	if want := lightened(color.NRGBA{255, 255, 255, 255}, frontLight); got != want {
		t.Errorf("nil texture: %v, want %v", got, want)
	}
}
