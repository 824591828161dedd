package rsli

import (
	"bytes"
	"io"
	"sync"

	"rummage/formats"
	"rummage/formats/binread"
)

func init() {
	formats.Register(formats.Format{
		Name:     "rsli",
		Kind:     formats.KindArchive,
		Priority: 10,
		Match:    func(p formats.Probe) bool { return bytes.HasPrefix(p.Head, []byte(Magic)) },
		Open:     OpenNode,
		Tag:      formats.FixedTag("RsLi"),
	})
}

// Node is an RsLi archive; its children are the members, unpacked and
// opened by their own magic (sprites.lib members are Texm textures).
type Node struct {
	A    *Archive
	src  formats.Source
	once sync.Once
	kids []formats.Node
}

// OpenNode opens an archive.
func OpenNode(s formats.Source) (formats.Node, error) {
	base := s.Base
	if base < 0 {
		base = 0
	}
	a, err := NewArchive(s.R, base, s.Size)
	if err != nil {
		return nil, err
	}
	return &Node{A: a, src: s}, nil
}

// Name returns the file or entry name.
func (n *Node) Name() string { return n.src.Name }

// Kind returns KindArchive.
func (n *Node) Kind() formats.Kind { return formats.KindArchive }

// Type returns "RsLi".
func (n *Node) Type() string { return "RsLi" }

// FoldNames reports that member names match case-insensitively.
func (n *Node) FoldNames() bool { return true }

// Offset returns the archive's file offset.
func (n *Node) Offset() int64 { return n.src.Base }

// Size returns the archive's size.
func (n *Node) Size() int64 { return n.src.Size }

// Open returns the archive's bytes.
func (n *Node) Open() io.Reader { return io.NewSectionReader(n.src.R, 0, n.src.Size) }

// fields are a member's extra ls fields.
type fields map[string]any

// ListFields returns the fields.
func (f fields) ListFields() map[string]any { return f }

// Children opens every member (once) by its own magic. A member is
// unpacked only as far as its format reads it: detection decodes its first
// bytes, the rest is unpacked on first use, charged to the file's Budget.
func (n *Node) Children() ([]formats.Node, error) {
	n.once.Do(func() {
		budget := n.src.Budget
		if budget == nil {
			budget = formats.NewBudget(formats.UnpackLimit(n.src.Size))
		}
		for i := range n.A.Entries {
			e := &n.A.Entries[i]
			f := fields{"method": MethodName(e.Method()), "flags": int(e.Flags), "packedSize": e.Packed, "unpackedSize": e.Unpacked, "order": int(e.Order)}
			s := formats.Source{Name: e.Name(), Path: n.src.Path, Opts: n.src.Opts, Budget: budget, Parent: n, Fields: f, Base: -1}
			m, err := newMember(n.A, i, budget)
			if err != nil {
				s.R, s.Size = bytes.NewReader(nil), 0
				s.Base = n.src.Base + int64(e.Offset) + int64(n.A.Overlay)
				n.kids = append(n.kids, formats.NewBroken(s, formats.KindRaw, MethodName(e.Method()), err))
				continue
			}
			s.R, s.Size = m, int64(e.Unpacked)
			if e.Method() == MethodRaw && n.src.Base >= 0 {
				s.Base = n.src.Base + int64(e.Offset) + int64(n.A.Overlay)
			}
			n.kids = append(n.kids, formats.OpenSource(s))
		}
	})
	return n.kids, nil
}

// member reads an entry's unpacked bytes: its head is decoded up front,
// the whole entry on the first read past the head.
type member struct {
	a      *Archive
	i      int
	budget *formats.Budget
	head   []byte

	once sync.Once
	data []byte
	err  error
}

// newMember decodes the head of entry i; a member whose head cannot be
// decoded is broken.
func newMember(a *Archive, i int, b *formats.Budget) (*member, error) {
	head, err := a.Head(i, formats.HeadSize)
	if err != nil {
		return nil, err
	}
	return &member{a: a, i: i, budget: b, head: head}, nil
}

// ReadAt reads the unpacked bytes at off.
func (m *member) ReadAt(p []byte, off int64) (int, error) {
	src := m.head
	if off+int64(len(p)) > int64(len(m.head)) {
		m.once.Do(func() {
			e := &m.a.Entries[m.i]
			if err := m.budget.Take(int64(e.Unpacked)); err != nil {
				m.err = binread.Errorf(m.a.EntryOffset(m.i), "RsLi entry %s: %w", e.Name(), err)
				return
			}
			m.data, m.err = m.a.Data(m.i)
		})
		if m.err != nil {
			return 0, m.err
		}
		src = m.data
	}
	if off < 0 || off >= int64(len(src)) {
		return 0, io.EOF
	}
	k := copy(p, src[off:])
	if k < len(p) {
		return k, io.EOF
	}
	return k, nil
}

// Describe returns the archive facts.
func (n *Node) Describe() (any, error) {
	return map[string]any{
		"kind":     string(formats.KindArchive),
		"format":   "rsli",
		"entries":  n.A.Count,
		"fileSize": n.src.Size,
		"sorted":   n.A.Sorted,
		"total":    n.A.Total,
		"overlay":  n.A.Overlay,
	}, nil
}

// Diagnostics lists tolerated quirks.
func (n *Node) Diagnostics() []formats.Diagnostic {
	var out []formats.Diagnostic
	for _, m := range n.A.Notes {
		out = append(out, formats.Diagnostic{Off: n.src.Base, Msg: m})
	}
	return out
}
