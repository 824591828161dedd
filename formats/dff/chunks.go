package dff

import (
	"fmt"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/rw"
)

// sub is one chunk inside a payload.
type sub struct {
	rw.Header
	off  int64  // absolute offset of the header
	data []byte // the payload
}

// splitChunks splits a payload into its chunks; a stray byte or a chunk
// running past the end is an error at its offset.
func splitChunks(b []byte, base int64, what string) ([]sub, error) {
	var out []sub
	pos := 0
	for pos < len(b) {
		h, ok := rw.ParseHeader(b[pos:])
		if !ok {
			return out, binread.Errorf(base+int64(pos), "%d stray bytes in the %s where a chunk header was expected", len(b)-pos, what)
		}
		if int64(h.Size) > int64(len(b)-pos-rw.HeaderSize) {
			return out, binread.Errorf(base+int64(pos)+4, "%s chunk size %d in the %s runs past its end (%d bytes remain)", rw.TypeName(h.Type), h.Size, what, len(b)-pos-rw.HeaderSize)
		}
		out = append(out, sub{Header: h, off: base + int64(pos), data: b[pos+rw.HeaderSize : pos+rw.HeaderSize+int(h.Size)]})
		pos += rw.HeaderSize + int(h.Size)
	}
	return out, nil
}

// parser reads a clump the way the engine does: RwStreamFindChunk looks
// for the chunk it needs next and skips any other chunk on the way, so
// unknown chunks, a second Texture in a Material or an empty Extension
// after the Clump's own are passed over. Every chunk skipped is noted as a
// finding with its offset; a chunk the engine needs and does not find is
// still an error.
type parser struct {
	diags []formats.Diagnostic
}

// skip notes kids as skipped where they sit (where: "in the Material",
// "after the Clump's extension").
func (p *parser) skip(kids []sub, where string) {
	for _, k := range kids {
		p.diags = append(p.diags, formats.Diagnostic{Off: k.off,
			Msg: fmt.Sprintf("%s chunk (0x%X, %d bytes) %s skipped, as the game skips it", rw.TypeName(k.Type), k.Type, k.Size, where)})
	}
}

// find returns the index of the first chunk at or after i whose type is
// one of ids, noting the chunks before it as skipped; ok is false (and
// nothing is noted) when there is none.
func (p *parser) find(kids []sub, i int, where string, ids ...uint32) (j int, ok bool) {
	for j = i; j < len(kids); j++ {
		for _, id := range ids {
			if kids[j].Type == id {
				p.skip(kids[i:j], where)
				return j, true
			}
		}
	}
	return i, false
}

// children splits a container chunk's payload and returns its chunks from
// its Struct on (chunks before the Struct are skipped).
func (p *parser) children(s sub, what string) ([]sub, error) {
	kids, err := splitChunks(s.data, s.off+rw.HeaderSize, what)
	if err != nil {
		return nil, err
	}
	j, ok := p.find(kids, 0, "in the "+what+" before its Struct", IDStruct)
	if !ok {
		return nil, binread.Errorf(s.off+rw.HeaderSize, "%s has no Struct", what)
	}
	return kids[j:], nil
}

// ext reads the optional Extension at or after kids[i] and notes every
// chunk after it as skipped; when there is none, the chunks from i on are
// noted.
func (p *parser) ext(kids []sub, i int, what string) ([]Ext, error) {
	j, ok := p.find(kids, i, "in the "+what, IDExtension)
	if !ok {
		p.skip(kids[i:], "in the "+what)
		return nil, nil
	}
	p.skip(kids[j+1:], "after the "+what+"'s extension")
	return readExt(kids[j], what)
}

// cursor returns a cursor over the payload.
func (s sub) cursor() *binread.Cursor { return binread.NewCursor(s.data, s.off+rw.HeaderSize) }

// expect checks a chunk's type.
func (s sub) expect(id uint32, what string) error {
	if s.Type != id {
		return binread.Errorf(s.off, "%s: found %s (0x%X) where %s (0x%X) was expected", what, rw.TypeName(s.Type), s.Type, rw.TypeName(id), id)
	}
	return nil
}

// readExt reads an Extension chunk's plugins.
func readExt(s sub, what string) ([]Ext, error) {
	if err := s.expect(IDExtension, what); err != nil {
		return nil, err
	}
	kids, err := splitChunks(s.data, s.off+rw.HeaderSize, what+" extension")
	if err != nil {
		return nil, err
	}
	out := make([]Ext, len(kids))
	for i, k := range kids {
		out[i] = Ext{Type: k.Type, Stamp: k.Stamp, Off: k.off, Data: k.data}
	}
	return out, nil
}

// findExt returns the extension of type id, or nil.
func findExt(list []Ext, id uint32) *Ext {
	for i := range list {
		if list[i].Type == id {
			return &list[i]
		}
	}
	return nil
}

// cstr returns b up to its first NUL.
func cstr(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
