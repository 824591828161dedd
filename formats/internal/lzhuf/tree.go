package lzhuf

import "sync"

// huffTree is the adaptive Huffman tree shared by the encoder and decoder.
//
// A leaf is a son value leafBase+2*c for symbol c, and its parent
// (prnt[c+T] in LZHUF.C) is prnt[leafBase+2*c]: leaves are two apart so
// that setting the parents of a son and its brother writes a spare slot
// for a leaf, without a test. Nodes are kept in order of frequency, and
// lead[w] is the last node of frequency w (for the frequencies present),
// the node LZHUF.C finds by scanning. Indices are uint16 values (plus one)
// and the arrays 64K long, so the hot loops need neither bounds checks nor
// masks; only their first entries are touched.
type huffTree struct {
	freq [arr]uint16 // freq[treeSize] is a sentinel
	prnt [arr]uint16
	son  [arr]uint16
	lead [arr]uint16
	gp   [arr]uint16 // the decoder's: gp[i] = prnt[prnt[i]] for nodes

	// The decoder's table over the top of the tree (lzhuf_table.go).
	top  [1 << tabBits]topEntry
	mark [1024]uint32 // by node: its depth and code when the table reads it
}

// arr is the length of the tree's arrays: any uint16 index, plus one.
const arr = 1<<16 + 1

// leafBase is the first leaf son value; son values below it are nodes.
const leafBase = treeSize

// spare is the son value of leaf slots: the decoder's swap sets the
// grandparent links of the sons of both sons without a test, and a leaf's
// land here.
const spare = 2048

// leaf returns the son value of symbol c.
func leaf(c int) uint16 { return uint16(leafBase + 2*c) }

// symbolOf returns the symbol of leaf son value s.
func symbolOf(s uint16) int { return int(s-leafBase) >> 1 }

// trees keeps trees for reuse: one is some 650 KB (its arrays are 64K
// long), of which a decode touches a few KB, and a level holds many small
// payloads.
var trees = sync.Pool{New: func() any { return new(huffTree) }}

// newTree returns a started tree from the pool; trees.Put returns it.
func newTree() *huffTree {
	h := trees.Get().(*huffTree)
	h.start()
	return h
}

// start sets the tree every symbol at frequency 1 (LZHUF.C's StartHuff).
// It writes every entry the codec reads, so a used tree can start again.
func (h *huffTree) start() {
	for i := 0; i < nChar; i++ {
		h.freq[i] = 1
		h.son[i] = leaf(i)
		h.prnt[leaf(i)] = uint16(i)
		h.son[leaf(i)], h.son[leaf(i)+1] = spare, spare
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

// fillLead sets lead from the frequencies, and the grandparent links.
func (h *huffTree) fillLead() {
	for i := 0; i < treeSize; i++ {
		h.lead[h.freq[i]] = uint16(i)
		h.gp[i] = h.prnt[h.prnt[i]]
	}
}

// setParent sets the parent of son value x (a node and its brother x+1,
// or a leaf and its spare slot) to p.
func (h *huffTree) setParent(x uint16, p int) {
	h.prnt[x] = uint16(p)
	h.prnt[int(x)+1] = uint16(p)
}

// reconst halves the frequencies and rebuilds the tree as LZHUF.C does:
// the leaves, in order, then each pair of nodes from the bottom up joined
// by a new node placed after every node of its frequency or less. The
// leaves stay sorted and the new nodes come in order of frequency, so the
// result is a merge of the two, a leaf first on a tie; no insertion moves
// the array.
func (h *huffTree) reconst() {
	var lf [nChar]uint16
	var ls [nChar]uint16
	n := 0
	for i := 0; i < treeSize; i++ {
		if h.son[i] >= leafBase {
			lf[n%nChar] = (h.freq[i] + 1) / 2
			ls[n%nChar] = h.son[i]
			n++
		}
	}
	li, made, placed := 0, 0, 0 // leaves placed; new nodes made and placed
	var nf [nChar]uint16        // frequencies of the new nodes
	for k := 0; k < treeSize; k++ {
		// New node m joins places 2m and 2m+1, all placed by now.
		for made < nChar-1 && 2*made+1 < k {
			nf[made%nChar] = h.freq[2*made] + h.freq[2*made+1]
			made++
		}
		if placed == made || li < nChar && lf[li%nChar] <= nf[placed%nChar] {
			h.freq[k], h.son[k] = lf[li%nChar], ls[li%nChar]
			li++
		} else {
			h.freq[k], h.son[k] = nf[placed%nChar], uint16(2*placed)
			placed++
		}
	}
	for i := 0; i < treeSize; i++ {
		h.setParent(h.son[i], i)
	}
	h.fillLead()
}

// update counts symbol c in h and restores the sibling property: each node on
// the way up, of frequency w, first trades places with the last node of
// frequency w (its subtree moves, not its place in the order), then counts
// one more. The decoder's loop has its own copy, which also keeps the
// table right.
func update[F MaxFreq](h *huffTree, c int) {
	if h.freq[rootNode] == maxFreq[F]() {
		h.reconst()
	}
	x := int(h.prnt[leaf(c)]) // may be node 0
	for {
		w := h.freq[x]
		w1 := h.freq[x+1]
		if w1 == w { // x is not the last of w
			l := int(h.lead[w])
			h.swap(x, l)
			x = l
			w1 = h.freq[x+1]
		}
		h.freq[x] = w + 1
		h.lead[w] = uint16(x - 1) // meaningless if x was the only one
		v := h.lead[int(w)+1]
		if w1 != w+1 {
			v = uint16(x) // x is the last of w+1 now
		}
		h.lead[int(w)+1] = v
		if x = int(h.prnt[x]); x == 0 { // the root's parent
			break
		}
	}
}

// swap exchanges the subtrees of nodes x and l.
func (h *huffTree) swap(x, l int) {
	i, j := h.son[x], h.son[l]
	h.son[l], h.son[x] = i, j
	h.setParent(i, l)
	h.setParent(j, x)
}
