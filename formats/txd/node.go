package txd

import (
	"bytes"
	"fmt"
	"image"
	"io"
	"sync"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/rw"
)

func init() {
	formats.Register(formats.Format{
		Name:     "txd",
		Kind:     formats.KindArchive,
		Priority: 10,
		Match:    func(p formats.Probe) bool { return IsTXD(p.Head, p.Size) },
		Open:     Open,
		Tag:      formats.FixedTag("TXD"),
	})
}

// Open opens a texture dictionary from a source. Only the header is
// checked here; the file is read and parsed when its children or facts are
// first asked for, so listing an IMG archive does not read every TXD.
func Open(s formats.Source) (formats.Node, error) {
	head := make([]byte, min(s.Size, 24))
	if _, err := s.R.ReadAt(head, 0); err != nil && len(head) > 0 {
		return nil, binread.Errorf(max(s.Base, 0), "reading the header: %w", err)
	}
	if !IsTXD(head, s.Size) {
		return nil, binread.Errorf(max(s.Base, 0), "not a RenderWare texture dictionary")
	}
	return &Root{name: s.Name, src: s, base: s.Base, replace: s.Replace}, nil
}

// Root is the node of a whole texture dictionary: an archive whose children
// are its textures, named by texture name.
type Root struct {
	name    string
	src     formats.Source
	base    int64
	replace func([]byte) error

	loadMu  sync.Mutex // held while the dictionary is read
	dict    *Dictionary
	loadErr error

	mu    sync.Mutex
	kids  []formats.Node
	first *layout // the dictionary as read, kept by the first SetItems (dictedit.go)
}

// NewRoot wraps a dictionary (built in memory) as a node.
func NewRoot(name string, d *Dictionary) *Root {
	return &Root{name: name, dict: d, base: -1}
}

// load reads and parses the dictionary the first time (and again after
// Release).
func (r *Root) load() (*Dictionary, error) {
	r.loadMu.Lock()
	defer r.loadMu.Unlock()
	r.mu.Lock()
	done := r.dict != nil || r.loadErr != nil || r.src.R == nil
	r.mu.Unlock()
	if !done {
		d, err := r.read()
		r.mu.Lock()
		r.dict, r.loadErr = d, err
		r.mu.Unlock()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.dict, r.loadErr
}

// read reads and parses the dictionary's bytes.
func (r *Root) read() (*Dictionary, error) {
	base := max(r.src.Base, 0)
	b, err := binread.ReadAt(r.src.R, base, 0, r.src.Size, r.src.Size)
	if err != nil {
		return nil, err
	}
	return Parse(b, base)
}

// Release drops the parsed dictionary and its texture nodes (a listing is
// done with them); they are read again when next asked for. A dictionary
// built in memory or edited is kept.
func (r *Root) Release() {
	r.loadMu.Lock()
	defer r.loadMu.Unlock()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.src.R == nil || r.dict == nil || r.dict.Edited() {
		return
	}
	r.dict, r.kids, r.loadErr = nil, nil, nil
}

// loaded returns the dictionary if it was read already.
func (r *Root) loaded() *Dictionary {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.dict
}

// Name returns the file or entry name.
func (r *Root) Name() string { return r.name }

// Kind returns KindArchive.
func (r *Root) Kind() formats.Kind { return formats.KindArchive }

// Type returns "TXD".
func (r *Root) Type() string { return "TXD" }

// Dictionary returns the parsed dictionary (reading it if needed).
func (r *Root) Dictionary() (*Dictionary, error) { return r.load() }

// Children returns one node per texture native (broken ones included).
func (r *Root) Children() ([]formats.Node, error) {
	if _, err := r.load(); err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.kids == nil {
		r.kids = r.makeKids(r.dict.Items, nil)
	}
	return r.kids, nil
}

// makeKids makes the child nodes of items, reusing those of keep by item.
func (r *Root) makeKids(items []*Item, keep map[*Item]formats.Node) []formats.Node {
	kids := []formats.Node{}
	for _, it := range items {
		switch {
		case keep[it] != nil:
			kids = append(kids, keep[it])
		case it.Tex != nil:
			kids = append(kids, &TexNode{root: r, item: it})
		case it.Err != nil:
			kind := formats.KindTexture
			if it.Type != rw.IDTextureNative {
				kind = formats.KindRaw
			}
			kids = append(kids, &formats.BrokenNode{Raw: formats.Raw{NodeName: it.Name, NodeKind: kind, Tag: "texture",
				R: bytes.NewReader(it.Raw), N: int64(len(it.Raw)), Abs: it.Off}, Error: it.Err})
		}
	}
	return kids
}

// Describe returns the dictionary's facts.
func (r *Root) Describe() (any, error) {
	if _, err := r.load(); err != nil {
		return nil, err
	}
	n := 0
	for _, it := range r.dict.Items {
		if it.Type == rw.IDTextureNative {
			n++
		}
	}
	return map[string]any{
		"kind":      string(formats.KindArchive),
		"format":    "txd",
		"rwVersion": rw.VersionString(rw.Header{Stamp: r.dict.Stamp}.Version()),
		"textures":  n,
		"count":     r.dict.Count,
		"device":    DeviceName(r.dict.Device),
		"fileSize":  len(r.dict.orig),
	}, nil
}

// Diagnostics reports a truncated file, chunks the game skips and bytes
// after the dictionary that are not zero padding (once it has been read).
func (r *Root) Diagnostics() []formats.Diagnostic {
	d := r.loaded()
	if d == nil {
		return nil
	}
	out := d.Diags
	if d.Truncated != nil {
		out = append([]formats.Diagnostic{{Off: formats.ErrorOffset(d.Truncated), Msg: d.Truncated.Error()}}, out...)
	}
	return out
}

// Offset returns the absolute offset of the dictionary.
func (r *Root) Offset() int64 { return r.base }

// Size returns the byte count of the file as it is now.
func (r *Root) Size() int64 {
	d := r.loaded()
	if d == nil || !d.Edited() {
		if d != nil {
			return int64(len(d.orig))
		}
		return r.src.Size
	}
	b, err := d.Bytes()
	if err != nil {
		return 0
	}
	return int64(len(b))
}

// Open returns the bytes as they would be saved.
func (r *Root) Open() io.Reader {
	d := r.loaded()
	if d == nil {
		return io.NewSectionReader(r.src.R, 0, r.src.Size)
	}
	b, err := d.Bytes()
	if err != nil {
		return bytes.NewReader(d.orig)
	}
	return bytes.NewReader(b)
}

// Edited reports unsaved edits.
func (r *Root) Edited() bool {
	d := r.loaded()
	return d != nil && d.Edited()
}

// WriteTo writes the dictionary.
func (r *Root) WriteTo(w io.Writer) (int64, error) {
	d := r.loaded()
	if d == nil {
		return io.Copy(w, io.NewSectionReader(r.src.R, 0, r.src.Size))
	}
	return d.WriteTo(w)
}

// Sections returns the RW section tree of the file as it is now.
func (r *Root) Sections() ([]*rw.Section, error) {
	d, err := r.load()
	if err != nil {
		return nil, err
	}
	b, err := d.Bytes()
	if err != nil {
		return nil, err
	}
	off := r.base
	if d.Edited() {
		off = 0
	}
	return rw.Parse(b, max(off, 0))
}

// Padding returns the count of zero bytes after the dictionary chunk (the
// sector padding of an IMG entry), 0 when there are none or they are not zeros.
func (r *Root) Padding() int {
	d := r.loaded()
	if d == nil || !allZero(d.Trailer) {
		return 0
	}
	return len(d.Trailer)
}

// SetTexture replaces the texture of node n and returns the previous one
// (for undo). A container that holds this dictionary is told of the change.
func (r *Root) SetTexture(n *TexNode, t *Texture) (*Texture, error) {
	r.mu.Lock()
	old := n.item.Tex
	n.item.Tex = t
	r.mu.Unlock()
	if r.replace != nil {
		b, err := r.dict.Bytes()
		if err == nil {
			// Zeros after the dictionary are the container's sector
			// padding: the container pads the new bytes itself.
			if tr := r.dict.Trailer; r.dict.Edited() && len(tr) > 0 && len(tr) <= len(b) && allZero(tr) {
				b = b[:len(b)-len(tr)]
			}
			err = r.replace(b)
		}
		if err != nil {
			r.mu.Lock()
			n.item.Tex = old
			r.mu.Unlock()
			return nil, err
		}
	}
	return old, nil
}

// TexNode is one texture of a dictionary.
type TexNode struct {
	root *Root
	item *Item
}

// Texture returns the texture shown by the node.
func (n *TexNode) Texture() *Texture {
	n.root.mu.Lock()
	defer n.root.mu.Unlock()
	return n.item.Tex
}

// Root returns the dictionary node.
func (n *TexNode) Root() *Root { return n.root }

// Name returns the texture name.
func (n *TexNode) Name() string { return n.Texture().Name }

// Kind returns KindTexture.
func (n *TexNode) Kind() formats.Kind { return formats.KindTexture }

// Children returns nil.
func (n *TexNode) Children() ([]formats.Node, error) { return nil, nil }

// IsLeaf returns true: a texture has no children.
func (n *TexNode) IsLeaf() bool { return true }

// Type returns "texture".
func (n *TexNode) Type() string { return "texture" }

// Levels returns the mip level count.
func (n *TexNode) Levels() int { return len(n.Texture().Levels) }

// Image decodes a mip level.
func (n *TexNode) Image(level int) (image.Image, error) {
	img, err := n.Texture().Image(level)
	if err != nil {
		return nil, err
	}
	return img, nil
}

// PalettedImage returns a palettised level as indices and its palette
// (formats.Paletter), nil for other textures.
func (n *TexNode) PalettedImage(level int) (*image.Paletted, error) {
	return n.Texture().Paletted(level)
}

// Describe returns the texture fields of the contract.
func (n *TexNode) Describe() (any, error) { return n.Texture().Describe(), nil }

// Diagnostics returns the non-fatal findings of decoding, and a warning for
// a PS2 texture whose mipmap GS layout was rebuilt for a shape no real file
// confirms (PS2Info.Experimental).
func (n *TexNode) Diagnostics() []formats.Diagnostic {
	t := n.Texture()
	if t.PS2 != nil && t.PS2.Experimental {
		return append(append([]formats.Diagnostic(nil), t.Diags...), formats.Diagnostic{Off: -1,
			Msg: "experimental: the PS2 mipmap GS layout (MIPTBP, TRXPOS, totalSize) was rebuilt for a shape (a buffer more than two pages wide but less than a page tall) that no real file has confirmed"})
	}
	return t.Diags
}

// Offset returns the chunk's absolute offset, -1 once edited or when the
// dictionary's bytes are not a plain range of the file (unpacked from a
// compressed archive entry).
func (n *TexNode) Offset() int64 {
	t := n.Texture()
	if t.Edited() || n.root.base < 0 {
		return -1
	}
	return t.Off
}

// Size returns the chunk's byte count.
func (n *TexNode) Size() int64 {
	b, err := n.Texture().Encode()
	if err != nil {
		return 0
	}
	return int64(len(b))
}

// Open returns the chunk's bytes.
func (n *TexNode) Open() io.Reader {
	b, err := n.Texture().Encode()
	if err != nil {
		return bytes.NewReader(nil)
	}
	return bytes.NewReader(b)
}

// Set replaces the texture (see Root.SetTexture).
func (n *TexNode) Set(t *Texture) (*Texture, error) { return n.root.SetTexture(n, t) }

// String is for debugging.
func (n *TexNode) String() string { return fmt.Sprintf("txd texture %q", n.Name()) }

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}
