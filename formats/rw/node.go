package rw

import (
	"bytes"
	"io"
	"sync"

	"rummage/formats"
	"rummage/formats/binread"
)

// topLevel are the section ids a generic RW file may start with.
var topLevel = map[uint32]bool{
	0x0B: true, 0x10: true, 0x16: true, 0x1B: true, 0x1C: true, 0x1D: true, 0x21: true,
	0x22: true, 0x23: true, 0x24: true, 0x2B: true, 0x07: true, 0x0E: true, 0x1A: true, 0x14: true,
}

// IsRW reports whether head starts like a RenderWare binary stream of size
// bytes: a known top-level section with a real-looking stamp (old style, or
// build 0xFFFF as every GTA file has) whose first child is a chunk too.
func IsRW(head []byte, size int64) bool {
	h, ok := ParseHeader(head)
	if !ok || !topLevel[h.Type] || !strictStamp(h.Stamp) || int64(h.Size)+HeaderSize > size {
		return false
	}
	if c, ok := ParseHeader(head[HeaderSize:]); ok && h.Size >= HeaderSize {
		return Known(c.Type) && c.Stamp == h.Stamp && c.Size <= h.Size-HeaderSize
	}
	return h.Size < HeaderSize
}

func strictStamp(s uint32) bool {
	return Plausible(s) && (s&0xFFFF0000 == 0 || s&0xFFFF == 0xFFFF)
}

func init() {
	formats.Register(formats.Format{
		Name:     "rw",
		Kind:     formats.KindArchive,
		Priority: 9,
		Match:    func(p formats.Probe) bool { return IsRW(p.Head, p.Size) },
		Open:     Open,
		Tag:      formats.FixedTag("RW"),
	})
}

// Open opens a RenderWare file as a generic section tree. The bytes are
// read when the tree is first asked for.
func Open(s formats.Source) (formats.Node, error) {
	return &FileNode{name: s.Name, src: s, base: s.Base}, nil
}

// FileNode is a RenderWare file shown as its section tree.
type FileNode struct {
	name string
	src  formats.Source
	base int64

	once sync.Once
	secs []*Section
	data []byte
	err  error   // read error, or the first chunk running past the end
	tail Trailer // bytes after the last chunk
	mu   sync.Mutex
	done bool
}

func (f *FileNode) load() ([]*Section, error) {
	f.once.Do(func() {
		base := max(f.src.Base, 0)
		b, err := binread.ReadAt(f.src.R, base, 0, f.src.Size, f.src.Size)
		var secs []*Section
		if err == nil {
			secs, err = Parse(b, base)
		}
		f.mu.Lock()
		f.data, f.secs, f.err, f.tail, f.done = b, secs, err, Tail(b, secs, base), true
		f.mu.Unlock()
	})
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.secs) == 0 && f.err != nil {
		return nil, f.err
	}
	return f.secs, nil
}

// Name returns the file name.
func (f *FileNode) Name() string { return f.name }

// Kind returns KindArchive.
func (f *FileNode) Kind() formats.Kind { return formats.KindArchive }

// Type returns "RW".
func (f *FileNode) Type() string { return "RW" }

// Children returns the top-level sections.
func (f *FileNode) Children() ([]formats.Node, error) {
	secs, err := f.load()
	if err != nil {
		return nil, err
	}
	return sectionNodes(secs), nil
}

// Sections returns the section tree and the error of a first chunk cut
// short.
func (f *FileNode) Sections() ([]*Section, error) {
	secs, err := f.load()
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return secs, f.err
}

// Describe returns the file's facts.
func (f *FileNode) Describe() (any, error) {
	secs, err := f.load()
	if err != nil {
		return nil, err
	}
	m := map[string]any{"kind": string(formats.KindArchive), "format": "rw", "fileSize": f.src.Size, "sections": len(secs)}
	if len(secs) > 0 {
		m["rwVersion"] = VersionString(secs[0].Version())
		m["build"] = secs[0].Build()
	}
	return m, nil
}

// Diagnostics reports a first chunk cut short and bytes after the last
// chunk that are not zero padding (once the file has been read).
func (f *FileNode) Diagnostics() []formats.Diagnostic {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.done {
		return nil
	}
	out := f.tail.Diagnostics()
	if f.err != nil {
		out = append([]formats.Diagnostic{{Off: formats.ErrorOffset(f.err), Msg: f.err.Error()}}, out...)
	}
	return out
}

// Offset returns the file offset.
func (f *FileNode) Offset() int64 { return f.base }

// Size returns the byte count.
func (f *FileNode) Size() int64 { return f.src.Size }

// Open returns the bytes.
func (f *FileNode) Open() io.Reader { return io.NewSectionReader(f.src.R, 0, f.src.Size) }

func sectionNodes(l []*Section) []formats.Node {
	out := make([]formats.Node, len(l))
	for i, s := range l {
		out[i] = &SectionNode{S: s}
	}
	return out
}

// SectionNode is one section of a RW file.
type SectionNode struct{ S *Section }

// Name returns the section's type name.
func (n *SectionNode) Name() string { return n.S.Name() }

// Kind returns KindChunk.
func (n *SectionNode) Kind() formats.Kind { return formats.KindChunk }

// Type returns the section's type name.
func (n *SectionNode) Type() string { return n.S.Name() }

// Children returns the sub-sections.
func (n *SectionNode) Children() ([]formats.Node, error) {
	if len(n.S.Children) == 0 {
		return nil, nil
	}
	return sectionNodes(n.S.Children), nil
}

// Diagnostics reports a section that runs past its parent.
func (n *SectionNode) Diagnostics() []formats.Diagnostic {
	if n.S.Err == nil {
		return nil
	}
	return []formats.Diagnostic{{Off: formats.ErrorOffset(n.S.Err), Msg: n.S.Err.Error()}}
}

// Describe returns type, size, offset and version.
func (n *SectionNode) Describe() (any, error) {
	return map[string]any{
		"kind": string(formats.KindChunk), "type": n.S.Type, "typeName": n.S.Name(), "size": n.S.Size,
		"offset": n.S.Off, "version": VersionString(n.S.Version()), "build": n.S.Build(), "stamp": n.S.Stamp,
	}, nil
}

// Offset returns the header's absolute offset.
func (n *SectionNode) Offset() int64 { return n.S.Off }

// Size returns header plus payload bytes.
func (n *SectionNode) Size() int64 { return int64(HeaderSize + len(n.S.Data)) }

// Open returns the header and the payload.
func (n *SectionNode) Open() io.Reader {
	return io.MultiReader(bytes.NewReader(n.S.Header.Append(nil)), bytes.NewReader(n.S.Data))
}
