package samples

import (
	"sync"

	"rummage/formats"
	"rummage/formats/geom"
)

// Nodes returns the sample nodes made in code rather than read from a
// file: meshes for the preview and mesh export (an icosphere with one
// group per icosahedron face, Y up, a torus in six ring groups, Z up, and
// a crate with textured and animated materials, Z up).
func Nodes() []formats.Node {
	return []formats.Node{
		&MeshNode{NodeName: "icosphere", Make: func() *geom.Mesh { return geom.Icosphere(1, 6, geom.YUp) }},
		&MeshNode{NodeName: "torus", Make: func() *geom.Mesh { return geom.Torus(2, 0.6, 48, 20, 6, geom.ZUp) }},
		&MeshNode{NodeName: "crate", Make: geom.Crate},
	}
}

// MeshNode is a mesh leaf built on first use by Make.
type MeshNode struct {
	NodeName string
	Make     func() *geom.Mesh
	once     sync.Once
	mesh     *geom.Mesh
}

// Name returns the node's name.
func (n *MeshNode) Name() string { return n.NodeName }

// Kind returns formats.KindMesh.
func (n *MeshNode) Kind() formats.Kind { return formats.KindMesh }

// Children returns nil: the node is a leaf.
func (n *MeshNode) Children() ([]formats.Node, error) { return nil, nil }

// IsLeaf returns true: the node has no children.
func (n *MeshNode) IsLeaf() bool { return true }

// Type returns "mesh".
func (n *MeshNode) Type() string { return "mesh" }

// Mesh returns the mesh, built once.
func (n *MeshNode) Mesh() (*geom.Mesh, error) {
	n.once.Do(func() { n.mesh = n.Make() })
	return n.mesh, nil
}

// Describe returns the mesh facts of the CLI contract: nodes, vertices,
// triangles, batches (groups) and bounds.
func (n *MeshNode) Describe() (any, error) {
	m, err := n.Mesh()
	if err != nil {
		return nil, err
	}
	b := m.Bounds()
	return map[string]any{
		"kind":      string(formats.KindMesh),
		"name":      n.NodeName,
		"nodes":     1,
		"vertices":  len(m.Positions),
		"triangles": m.Triangles(),
		"batches":   len(m.Groups),
		"bounds":    map[string]any{"min": b.Min[:], "max": b.Max[:]},
	}, nil
}
