package scene

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
	"rummage/preview"
)

// flyCam is a first-person camera in a Z-up world: an eye, the direction
// it looks (yaw about Z, pitch above the ground plane) and a speed in
// units per second.
type flyCam struct {
	Eye        mgl32.Vec3
	Yaw, Pitch float32
	Speed      float32
}

// The fly camera's limits and steps.
const (
	flyFov      = 60 // degrees, vertical
	maxLook     = math.Pi/2 - 0.02
	lookPerUnit = 0.005 // radians per logical pixel of drag
	speedStep   = 1.25  // per wheel notch
	minSpeed    = 1
	maxSpeed    = 5000
	fitAngle    = 0.85 // the pitch fit looks down at (about 50°: a map section fills the view)
)

// forward is the unit direction the camera looks.
func (c *flyCam) forward() mgl32.Vec3 {
	sy, cy := math.Sincos(float64(c.Yaw))
	sp, cp := math.Sincos(float64(c.Pitch))
	return mgl32.Vec3{float32(cp * cy), float32(cp * sy), float32(sp)}
}

// right is the unit direction to the camera's right, along the ground.
func (c *flyCam) right() mgl32.Vec3 {
	sy, cy := math.Sincos(float64(c.Yaw))
	return mgl32.Vec3{float32(sy), float32(-cy), 0}
}

// Camera is the renderer's camera for this eye: an orbit camera whose
// target lies a step ahead of the eye.
func (c *flyCam) Camera() preview.Camera {
	const step = 1
	return preview.Camera{Target: c.Eye.Add(c.forward().Mul(step)), Distance: step,
		Yaw: c.Yaw + math.Pi, Pitch: -c.Pitch, FovY: mgl32.DegToRad(flyFov), Up: geom.ZUp}
}

// Move moves the eye by seconds of flight: ahead (1) or back (-1), right
// or left, up or down.
func (c *flyCam) Move(ahead, side, up, seconds float32) {
	d := c.Speed * seconds
	c.Eye = c.Eye.Add(c.forward().Mul(ahead * d)).Add(c.right().Mul(side * d)).Add(mgl32.Vec3{0, 0, up * d})
}

// Look turns the camera by a drag of dx, dy logical pixels.
func (c *flyCam) Look(dx, dy float32) {
	c.Yaw = float32(math.Remainder(float64(c.Yaw-dx*lookPerUnit), 2*math.Pi))
	c.Pitch = mgl32.Clamp(c.Pitch-dy*lookPerUnit, -maxLook, maxLook)
}

// Faster multiplies the speed by speedStep per notch (slower for negative
// notches).
func (c *flyCam) Faster(notches float32) {
	c.Speed = mgl32.Clamp(c.Speed*float32(math.Pow(speedStep, float64(notches))), minSpeed, maxSpeed)
}

// Fit puts the eye where box b fills a view of the given aspect ratio
// (width / height), looking down at it from the side the camera faces,
// and sets a speed that crosses it in a few seconds.
func (c *flyCam) Fit(b geom.Bounds, aspect float32) {
	r := b.Radius()
	if !(r > 0.5) || math.IsInf(float64(r), 0) {
		r = 0.5
	}
	c.Pitch = -fitAngle
	centre := mgl32.Vec3(b.Center())
	// From as far as the bounding sphere needs, come closer while every
	// corner of the box stays in view (a flat map section fills the view
	// long before its sphere does).
	d := r / float32(math.Sin(float64(mgl32.DegToRad(flyFov))/2)) * 1.05
	for range 40 {
		c.Eye = centre.Sub(c.forward().Mul(d * 0.95))
		if !c.cornersInView(b, aspect) {
			break
		}
		d *= 0.95
	}
	c.Eye = centre.Sub(c.forward().Mul(d))
	c.Speed = mgl32.Clamp(r/2, minSpeed, maxSpeed)
}

// cornersInView reports whether the eight corners of b project inside
// the central 94% of a view of the given aspect ratio.
func (c *flyCam) cornersInView(b geom.Bounds, aspect float32) bool {
	const h = 1000
	w := int(h * max(aspect, 0.1))
	cam := c.Camera()
	fr := cam.Frame(b, w, h)
	for i := range 8 {
		var p mgl32.Vec3
		for k := range 3 {
			p[k] = b.Min[k]
			if i>>k&1 == 1 {
				p[k] = b.Max[k]
			}
		}
		x, y, ok := fr.Project(p)
		if !ok || x < 0.03*float32(w) || x > 0.97*float32(w) || y < 0.03*h || y > 0.97*h {
			return false
		}
	}
	return true
}
