package scene

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// The fly camera looks where it says: its renderer camera's eye is its
// eye, a point ahead of it projects to the image centre, W moves along
// the view and D to its right; Fit frames a box, centred.
func TestFlyCam(t *testing.T) {
	c := flyCam{Eye: mgl32.Vec3{10, 20, 2}, Yaw: math.Pi / 2, Speed: 10}
	cam := c.Camera()
	if !cam.Eye().ApproxEqualThreshold(c.Eye, 1e-4) {
		t.Fatalf("eye %v, want %v", cam.Eye(), c.Eye)
	}
	b := geom.Bounds{Min: geom.Vec3{-100, -100, -100}, Max: geom.Vec3{100, 100, 100}}
	fr := cam.Frame(b, 200, 100)
	x, y, ok := fr.Project(mgl32.Vec3{10, 50, 2}) // 30 ahead: yaw 90° looks along +Y
	if !ok || math.Abs(float64(x-100)) > 0.01 || math.Abs(float64(y-50)) > 0.01 {
		t.Errorf("a point ahead projects to %v, %v (%v)", x, y, ok)
	}
	x, _, _ = fr.Project(mgl32.Vec3{20, 50, 2}) // +X is to the right looking along +Y
	if x <= 100 {
		t.Errorf("a point to the right projects to x %v", x)
	}
	c.Move(1, 0, 0, 0.5)
	if !c.Eye.ApproxEqualThreshold(mgl32.Vec3{10, 25, 2}, 1e-4) {
		t.Errorf("W for half a second: %v", c.Eye)
	}
	c.Move(0, 1, 0, 1)
	if !c.Eye.ApproxEqualThreshold(mgl32.Vec3{20, 25, 2}, 1e-4) {
		t.Errorf("D for a second: %v", c.Eye)
	}
	c.Look(0, 1e6)
	if c.Pitch < -maxLook-1e-6 {
		t.Errorf("the pitch passes the limit: %v", c.Pitch)
	}
	c.Fit(geom.Bounds{Min: geom.Vec3{0, 0, 0}, Max: geom.Vec3{40, 40, 10}}, 1)
	cam = c.Camera()
	fr = cam.Frame(b, 200, 200)
	if x, y, ok := fr.Project(mgl32.Vec3{20, 20, 5}); !ok || math.Abs(float64(x-100)) > 0.5 || math.Abs(float64(y-100)) > 0.5 {
		t.Errorf("after Fit the box centre projects to %v, %v", x, y)
	}
	// every corner in view, and the box fills it: some corner near an edge
	edge := float32(200)
	for _, p := range []mgl32.Vec3{{0, 0, 0}, {40, 40, 10}, {0, 40, 0}, {40, 0, 10}, {0, 0, 10}, {40, 40, 0}, {0, 40, 10}, {40, 0, 0}} {
		x, y, ok := fr.Project(p)
		if !ok || x < 0 || x > 200 || y < 0 || y > 200 {
			t.Errorf("after Fit the corner %v is out of view at %v, %v", p, x, y)
		}
		edge = min(edge, x, 200-x, y, 200-y)
	}
	if edge > 20 {
		t.Errorf("after Fit the box keeps %v pixels from every edge: not fitted", edge)
	}
}
