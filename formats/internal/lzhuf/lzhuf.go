// Package lzhuf is the one implementation of Okumura and Yoshizaki's LZHUF
// (LZSS over a 4 KB ring with adaptive Huffman codes, 1988) used by the
// formats that store it: X-Ray chunks (formats/xray) and RsLi archive
// entries of method 0x80 (formats/rsli).
//
// The two differ only in MaxFreq, the root count at which the adaptive tree
// is rebuilt: 0x4000 in the X-Ray engine, 0x8000 in LZHUF.C as published.
// A codec is chosen by a type argument, XRay or Okumura, whose array length
// is MaxFreq: each instantiation compiles it as a constant, so the hot loops
// compare against an immediate, not a variable.
//
// The streams carry no size: the caller knows how many bytes to produce (an
// X-Ray payload's u32 prefix, an RsLi entry's directory record). See
// docs/formats/lzhuf.md for the facts the code relies on.
package lzhuf

import "fmt"

// The LZHUF parameters both formats share.
const (
	RingSize  = 4096 // N: the sliding window
	MaxMatch  = 60   // F: the longest match
	Threshold = 2    // matches of this length or less are sent as literals

	nChar    = 256 - Threshold + MaxMatch // 314 symbols
	treeSize = 2*nChar - 1                // 627 nodes
	rootNode = treeSize - 1
)

// MaxExpansion is the largest output-to-input ratio the decoder accepts
// for a size: the cheapest symbol is a 1-bit match code plus a 9-bit
// distance for 60 bytes, i.e. 48 bytes of output per input byte.
const MaxExpansion = 48

// XRay selects the X-Ray engine's codec: MaxFreq 0x4000 (xrLC, the game and
// xray_re all agree; a stock decoder goes wrong at the first rebuild).
type XRay [0x4000]struct{}

// Okumura selects LZHUF.C as published: MaxFreq 0x8000.
type Okumura [0x8000]struct{}

// MaxFreq is the set of codecs: its type's array length is the root count
// that triggers a rebuild of the tree.
type MaxFreq interface{ XRay | Okumura }

// maxFreq returns F's rebuild count, a constant in each instantiation.
func maxFreq[F MaxFreq]() uint16 {
	var f F
	return uint16(len(f))
}

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

// Error reports a bad stream; Off is the offset in the stream (from its
// first byte) where the decoder stood when it found the fault.
type Error struct {
	Off int64
	Msg string
}

func (e *Error) Error() string {
	return fmt.Sprintf("lzhuf: stream offset %d: %s", e.Off, e.Msg)
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
