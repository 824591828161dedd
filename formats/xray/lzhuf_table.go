package xray

// The decoder reads the first tabBits bits of a code through a table over
// the top of the adaptive tree instead of walking it a bit at a time. The
// table depends only on the sons of the nodes less than tabBits deep; the
// tree's update marks it stale when it swaps one of those (rare: the top
// of the tree holds the largest, well separated frequencies) and when it
// rebuilds the tree.
const tabBits = 5 // 4 to 6 are about as good; 8 rebuilds far too often

// topEntry is a table entry: the node reached (at depth tabBits, or a
// node holding a leaf reached sooner) in the low 16 bits, the bits used
// above them.
type topEntry uint32

// fillTop rebuilds the table and the marks of the nodes it reads.
func (h *huffTree) fillTop() {
	for _, p := range h.topNodes {
		h.inTop[p] = 0
	}
	h.topNodes = h.topNodes[:0]
	h.fillFrom(rootNode, 0, 0)
	h.stale = 0
}

// fillFrom fills the entries whose codes start with the depth bits of code,
// the path to node p.
func (h *huffTree) fillFrom(p uint16, code uint32, depth uint32) {
	s := h.son[p]
	if depth < tabBits {
		h.inTop[p] = 1
		h.topNodes = append(h.topNodes, p)
		if s < leafBase {
			h.fillFrom(s, code<<1, depth+1)
			h.fillFrom(s+1, code<<1|1, depth+1)
			return
		}
	}
	span := uint32(1) << (tabBits - depth)
	e := topEntry(depth<<16 | uint32(p))
	base := code << (tabBits - depth)
	for i := base; i < base+span; i++ {
		h.top[i&(1<<tabBits-1)] = e
	}
}
