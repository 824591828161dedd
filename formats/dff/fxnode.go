package dff

import (
	"io"
	"sync"

	"rummage/formats"
)

// EffectsNode is a geometry's 2DFX entries: a table node named "2dfx".
type EffectsNode struct {
	geom *GeometryNode
	ext  *Ext

	once sync.Once
	fx   []Effect
	err  error
}

// Effects returns the entries (decoded once).
func (n *EffectsNode) Effects() ([]Effect, error) {
	n.once.Do(func() { n.fx, n.err = n.geom.G.Effects() })
	return n.fx, n.err
}

// Name returns "2dfx".
func (n *EffectsNode) Name() string { return "2dfx" }

// Kind returns KindTable.
func (n *EffectsNode) Kind() formats.Kind { return formats.KindTable }

// Type returns "2DFX".
func (n *EffectsNode) Type() string { return "2DFX" }

// Children returns nil.
func (n *EffectsNode) Children() ([]formats.Node, error) { return nil, nil }

// IsLeaf returns true.
func (n *EffectsNode) IsLeaf() bool { return true }

// Err is why the entries cannot be read, nil when they can.
func (n *EffectsNode) Err() error {
	_, err := n.Effects()
	return err
}

// Describe returns the entry count and each entry's facts (Effect.Facts)
// in "rows".
func (n *EffectsNode) Describe() (any, error) {
	fx, err := n.Effects()
	if err != nil {
		return nil, err
	}
	rows := make([]map[string]any, len(fx))
	counts := map[string]int{}
	for i, e := range fx {
		rows[i] = e.Facts()
		rows[i]["index"] = i
		counts[FXTypeName(e.Type)]++
	}
	return map[string]any{"kind": string(formats.KindTable), "name": n.Name(), "entries": len(fx), "types": counts, "rows": rows}, nil
}

// Offset returns the plugin chunk's absolute offset (-1 for in-memory data).
func (n *EffectsNode) Offset() int64 {
	if n.geom.root.src.Base < 0 {
		return -1
	}
	return n.ext.Off
}

// Size returns the plugin chunk's bytes, header included.
func (n *EffectsNode) Size() int64 { return int64(len(n.ext.Data)) + 12 }

// Open returns the plugin chunk's bytes.
func (n *EffectsNode) Open() io.Reader {
	return io.NewSectionReader(n.geom.root.src.R, n.ext.Off-max(n.geom.root.src.Base, 0), n.Size())
}
