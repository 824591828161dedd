package xrlevel

import (
	"encoding/binary"

	"rummage/formats/binread"
	"rummage/formats/geom"
)

func readU16s(b []byte) []uint16 {
	out := make([]uint16, len(b)/2)
	for i := range out {
		out[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return out
}

func vec3(c *binread.Cursor) geom.Vec3 { return geom.Vec3{c.F32(), c.F32(), c.F32()} }
