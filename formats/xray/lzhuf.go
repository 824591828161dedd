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
// Tree node i keeps its frequency and parent side by side (the update walk
// touches both); leaf parents (prnt[c+T] in LZHUF.C) are in leaf. Arrays
// are longer than needed so that indices masked with tmask or lmask need no
// bounds checks in the hot loops.
type huffTree struct {
	n    [1024]hnode // freq[i], prnt[i] for i <= treeSize (freq[treeSize] is a sentinel)
	son  [1024]int32
	leaf [512]int32 // parent of leaf symbol c
}

type hnode struct {
	freq uint32
	prnt int32
}

const (
	tmask = 1023
	lmask = 511
)

func (h *huffTree) start() {
	for i := 0; i < nChar; i++ {
		h.n[i].freq = 1
		h.son[i] = int32(i + treeSize)
		h.leaf[i] = int32(i)
	}
	i, j := 0, nChar
	for j <= rootNode {
		h.n[j].freq = h.n[i].freq + h.n[i+1].freq
		h.son[j] = int32(i)
		h.n[i].prnt = int32(j)
		h.n[i+1].prnt = int32(j)
		i += 2
		j++
	}
	h.n[treeSize].freq = 0xFFFF
	h.n[rootNode].prnt = 0
}

// setParent sets the parent of child x (a node, and its sibling x+1, or a
// leaf symbol code >= treeSize) to p.
func (h *huffTree) setParent(x, p int32) {
	if x >= treeSize {
		h.leaf[(x-treeSize)&lmask] = p
		return
	}
	h.n[x&tmask].prnt = p
	h.n[(x+1)&tmask].prnt = p
}

// reconst halves the frequencies and rebuilds the tree.
func (h *huffTree) reconst() {
	j := 0
	for i := 0; i < treeSize; i++ {
		if h.son[i] >= treeSize {
			h.n[j].freq = (h.n[i].freq + 1) / 2
			h.son[j] = h.son[i]
			j++
		}
	}
	for i, j := 0, nChar; j < treeSize; i, j = i+2, j+1 {
		f := h.n[i].freq + h.n[i+1].freq
		k := j - 1
		for f < h.n[k].freq {
			k--
		}
		k++
		copy(h.n[k+1:j+1], h.n[k:j])
		copy(h.son[k+1:j+1], h.son[k:j])
		h.n[k].freq = f
		h.son[k] = int32(i)
	}
	for i := int32(0); i < treeSize; i++ {
		h.setParent(h.son[i], i)
	}
}

// update counts symbol c and restores the sibling property.
func (h *huffTree) update(c int) {
	if h.n[rootNode].freq == MaxFreq {
		h.reconst()
	}
	nodes := &h.n
	son := &h.son
	x := h.leaf[c&lmask]
	for {
		nd := &nodes[x&tmask]
		nd.freq++
		k := nd.freq
		if k > nodes[(x+1)&tmask].freq {
			l := x + 1
			for k > nodes[(l+1)&tmask].freq {
				l++
			}
			nd.freq = nodes[l&tmask].freq
			nodes[l&tmask].freq = k
			i := son[x&tmask]
			h.setParent(i, l)
			j := son[l&tmask]
			son[l&tmask] = i
			h.setParent(j, x)
			son[x&tmask] = j
			x = l
		}
		x = nodes[x&tmask].prnt
		if x == 0 {
			break
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
	i = (i << extra) | uint(buf<<8>>(64-extra))
	return hi<<6 | (i & 0x3F), 8 + extra
}
