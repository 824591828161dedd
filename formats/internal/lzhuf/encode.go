package lzhuf

// bitWriter packs bits most significant first.
type bitWriter struct {
	out   []byte
	acc   uint64
	nbits uint
}

func (w *bitWriter) put(v uint64, n uint) {
	// n <= 32 per call keeps acc from overflowing (at most 7 bits pending).
	w.acc = w.acc<<n | (v & (1<<n - 1))
	w.nbits += n
	for w.nbits >= 8 {
		w.nbits -= 8
		w.out = append(w.out, byte(w.acc>>w.nbits))
	}
}

func (w *bitWriter) flush() {
	if w.nbits > 0 {
		w.out = append(w.out, byte(w.acc<<(8-w.nbits)))
		w.nbits = 0
	}
}

// AppendEncode appends data compressed with codec F to dst and returns the
// extended slice: the bit stream only, which Decode with len(data) gives
// back. The encoder is greedy with a hash-chain match finder; it does not
// try to reproduce another encoder's output byte for byte. EncodeTo is the
// same encoder over a stream: both give the same bits.
func AppendEncode[F MaxFreq](dst, data []byte) []byte {
	e := &encoder[F]{w: bitWriter{out: dst}}
	if len(data) == 0 {
		return e.w.out
	}
	e.h = newTree()
	defer trees.Put(e.h)
	e.run(newMatcher(data), 0, len(data))
	e.w.flush()
	return e.w.out
}

// run encodes m.data from position i until stop (a match begun before stop
// may end past it, within m.data) and returns where it stopped. Every
// position it passes goes into the match finder.
func (e *encoder[F]) run(m *matcher, i, stop int) int {
	for i < stop {
		bestLen, bestDist := m.longest(i)
		if bestLen <= Threshold {
			e.char(int(m.data[i]))
			m.insert(i)
			i++
			continue
		}
		e.match(bestLen, bestDist)
		for k := 0; k < bestLen; k++ {
			m.insert(i + k)
		}
		i += bestLen
	}
	return i
}

// Match finder parameters.
const (
	hashBits = 15
	window   = RingSize - 1 // farthest distance used
	maxChain = 48
)

// matcher finds earlier occurrences of the bytes at a position: hash
// chains of 3-byte prefixes over the last RingSize positions.
type matcher struct {
	data []byte
	head []int32 // last position with each hash, -1 for none
	prev [RingSize]int32
}

func newMatcher(data []byte) *matcher {
	m := &matcher{data: data, head: make([]int32, 1<<hashBits)}
	for i := range m.head {
		m.head[i] = -1
	}
	return m
}

func (m *matcher) hash(i int) uint32 {
	d := m.data
	v := uint32(d[i]) | uint32(d[i+1])<<8 | uint32(d[i+2])<<16
	return (v * 2654435761) >> (32 - hashBits)
}

// insert adds position i to its hash chain.
func (m *matcher) insert(i int) {
	if i+2 >= len(m.data) {
		return
	}
	hv := m.hash(i)
	m.prev[i&(RingSize-1)] = m.head[hv]
	m.head[hv] = int32(i)
}

// longest returns the longest earlier match of the bytes at i (at most
// MaxMatch, searching maxChain candidates) and its distance.
func (m *matcher) longest(i int) (bestLen, bestDist int) {
	data := m.data
	if i+2 >= len(data) {
		return 0, 0
	}
	limit := min(MaxMatch, len(data)-i)
	cand := m.head[m.hash(i)]
	for chain := 0; cand >= 0 && i-int(cand) <= window && chain < maxChain; chain++ {
		c := int(cand)
		if data[c+bestLen] == data[i+bestLen] || bestLen == 0 {
			l := 0
			for l < limit && data[c+l] == data[i+l] {
				l++
			}
			if l > bestLen {
				bestLen, bestDist = l, i-c
				if l == limit {
					break
				}
			}
		}
		cand = m.prev[c&(RingSize-1)]
	}
	return bestLen, bestDist
}

// encoder writes symbols with the adaptive Huffman tree.
type encoder[F MaxFreq] struct {
	w bitWriter
	h *huffTree
}

// char writes symbol c (a byte, or 256+ for a match length) and updates
// the tree.
func (e *encoder[F]) char(c int) {
	h := e.h
	var code uint64
	depth := uint(0)
	for k := h.prnt[leaf(c)]; k != rootNode; {
		p := h.prnt[k]
		code |= uint64(k-h.son[p]) << depth
		depth++
		k = p
	}
	for depth > 32 {
		depth -= 32
		e.w.put(code>>depth, 32)
	}
	e.w.put(code, depth)
	update[F](h, c)
}

// match writes a match: its length symbol, then the distance's high 6 bits
// by the position table and its low 6 bits.
func (e *encoder[F]) match(length, dist int) {
	e.char(255 - Threshold + length)
	d := uint(dist - 1)
	u := d >> 6
	e.w.put(uint64(pCode[u])>>(8-pLen[u]), uint(pLen[u]))
	e.w.put(uint64(d&0x3F), 6)
}
