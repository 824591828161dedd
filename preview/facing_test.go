package preview

import (
	"image"
	"testing"

	"rummage/formats/geom"
)

// TestFacingAgreesWithCulling: for a one-sided triangle seen from every
// viewpoint, in both up conventions, Facing says it faces the camera
// exactly when the solid view fills it.
func TestFacingAgreesWithCulling(t *testing.T) {
	r := NewRenderer()
	defer r.Close()
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for _, up := range []geom.Up{geom.ZUp, geom.YUp} {
		for _, tri := range [][]uint32{{0, 1, 2}, {0, 2, 1}} {
			// a triangle tilted so that no viewpoint sees it edge-on
			m := &geom.Mesh{Positions: []geom.Vec3{{0, 0, 0}, {1, 0.3, 0.2}, {0.2, 0.4, 1}}, Indices: tri, Up: up}
			for vp := Front; vp <= Iso; vp++ {
				cam := StillCamera(vp, m.Bounds(), m.Up, 64, 48)
				opt := DefaultOptions()
				opt.Mode = ModeSolid
				st := r.Render(img, m, &cam, &opt)
				front, back := Facing(m, &cam, 64, 48)
				if front+back != 1 || (front == 1) != (st.Faces > 0) {
					t.Errorf("up %d, winding %v, %s: Facing %d front %d back, the solid view filled %d", up, tri, vp, front, back, st.Faces)
				}
			}
		}
	}
}
