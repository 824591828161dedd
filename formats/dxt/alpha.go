package dxt

import "encoding/binary"

// encodeAlpha3 writes a DXT3 block's explicit alphas, each rounded to 4
// bits.
func encodeAlpha3(dst []byte, blk *texels) {
	var a uint64
	for i := 0; i < 16; i++ {
		a |= uint64((blk[i][3]*15+127)/255) << (4 * i)
	}
	binary.LittleEndian.PutUint64(dst, a)
}

// alphaFit is one choice of DXT5 alpha endpoints and its error.
type alphaFit struct {
	a0, a1 int
	bits   uint64
	sse    int
}

// encodeAlpha5 writes the 8-byte DXT5 alpha block of blk: the better of
// the 8-value mode (a0 > a1) over the block's range and the 6-value mode
// (a0 <= a1, with exact 0 and 255) over the other values, refined by
// least squares and (Normal: within 1, Best: within 2) a search of the
// pairs around the endpoints.
func encodeAlpha5(dst []byte, blk *texels, q Quality) {
	lo, hi, lo6, hi6 := 255, 0, 255, 0
	for i := range blk {
		a := blk[i][3]
		lo, hi = min(lo, a), max(hi, a)
		if a != 0 && a != 255 {
			lo6, hi6 = min(lo6, a), max(hi6, a)
		}
	}
	best := tryAlpha(blk, hi, lo)
	if lo6 > hi6 {
		lo6, hi6 = lo, lo // only 0 and 255: any 6-value pair
	}
	if best.sse > 0 {
		if c := tryAlpha(blk, lo6, hi6); c.sse < best.sse {
			best = c
		}
	}
	if best.sse > 0 && q != Fast {
		best = refineAlpha(blk, best, map[Quality]int{Normal: 1, Best: 2}[q])
	}
	dst[0], dst[1] = byte(best.a0), byte(best.a1)
	for i := 0; i < 6; i++ {
		dst[2+i] = byte(best.bits >> (8 * i))
	}
}

// alphaPalette is the decoder's 8 alphas for a0, a1.
func alphaPalette(a0, a1 int) (al [8]int) {
	al[0], al[1] = a0, a1
	if a0 > a1 {
		for i := 1; i < 7; i++ {
			al[i+1] = ((7-i)*a0 + i*a1) / 7
		}
		return al
	}
	for i := 1; i < 5; i++ {
		al[i+1] = ((5-i)*a0 + i*a1) / 5
	}
	al[6], al[7] = 0, 255
	return al
}

// tryAlpha picks each texel's nearest alpha for the pair and sums the
// error.
func tryAlpha(blk *texels, a0, a1 int) alphaFit {
	f := alphaFit{a0: a0, a1: a1}
	al := alphaPalette(a0, a1)
	for i := range blk {
		best, bd := 0, 1<<30
		for k := 0; k < 8; k++ {
			d := blk[i][3] - al[k]
			if d*d < bd {
				bd, best = d*d, k
			}
		}
		f.sse += bd
		f.bits |= uint64(best) << (3 * i)
	}
	return f
}

// alphaWeight is each index's position between a0 (0) and a1 (1) in the
// 8-value and 6-value modes; -1 marks the fixed 0 and 255.
var alphaWeight = [2][8]float64{{0, 1, 1.0 / 7, 2.0 / 7, 3.0 / 7, 4.0 / 7, 5.0 / 7, 6.0 / 7}, {0, 1, 0.2, 0.4, 0.6, 0.8, -1, -1}}

// refineAlpha refits f's endpoints by least squares, then tries every pair
// within r of the best, keeping f's mode, while the error falls.
func refineAlpha(blk *texels, f alphaFit, r int) alphaFit {
	eight := f.a0 > f.a1
	w := alphaWeight[1]
	if eight {
		w = alphaWeight[0]
	}
	var aa, ab, bb, av, bv float64
	for i := range blk {
		t := w[f.bits>>(3*i)&7]
		if t < 0 {
			continue
		}
		a, b, v := 1-t, t, float64(blk[i][3])
		aa, ab, bb, av, bv = aa+a*a, ab+a*b, bb+b*b, av+a*v, bv+b*v
	}
	if det := aa*bb - ab*ab; det > 1e-9 {
		a0, a1 := clamp255((av*bb-bv*ab)/det), clamp255((bv*aa-av*ab)/det)
		if (a0 > a1) == eight {
			if c := tryAlpha(blk, a0, a1); c.sse < f.sse {
				f = c
			}
		}
	}
	for d0 := -r; d0 <= r; d0++ {
		for d1 := -r; d1 <= r; d1++ {
			a0, a1 := f.a0+d0, f.a1+d1
			if a0 < 0 || a1 < 0 || a0 > 255 || a1 > 255 || (a0 > a1) != eight || d0 == 0 && d1 == 0 {
				continue
			}
			if c := tryAlpha(blk, a0, a1); c.sse < f.sse {
				f = c
			}
		}
	}
	return f
}
