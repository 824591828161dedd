package xrlevel

import (
	"encoding/binary"
	"io"

	"rummage/formats/binread"
	"rummage/formats/geom"
)

type byteReader []byte

func (b byteReader) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off >= int64(len(b)) {
		return 0, io.EOF
	}
	n := copy(p, b[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

func readU16s(b []byte) []uint16 {
	out := make([]uint16, len(b)/2)
	for i := range out {
		out[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return out
}

func vec3(c *binread.Cursor) geom.Vec3 { return geom.Vec3{c.F32(), c.F32(), c.F32()} }
