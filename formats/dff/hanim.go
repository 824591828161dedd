package dff

import (
	"rummage/formats/binread"
	"rummage/formats/rw"
)

// HAnim is a frame's HAnim extension (RpHAnim): the frame's node id and,
// on the frame that roots the hierarchy, the hierarchy's nodes in
// depth-first order (skin bone i is node i).
type HAnim struct {
	Version uint32
	ID      int32
	Flags   uint32
	KeySize uint32
	Nodes   []HAnimNode
}

// HAnimNode is one node of a hierarchy: its id, its index and its
// push/pop flags, which give the tree shape.
type HAnimNode struct {
	ID    int32
	Index int32
	Flags uint32
}

// HAnim node flags.
const (
	HAnimPop  = 1 // the node is the last child: return to the parent's parent after it
	HAnimPush = 2 // the node has siblings after its subtree: keep the parent
)

// maxHAnimNodes caps a hierarchy (bone indices are bytes in a skin).
const maxHAnimNodes = 1 << 12

// readHAnim decodes an HAnim extension.
func readHAnim(e *Ext) (*HAnim, error) {
	cur := binread.NewCursor(e.Data, e.Off+rw.HeaderSize)
	h := &HAnim{Version: cur.U32(), ID: cur.I32()}
	at := cur.Off()
	n := cur.U32()
	if cur.Err() != nil {
		return nil, binread.Errorf(e.Off+rw.HeaderSize, "HAnim extension of %d bytes is shorter than its 12-byte header", len(e.Data))
	}
	if h.Version != 0x100 {
		return nil, binread.Unsupportedf(e.Off+rw.HeaderSize, "HAnim version 0x%X (0x100 is read)", h.Version)
	}
	if n == 0 {
		return h, nil
	}
	if n > maxHAnimNodes {
		return nil, binread.Errorf(at, "HAnim hierarchy of %d nodes (at most %d)", n, maxHAnimNodes)
	}
	h.Flags, h.KeySize = cur.U32(), cur.U32()
	if err := binread.CheckCount(cur.Off(), "HAnim node", int64(n), 12, int64(cur.Len())); err != nil {
		return nil, err
	}
	h.Nodes = make([]HAnimNode, n)
	for i := range h.Nodes {
		h.Nodes[i] = HAnimNode{ID: cur.I32(), Index: cur.I32(), Flags: cur.U32()}
	}
	return h, cur.Err()
}

// NodeParents returns each hierarchy node's parent node (-1 for the
// first), from the push/pop flags as RpHAnim builds its tree.
func (h *HAnim) NodeParents() []int {
	out := make([]int, len(h.Nodes))
	stack := make([]int, 0, 16)
	parent := -1
	for i, n := range h.Nodes {
		out[i] = parent
		if n.Flags&HAnimPush != 0 {
			stack = append(stack, parent)
		}
		parent = i
		if n.Flags&HAnimPop != 0 {
			if len(stack) == 0 {
				parent = -1
				continue
			}
			parent = stack[len(stack)-1]
			stack = stack[:len(stack)-1]
		}
	}
	return out
}

// FrameHAnims reads the HAnim extension of every frame (nil where a frame
// has none) and returns them with the index of the frame holding the
// hierarchy (-1 when no frame does).
func (c *Clump) FrameHAnims() ([]*HAnim, int, error) {
	out := make([]*HAnim, len(c.Frames))
	root := -1
	for i := range c.Frames {
		e := findExt(c.Frames[i].Ext, IDHAnim)
		if e == nil {
			continue
		}
		h, err := readHAnim(e)
		if err != nil {
			return nil, -1, err
		}
		out[i] = h
		if len(h.Nodes) > 0 && root < 0 {
			root = i
		}
	}
	return out, root, nil
}
