package dff

import (
	"bytes"
	"io"
	"sync"

	"rummage/formats"
	"rummage/formats/col"
	"rummage/formats/geom"
	"rummage/formats/rw"
)

// IDCollision is the collision plugin of a clump: a vehicle's collision
// model, a whole COL model (PC) or a headerless COLL body (San Andreas
// PS2).
const IDCollision = 0x253F2FA

// CollisionNode is a clump's embedded collision model, a mesh node named
// "collision" under the clump.
type CollisionNode struct {
	root *Root
	ext  *Ext

	once  sync.Once
	model *col.Model
	mesh  *geom.Mesh
	err   error
}

// collisionNode returns the clump's collision node, nil when it has none.
func (r *Root) collisionNode(c *Clump) *CollisionNode {
	if e := findExt(c.Ext, IDCollision); e != nil {
		return &CollisionNode{root: r, ext: e}
	}
	return nil
}

// Model parses the collision model (once).
func (n *CollisionNode) Model() (*col.Model, error) {
	n.once.Do(func() {
		at := n.ext.Off + rw.HeaderSize
		if bytes.HasPrefix(n.ext.Data, []byte("COL")) {
			n.model, n.err = col.ParseModel(n.ext.Data, at)
		} else {
			n.model, n.err = col.ParseBody1(n.ext.Data, at, n.root.vehicle().model)
		}
		if n.err == nil {
			n.mesh = n.model.Mesh()
		}
	})
	return n.model, n.err
}

// Name returns "collision".
func (n *CollisionNode) Name() string { return "collision" }

// Kind returns KindMesh.
func (n *CollisionNode) Kind() formats.Kind { return formats.KindMesh }

// Type returns the model's tag (COLL for the headerless PS2 body).
func (n *CollisionNode) Type() string {
	if bytes.HasPrefix(n.ext.Data, []byte("COL")) && len(n.ext.Data) >= 4 {
		return string(n.ext.Data[:4])
	}
	return "COLL"
}

// Children returns nil.
func (n *CollisionNode) Children() ([]formats.Node, error) { return nil, nil }

// IsLeaf returns true.
func (n *CollisionNode) IsLeaf() bool { return true }

// Err is why the model cannot be read, nil when it can.
func (n *CollisionNode) Err() error {
	_, err := n.Model()
	return err
}

// Mesh returns the collision drawn as col.Model.Mesh does, in the
// clump's frame.
func (n *CollisionNode) Mesh() (*geom.Mesh, error) {
	if _, err := n.Model(); err != nil {
		return nil, err
	}
	return n.mesh, nil
}

// Describe returns the collision facts (see col.Facts).
func (n *CollisionNode) Describe() (any, error) {
	m, err := n.Model()
	if err != nil {
		return nil, err
	}
	d := col.Facts(m, n.mesh)
	d["name"] = n.Name()
	return d, nil
}

// Offset returns the plugin chunk's absolute offset (-1 for in-memory data).
func (n *CollisionNode) Offset() int64 {
	if n.root.src.Base < 0 {
		return -1
	}
	return n.ext.Off
}

// Size returns the plugin chunk's bytes, header included.
func (n *CollisionNode) Size() int64 { return int64(len(n.ext.Data)) + rw.HeaderSize }

// Open returns the plugin chunk's bytes.
func (n *CollisionNode) Open() io.Reader {
	return io.NewSectionReader(n.root.src.R, n.ext.Off-max(n.root.src.Base, 0), n.Size())
}
