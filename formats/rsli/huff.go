package rsli

import "fmt"

// The adaptive Huffman + LZSS method (0x080) is Okumura's LZHUF: a
// 4096-byte ring filled with spaces and written from 0xFC4 (N − F), matches
// of 3..60 bytes coded as symbols 256..313 of an adaptive Huffman tree
// (rebuilt when the root count reaches 0x8000), distances as a static
// prefix code for the upper 6 bits plus 6 plain bits. Bits are read most
// significant first. No shipped archive uses it, so the reading follows the
// published algorithm; TestHuffReferenceVectors checks the decoder against
// the reference encoder's output (../shared/vectors/lzhuf, the X-Ray build
// of the same coder, which only rebuilds its tree at 0x4000).
//
// fparkan's decoder (crates/fparkan-rsli) reads the distance differently:
// it ORs the extra bits into the low bits of the prefix value instead of
// shifting the first byte's low bits up to make room for them, so it does
// not invert the published encoder (the readings agree only by chance).
// specs/nres.md §2.9 names the method only, so this package keeps the
// published reading.
const (
	huffN      = 4096
	huffF      = 60
	huffThresh = 2
	nChar      = 256 - huffThresh + huffF // 314
	treeT      = 2*nChar - 1              // 627
	treeR      = treeT - 1
	maxFreq    = 0x8000
)

var dCode, dLen [256]uint8
var pCode, pLen [64]uint8

func init() {
	// Prefix codes for the upper 6 bits of a distance: 1 of 3 bits, 3 of 4,
	// 8 of 5, 12 of 6, 24 of 7, 16 of 8, assigned in increasing order.
	counts := []int{1, 3, 8, 12, 24, 16}
	code, sym := 0, 0
	for li, cnt := range counts {
		l := 3 + li
		for k := 0; k < cnt; k++ {
			pCode[sym], pLen[sym] = uint8(code<<(8-l)), uint8(l)
			for j := 0; j < 1<<(8-l); j++ {
				dCode[code<<(8-l)+j], dLen[code<<(8-l)+j] = uint8(sym), uint8(l)
			}
			code++
			sym++
		}
		code <<= 1
	}
}

type tree struct {
	limit  uint32 // the root count that triggers a rebuild (maxFreq)
	freq   [treeT + 1]uint32
	parent [treeT + nChar]int
	son    [treeT]int
}

func (t *tree) start() {
	if t.limit == 0 {
		t.limit = maxFreq
	}
	for i := 0; i < nChar; i++ {
		t.freq[i] = 1
		t.son[i] = i + treeT
		t.parent[i+treeT] = i
	}
	for i, j := 0, nChar; j <= treeR; i, j = i+2, j+1 {
		t.freq[j] = t.freq[i] + t.freq[i+1]
		t.son[j] = i
		t.parent[i], t.parent[i+1] = j, j
	}
	t.freq[treeT] = 0xFFFF
	t.parent[treeR] = 0
}

func (t *tree) reconst() {
	j := 0
	for i := 0; i < treeT; i++ {
		if t.son[i] >= treeT {
			t.freq[j] = (t.freq[i] + 1) / 2
			t.son[j] = t.son[i]
			j++
		}
	}
	for i, j := 0, nChar; j < treeT; i, j = i+2, j+1 {
		f := t.freq[i] + t.freq[i+1]
		t.freq[j] = f
		k := j - 1
		for f < t.freq[k] {
			k--
		}
		k++
		copy(t.freq[k+1:j+1], t.freq[k:j])
		t.freq[k] = f
		copy(t.son[k+1:j+1], t.son[k:j])
		t.son[k] = i
	}
	for i := 0; i < treeT; i++ {
		k := t.son[i]
		t.parent[k] = i
		if k < treeT {
			t.parent[k+1] = i
		}
	}
}

func (t *tree) update(c int) {
	if t.freq[treeR] == t.limit {
		t.reconst()
	}
	c = t.parent[c+treeT]
	for {
		t.freq[c]++
		k := t.freq[c]
		if l := c + 1; k > t.freq[l] {
			for k > t.freq[l+1] {
				l++
			}
			t.freq[c], t.freq[l] = t.freq[l], k
			i := t.son[c]
			t.parent[i] = l
			if i < treeT {
				t.parent[i+1] = l
			}
			j := t.son[l]
			t.son[l] = i
			t.parent[j] = c
			if j < treeT {
				t.parent[j+1] = c
			}
			t.son[c] = j
			c = l
		}
		c = t.parent[c]
		if c == 0 {
			break
		}
	}
}

type bitReader struct {
	in  []byte
	pos int
	buf uint32
	n   uint
}

func (b *bitReader) bit() (int, error) {
	if b.n == 0 {
		if b.pos >= len(b.in) {
			return 0, fmt.Errorf("huffman input ends at byte %d", b.pos)
		}
		b.buf, b.n = uint32(b.in[b.pos]), 8
		b.pos++
	}
	b.n--
	return int(b.buf>>b.n) & 1, nil
}

// UnHuff unpacks n bytes of the adaptive Huffman + LZSS method.
func UnHuff(in []byte, n int) ([]byte, error) { return unHuff(in, n, maxFreq) }

// unHuff is UnHuff with the tree's rebuild threshold as a parameter: the
// X-Ray variant of the same coder rebuilds at 0x4000, which lets the tests
// check this decoder against the reference encoder's vectors.
func unHuff(in []byte, n int, limit uint32) ([]byte, error) {
	t := tree{limit: limit}
	t.start()
	var ring [huffN]byte
	for i := range ring {
		ring[i] = ' '
	}
	r := huffN - huffF
	br := &bitReader{in: in}
	out := make([]byte, 0, min(n, 64*len(in)+64))
	for len(out) < n {
		c := t.son[treeR]
		for c < treeT {
			b, err := br.bit()
			if err != nil {
				return out, err
			}
			c = t.son[c+b]
		}
		c -= treeT
		t.update(c)
		if c < 256 {
			out = append(out, byte(c))
			ring[r] = byte(c)
			r = (r + 1) & (huffN - 1)
			continue
		}
		// Distance: 8 bits select the prefix, then the remaining bits.
		i := 0
		for k := 0; k < 8; k++ {
			b, err := br.bit()
			if err != nil {
				return out, err
			}
			i = i<<1 | b
		}
		hi := int(dCode[i]) << 6
		for j := int(dLen[i]) - 2; j > 0; j-- {
			b, err := br.bit()
			if err != nil {
				return out, err
			}
			i = i<<1 | b
		}
		pos := hi | i&0x3F
		src := (r - pos - 1) & (huffN - 1)
		for k := 0; k < c-255+huffThresh && len(out) < n; k++ {
			ch := ring[(src+k)&(huffN-1)]
			out = append(out, ch)
			ring[r] = ch
			r = (r + 1) & (huffN - 1)
		}
	}
	return out, nil
}

type bitWriter struct {
	out []byte
	buf uint32
	n   uint
}

func (w *bitWriter) put(v uint32, n uint) {
	for i := int(n) - 1; i >= 0; i-- {
		w.buf = w.buf<<1 | (v>>uint(i))&1
		w.n++
		if w.n == 8 {
			w.out = append(w.out, byte(w.buf))
			w.buf, w.n = 0, 0
		}
	}
}

func (w *bitWriter) flush() {
	if w.n > 0 {
		w.out = append(w.out, byte(w.buf<<(8-w.n)))
		w.buf, w.n = 0, 0
	}
}

func (t *tree) encodeChar(w *bitWriter, c int) {
	var code []uint8
	for k := t.parent[c+treeT]; k != treeR; k = t.parent[k] {
		code = append(code, uint8(k&1))
	}
	for i := len(code) - 1; i >= 0; i-- {
		w.put(uint32(code[i]), 1)
	}
	t.update(c)
}

// Huff packs data with the adaptive Huffman + LZSS method (a greedy,
// brute-force match search: for fixtures and small data).
func Huff(data []byte) []byte {
	var t tree
	t.start()
	var ring [huffN]byte
	for i := range ring {
		ring[i] = ' '
	}
	r := huffN - huffF
	w := &bitWriter{}
	for p := 0; p < len(data); {
		bestLen, bestPos := 0, 0
		for back := 1; back < huffN-huffF; back++ {
			src := (r - back) & (huffN - 1)
			l := 0
			// The match may run into bytes it writes itself.
			for l < huffF && p+l < len(data) {
				var ch byte
				if back > l {
					ch = ring[(src+l)&(huffN-1)]
				} else {
					ch = data[p+l-back]
				}
				if ch != data[p+l] {
					break
				}
				l++
			}
			if l > bestLen {
				bestLen, bestPos = l, back-1
				if l == huffF {
					break
				}
			}
		}
		if bestLen <= huffThresh {
			t.encodeChar(w, int(data[p]))
			ring[r] = data[p]
			r = (r + 1) & (huffN - 1)
			p++
			continue
		}
		t.encodeChar(w, 255-huffThresh+bestLen)
		hi := bestPos >> 6
		w.put(uint32(pCode[hi])>>(8-pLen[hi]), uint(pLen[hi]))
		w.put(uint32(bestPos&0x3F), 6)
		for k := 0; k < bestLen; k++ {
			ring[r] = data[p+k]
			r = (r + 1) & (huffN - 1)
		}
		p += bestLen
	}
	w.flush()
	return w.out
}
