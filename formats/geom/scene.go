package geom

import "github.com/go-gl/mathgl/mgl32"

// Scene is a tree of named nodes, each with a local transform and an
// optional mesh: what a glTF file holds. One mesh is a scene of one node
// (SceneOf); a RenderWare clump's frame hierarchy is a deeper tree.
type Scene struct {
	Name  string
	Up    Up           // the frame of every matrix and mesh in the scene
	Nodes []*SceneNode // the roots
	// Skeleton and Bones, when set, say which node stands for each bone
	// (Bones[i] is bone i of Skeleton): a mesh whose Skin uses Skeleton is
	// skinned to those nodes, and Animations move them.
	Skeleton *Skeleton
	Bones    []*SceneNode
	// Animations are motions of Skeleton (glTF animations).
	Animations []*Animation
}

// SceneNode is one node of a Scene.
type SceneNode struct {
	Name string
	// Matrix is the node's transform relative to its parent, column-major
	// (as mgl32 and glTF store it), in the scene's Up frame. The zero
	// matrix stands for the identity.
	Matrix   mgl32.Mat4
	Mesh     *Mesh // nil: a node that only groups or places its children
	Children []*SceneNode
	// From says what in the file the node was read from (a DFF frame and
	// its offset), for errors about it; nil when it was made, not read.
	From *Origin
}

// Origin is what a scene node was read from: "frame 3" and the absolute
// offset of its record.
type Origin struct {
	What string
	Off  int64
}

// SceneOf is the scene of one mesh: a single node named name.
func SceneOf(m *Mesh, name string) *Scene {
	return &Scene{Name: name, Up: m.Up, Nodes: []*SceneNode{{Name: name, Mesh: m}}}
}

// SkinnedScene is the scene of a skinned mesh: a node per bone of its
// skeleton (placed by the bind-pose locals, parents as the skeleton says)
// and the mesh's node at the root without a transform, as glTF wants a
// skinned mesh.
func SkinnedScene(m *Mesh, name string) *Scene {
	sk := m.Skin.Skeleton
	s := &Scene{Name: name, Up: m.Up, Skeleton: sk, Bones: make([]*SceneNode, len(sk.Bones))}
	for i := range sk.Bones {
		s.Bones[i] = &SceneNode{Name: sk.Bones[i].TrimmedName(), Matrix: sk.Bones[i].Local}
	}
	for i, b := range sk.Bones {
		if p := b.Parent; p >= 0 && p < len(sk.Bones) && p != i {
			s.Bones[p].Children = append(s.Bones[p].Children, s.Bones[i])
		} else {
			s.Nodes = append(s.Nodes, s.Bones[i])
		}
	}
	s.Nodes = append(s.Nodes, &SceneNode{Name: name, Mesh: m})
	return s
}
