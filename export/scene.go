package export

import (
	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// Scene is what a glTF file holds: a tree of named nodes (geom.Scene).
type Scene = geom.Scene

// SceneNode is one node of a Scene.
type SceneNode = geom.SceneNode

// SceneOf is the scene of one mesh: a single node named name.
func SceneOf(m *geom.Mesh, name string) *Scene { return geom.SceneOf(m, name) }

// yUpMatrix returns the node matrix M of a scene in frame up as the matrix
// of the Y-up frame, R·M·R⁻¹ with R the rotation of yUp, so that a point
// placed by M and then turned Y-up lands where the turned point placed by
// the result does. R only swaps and negates axes, so the result is exact.
func yUpMatrix(m mgl32.Mat4, up geom.Up) mgl32.Mat4 {
	if m == (mgl32.Mat4{}) {
		m = mgl32.Ident4()
	}
	if up != geom.ZUp {
		return m
	}
	// R maps (x, y, z) to (x, z, -y)
	r := mgl32.Mat4{1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1}
	return r.Mul4(m).Mul4(r.Transpose())
}
