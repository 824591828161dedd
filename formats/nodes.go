package formats

import (
	"fmt"
	"io"
)

// Raw is a leaf node over a byte range of its file: the node used for data
// no format recognises, and a handy base for format nodes.
type Raw struct {
	NodeName string
	NodeKind Kind
	Tag      string      // Type() tag
	R        io.ReaderAt // the bytes, from 0
	N        int64       // their count
	Abs      int64       // absolute file offset of byte 0, or -1
	Fields   Fielder     // the container's extra ls fields (Source.Fields), or nil
}

// NewRaw makes a Raw node over a Source.
func NewRaw(s Source, kind Kind, tag string) *Raw {
	return &Raw{NodeName: s.Name, NodeKind: kind, Tag: tag, R: s.R, N: s.Size, Abs: s.Base, Fields: s.Fields}
}

// ListFields returns the container's extra fields for `ls --json`.
func (r *Raw) ListFields() map[string]any {
	if r.Fields == nil {
		return nil
	}
	return r.Fields.ListFields()
}

// Name returns the node's name.
func (r *Raw) Name() string { return r.NodeName }

// Kind returns the node's kind.
func (r *Raw) Kind() Kind { return r.NodeKind }

// Children returns nil: a raw node is a leaf.
func (r *Raw) Children() ([]Node, error) { return nil, nil }

// Type returns the format tag.
func (r *Raw) Type() string { return r.Tag }

// Offset returns the absolute file offset, or -1.
func (r *Raw) Offset() int64 { return r.Abs }

// Size returns the byte count.
func (r *Raw) Size() int64 { return r.N }

// Open returns a reader over the bytes.
func (r *Raw) Open() io.Reader { return io.NewSectionReader(r.R, 0, r.N) }

// Describe returns the basic facts of the byte range.
func (r *Raw) Describe() (any, error) {
	return map[string]any{"kind": string(r.NodeKind), "name": r.NodeName, "type": r.Tag, "size": r.N, "offset": r.Abs}, nil
}

// BrokenNode is a node whose data could not be decoded. It keeps its bytes
// (for the hex view and raw export) and the error.
type BrokenNode struct {
	Raw
	Error error
}

// NewBroken makes a broken node over a Source.
func NewBroken(s Source, kind Kind, tag string, err error) *BrokenNode {
	return &BrokenNode{Raw: *NewRaw(s, kind, tag), Error: err}
}

// Err returns why the node is broken.
func (b *BrokenNode) Err() error { return b.Error }

// Describe returns the error with its offset beside the byte range facts.
func (b *BrokenNode) Describe() (any, error) {
	return nil, b.Error
}

// Folder is a plain container node with fixed children (an opened folder,
// a group of chunks, a list of items).
type Folder struct {
	NodeName string
	NodeKind Kind
	Tag      string
	Items    []Node
}

// Name returns the folder's name.
func (f *Folder) Name() string { return f.NodeName }

// Kind returns the folder's kind (KindArchive when unset).
func (f *Folder) Kind() Kind {
	if f.NodeKind == "" {
		return KindArchive
	}
	return f.NodeKind
}

// Children returns the items.
func (f *Folder) Children() ([]Node, error) { return f.Items, nil }

// Type returns the tag.
func (f *Folder) Type() string { return f.Tag }

// Describe returns the item count.
func (f *Folder) Describe() (any, error) {
	return map[string]any{"kind": string(f.Kind()), "name": f.NodeName, "items": len(f.Items)}, nil
}

// NodeError wraps an error with the node path where it happened.
type NodeError struct {
	Path string
	Err  error
}

func (e *NodeError) Error() string { return fmt.Sprintf("%s: %v", e.Path, e.Err) }

// Unwrap returns the wrapped error.
func (e *NodeError) Unwrap() error { return e.Err }
