package lzhuf

// The decoder reads the first tabBits bits of a code through a table over
// the top of the adaptive tree instead of walking it a bit at a time. An
// entry, indexed by the next tabBits bits, names the node those bits lead
// to: a leaf's node reached in fewer bits, or the node at depth tabBits,
// from which the walk goes on (one more step ends most codes of vertex
// data). The table names nodes by their place in the frequency order,
// which does not move; the update swaps subtrees, and when a swap changes
// the tree above depth tabBits (not when two leaves trade places) it
// patches the entries under the two nodes (patch) instead of rebuilding
// the table. A rebuild of the tree refills the whole table (fillTop).
//
// Nearly every such swap is between two nodes of the same depth; their
// entries then trade places as they are, and only the codes kept for the
// nodes below them change. A table of 9 bits patches twice as often and
// is slower; one of 5 to 7 leaves longer walks.
const tabBits = 8

// topEntry is a table entry: the node in the low 16 bits, the bits used
// (its depth) above them.
type topEntry uint32

// A node's mark, kept for the nodes above depth tabBits (0 for the
// others): its code in the low 16 bits, its depth in the next 8, and a
// flag so that no mark is 0.
const (
	markTop   = 1 << 31
	markDepth = 0xFF << 16
)

// topMark is the mark of a node at depth depth < tabBits with code code.
func topMark(code, depth uint32) uint32 { return markTop | depth<<16 | code }

// fillTop rebuilds the table and the marks from the tree.
func (h *huffTree) fillTop() {
	clear(h.mark[:])
	h.fillFrom(rootNode, 0, 0)
}

// patch fixes the table and the marks after the subtrees of nodes x and l
// were swapped, one of them at least above depth tabBits and not both
// leaves.
func (h *huffTree) patch(x, l int) {
	mx, ml := h.mark[x&1023], h.mark[l&1023]
	if (mx^ml)&markDepth != 0 || mx == 0 || ml == 0 {
		h.refill(x, mx)
		h.refill(l, ml)
		return
	}
	// The same depth d: the entries under x and under l trade places.
	d := mx >> 16 & 0xFF
	span := uint32(1) << (tabBits - d)
	bx, bl := (mx&0xFFFF)<<(tabBits-d), (ml&0xFFFF)<<(tabBits-d)
	// A leaf's node names itself: its entries take the other node's name.
	ex, el := topEntry(d<<16|uint32(x)), topEntry(d<<16|uint32(l))
	for k := uint32(0); k < span; k++ {
		ix, il := (bx+k)&(1<<tabBits-1), (bl+k)&(1<<tabBits-1)
		a, b := h.top[ix], h.top[il]
		if a == ex {
			a = el
		}
		if b == el {
			b = ex
		}
		h.top[ix], h.top[il] = b, a
	}
	if d < tabBits-1 { // marked nodes below: their codes change
		delta := (mx ^ ml) & 0xFFFF
		h.recode(h.son[x], delta, d)
		h.recode(h.son[l], delta, d)
	}
}

// recode changes the codes of the marked nodes from son value s down, in
// a subtree moved between two nodes of depth d whose codes differ by delta.
// Nodes above depth tabBits are all marked, the others not.
func (h *huffTree) recode(s uint16, delta, d uint32) {
	if s >= leafBase {
		return
	}
	for k := int(s); k <= int(s)+1; k++ {
		m := h.mark[k&1023]
		dk := m >> 16 & 0xFF
		h.mark[k&1023] = m ^ delta<<((dk-d)&31)
		if dk+1 < tabBits {
			h.recode(h.son[k], delta, d)
		}
	}
}

// refill rewrites the table under node p, of mark m, from its (new)
// subtree, and clears the marks that subtree brings from where it was.
func (h *huffTree) refill(p int, m uint32) {
	if m == 0 {
		h.unmark(h.son[p])
		return
	}
	h.fillFrom(p, m&0xFFFF, m>>16&0xFF)
}

// fillFrom marks node p, at depth depth with code code, and the nodes
// below it above depth tabBits, and fills the entries whose first depth
// bits are code.
func (h *huffTree) fillFrom(p int, code, depth uint32) {
	s := h.son[p]
	if depth < tabBits {
		h.mark[p&1023] = topMark(code, depth)
		if s < leafBase {
			h.fillFrom(int(s), code<<1, depth+1)
			h.fillFrom(int(s)+1, code<<1|1, depth+1)
			return
		}
	} else {
		h.mark[p&1023] = 0
	}
	span := uint32(1) << (tabBits - depth)
	base := code << (tabBits - depth)
	e := topEntry(depth<<16 | uint32(p))
	for i := base; i < base+span; i++ {
		h.top[i&(1<<tabBits-1)] = e
	}
	h.unmark(s)
}

// unmark clears the marks of son value s (a pair of nodes; nothing for a
// leaf) and of the marked nodes below them: a subtree that moved deeper
// brings the marks of where it was.
func (h *huffTree) unmark(s uint16) {
	if s >= leafBase {
		return
	}
	for k := int(s); k <= int(s)+1; k++ {
		if h.mark[k&1023] != 0 {
			h.mark[k&1023] = 0
			h.unmark(h.son[k])
		}
	}
}
