package col

import (
	"encoding/binary"
	"io"
	"strconv"
	"sync"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/geom"
)

func init() {
	formats.Register(formats.Format{
		Name:     "col",
		Kind:     formats.KindArchive,
		Priority: 10,
		Match:    func(p formats.Probe) bool { return IsCOL(p.Head) },
		Open:     Open,
		Tag:      formats.FixedTag("COL"),
	})
}

// IsCOL reports whether head starts like a collision file: a model tag
// and a size that holds at least the rest of a header.
func IsCOL(head []byte) bool {
	return len(head) >= 8 && versionOf(head[:4]) != 0 && binary.LittleEndian.Uint32(head[4:]) >= HeaderSize-8
}

// Open opens a collision file: its model headers are read at once, the
// models when a node is asked for.
func Open(s formats.Source) (formats.Node, error) {
	r := &Root{Raw: *formats.NewRaw(s, formats.KindArchive, "COL"), src: s}
	if err := r.scan(); err != nil {
		return nil, err
	}
	return r, nil
}

// Root is a .col file: an archive of collision models.
type Root struct {
	formats.Raw
	src     formats.Source
	entries []entry
	diags   []formats.Diagnostic

	kidsOnce sync.Once
	kids     []formats.Node
}

// entry is one model's place in the file.
type entry struct {
	off, size int64 // from the file's byte 0 (relative to src.R), header included
	version   int
	name      string
	err       error // the header itself is broken (its size runs past the end)
}

// maxModels caps the models of one file (real ones hold a few hundred).
const maxModels = 1 << 20

// scan walks the model headers: each model is its 8-byte tag and size
// and the size bytes after them. Zero bytes after the last model are
// padding (an IMG sector's); anything else there is a warning.
func (r *Root) scan() error {
	size, base := r.src.Size, max(r.src.Base, 0)
	var pos int64
	for pos+8 <= size && len(r.entries) < maxModels {
		h, err := binread.ReadAt(r.src.R, base, pos, min(HeaderSize, size-pos), size)
		if err != nil {
			return err
		}
		v := versionOf(h[:4])
		if v == 0 {
			break
		}
		n := int64(binary.LittleEndian.Uint32(h[4:8]))
		e := entry{off: pos, size: 8 + n, version: v}
		if len(h) >= HeaderSize {
			e.name = cstring(h[8:30])
		}
		if n < HeaderSize-8 || n > size-pos-8 {
			e.size = size - pos
			e.err = binread.Errorf(base+pos+4, "%s model size %d runs past the end of the file (%d bytes remain)", Tags[v], n, size-pos-8)
			r.entries = append(r.entries, e)
			return nil
		}
		r.entries = append(r.entries, e)
		pos += e.size
	}
	return r.checkTrailer(pos)
}

// checkTrailer looks at the bytes after the last model: zeros are
// padding; anything else is a warning at its offset.
func (r *Root) checkTrailer(pos int64) error {
	size, base := r.src.Size, max(r.src.Base, 0)
	buf := make([]byte, 64<<10)
	for at := pos; at < size; {
		n := min(int64(len(buf)), size-at)
		if _, err := r.src.R.ReadAt(buf[:n], at); err != nil && err != io.EOF {
			return binread.Errorf(base+at, "reading the bytes after the last model: %w", err)
		}
		for i, b := range buf[:n] {
			if b != 0 {
				r.diags = append(r.diags, formats.Diagnostic{Off: base + at + int64(i),
					Msg: formatCount(size-pos) + " after the last collision model are not zero padding (not read)"})
				return nil
			}
		}
		at += n
	}
	return nil
}

func formatCount(n int64) string {
	if n == 1 {
		return "1 byte"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// cstring is b up to its first NUL.
func cstring(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}

// ChildCount is the number of models.
func (r *Root) ChildCount() (int, error) { return len(r.entries), nil }

// Diagnostics reports bytes after the last model that are not zeros.
func (r *Root) Diagnostics() []formats.Diagnostic { return r.diags }

// Children returns the models.
func (r *Root) Children() ([]formats.Node, error) {
	r.kidsOnce.Do(func() {
		r.kids = make([]formats.Node, len(r.entries))
		for i, e := range r.entries {
			s := r.src
			s.R = io.NewSectionReader(r.src.R, e.off, e.size)
			s.Size = e.size
			if r.src.Base >= 0 {
				s.Base = r.src.Base + e.off
			}
			s.Name, s.Parent, s.Hint, s.Fields = e.name, r, Tags[e.version], nil
			r.kids[i] = &ModelNode{Raw: *formats.NewRaw(s, formats.KindMesh, Tags[e.version]), headerErr: e.err}
		}
	})
	return r.kids, nil
}

// Describe returns the file's facts: its models and their versions.
func (r *Root) Describe() (any, error) {
	versions := map[string]int{}
	broken := 0
	for _, e := range r.entries {
		versions[Tags[e.version]]++
		if e.err != nil {
			broken++
		}
	}
	return map[string]any{"kind": string(formats.KindArchive), "format": "col", "name": r.NodeName,
		"models": len(r.entries), "versions": versions, "fileSize": r.src.Size, "brokenHeaders": broken}, nil
}

// ModelNode is one collision model, a mesh.
type ModelNode struct {
	formats.Raw
	headerErr error

	once  sync.Once
	model *Model
	err   error

	meshOnce sync.Once
	mesh     *geom.Mesh
}

// Model parses the model (once).
func (n *ModelNode) Model() (*Model, error) {
	n.once.Do(func() {
		if n.headerErr != nil {
			n.err = n.headerErr
			return
		}
		base := max(n.Abs, 0)
		b, err := binread.ReadAt(n.R, base, 0, n.N, n.N)
		if err != nil {
			n.err = err
			return
		}
		n.model, n.err = ParseModel(b, base)
	})
	return n.model, n.err
}

// Err is why the model cannot be read, nil when it can.
func (n *ModelNode) Err() error {
	_, err := n.Model()
	return err
}

// IsLeaf returns true.
func (n *ModelNode) IsLeaf() bool { return true }

// Mesh returns the model's geometry (see Model.Mesh), built once.
func (n *ModelNode) Mesh() (*geom.Mesh, error) {
	m, err := n.Model()
	if err != nil {
		return nil, err
	}
	n.meshOnce.Do(func() { n.mesh = m.Mesh() })
	return n.mesh, nil
}

// Describe returns the model's facts (see Facts).
func (n *ModelNode) Describe() (any, error) {
	m, err := n.Model()
	if err != nil {
		return nil, err
	}
	mesh, _ := n.Mesh()
	d := Facts(m, mesh)
	d["name"], d["offset"], d["size"] = n.NodeName, n.Abs, n.N
	return d, nil
}

// Place is where one model sits in its file.
type Place struct {
	Name      string
	Off, Size int64 // from the file's byte 0, header included
}

// Places lists the models' names and byte ranges from their headers
// (models whose header is broken are left out).
func (r *Root) Places() []Place {
	out := make([]Place, 0, len(r.entries))
	for _, e := range r.entries {
		if e.err == nil {
			out = append(out, Place{Name: e.name, Off: e.off, Size: e.size})
		}
	}
	return out
}
