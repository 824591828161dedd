package xrlevel

import (
	"encoding/binary"
	"fmt"
)

// Header is the decoded header chunk.
type Header struct {
	Version, Quality int
	Description      string
	HasName          bool
}

// ParseHeader decodes a header chunk payload.
func ParseHeader(b []byte) (Header, error) {
	if len(b) < 4 {
		return Header{}, fmt.Errorf("header chunk is %d bytes, want at least 4", len(b))
	}
	h := Header{Version: int(binary.LittleEndian.Uint16(b)), Quality: int(binary.LittleEndian.Uint16(b[2:]))}
	if h.Version == 4 && h.Quality == 0 {
		h.Quality = -1 // v4 stores a u32 version: no quality field
	}
	if len(b) >= 128 {
		h.HasName = true
		h.Description = cstr(b[4:128])
	}
	return h, nil
}

// Probe reports whether head (the first bytes of a file) looks like an
// X-Ray level (or level.geom): a header chunk 1 of 4 or 128 bytes holding
// an xrLC version from 4 to 14 and a plausible quality.
func Probe(head []byte, size int64) bool {
	if len(head) < 12 {
		return false
	}
	id := binary.LittleEndian.Uint32(head)
	sz := binary.LittleEndian.Uint32(head[4:])
	if id != 1 || (sz != 4 && sz != 128) || int64(sz)+8 > size {
		return false
	}
	ver := binary.LittleEndian.Uint16(head[8:])
	q := binary.LittleEndian.Uint16(head[10:])
	if ver < 4 || ver > 14 || ver == 6 || ver == 7 {
		return false
	}
	if ver == 4 {
		return q == 0 && sz == 128
	}
	return q <= 2
}
