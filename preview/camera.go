// Package preview draws a geom.Mesh into an *image.RGBA in software, on
// every core, with no allocation per frame, in four views: an antialiased
// wireframe, solid (flat or smooth shaded), textured, and textured with the
// wireframe over it.
//
// A Camera orbits the mesh's bounds centre (yaw and pitch around the mesh's
// up axis), pans, dollies and fits the bounds, in perspective or
// orthographic projection; StillCamera gives the fixed viewpoints of
// `rummage render`. A Renderer keeps the per-frame buffers and a small pool
// of worker goroutines; Render draws one frame: the workers project their
// share of the vertices, then
//
//   - wire: mark back-facing triangles, then each draws its share of the
//     deduplicated edges (worker 0 onto the image, the others onto
//     transparent layers composited in order, which gives the frame a single
//     worker would draw, up to rounding);
//   - solid and textured: sort their share of the triangles into bins of
//     image rows (culling back faces and triangles that cover no pixel
//     centre), then fill whole bands of rows, each taken by one worker,
//     with a z-buffer: opaque triangles first, then the blended ones, each
//     in mesh order, so the frame does not depend on the number of workers.
//
// Edges and triangles with a corner behind the near plane are clipped in
// clip space before the divide, and everything is clipped to the viewport,
// so nothing wraps round.
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
	// SwapYZ shows the mesh with y and z exchanged, (x, y, z) → (x, z, y):
	// a Y-up (Direct3D, left-handed) mesh seen Z-up, unmirrored, as
	// `rummage render` shows it. Set Up to geom.ZUp with it. Target stays
	// in the mesh's own axes.
	SwapYZ bool
}

// Default yaw and pitch: a three-quarter view from above.
const (
	DefaultYaw   = -math.Pi / 4
	DefaultPitch = math.Pi / 7
	maxPitch     = math.Pi/2 - 0.01
	nearVertical = math.Pi/2 - 1e-3 // beyond maxPitch: viewUp stops using the world's up
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
	c.Target = c.Target.Sub(c.swap(right).Mul(dx * s)).Add(c.swap(up).Mul(dy * s))
}

// swap maps v between the mesh's axes and the viewed ones (the same map
// both ways): y and z exchanged when SwapYZ is set.
func (c *Camera) swap(v mgl32.Vec3) mgl32.Vec3 {
	if c.SwapYZ {
		return mgl32.Vec3{v[0], v[2], v[1]}
	}
	return v
}

// swapMat is swap as a matrix.
func (c *Camera) swapMat() mgl32.Mat4 {
	if c.SwapYZ {
		return mgl32.Mat4{1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1}
	}
	return mgl32.Ident4()
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

// viewUp is the up vector the view is built with: the world's up, or,
// looking straight down or up (a pitch of ±90°, which Orbit never gives but
// StillCamera's top view does), the way dir turns as the pitch grows, so
// the yaw still says which way the image is turned.
func (c *Camera) viewUp() mgl32.Vec3 {
	if abs32(c.Pitch) < nearVertical {
		return c.worldUp()
	}
	sy, cy := math.Sincos(float64(c.Yaw))
	sp, cp := math.Sincos(float64(c.Pitch))
	if c.Up == geom.ZUp {
		return mgl32.Vec3{float32(-sp * cy), float32(-sp * sy), float32(cp)}
	}
	return mgl32.Vec3{float32(-sp * sy), float32(cp), float32(-sp * cy)}
}

// basis returns the viewing direction and the camera's right and up axes,
// in the viewed axes (see SwapYZ).
func (c *Camera) basis() (fwd, right, up mgl32.Vec3) {
	fwd = c.dir().Mul(-1)
	right = fwd.Cross(c.viewUp()).Normalize()
	up = right.Cross(fwd)
	return
}

// Eye returns the eye position (in the mesh's axes).
func (c *Camera) Eye() mgl32.Vec3 { return c.Target.Add(c.swap(c.dir()).Mul(c.Distance)) }

// Frame is a camera resolved for one viewport and one mesh: the matrices
// and the depth range the mesh occupies.
type Frame struct {
	View, Proj, MVP mgl32.Mat4
	W, H            int
	Near, Far       float32 // clip planes
	DepthMin        float32 // eye depth of the nearest and farthest bound
	DepthMax        float32
	Mirror          bool // View mirrors (SwapYZ): fronts turn clockwise on screen
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
	// Work in the viewed axes; the view matrix maps the mesh's into them.
	target, centre := c.swap(c.Target), c.swap(centre)
	if c.Projection == Orthographic {
		// Put the eye outside everything so nothing is behind it.
		reach := centre.Sub(target).Len() + r
		d := reach*2 + c.Distance*0.01 + 1e-3
		eye := target.Add(c.dir().Mul(d))
		fr.View = mgl32.LookAtV(eye, target, c.viewUp())
		fr.Near, fr.Far = d-reach*1.01, d+reach*1.01
		fr.Near = max(fr.Near, 1e-4*fr.Far)
		hh := c.Distance * th
		fr.Proj = mgl32.Ortho(-hh*aspect, hh*aspect, -hh, hh, fr.Near, fr.Far)
	} else {
		eye := target.Add(c.dir().Mul(c.Distance))
		fr.View = mgl32.LookAtV(eye, target, c.viewUp())
		dc := eye.Sub(centre).Len()
		fr.Far = dc + r*1.01
		fr.Near = max(dc-r*1.01, fr.Far*1e-5, c.Distance*1e-3)
		fr.Proj = mgl32.Perspective(c.FovY, aspect, fr.Near, fr.Far)
	}
	if c.SwapYZ {
		fr.View = fr.View.Mul4(c.swapMat())
		fr.Mirror = true
	}
	fr.MVP = fr.Proj.Mul4(fr.View)
	vc := fr.View.Mul4x1(c.swap(centre).Vec4(1))
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
