package dff

import (
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

// children splits a container chunk's payload and checks that its first
// chunk is a Struct.
func (s sub) children(what string) ([]sub, error) {
	kids, err := splitChunks(s.data, s.off+rw.HeaderSize, what)
	if err != nil {
		return nil, err
	}
	if len(kids) == 0 || kids[0].Type != IDStruct {
		return nil, binread.Errorf(s.off+rw.HeaderSize, "%s does not start with its Struct", what)
	}
	return kids, nil
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

// optExt reads the Extension at kids[i] when there is one.
func optExt(kids []sub, i int, what string) ([]Ext, error) {
	if i >= len(kids) {
		return nil, nil
	}
	return readExt(kids[i], what)
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
