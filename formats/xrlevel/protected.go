package xrlevel

import (
	"encoding/binary"
	"fmt"
	"io"
	"strings"

	"rummage/formats/binread"
)

// compressMark is bit 31 of an X-Ray chunk id (CFS_CompressMark). Tools
// that "protect" OGF models set it on chunk ids whose data is stored as
// it is: the engine's r_chunk and find_chunk mask the bit off and read
// such chunks, tools that trust the id do not. Real protected files carry
// 0x80000001 as their header chunk id.
const compressMark = 0x80000000

// ProbeProtectedOGF reports an OGF model whose header chunk id has bit 31
// set and is otherwise a valid OGF header.
func ProbeProtectedOGF(head []byte, size int64) bool {
	if len(head) < 12 || binary.LittleEndian.Uint32(head) != compressMark|1 {
		return false
	}
	b := append([]byte(nil), head...)
	binary.LittleEndian.PutUint32(b, 1)
	return ProbeOGF(b, size)
}

// protectedError names a protected OGF, listing the first chunk ids with
// bit 31 set among its top-level chunks (read from r, size bytes).
func protectedError(r io.ReaderAt, size, base int64) error {
	var marked []string
	var h [8]byte
	for off, n := int64(0), 0; off+8 <= size && n < 1<<16; n++ {
		if _, err := r.ReadAt(h[:], off); err != nil {
			break
		}
		id, sz := binary.LittleEndian.Uint32(h[:]), binary.LittleEndian.Uint32(h[4:])
		if id&compressMark != 0 && len(marked) < 4 {
			marked = append(marked, fmt.Sprintf("0x%X at 0x%X", id, base+off))
		}
		off += 8 + int64(sz)
	}
	return binread.Unsupportedf(base, "protected OGF: chunk ids have bit 31 set (%s), a lock against tools", strings.Join(marked, ", "))
}
