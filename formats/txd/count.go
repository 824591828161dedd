package txd

import (
	"io"

	"rummage/formats/rw"
)

// ChildCount returns how many children Children would return, reading
// only the chunk headers when the dictionary has not been read yet: an IMG
// of thousands of TXDs is listed without reading their pixels. Anything
// unusual in the headers falls back to reading the dictionary.
func (r *Root) ChildCount() (int, error) {
	if r.loaded() == nil && r.src.R != nil {
		if n, ok := countNatives(r.src.R, r.src.Size); ok {
			return n, nil
		}
	}
	kids, err := r.Children()
	return len(kids), err
}

// countNatives counts the texture natives of a dictionary of size bytes
// from its chunk headers; ok is false when the headers are not exactly a
// dictionary, its count struct and whole sub-chunks.
func countNatives(r io.ReaderAt, size int64) (n int, ok bool) {
	var hb [rw.HeaderSize]byte
	header := func(off int64) (rw.Header, bool) {
		if _, err := r.ReadAt(hb[:], off); err != nil {
			return rw.Header{}, false
		}
		return rw.ParseHeader(hb[:])
	}
	top, ok := header(0)
	end := int64(rw.HeaderSize) + int64(top.Size)
	if !ok || top.Type != rw.IDTexDictionary || end > size {
		return 0, false
	}
	for off, first := int64(rw.HeaderSize), true; off < end; first = false {
		h, ok := header(off)
		next := off + rw.HeaderSize + int64(h.Size)
		if !ok || next > end || first && h.Type != rw.IDStruct {
			return 0, false
		}
		if h.Type == rw.IDTextureNative {
			n++
		}
		off = next
	}
	return n, true
}
