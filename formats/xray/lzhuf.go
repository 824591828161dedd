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

// huffTree is the adaptive Huffman tree shared by the encoder and decoder.
//
// A leaf is a son value leafBase+2*c for symbol c, and its
// parent (prnt[c+T] in LZHUF.C) is prnt[leafBase+2*c]: leaves are two
// apart so that setting the parents of a son and its brother writes a
// spare slot for a leaf, without a test. Nodes are kept in order of
// frequency, and lead[w] is the last node of frequency w (for the
// frequencies present), the node LZHUF.C finds by scanning. Indices are
// uint16 values (plus one) and the arrays 64K long, so the hot loops need
// neither bounds checks nor masks; only their first entries are touched.
type huffTree struct {
	freq [arr]uint16 // freq[treeSize] is a sentinel
	prnt [arr]uint16
	son  [arr]uint16
	lead [arr]uint16

	// The decoder's table over the top of the tree (see fillTop).
	top      [1 << tabBits]topEntry
	inTop    [1 << 16]uint8 // 1 for the nodes the table reads
	topNodes []uint16       // those nodes
	stale    uint8          // 1: the table no longer matches the tree
}

// arr is the length of the tree's arrays: any uint16 index, plus one.
const arr = 1<<16 + 1

// leafBase is the first leaf son value; son values below it are nodes.
const leafBase = treeSize

// leaf returns the son value of symbol c.
func leaf(c int) uint16 { return uint16(leafBase + 2*c) }

// symbolOf returns the symbol of leaf son value s.
func symbolOf(s uint16) int { return int(s-leafBase) >> 1 }

func (h *huffTree) start() {
	for i := 0; i < nChar; i++ {
		h.freq[i] = 1
		h.son[i] = leaf(i)
		h.prnt[leaf(i)] = uint16(i)
	}
	i, j := 0, nChar
	for j <= rootNode {
		h.freq[j] = h.freq[i] + h.freq[i+1]
		h.son[j] = uint16(i)
		h.prnt[i] = uint16(j)
		h.prnt[i+1] = uint16(j)
		i += 2
		j++
	}
	h.freq[treeSize] = 0xFFFF
	h.prnt[rootNode] = 0
	h.fillLead()
}

// fillLead sets lead from the frequencies and marks the table stale.
func (h *huffTree) fillLead() {
	for i := 0; i < treeSize; i++ {
		h.lead[h.freq[i]] = uint16(i)
	}
	h.stale = 1
}

// setParent sets the parent of son value x (a node and its brother x+1,
// or a leaf and its spare slot) to p.
func (h *huffTree) setParent(x, p uint16) {
	h.prnt[x] = p
	h.prnt[x+1] = p
}

// reconst halves the frequencies and rebuilds the tree.
func (h *huffTree) reconst() {
	j := 0
	for i := 0; i < treeSize; i++ {
		if h.son[i] >= leafBase {
			h.freq[j] = (h.freq[i] + 1) / 2
			h.son[j] = h.son[i]
			j++
		}
	}
	for i, j := 0, nChar; j < treeSize; i, j = i+2, j+1 {
		f := h.freq[i] + h.freq[i+1]
		k := j - 1
		for f < h.freq[k] {
			k--
		}
		k++
		copy(h.freq[k+1:j+1], h.freq[k:j])
		copy(h.son[k+1:j+1], h.son[k:j])
		h.freq[k] = f
		h.son[k] = uint16(i)
	}
	for i := uint16(0); i < treeSize; i++ {
		h.setParent(h.son[i], i)
	}
	h.fillLead()
}

// update counts symbol c and restores the sibling property: each node on
// the way up, of frequency w, first trades places with the last node of
// frequency w (its subtree moves, not its place in the order), then counts
// one more. The decoder's loop has its own copy.
func (h *huffTree) update(c int) {
	if h.freq[rootNode] == MaxFreq {
		h.reconst()
	}
	x := h.prnt[leaf(c)] // may be node 0
	for {
		w := h.freq[x]
		w1 := h.freq[x+1]
		if w1 == w { // x is not the last of w
			l := h.lead[w]
			h.swap(x, l)
			x = l
			w1 = h.freq[x+1]
		}
		h.freq[x] = w + 1
		h.lead[w] = x - 1 // meaningless if x was the only one
		v := h.lead[w+1]
		if w1 != w+1 {
			v = x // x is the last of w+1 now
		}
		h.lead[w+1] = v
		if x = h.prnt[x]; x == 0 { // the root's parent
			break
		}
	}
}

// swap exchanges the subtrees of nodes x and l.
func (h *huffTree) swap(x, l uint16) {
	i, j := h.son[x], h.son[l]
	h.son[l], h.son[x] = i, j
	h.setParent(i, l)
	h.setParent(j, x)
	h.stale |= h.inTop[x] | h.inTop[l]
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
	i = (i << extra) | uint(buf<<8>>(64-extra))
	return hi<<6 | (i & 0x3F), 8 + extra
}
