package export

import (
	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// Scene is what a glTF file holds: a tree of named nodes, each with a
// local transform and an optional mesh. One mesh is a scene of one node
// (SceneOf); a RenderWare clump's frame hierarchy is a deeper tree.
type Scene struct {
	Name  string
	Up    geom.Up      // the frame of every matrix and mesh in the scene
	Nodes []*SceneNode // the roots
}

// SceneNode is one node of a Scene.
type SceneNode struct {
	Name string
	// Matrix is the node's transform relative to its parent, column-major
	// (as mgl32 and glTF store it), in the scene's Up frame. The zero
	// matrix stands for the identity.
	Matrix   mgl32.Mat4
	Mesh     *geom.Mesh // nil: a node that only groups or places its children
	Children []*SceneNode
}

// SceneOf is the scene of one mesh: a single node named name.
func SceneOf(m *geom.Mesh, name string) *Scene {
	return &Scene{Name: name, Up: m.Up, Nodes: []*SceneNode{{Name: name, Mesh: m}}}
}

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
