package rsli

import (
	"bytes"
	"io"
	"sync"

	"rummage/formats"
)

func init() {
	formats.Register(formats.Format{
		Name:     "rsli",
		Priority: 10,
		Match:    func(p formats.Probe) bool { return bytes.HasPrefix(p.Head, []byte(Magic)) },
		Open:     OpenNode,
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

// Children unpacks and opens every member (once).
func (n *Node) Children() ([]formats.Node, error) {
	n.once.Do(func() {
		for i := range n.A.Entries {
			e := &n.A.Entries[i]
			f := fields{"method": MethodName(e.Method()), "flags": int(e.Flags), "packedSize": e.Packed, "unpackedSize": e.Unpacked, "order": int(e.Order)}
			s := formats.Source{Name: e.Name(), Path: n.src.Path, Opts: n.src.Opts, Parent: n, Fields: f, Base: -1}
			data, err := n.A.Data(i)
			if err != nil {
				s.R, s.Size = bytes.NewReader(nil), 0
				s.Base = n.src.Base + int64(e.Offset) + int64(n.A.Overlay)
				n.kids = append(n.kids, formats.NewBroken(s, formats.KindRaw, MethodName(e.Method()), err))
				continue
			}
			s.R, s.Size = bytes.NewReader(data), int64(len(data))
			if e.Method() == MethodRaw && n.src.Base >= 0 {
				s.Base = n.src.Base + int64(e.Offset) + int64(n.A.Overlay)
			}
			n.kids = append(n.kids, formats.OpenSource(s))
		}
	})
	return n.kids, nil
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
