package dxt

import "encoding/binary"

// colourFit is one choice of DXT colour endpoints: the stored words, the
// indices and the squared RGB error they give.
type colourFit struct {
	c0, c1 uint16
	idx    uint32
	sse    int
	three  bool // 3-colour mode (c0 <= c1)
}

// encodeColor writes the 8-byte colour block of blk: principal-axis
// endpoints, then least-squares refits while they lower the error. DXT1
// blocks with transparent pixels use the 3-colour mode.
func encodeColor(dst []byte, blk *[16][4]int, dxt1 bool) {
	transparent := false
	for i := range blk {
		transparent = transparent || dxt1 && blk[i][3] < 128
	}
	lo, hi := fitEndpoints(blk, dxt1)
	best := tryColour(blk, lo, hi, transparent)
	for it := 0; it < 3 && best.sse > 0; it++ {
		e0, e1, ok := refitColour(blk, best)
		if !ok {
			break
		}
		c := tryColour(blk, e1, e0, transparent)
		if c.sse >= best.sse {
			break
		}
		best = c
	}
	binary.LittleEndian.PutUint16(dst, best.c0)
	binary.LittleEndian.PutUint16(dst[2:], best.c1)
	binary.LittleEndian.PutUint32(dst[4:], best.idx)
}

// tryColour orders the 565 words of lo and hi for the mode, picks each
// pixel's nearest palette entry (as the decoder builds the palette) and
// sums the error.
func tryColour(blk *[16][4]int, lo, hi [3]int, three bool) colourFit {
	c0, c1 := to565(hi[0], hi[1], hi[2]), to565(lo[0], lo[1], lo[2])
	if three {
		if c0 > c1 {
			c0, c1 = c1, c0
		}
	} else {
		if c0 < c1 {
			c0, c1 = c1, c0
		}
		if c0 == c1 {
			// One colour: keep the 4-colour mode (c0 > c1) with index 0.
			if c1 > 0 {
				c1--
			} else {
				c0++
			}
		}
	}
	f := colourFit{c0: c0, c1: c1, three: three}
	cols, n := palette565(c0, c1, three)
	for i := range blk {
		best := 0
		if three && blk[i][3] < 128 {
			best = 3
		} else {
			bd := 1 << 30
			for k := 0; k < n; k++ {
				dr, dg, db := blk[i][0]-cols[k][0], blk[i][1]-cols[k][1], blk[i][2]-cols[k][2]
				if d := dr*dr + dg*dg + db*db; d < bd {
					bd, best = d, k
				}
			}
			f.sse += bd
		}
		f.idx |= uint32(best) << (2 * i)
	}
	return f
}

// palette565 returns the decoder's colours for c0, c1 and how many index
// values are colours (3 in the 3-colour mode, whose index 3 is
// transparent).
func palette565(c0, c1 uint16, three bool) ([4][3]int, int) {
	r0, g0, b0 := rgb565(c0)
	r1, g1, b1 := rgb565(c1)
	cols := [4][3]int{{r0, g0, b0}, {r1, g1, b1}}
	if three {
		cols[2] = [3]int{(r0 + r1) / 2, (g0 + g1) / 2, (b0 + b1) / 2}
		return cols, 3
	}
	cols[2] = [3]int{(2*r0 + r1) / 3, (2*g0 + g1) / 3, (2*b0 + b1) / 3}
	cols[3] = [3]int{(r0 + 2*r1) / 3, (g0 + 2*g1) / 3, (b0 + 2*b1) / 3}
	return cols, 4
}

// colourWeight is the position of each index between c0 (0) and c1 (1);
// -1 marks the transparent index of the 3-colour mode.
var colourWeight = [2][4]float64{{0, 1, 1.0 / 3, 2.0 / 3}, {0, 1, 0.5, -1}}

// refitColour solves for the endpoints that best fit the pixels with f's
// indices kept (least squares per channel); ok is false when the indices
// do not determine them.
func refitColour(blk *[16][4]int, f colourFit) (e0, e1 [3]int, ok bool) {
	w := colourWeight[0]
	if f.three {
		w = colourWeight[1]
	}
	var aa, ab, bb float64
	var av, bv [3]float64
	for i := range blk {
		t := w[f.idx>>(2*i)&3]
		if t < 0 {
			continue
		}
		a, b := 1-t, t
		aa, ab, bb = aa+a*a, ab+a*b, bb+b*b
		for c := 0; c < 3; c++ {
			av[c] += a * float64(blk[i][c])
			bv[c] += b * float64(blk[i][c])
		}
	}
	det := aa*bb - ab*ab
	if det < 1e-9 {
		return e0, e1, false
	}
	for c := 0; c < 3; c++ {
		e0[c] = clamp255((av[c]*bb - bv[c]*ab) / det)
		e1[c] = clamp255((bv[c]*aa - av[c]*ab) / det)
	}
	return e0, e1, true
}

// alphaFit is one choice of DXT5 alpha endpoints and its error.
type alphaFit struct {
	a0, a1 int
	bits   uint64
	sse    int
}

// encodeAlpha5 writes the 8-byte DXT5 alpha block of blk: the better of
// the 8-value mode (a0 > a1) over the block's range and the 6-value mode
// (a0 <= a1, with exact 0 and 255) over the other values, each endpoint
// pair refined by least squares and a small search around it.
func encodeAlpha5(dst []byte, blk *[16][4]int) {
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
	if c := tryAlpha(blk, lo6, hi6); c.sse < best.sse {
		best = c
	}
	if best.sse > 0 {
		best = refineAlpha(blk, best)
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

// tryAlpha picks each pixel's nearest alpha for the pair and sums the error.
func tryAlpha(blk *[16][4]int, a0, a1 int) alphaFit {
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
// within 2 of the best, keeping f's mode, while the error falls.
func refineAlpha(blk *[16][4]int, f alphaFit) alphaFit {
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
	for d0 := -2; d0 <= 2; d0++ {
		for d1 := -2; d1 <= 2; d1++ {
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
