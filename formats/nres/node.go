package nres

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"

	"rummage/formats"
)

func init() {
	formats.Register(formats.Format{
		Name:     "nres",
		Kind:     formats.KindArchive,
		Priority: 10,
		Match:    func(p formats.Probe) bool { return len(p.Head) >= 4 && string(p.Head[:4]) == Magic },
		Open:     OpenNode,
		Tag:      formats.FixedTag(Magic),
	})
}

// Node is an NRes archive in the node tree: the root of a .lib/.rlb file or
// a nested archive (an MSH model entry). Its children are the entries, each
// opened by its own magic through the format registry. Node is safe for
// concurrent use.
type Node struct {
	mu       sync.Mutex
	a        *Archive
	src      formats.Source
	kids     []formats.Node
	building bool
	gen      int
}

// OpenNode opens the archive in s (the registered format's Open).
func OpenNode(s formats.Source) (formats.Node, error) {
	a, err := NewArchive(s.R, s.Base, s.Size)
	if err != nil {
		return nil, err
	}
	return &Node{a: a, src: s}, nil
}

// Archive returns the underlying archive. Change it only through Edit, so
// that the children are rebuilt and a nested archive reaches its parent.
func (n *Node) Archive() *Archive { return n.a }

// Name returns the file or entry name.
func (n *Node) Name() string { return n.src.Name }

// Kind returns KindArchive.
func (n *Node) Kind() formats.Kind { return formats.KindArchive }

// Type returns the container's tag for a nested archive ("MSH"), else "NRes".
func (n *Node) Type() string {
	if n.src.Hint != "" {
		return n.src.Hint
	}
	return Magic
}

// FoldNames reports that entry names match case-insensitively.
func (n *Node) FoldNames() bool { return true }

// Describe returns the archive facts of the CLI contract.
func (n *Node) Describe() (any, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return map[string]any{
		"kind":     string(formats.KindArchive),
		"format":   "nres",
		"version":  int(n.a.hdr.Version),
		"entries":  n.a.Len(),
		"fileSize": n.src.Size,
	}, nil
}

// Diagnostics returns findings such as an invalid sort_index table.
func (n *Node) Diagnostics() []formats.Diagnostic {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.a.Diagnostics()
}

// ListFields returns the enclosing archive's fields for a nested archive.
func (n *Node) ListFields() map[string]any {
	if n.src.Fields == nil {
		return nil
	}
	return n.src.Fields.ListFields()
}

// Offset returns the absolute offset of the archive in its file, or -1.
func (n *Node) Offset() int64 { return n.src.Base }

// Size returns the archive's byte size as opened.
func (n *Node) Size() int64 { return n.src.Size }

// Open returns the archive's original bytes.
func (n *Node) Open() io.Reader { return io.NewSectionReader(n.src.R, 0, n.src.Size) }

// Edited reports whether the archive has unsaved edits.
func (n *Node) Edited() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.a.Edited()
}

// WriteTo writes the archive with its edits (byte-identical when unedited).
func (n *Node) WriteTo(w io.Writer) (int64, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.a.WriteTo(w)
}

// Lookup returns the child named name (case-insensitive, first of equal
// names), or nil.
func (n *Node) Lookup(name string) formats.Node {
	n.mu.Lock()
	i := n.a.Lookup(name)
	n.mu.Unlock()
	if i < 0 {
		return nil
	}
	kids, _ := n.Children()
	if i >= len(kids) {
		return nil
	}
	return kids[i]
}

// Edit runs fn on the archive under the node's lock, drops the cached
// children and, for a nested archive, hands the new bytes to the parent.
func (n *Node) Edit(fn func(a *Archive) error) error {
	n.mu.Lock()
	err := fn(n.a)
	n.a.ensureSorted() // so that later reads never write
	edited := n.a.Edited()
	if edited {
		n.kids = nil
		n.gen++
	}
	var data []byte
	var werr error
	if edited && n.src.Replace != nil {
		data, werr = n.a.Bytes()
	}
	n.mu.Unlock()
	if err != nil {
		return err
	}
	if werr != nil {
		return werr
	}
	if data != nil {
		return n.src.Replace(data)
	}
	return nil
}

// replaceEntry is the Source.Replace of the child with identity id.
func (n *Node) replaceEntry(id int32, data []byte) error {
	return n.Edit(func(a *Archive) error {
		for i := range a.ents {
			if a.ents[i].id == id {
				return a.Replace(i, data)
			}
		}
		return errors.New("nres: the entry was removed")
	})
}

// Children returns the entries as nodes, built once and cached until the
// next edit. A call made while the list is being built (an entry's format
// looking at its siblings through Source.Parent) gets the entries as plain
// raw nodes instead of waiting for itself.
func (n *Node) Children() ([]formats.Node, error) {
	n.mu.Lock()
	if n.kids != nil {
		k := n.kids
		n.mu.Unlock()
		return k, nil
	}
	srcs := n.sources()
	if n.building {
		n.mu.Unlock()
		kids := make([]formats.Node, len(srcs))
		for i := range srcs {
			kids[i] = srcs[i].raw()
		}
		return kids, nil
	}
	n.building = true
	gen := n.gen
	n.mu.Unlock()

	kids := make([]formats.Node, len(srcs))
	head := make([]byte, formats.HeadSize)
	for i := range srcs {
		kids[i] = srcs[i].open(head)
	}

	n.mu.Lock()
	n.building = false
	if n.gen == gen {
		n.kids = kids
	}
	n.mu.Unlock()
	return kids, nil
}

// childSource is what is known about one entry before it is opened.
type childSource struct {
	n    *Node
	e    DirEntry
	id   int32
	err  error
	r    io.ReaderAt
	size int64
	base int64
}

// ListFields returns the entry's directory fields for `ls --json`.
func (c *childSource) ListFields() map[string]any {
	return map[string]any{"attr1": c.e.Attr1, "attr2": c.e.Attr2, "attr3": c.e.Attr3, "sortIndex": c.e.SortIndex}
}

// sources collects the entries' records and byte ranges; the caller holds
// n.mu.
func (n *Node) sources() []childSource {
	a := n.a
	out := make([]childSource, a.Len())
	secs := make([]section, a.Len()) // one allocation for all file ranges
	for i := range out {
		c := &out[i]
		c.n, c.e, c.id, c.err = n, a.Entry(i), a.ents[i].id, a.EntryErr(i)
		switch {
		case !a.InFile(i):
			d := a.data[c.id]
			c.r, c.size, c.base = bytes.NewReader(d), int64(len(d)), -1
		case c.err != nil && a.errs[c.id].payload:
			// The payload range is unusable: show what the directory says.
			c.r, c.size, c.base = emptyReader{}, 0, a.base+int64(c.e.Offset)
		default:
			secs[i] = section{r: a.r, off: int64(c.e.Offset), n: int64(c.e.Size)}
			c.r, c.size, c.base = &secs[i], int64(c.e.Size), a.base+int64(c.e.Offset)
		}
		if n.src.Base < 0 {
			c.base = -1 // the archive itself is not a plain range of the file
		}
	}
	return out
}

// source is the formats.Source handed to the entry's format.
func (c *childSource) source() formats.Source {
	n, id := c.n, c.id
	return formats.Source{
		R:       c.r,
		Size:    c.size,
		Base:    c.base,
		Name:    c.e.Name(),
		Path:    n.src.Path,
		Hint:    FourCC(c.e.TypeID),
		Opts:    n.src.Opts,
		Budget:  n.src.Budget,
		Parent:  n,
		Replace: func(data []byte) error { return n.replaceEntry(id, data) },
		Fields:  c,
	}
}

// raw makes the entry's node without detecting its format.
func (c *childSource) raw() formats.Node {
	s := c.source()
	if c.err != nil {
		return &BrokenEntry{BrokenNode: *formats.NewBroken(s, formats.KindRaw, s.Hint, c.err), TypeID: c.e.TypeID}
	}
	return &EntryNode{Raw: *formats.NewRaw(s, formats.KindRaw, s.Hint), TypeID: c.e.TypeID}
}

// open detects the entry's format by its first bytes and opens it, as
// formats.OpenSource does, but with a shared head buffer and without an
// intermediate node: unknown data becomes an *EntryNode, a failing format
// a *BrokenEntry.
func (c *childSource) open(head []byte) formats.Node {
	if c.err != nil {
		return c.raw()
	}
	s := c.source()
	k, _ := s.R.ReadAt(head[:min(int64(len(head)), s.Size)], 0)
	f := formats.Detect(formats.Probe{Head: head[:k], Size: s.Size, Name: s.Name, Hint: s.Hint})
	if f == nil {
		return &EntryNode{Raw: *formats.NewRaw(s, formats.KindRaw, s.Hint), TypeID: c.e.TypeID}
	}
	node, err := f.Open(s)
	if err != nil {
		return &BrokenEntry{BrokenNode: *formats.NewBroken(s, f.BrokenKind(), s.Hint, err), TypeID: c.e.TypeID}
	}
	return node
}

// EntryNode is an entry no format recognised: raw bytes tagged with the
// entry's type id.
type EntryNode struct {
	formats.Raw
	TypeID uint32
}

// Describe returns the byte range facts, the type id in hex and the
// directory attributes.
func (e *EntryNode) Describe() (any, error) {
	m := map[string]any{
		"kind":   string(e.NodeKind),
		"name":   e.NodeName,
		"type":   e.Tag,
		"typeId": fmt.Sprintf("0x%08X", e.TypeID),
		"size":   e.N,
		"offset": e.Abs,
	}
	for k, v := range e.ListFields() {
		m[k] = v
	}
	return m, nil
}

// BrokenEntry is an entry whose directory record or payload is damaged, or
// whose format failed to decode it.
type BrokenEntry struct {
	formats.BrokenNode
	TypeID uint32
}

// section is a read-only window of an io.ReaderAt, like io.SectionReader
// but allocated in bulk.
type section struct {
	r      io.ReaderAt
	off, n int64
}

// ReadAt reads from the window; reads past its end return io.EOF.
func (s *section) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off >= s.n {
		return 0, io.EOF
	}
	if rest := s.n - off; int64(len(p)) > rest {
		p = p[:rest]
		n, err := s.r.ReadAt(p, s.off+off)
		if err == nil {
			err = io.EOF
		}
		return n, err
	}
	return s.r.ReadAt(p, s.off+off)
}

type emptyReader struct{}

func (emptyReader) ReadAt(p []byte, off int64) (int, error) { return 0, io.EOF }
