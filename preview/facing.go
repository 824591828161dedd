package preview

import (
	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// Facing counts the triangles of m that turn their front to cam in a w×h
// frame and those that turn it away, by the winding of their projected
// corners as the solid and textured views cull them (back faces of groups
// that are not two-sided are not filled). Triangles that are degenerate
// on screen, have a corner behind the eye or an index past the positions
// count in neither.
func Facing(m *geom.Mesh, cam *Camera, w, h int) (front, back int) {
	if m == nil {
		return 0, 0
	}
	fr := cam.Frame(m.Bounds(), w, h)
	nv := uint32(len(m.Positions))
	for t := range m.Triangles() {
		var x, y [3]float64
		ok := true
		for k := range 3 {
			i := m.Indices[3*t+k]
			if i >= nv {
				ok = false
				break
			}
			px, py, in := fr.Project(mgl32.Vec3(m.Positions[i]))
			x[k], y[k], ok = float64(px), float64(py), in
			if !ok {
				break
			}
		}
		if !ok {
			continue
		}
		area := (x[1]-x[0])*(y[2]-y[0]) - (x[2]-x[0])*(y[1]-y[0])
		switch {
		case area == 0 || area != area:
		case (area > 0) != fr.Mirror:
			back++
		default:
			front++
		}
	}
	return front, back
}
