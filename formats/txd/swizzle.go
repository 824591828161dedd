package txd

import (
	"math/bits"
	"sync"
)

// swzAddr is the PSMT8-as-PSMCT32 permutation inside a strip of four rows
// (docs/formats/renderware.md), for a buffer of width 1<<logw.
func swzAddr(x, y, logw int) int {
	x ^= ((y>>1 ^ y>>2) & 1) << 2
	nx := x&7 | (x>>1)&^7
	ny := y&1 | (y>>1)&^1
	n := (y>>1)&1 | ((x>>3)&1)<<1
	return n | nx<<2 | ny<<(logw+1)
}

// SwizzleIndex returns the stored element index of linear element (x, y)
// in a swizzled W×H buffer (W a power of two ≥ 16, H a multiple of 4).
func SwizzleIndex(x, y, w int) int {
	logw := bits.Len(uint(w)) - 1
	return (y&^3)*w + swzAddr(x, y, logw)&(4*w-1)
}

// ValidSwizzle reports whether a W×H buffer can be swizzled.
func ValidSwizzle(w, h int) bool {
	return w >= 16 && w&(w-1) == 0 && h >= 4 && h%4 == 0 && w <= 4096 && h <= 4096
}

type swzKey struct{ w, h int }

var stripCache sync.Map // int -> []int32

// stripTable returns, for y in 0..7 and x < W, the offset of (x, y) inside
// its 4-row strip: the permutation depends on y only through y&7, so
// srcIndex(x, y) = (y&^3)*W + strip[(y&7)*W+x].
func stripTable(w int) []int32 {
	if t, ok := stripCache.Load(w); ok {
		return t.([]int32)
	}
	logw := bits.Len(uint(w)) - 1
	t := make([]int32, 8*w)
	mask := 4*w - 1
	for y := 0; y < 8; y++ {
		for x := 0; x < w; x++ {
			t[y*w+x] = int32(swzAddr(x, y, logw) & mask)
		}
	}
	stripCache.Store(w, t)
	return t
}

var swzCache sync.Map // swzKey -> []int32

// swizzleTable returns, for every linear element y*W+x, its stored index.
func swizzleTable(w, h int) []int32 {
	if t, ok := swzCache.Load(swzKey{w, h}); ok {
		return t.([]int32)
	}
	logw := bits.Len(uint(w)) - 1
	t := make([]int32, w*h)
	mask := 4*w - 1
	for y := 0; y < h; y++ {
		row := (y &^ 3) * w
		for x := 0; x < w; x++ {
			t[y*w+x] = int32(row + swzAddr(x, y, logw)&mask)
		}
	}
	if w*h <= 1<<18 {
		swzCache.Store(swzKey{w, h}, t) // big tables are not worth keeping for ever
	}
	return t
}

// Unswizzle8 turns a swizzled W×H buffer of 8-bit indices into linear order.
func Unswizzle8(dst, src []byte, w, h int) {
	t := swizzleTable(w, h)
	for i, s := range t[:w*h] {
		dst[i] = src[s]
	}
}

// Swizzle8 is the inverse of Unswizzle8.
func Swizzle8(dst, src []byte, w, h int) {
	t := swizzleTable(w, h)
	for i, s := range t[:w*h] {
		dst[s] = src[i]
	}
}

// Unswizzle4 turns a swizzled W×H buffer of packed 4-bit indices (low
// nibble first) into one index per byte in linear order.
func Unswizzle4(dst, src []byte, w, h int) {
	t := swizzleTable(w, h)
	for i, s := range t[:w*h] {
		dst[i] = src[s>>1] >> (uint(s&1) * 4) & 0xF
	}
}

// Swizzle4 packs one index per byte (linear order) into a swizzled buffer of
// 4-bit indices, low nibble first.
func Swizzle4(dst, src []byte, w, h int) {
	t := swizzleTable(w, h)
	clear(dst[:w*h/2])
	for i, s := range t[:w*h] {
		dst[s>>1] |= (src[i] & 0xF) << (uint(s&1) * 4)
	}
}

// csm1 swaps bits 3 and 4 of a palette index (the PS2 CSM1 CLUT layout).
func csm1(i int) int { return i&^0x18 | (i&0x08)<<1 | (i&0x10)>>1 }

// mortonMasks returns librw's Xbox swizzle bit masks for a w×h texture.
func mortonMasks(w, h int) (mu, mv int) {
	j := 1
	for i := 1; ; i <<= 1 {
		c := false
		if i < w {
			mu |= j
			j <<= 1
			c = true
		}
		if i < h {
			mv |= j
			j <<= 1
			c = true
		}
		if !c {
			break
		}
	}
	return mu, mv
}

// deposit spreads the low bits of v over the set bits of mask.
func deposit(v, mask int) int {
	r := 0
	for b := 1; mask != 0; b <<= 1 {
		low := mask & -mask
		if v&b != 0 {
			r |= low
		}
		mask &^= low
	}
	return r
}

// MortonIndex returns the stored element of (x, y) in an Xbox-swizzled w×h
// texture (both powers of two).
func MortonIndex(x, y, w, h int) int {
	mu, mv := mortonMasks(w, h)
	return deposit(x, mu) | deposit(y, mv)
}

// mortonTables returns per-x and per-y offsets.
func mortonTables(w, h int) ([]int, []int) {
	mu, mv := mortonMasks(w, h)
	xs := make([]int, w)
	for x := range xs {
		xs[x] = deposit(x, mu)
	}
	ys := make([]int, h)
	for y := range ys {
		ys[y] = deposit(y, mv)
	}
	return xs, ys
}
