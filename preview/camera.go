// Package preview draws a geom.Mesh as an antialiased wireframe into an
// *image.RGBA in software, on every core, with no allocation per frame.
//
// A Camera orbits the mesh's bounds centre (yaw and pitch around the mesh's
// up axis), pans, dollies and fits the bounds, in perspective or
// orthographic projection. A Renderer keeps the per-frame buffers and a
// small pool of worker goroutines; Render draws one frame: the workers
// project their share of the vertices, mark back-facing triangles, then
// each draws its share of the deduplicated edges (worker 0 onto the image,
// the others onto transparent layers composited in order, which gives the
// frame a single worker would draw, up to rounding). Edges with an end
// behind the near plane are clipped in clip space before the divide, and
// every line is clipped to the viewport, so nothing wraps round.
package preview

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// Projection selects perspective or orthographic projection.
type Projection uint8

// The two projections.
const (
	Perspective Projection = iota
	Orthographic
)

// Camera is an orbit camera. The eye sits at Distance from Target in the
// direction given by Yaw (around the up axis) and Pitch (above the ground
// plane), both in radians. In orthographic projection the view height at
// the target is the same as in perspective, so switching keeps the size.
type Camera struct {
	Target     mgl32.Vec3
	Yaw, Pitch float32
	Distance   float32
	FovY       float32 // vertical field of view in radians (perspective)
	Projection Projection
	Up         geom.Up
}

// Default yaw and pitch: a three-quarter view from above.
const (
	DefaultYaw   = -math.Pi / 4
	DefaultPitch = math.Pi / 7
	maxPitch     = math.Pi/2 - 0.01
	fitMargin    = 1.04
)

// NewCamera returns a camera with the default angles fitted to b for a
// viewport of the given aspect ratio (width / height).
func NewCamera(b geom.Bounds, up geom.Up, aspect float32) Camera {
	c := Camera{Yaw: DefaultYaw, Pitch: DefaultPitch, FovY: mgl32.DegToRad(45), Up: up}
	c.Fit(b, aspect)
	return c
}

// radius is the bounds' half diagonal, never zero.
func radius(b geom.Bounds) float32 {
	r := b.Radius()
	if !(r > 1e-6) || math.IsInf(float64(r), 0) {
		return 1
	}
	return r
}

// Fit moves the target to the bounds centre and sets the distance so the
// bounding sphere, and so all eight box corners, fit in the viewport. The
// angles and the projection stay.
func (c *Camera) Fit(b geom.Bounds, aspect float32) {
	if !(aspect > 0) {
		aspect = 1
	}
	if !(c.FovY > 0.01 && c.FovY < 3) {
		c.FovY = mgl32.DegToRad(45)
	}
	r := radius(b) * fitMargin
	half := float64(c.FovY) / 2
	halfX := math.Atan(float64(aspect) * math.Tan(half))
	if c.Projection == Orthographic {
		// the view half height at the target is Distance*tan(half)
		h := float64(r)
		if aspect < 1 {
			h /= float64(aspect)
		}
		c.Distance = float32(h / math.Tan(half))
	} else {
		c.Distance = float32(float64(r) / math.Sin(math.Min(half, halfX)))
	}
	c.Target = mgl32.Vec3(b.Center())
}

// Orbit turns the camera around the target.
func (c *Camera) Orbit(dyaw, dpitch float32) {
	c.Yaw = float32(math.Remainder(float64(c.Yaw+dyaw), 2*math.Pi))
	c.Pitch = mgl32.Clamp(c.Pitch+dpitch, -maxPitch, maxPitch)
}

// Dolly scales the distance to the target (factor < 1 moves closer).
func (c *Camera) Dolly(factor float32) {
	if factor > 0 {
		c.Distance = mgl32.Clamp(c.Distance*factor, 1e-6, 1e12)
	}
}

// Pan moves the target so the scene follows the pointer: dx, dy in pixels
// of a viewport h pixels high (y down).
func (c *Camera) Pan(dx, dy float32, h int) {
	if h <= 0 {
		return
	}
	s := 2 * c.Distance * float32(math.Tan(float64(c.FovY)/2)) / float32(h)
	_, right, up := c.basis()
	c.Target = c.Target.Sub(right.Mul(dx * s)).Add(up.Mul(dy * s))
}

// worldUp is the mesh's up axis.
func (c *Camera) worldUp() mgl32.Vec3 {
	if c.Up == geom.ZUp {
		return mgl32.Vec3{0, 0, 1}
	}
	return mgl32.Vec3{0, 1, 0}
}

// dir is the unit vector from the target towards the eye.
func (c *Camera) dir() mgl32.Vec3 {
	sy, cy := math.Sincos(float64(c.Yaw))
	sp, cp := math.Sincos(float64(c.Pitch))
	if c.Up == geom.ZUp {
		return mgl32.Vec3{float32(cp * cy), float32(cp * sy), float32(sp)}
	}
	return mgl32.Vec3{float32(cp * sy), float32(sp), float32(cp * cy)}
}

// basis returns the viewing direction and the camera's right and up axes.
func (c *Camera) basis() (fwd, right, up mgl32.Vec3) {
	fwd = c.dir().Mul(-1)
	right = fwd.Cross(c.worldUp()).Normalize()
	up = right.Cross(fwd)
	return
}

// Eye returns the eye position.
func (c *Camera) Eye() mgl32.Vec3 { return c.Target.Add(c.dir().Mul(c.Distance)) }

// Frame is a camera resolved for one viewport and one mesh: the matrices
// and the depth range the mesh occupies.
type Frame struct {
	View, Proj, MVP mgl32.Mat4
	W, H            int
	Near, Far       float32 // clip planes
	DepthMin        float32 // eye depth of the nearest and farthest bound
	DepthMax        float32
}

// Frame resolves the camera for a w×h viewport and a mesh with bounds b.
// The far plane always lies beyond the bounds; the near plane is as far as
// possible, so points behind the eye are clipped, never wrapped round.
func (c *Camera) Frame(b geom.Bounds, w, h int) Frame {
	w, h = max(w, 1), max(h, 1)
	aspect := float32(w) / float32(h)
	r := radius(b)
	centre := mgl32.Vec3(b.Center())
	fr := Frame{W: w, H: h}
	if !(c.FovY > 0.01 && c.FovY < 3) {
		c.FovY = mgl32.DegToRad(45)
	}
	if !(c.Distance > 0) {
		c.Distance = 1
	}
	th := float32(math.Tan(float64(c.FovY) / 2))
	if c.Projection == Orthographic {
		// Put the eye outside everything so nothing is behind it.
		reach := centre.Sub(c.Target).Len() + r
		d := reach*2 + c.Distance*0.01 + 1e-3
		eye := c.Target.Add(c.dir().Mul(d))
		fr.View = mgl32.LookAtV(eye, c.Target, c.worldUp())
		fr.Near, fr.Far = d-reach*1.01, d+reach*1.01
		fr.Near = max(fr.Near, 1e-4*fr.Far)
		hh := c.Distance * th
		fr.Proj = mgl32.Ortho(-hh*aspect, hh*aspect, -hh, hh, fr.Near, fr.Far)
	} else {
		eye := c.Eye()
		fr.View = mgl32.LookAtV(eye, c.Target, c.worldUp())
		dc := eye.Sub(centre).Len()
		fr.Far = dc + r*1.01
		fr.Near = max(dc-r*1.01, fr.Far*1e-5, c.Distance*1e-3)
		fr.Proj = mgl32.Perspective(c.FovY, aspect, fr.Near, fr.Far)
	}
	fr.MVP = fr.Proj.Mul4(fr.View)
	vc := fr.View.Mul4x1(centre.Vec4(1))
	fr.DepthMin, fr.DepthMax = -vc[2]-r, -vc[2]+r
	return fr
}

// Project maps a world point to pixel coordinates (y down, pixel centres at
// .5). ok is false for points on or behind the near plane.
func (f *Frame) Project(p mgl32.Vec3) (x, y float32, ok bool) {
	c := f.MVP.Mul4x1(p.Vec4(1))
	if c[2] < -c[3] || c[3] <= 0 {
		return 0, 0, false
	}
	return (c[0]/c[3]*0.5 + 0.5) * float32(f.W), (0.5 - c[1]/c[3]*0.5) * float32(f.H), true
}
