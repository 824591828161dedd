package xray

import "encoding/binary"

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

// Encode compresses data into an X-Ray LZHUF payload: a u32 little-endian
// size followed by the bit stream, decodable by Decode and by the engine.
// The encoder is greedy with a hash-chain match finder; it does not try to
// reproduce xrLC's output byte for byte.
func Encode(data []byte) []byte {
	w := &bitWriter{out: make([]byte, 4, 4+len(data)/2+16)}
	binary.LittleEndian.PutUint32(w.out, uint32(len(data)))
	if len(data) == 0 {
		return w.out
	}
	var h huffTree
	h.start()

	const (
		hashBits = 15
		window   = RingSize - 1 // farthest distance used
		maxChain = 48
	)
	head := make([]int32, 1<<hashBits)
	for i := range head {
		head[i] = -1
	}
	var prev [RingSize]int32
	hash := func(i int) uint32 {
		v := uint32(data[i]) | uint32(data[i+1])<<8 | uint32(data[i+2])<<16
		return (v * 2654435761) >> (32 - hashBits)
	}
	insert := func(i int) {
		if i+2 >= len(data) {
			return
		}
		hv := hash(i)
		prev[i&(RingSize-1)] = head[hv]
		head[hv] = int32(i)
	}
	encodeChar := func(c int) {
		var code uint64
		depth := uint(0)
		for k := h.leaf[c]; k != rootNode; {
			p := h.n[k].prnt
			code |= uint64(k-h.son[p]) << depth
			depth++
			k = p
		}
		for depth > 32 {
			depth -= 32
			w.put(code>>depth, 32)
		}
		w.put(code, depth)
		h.update(c)
	}

	i := 0
	for i < len(data) {
		bestLen, bestDist := 0, 0
		if i+2 < len(data) {
			limit := min(MaxMatch, len(data)-i)
			cand := head[hash(i)]
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
				cand = prev[c&(RingSize-1)]
			}
		}
		if bestLen <= Threshold {
			encodeChar(int(data[i]))
			insert(i)
			i++
			continue
		}
		encodeChar(255 - Threshold + bestLen)
		d := uint(bestDist - 1)
		u := d >> 6
		w.put(uint64(pCode[u])>>(8-pLen[u]), uint(pLen[u]))
		w.put(uint64(d&0x3F), 6)
		for k := 0; k < bestLen; k++ {
			insert(i + k)
		}
		i += bestLen
	}
	w.flush()
	return w.out
}
