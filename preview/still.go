package preview

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"rummage/formats/geom"
)

// Viewpoint is one of the fixed camera positions of `rummage render`, in
// the Z-up frame the mesh is shown in (see StillCamera).
type Viewpoint uint8

// The viewpoints: the camera on the -Y, +Y, -X, +X or +Z side, or at
// (+1, -1, +1) from the centre.
const (
	Front Viewpoint = iota
	Back
	Left
	Right
	Top
	Iso
)

var viewpointNames = [...]string{"front", "back", "left", "right", "top", "iso"}

// String returns the viewpoint's name ("front", ...).
func (v Viewpoint) String() string {
	if int(v) < len(viewpointNames) {
		return viewpointNames[v]
	}
	return fmt.Sprintf("Viewpoint(%d)", v)
}

// ViewpointNames returns the viewpoints' names in Viewpoint order, as
// ParseViewpoint and `rummage render --camera` take them.
func ViewpointNames() []string { return slices.Clone(viewpointNames[:]) }

// ParseViewpoint returns the viewpoint named s (one of ViewpointNames).
func ParseViewpoint(s string) (Viewpoint, error) {
	for i, n := range viewpointNames {
		if n == s {
			return Viewpoint(i), nil
		}
	}
	return 0, fmt.Errorf("unknown camera %q: want one of %s", s, strings.Join(viewpointNames[:], ", "))
}

// angles are the yaw and pitch of each viewpoint for a Z-up camera.
var angles = [...][2]float64{
	Front: {-math.Pi / 2, 0},
	Back:  {math.Pi / 2, 0},
	Left:  {math.Pi, 0},
	Right: {0, 0},
	Top:   {-math.Pi / 2, math.Pi / 2}, // turned like front: +X right, +Y up
	Iso:   {-math.Pi / 4, math.Atan(1 / math.Sqrt2)},
}

// StillCamera returns the orthographic camera of `rummage render` for a
// mesh with bounds b and up axis up, in a w×h image: it looks at the
// bounds' centre from vp, and the bounds' bounding sphere just fits the
// smaller image side. The mesh is shown Z-up: a Z-up mesh as stored, a
// Y-up one with y and z exchanged (SwapYZ). Front looks toward +Y with +Z
// up, so +X points right.
func StillCamera(vp Viewpoint, b geom.Bounds, up geom.Up, w, h int) Camera {
	a := angles[Front]
	if int(vp) < len(angles) {
		a = angles[vp]
	}
	c := Camera{Yaw: float32(a[0]), Pitch: float32(a[1]), FovY: math.Pi / 4, Projection: Orthographic,
		Up: geom.ZUp, SwapYZ: up == geom.YUp}
	aspect := float64(max(w, 1)) / float64(max(h, 1))
	half := float64(radius(b)) // the view's half height
	if aspect < 1 {
		half /= aspect
	}
	c.Distance = float32(half / math.Tan(float64(c.FovY)/2))
	c.Target = b.Center()
	return c
}
