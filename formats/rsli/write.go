package rsli

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"sort"
)

// BuildEntry is one member for Build.
type BuildEntry struct {
	Name   string // at most 12 bytes
	Method int    // MethodRaw ... MethodDeflate
	Data   []byte
}

// LZSS packs data with the simple LZSS (greedy, brute force: for fixtures
// and small data).
func LZSS(data []byte) []byte {
	var ring [4096]byte
	for i := range ring {
		ring[i] = ' '
	}
	r := 0xFEE
	var out []byte
	var group []byte
	flagPos, bit := -1, 8
	for p := 0; p < len(data); {
		if bit == 8 {
			out = append(out, group...)
			group = group[:0]
			out = append(out, 0)
			flagPos, bit = len(out)-1, 0
		}
		best, bestAt := 0, 0
		for s := 0; s < 4096; s++ {
			l := 0
			for l < 18 && p+l < len(data) {
				idx := (s + l) & 4095
				var ch byte
				if j := (idx - r) & 4095; j < l {
					ch = data[p+j]
				} else {
					ch = ring[idx]
				}
				if ch != data[p+l] {
					break
				}
				l++
			}
			if l > best {
				best, bestAt = l, s
			}
		}
		if best < 3 {
			out[flagPos] |= 1 << bit
			group = append(group, data[p])
			ring[r] = data[p]
			r = (r + 1) & 4095
			p++
		} else {
			group = append(group, byte(bestAt), byte((bestAt>>4)&0xF0|(best-3)))
			for k := 0; k < best; k++ {
				ring[r] = data[p+k]
				r = (r + 1) & 4095
			}
			p += best
		}
		bit++
	}
	return append(out, group...)
}

// Build writes an archive: the header with the sorted mark, the table
// encrypted with seed, then the packed members in order.
func Build(entries []BuildEntry, seed uint16) ([]byte, error) {
	n := len(entries)
	if n > 0x7FFF {
		return nil, fmt.Errorf("RsLi: %d entries do not fit an i16", n)
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return entries[order[a]].Name < entries[order[b]].Name })
	le := binary.LittleEndian
	table := make([]byte, 32*n)
	var data []byte
	off := 32 + 32*n
	var total uint32
	for i, e := range entries {
		if len(e.Name) > 12 {
			return nil, fmt.Errorf("RsLi: name %q is longer than 12 bytes", e.Name)
		}
		key := uint16(order[i])
		packed, err := pack(e, key)
		if err != nil {
			return nil, err
		}
		rec := table[32*i : 32*i+32]
		copy(rec, e.Name)
		le.PutUint16(rec[16:], uint16(e.Method))
		le.PutUint16(rec[18:], key)
		le.PutUint32(rec[20:], uint32(len(e.Data)))
		le.PutUint32(rec[24:], uint32(off+len(data)))
		le.PutUint32(rec[28:], uint32(len(packed)))
		data = append(data, packed...)
		total += uint32(len(e.Data))
	}
	XOR(table, seed)
	h := make([]byte, 32)
	copy(h, Magic)
	le.PutUint16(h[4:], uint16(n))
	le.PutUint16(h[6:], uint16(n))
	le.PutUint16(h[14:], SortedMark)
	le.PutUint32(h[16:], total)
	le.PutUint32(h[20:], uint32(seed))
	return append(append(h, table...), data...), nil
}

// pack compresses and encrypts an entry's data by its method; key is the
// entry's sort key, which seeds its XOR stream.
func pack(e BuildEntry, key uint16) ([]byte, error) {
	var packed []byte
	switch e.Method {
	case MethodRaw:
		packed = append([]byte(nil), e.Data...)
	case MethodXOR:
		packed = append([]byte(nil), e.Data...)
		XOR(packed, key)
	case MethodLZSS, MethodXORLZSS:
		packed = LZSS(e.Data)
	case MethodHuffman, MethodXORHuffman:
		packed = Huff(e.Data)
	case MethodDeflate:
		var buf bytes.Buffer
		zw, _ := flate.NewWriter(&buf, flate.BestCompression)
		zw.Write(e.Data)
		zw.Close()
		packed = buf.Bytes()
	default:
		return nil, fmt.Errorf("RsLi: unknown method 0x%X", e.Method)
	}
	if e.Method == MethodXORLZSS || e.Method == MethodXORHuffman {
		XOR(packed, key)
	}
	return packed, nil
}
