package preview

import (
	"image"
	"math"
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

func near(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-3 }

func TestProjectKnownPoints(t *testing.T) {
	b := geom.Bounds{Min: geom.Vec3{-12, -12, -12}, Max: geom.Vec3{12, 12, 12}}
	for _, c := range []struct {
		name   string
		up     geom.Up
		proj   Projection
		p      mgl32.Vec3
		wx, wy float32
	}{
		// Y up, yaw 0: the eye is on +Z looking down -Z, +X is right.
		{"y-centre", geom.YUp, Perspective, mgl32.Vec3{0, 0, 0}, 100, 50},
		{"y-right", geom.YUp, Perspective, mgl32.Vec3{5, 0, 0}, 125, 50},
		{"y-up", geom.YUp, Perspective, mgl32.Vec3{0, 5, 0}, 100, 25},
		{"y-far", geom.YUp, Perspective, mgl32.Vec3{5, 0, -10}, 112.5, 50},
		{"y-far-ortho", geom.YUp, Orthographic, mgl32.Vec3{5, 0, -10}, 125, 50},
		{"y-up-ortho", geom.YUp, Orthographic, mgl32.Vec3{0, -5, 3}, 100, 75},
		// Z up, yaw 0: the eye is on +X looking down -X, +Y is right.
		{"z-right", geom.ZUp, Perspective, mgl32.Vec3{0, 5, 0}, 125, 50},
		{"z-up", geom.ZUp, Perspective, mgl32.Vec3{0, 0, 5}, 100, 25},
		{"z-left-ortho", geom.ZUp, Orthographic, mgl32.Vec3{-4, -5, 0}, 75, 50},
	} {
		cam := Camera{Distance: 10, FovY: math.Pi / 2, Up: c.up, Projection: c.proj}
		f := cam.Frame(b, 200, 100)
		x, y, ok := f.Project(c.p)
		if !ok || !near(x, c.wx) || !near(y, c.wy) {
			t.Errorf("%s: %v projects to (%g,%g,%v), want (%g,%g)", c.name, c.p, x, y, ok, c.wx, c.wy)
		}
	}
	cam := Camera{Distance: 10, FovY: math.Pi / 2}
	f := cam.Frame(b, 200, 100)
	if _, _, ok := f.Project(mgl32.Vec3{0, 0, 11}); ok {
		t.Error("a point behind the eye projects")
	}
}

func TestFitKeepsCornersInside(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 500; i++ {
		var b geom.Bounds
		for k := 0; k < 3; k++ {
			lo := float32(r.NormFloat64() * 100)
			b.Min[k], b.Max[k] = lo, lo+float32(r.ExpFloat64()*50)
		}
		w, h := 50+r.Intn(2000), 50+r.Intn(2000)
		cam := Camera{Yaw: float32(r.Float64() * 10), Pitch: float32(r.Float64()*3 - 1.5), FovY: float32(0.2 + r.Float64()*2), Up: geom.Up(r.Intn(2)), Projection: Projection(r.Intn(2))}
		cam.Fit(b, float32(w)/float32(h))
		cam.Orbit(float32(r.Float64()*7), float32(r.Float64()*4-2)) // any angle after the fit
		f := cam.Frame(b, w, h)
		for c := 0; c < 8; c++ {
			p := mgl32.Vec3{b.Min[0], b.Min[1], b.Min[2]}
			for k := 0; k < 3; k++ {
				if c>>k&1 == 1 {
					p[k] = b.Max[k]
				}
			}
			x, y, ok := f.Project(p)
			if !ok || x < 0 || y < 0 || x > float32(w) || y > float32(h) {
				t.Fatalf("case %d (%+v, %dx%d): corner %v at (%g,%g,%v) is outside", i, cam, w, h, p, x, y, ok)
			}
		}
	}
}

func TestPanFollowsPointer(t *testing.T) {
	b := geom.Bounds{Min: geom.Vec3{-2, -1, 0}, Max: geom.Vec3{2, 1, 3}}
	for _, proj := range []Projection{Perspective, Orthographic} {
		cam := NewCamera(b, geom.ZUp, 1.5)
		cam.Projection = proj
		old := cam.Target
		cam.Pan(30, -20, 400)
		f := cam.Frame(b, 600, 400)
		x, y, _ := f.Project(old)
		if !near(x, 330) || !near(y, 180) {
			t.Errorf("projection %d: the old target is at (%g,%g), want (330,180)", proj, x, y)
		}
		d := cam.Distance
		cam.Dolly(0.5)
		if !near(cam.Distance, d/2) {
			t.Errorf("dolly: distance %g, want %g", cam.Distance, d/2)
		}
	}
}

// The renderer projects vertices its own way (view space, then the
// frustum's diagonal); it must agree with Frame.Project, to 1/256 pixel
// of fixed point, on which points are in front and where they land.
func TestRendererProjectsLikeFrame(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	m := &geom.Mesh{}
	for i := 0; i < 2000; i++ {
		m.Positions = append(m.Positions, geom.Vec3{rng.Float32()*8 - 4, rng.Float32()*8 - 4, rng.Float32()*8 - 4})
	}
	r := newRendererN(2)
	defer r.Close()
	img := image.NewRGBA(image.Rect(0, 0, 320, 200))
	opt := DefaultOptions()
	checked := 0
	for _, proj := range []Projection{Perspective, Orthographic} {
		for k := 0; k < 6; k++ {
			cam := Camera{Yaw: rng.Float32() * 6, Pitch: rng.Float32() - 0.5, Distance: 1 + rng.Float32()*8,
				FovY: 0.5 + rng.Float32(), Projection: proj, Up: geom.Up(k & 1)}
			cam.Pan(rng.Float32()*100-50, rng.Float32()*100-50, 200)
			r.Render(img, m, &cam, &opt)
			f := cam.Frame(m.Bounds(), 320, 200)
			for i, p := range m.Positions {
				v := r.verts[i]
				x, y, ok := f.Project(mgl32.Vec3(p))
				if ok != (v.code&cBehind == 0) {
					// a point on the near plane may go either way
					if d := -f.View.Mul4x1(mgl32.Vec3(p).Vec4(1))[2]; math.Abs(float64(d-f.Near)) > 1e-4*float64(f.Near) {
						t.Fatalf("%v cam %+v: point %d in front %v, renderer says code %d", proj, cam, i, ok, v.code)
					}
					continue
				}
				if !ok || v.code&cCareful != 0 {
					continue
				}
				tol := 0.01 + 1e-6*math.Max(math.Abs(float64(x)), math.Abs(float64(y)))
				if math.Abs(float64(v.fx()-x)) > tol || math.Abs(float64(v.fy()-y)) > tol {
					t.Fatalf("%v: point %d at (%g,%g), Frame.Project says (%g,%g)", proj, i, v.fx(), v.fy(), x, y)
				}
				checked++
			}
		}
	}
	if checked < 5000 {
		t.Fatalf("only %d points checked", checked)
	}
}

// StillCamera's viewpoints look from the sides the contract names, and
// the bounding sphere just fits the smaller image side.
func TestStillCameraViews(t *testing.T) {
	b := geom.Bounds{Min: geom.Vec3{-1, -2, -3}, Max: geom.Vec3{3, 2, 1}}
	c := mgl32.Vec3(b.Center())
	x, y, z := mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, 1}
	for _, v := range []struct {
		vp                Viewpoint
		right, up, toward mgl32.Vec3 // world directions that point right, up and to the eye
	}{
		{Front, x, z, y.Mul(-1)},
		{Back, x.Mul(-1), z, y},
		{Left, y.Mul(-1), z, x.Mul(-1)},
		{Right, y, z, x},
		{Top, x, y, z},
		{Iso, mgl32.Vec3{1, 1, 0}.Normalize(), mgl32.Vec3{-1, 1, 2}.Normalize(), mgl32.Vec3{1, -1, 1}.Normalize()},
	} {
		for _, size := range [][2]int{{200, 100}, {100, 160}} {
			w, h := size[0], size[1]
			cam := StillCamera(v.vp, b, geom.ZUp, w, h)
			f := cam.Frame(b, w, h)
			r := b.Radius()
			px, py, _ := f.Project(c.Add(v.right.Mul(r)))
			qx, qy, _ := f.Project(c.Add(v.up.Mul(r)))
			ox, oy, _ := f.Project(c.Add(v.toward.Mul(r)))
			half := float32(min(w, h)) / 2
			if !near(px, float32(w)/2+half) || !near(py, float32(h)/2) {
				t.Errorf("%v %dx%d: right point at (%g,%g)", v.vp, w, h, px, py)
			}
			if !near(qx, float32(w)/2) || !near(qy, float32(h)/2-half) {
				t.Errorf("%v %dx%d: up point at (%g,%g)", v.vp, w, h, qx, qy)
			}
			if !near(ox, float32(w)/2) || !near(oy, float32(h)/2) {
				t.Errorf("%v %dx%d: the point toward the eye is at (%g,%g), not the centre", v.vp, w, h, ox, oy)
			}
			d := func(p mgl32.Vec3) float32 { return -f.View.Mul4x1(p.Vec4(1))[2] }
			if d(c.Add(v.toward)) >= d(c) {
				t.Errorf("%v: the eye is not on the %v side", v.vp, v.toward)
			}
		}
	}
}
