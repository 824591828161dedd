package preview

import (
	"image"
	"image/color"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// colorCube is a cube (±1) with a vertex per face corner and the faces'
// normals, in two groups: the sides (colour a, textured with tex) and the
// top and bottom (colour b).
func colorCube(a, b color.NRGBA, tex image.Image) *geom.Mesh {
	m := &geom.Mesh{Up: geom.ZUp, UVs: [][]geom.Vec2{nil}}
	face := func(n geom.Vec3, u, v geom.Vec3) {
		base := uint32(len(m.Positions))
		for _, c := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			var p geom.Vec3
			for k := range 3 {
				p[k] = n[k] + c[0]*u[k] + c[1]*v[k]
			}
			m.Positions = append(m.Positions, p)
			m.Normals = append(m.Normals, n)
			m.UVs[0] = append(m.UVs[0], geom.Vec2{(c[0] + 1) / 2, (c[1] + 1) / 2})
		}
		m.Indices = append(m.Indices, base, base+1, base+2, base, base+2, base+3)
	}
	// sides: u × v points out
	face(geom.Vec3{0, -1, 0}, geom.Vec3{1, 0, 0}, geom.Vec3{0, 0, 1})
	face(geom.Vec3{0, 1, 0}, geom.Vec3{-1, 0, 0}, geom.Vec3{0, 0, 1})
	face(geom.Vec3{-1, 0, 0}, geom.Vec3{0, -1, 0}, geom.Vec3{0, 0, 1})
	face(geom.Vec3{1, 0, 0}, geom.Vec3{0, 1, 0}, geom.Vec3{0, 0, 1})
	face(geom.Vec3{0, 0, 1}, geom.Vec3{1, 0, 0}, geom.Vec3{0, 1, 0})
	face(geom.Vec3{0, 0, -1}, geom.Vec3{0, 1, 0}, geom.Vec3{1, 0, 0})
	m.Groups = []geom.Group{
		{Name: "sides", FirstTri: 0, TriCount: 8, Surface: &geom.Material{Color: a, Texture: tex}},
		{Name: "caps", FirstTri: 8, TriCount: 4, Surface: &geom.Material{Color: b}},
	}
	return m
}

// testWorld: a red house at the origin whose stand-in (blue) sits there
// too, a green lamp at x 10, a second house at y 30 standing in on the
// same stand-in.
func testWorld() *geom.World {
	red, blue, green, grey := color.NRGBA{200, 0, 0, 255}, color.NRGBA{0, 0, 200, 255}, color.NRGBA{0, 200, 0, 255}, color.NRGBA{90, 90, 90, 255}
	models := []geom.WorldModel{{Name: "house", Mesh: colorCube(red, grey, nil)}, {Name: "lod", Mesh: colorCube(blue, grey, nil)}, {Name: "lamp", Mesh: colorCube(green, grey, nil)}}
	for i := range models {
		models[i].Bounds = models[i].Mesh.Bounds()
	}
	place := func(model int, x, y float32, lod int, dd float32) geom.Instance {
		m := mgl32.Translate3D(x, y, 0)
		return geom.Instance{Model: model, Matrix: m, LOD: lod, DrawDist: dd, Bounds: geom.Place(models[model].Bounds, m)}
	}
	w := &geom.World{Name: "test", Up: geom.ZUp, Models: models, Instances: []geom.Instance{
		place(0, 0, 0, 1, 20), place(1, 0, 0, -1, 1000), place(2, 10, 0, -1, 50), place(0, 0, 30, 1, 20),
	}}
	w.Instances[1].IsLOD = true
	return w
}

// The layout holds every instance once, one group per model material, and
// every triangle finds its instance again.
func TestWorldLayout(t *testing.T) {
	v := NewWorldView(testWorld())
	if v.PlacedMesh().Triangles() != 4*12 || len(v.PlacedMesh().Groups) != 6 || len(v.PlacedMesh().Positions) != 4*24 {
		t.Fatalf("%d triangles, %d groups, %d vertices", v.PlacedMesh().Triangles(), len(v.PlacedMesh().Groups), len(v.PlacedMesh().Positions))
	}
	count := map[int]int{}
	for tri := range v.PlacedMesh().Triangles() {
		i := v.Instance(tri)
		count[i]++
		// every corner lies in the instance's placed box
		for k := range 3 {
			p := v.PlacedMesh().Positions[v.PlacedMesh().Indices[3*tri+k]]
			b := v.World.Instances[i].Bounds
			if p[0] < b.Min[0]-1e-4 || p[0] > b.Max[0]+1e-4 || p[1] < b.Min[1]-1e-4 || p[1] > b.Max[1]+1e-4 {
				t.Fatalf("triangle %d (instance %d) has a corner at %v outside %v", tri, i, p, b)
			}
		}
	}
	for i := range 4 {
		if count[i] != 12 {
			t.Errorf("instance %d has %d triangles", i, count[i])
		}
	}
}

// drawnSet is which instances the last Select drew.
func drawnSet(v *WorldView) [4]bool {
	var out [4]bool
	for i := range out {
		out[i] = v.Drawn(i)
	}
	return out
}

func TestWorldSelect(t *testing.T) {
	v := NewWorldView(testWorld())
	top := StillCamera(Top, v.World.Bounds(), geom.ZUp, 200, 200)
	for _, c := range []struct {
		wo   WorldOptions
		want [4]bool
	}{
		{WorldOptions{LOD: LODHigh}, [4]bool{true, false, true, true}},
		{WorldOptions{LOD: LODLow}, [4]bool{false, true, true, false}},
	} {
		st := v.Select(&top, 200, 200, c.wo)
		if got := drawnSet(v); got != c.want {
			t.Errorf("%v: drew %v, want %v", c.wo.LOD, got, c.want)
		}
		if n := 0; st.Instances != count(c.want) {
			t.Errorf("%v: %d instances counted, want %d", c.wo.LOD, st.Instances, count(c.want)+n)
		}
	}
	// By distance from an eye beside the first house: it is drawn, the
	// second house (30 away, drawn within 20) is not, so the stand-in they
	// share is; the lamp has no stand-in and is drawn.
	cam := Camera{Target: mgl32.Vec3{0, 15, 0}, Distance: 30, Yaw: -mgl32.DegToRad(90), Pitch: 0.3, FovY: mgl32.DegToRad(90), Up: geom.ZUp}
	v.Select(&cam, 200, 200, WorldOptions{})
	if got := drawnSet(v); got != [4]bool{true, true, true, false} {
		t.Errorf("by distance: drew %v (eye %v)", got, cam.Eye())
	}
	// Distance culling (the first house 14.9 from the eye, the lamp 17.4)
	// leaves the far house and the lamp out.
	st := v.Select(&cam, 200, 200, WorldOptions{LOD: LODHigh, Far: 16})
	if got := drawnSet(v); got != [4]bool{true, false, false, false} || st.Culled != 2 {
		t.Errorf("far 5: drew %v, culled %d", got, st.Culled)
	}
	// Looking away from everything draws nothing.
	away := Camera{Target: mgl32.Vec3{0, -20, 0}, Distance: 1, Yaw: mgl32.DegToRad(90), FovY: mgl32.DegToRad(60), Up: geom.ZUp}
	if st := v.Select(&away, 200, 200, WorldOptions{LOD: LODHigh}); st.Instances != 0 || st.Culled != 4 {
		t.Errorf("looking away: %d drawn, %d culled (eye %v)", st.Instances, st.Culled, away.Eye())
	}
}

func count(b [4]bool) int {
	n := 0
	for _, v := range b {
		if v {
			n++
		}
	}
	return n
}

// From the top, the houses' red sides are not seen but their grey tops
// are, lit by the fixed light; a click on the lamp picks the lamp.
func TestWorldRenderPick(t *testing.T) {
	v := NewWorldView(testWorld())
	r := NewRenderer()
	defer r.Close()
	const w, h = 240, 240
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	cam := StillCamera(Iso, v.World.Bounds(), geom.ZUp, w, h)
	opt := DefaultOptions()
	opt.Mode, opt.Axes, opt.Background = ModeTextured, false, color.NRGBA{}
	st := v.Render(r, dst, &cam, &opt, WorldOptions{LOD: LODHigh})
	if st.Instances != 3 || st.Triangles != 36 {
		t.Fatalf("%d instances, %d triangles drawn", st.Instances, st.Triangles)
	}
	fr := cam.Frame(v.Bounds(), w, h)
	x, y, _ := fr.Project(mgl32.Vec3{10, 0, 1})
	if got := v.Pick(&cam, w, h, x, y); got != 2 {
		t.Errorf("a click on the lamp's top picks %d", got)
	}
	// the lamp's top: grey 90 lit by floor + share·(n·sun) with n = +Z
	c := dst.RGBAAt(int(x), int(y))
	want := uint8(float32(90)*(sunFloor+sunShare*sunDir[2]) + 0.5)
	if c.A != 255 || c.R < want-2 || c.R > want+2 || c.G != c.R {
		t.Errorf("the lamp's top is %v, want grey %d", c, want)
	}
	x, y, _ = fr.Project(mgl32.Vec3{-5, -20, 0})
	if got := v.Pick(&cam, w, h, x, y); got != -1 {
		t.Errorf("a click on nothing picks %d", got)
	}
	// Missing models hidden, outlining the lamp: its box's top corner,
	// off its own faces, is drawn in the box colour.
	v.World.Models[2].Missing = true
	st = v.Render(r, dst, &cam, &opt, WorldOptions{LOD: LODHigh, HideMissing: true, Outline: 3})
	if st.Instances != 2 {
		t.Errorf("missing hidden: %d instances drawn", st.Instances)
	}
	cx, cy, _ := fr.Project(mgl32.Vec3{11, 1, 1})
	if c := dst.RGBAAt(int(cx+0.5), int(cy+0.5)); c.A == 0 {
		t.Errorf("no outline at the lamp's corner (%v, %v): %v", cx, cy, c)
	}
}
