package xray

import (
	"encoding/binary"
	"fmt"
)

// The LZHUF parameters used by the X-Ray engine (xrLC, the game and
// xray_re all agree). MaxFreq is 0x4000, not the 0x8000 of most LZHUF.C
// copies: a stock decoder goes wrong at the first tree rebuild.
const (
	RingSize  = 4096 // N: the sliding window
	MaxMatch  = 60   // F: the longest match
	Threshold = 2    // matches of this length or less are sent as literals
	MaxFreq   = 0x4000

	nChar    = 256 - Threshold + MaxMatch // 314 symbols
	treeSize = 2*nChar - 1                // 627 nodes
	rootNode = treeSize - 1
)

// MaxExpansion is the largest output-to-input ratio the decoder accepts
// for a declared size: the cheapest symbol is a 1-bit match code plus a
// 9-bit distance for 60 bytes, i.e. 48 bytes of output per input byte.
const MaxExpansion = 48

// position code tables, generated (see genTables).
var (
	dCode [256]uint8 // upper 6 bits of a distance by its first byte
	dLen  [256]uint8 // total prefix length in bits for that byte
	pCode [64]uint8  // encoder: first byte of the prefix of a distance's upper 6 bits
	pLen  [64]uint8  // encoder: its length in bits
)

func init() { genTables() }

// genTables builds the static distance-prefix tables: 1 code of 3 bits,
// 3 of 4, 8 of 5, 12 of 6, 24 of 7 and 16 of 8, assigned in increasing
// order; a code of length L covers 2^(8-L) consecutive first-byte values.
func genTables() {
	groups := [...]struct{ n, l int }{{1, 3}, {3, 4}, {8, 5}, {12, 6}, {24, 7}, {16, 8}}
	u, b := 0, 0
	for _, g := range groups {
		for k := 0; k < g.n; k++ {
			span := 1 << (8 - g.l)
			pCode[u] = uint8(b)
			pLen[u] = uint8(g.l)
			for s := 0; s < span; s++ {
				dCode[b+s] = uint8(u)
				dLen[b+s] = uint8(g.l)
			}
			b += span
			u++
		}
	}
}

// UnpackedSize returns the uncompressed size declared by an X-Ray LZHUF
// payload (its u32 little-endian prefix).
func UnpackedSize(payload []byte) (uint32, bool) {
	if len(payload) < 4 {
		return 0, false
	}
	return binary.LittleEndian.Uint32(payload), true
}

// DecodeError reports a bad LZHUF stream; Off is the offset in the payload.
type DecodeError struct {
	Off int64
	Msg string
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("lzhuf: payload offset %d: %s", e.Off, e.Msg)
}

// matchDistance decodes a match distance from the top bits of the bit
// window buf: 8 bits, whose table gives the high 6 bits and how many more
// low bits follow. It returns the distance and the bits it used.
func matchDistance(buf uint64) (dist, used uint) {
	i := uint(buf >> 56)
	hi := uint(dCode[i])
	extra := uint(dLen[i]) - 2
	i = (i << (extra & 63)) | uint(buf<<8>>((64-extra)&63))
	return hi<<6 | (i & 0x3F), 8 + extra
}
