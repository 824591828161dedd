package dxt

import "sync"

// texels is one 4×4 block's RGBA texels, row by row.
type texels = [16][4]int

// colourFit is one choice of a colour block: the stored RGB565 words, the
// indices and the squared RGB error of the texels the block must show as
// the decoder reads it.
type colourFit struct {
	c0, c1 uint16
	idx    uint32
	sse    int
}

// better reports whether f has less error than g.
func (f colourFit) better(g colourFit) bool { return f.sse < g.sse }

// noFit is worse than every fit.
var noFit = colourFit{sse: 1 << 62}

// threeMode reports whether the decoder reads words c0, c1 as the
// 3-colour mode: only DXT1 has it, when c0 <= c1.
func threeMode(c0, c1 uint16, dxt1 bool) bool { return dxt1 && c0 <= c1 }

// evalPair chooses each texel's index for the words c0, c1 against the
// palette the decoder builds from them and sums the error. In DXT1 blocks
// texels with alpha < 128 take index 3 of the 3-colour mode (the caller
// orders the words for it); opaque texels never do.
func evalPair(blk *texels, c0, c1 uint16, dxt1, transparent bool) colourFit {
	three := threeMode(c0, c1, dxt1)
	cols, n := palette565(c0, c1, three)
	f := colourFit{c0: c0, c1: c1}
	if n == 3 {
		cols[3] = [3]int{1 << 20, 1 << 20, 1 << 20} // never nearest
	}
	for i := range blk {
		p := &blk[i]
		if transparent && p[3] < 128 {
			f.idx |= 3 << (2 * i)
			continue
		}
		d0 := dist2(p, &cols[0])
		d1 := dist2(p, &cols[1])
		d2 := dist2(p, &cols[2])
		d3 := dist2(p, &cols[3])
		best, bd := uint32(0), d0
		if d1 < bd {
			best, bd = 1, d1
		}
		if d2 < bd {
			best, bd = 2, d2
		}
		if d3 < bd {
			best, bd = 3, d3
		}
		f.sse += bd
		f.idx |= best << (2 * i)
	}
	return f
}

// dist2 is the squared RGB distance of a texel from a palette colour.
func dist2(p *[4]int, c *[3]int) int {
	dr, dg, db := p[0]-c[0], p[1]-c[1], p[2]-c[2]
	return dr*dr + dg*dg + db*db
}

// palette565 returns the decoder's colours for c0, c1 and how many index
// values are colours (3 in the 3-colour mode, whose index 3 is
// transparent or black).
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

// fourWords orders two words for the 4-colour mode (c0 > c1; equal words
// stay equal and read as one colour).
func fourWords(a, b uint16) (uint16, uint16) {
	if a < b {
		return b, a
	}
	return a, b
}

// threeWords orders two words for DXT1's 3-colour mode (c0 <= c1).
func threeWords(a, b uint16) (uint16, uint16) {
	if a > b {
		return b, a
	}
	return a, b
}

// evalEndpoints rounds two colours to RGB565, orders them for the mode
// (three: DXT1's 3-colour mode) and evaluates them.
func evalEndpoints(blk *texels, e0, e1 [3]float64, dxt1, three, transparent bool) colourFit {
	a, b := quant565(e0), quant565(e1)
	if three {
		a, b = threeWords(a, b)
	} else {
		a, b = fourWords(a, b)
	}
	return evalPair(blk, a, b, dxt1, transparent)
}

// quant565 rounds a colour (channels 0..255, clamped) to RGB565.
func quant565(c [3]float64) uint16 {
	return to565(clamp255(c[0]), clamp255(c[1]), clamp255(c[2]))
}

func to565(r, g, b int) uint16 {
	return uint16((r*31+127)/255)<<11 | uint16((g*63+127)/255)<<5 | uint16((b*31+127)/255)
}

// colourWeight is the position of each index between c0 (0) and c1 (1);
// -1 marks the transparent index of the 3-colour mode.
var colourWeight = [2][4]float64{{0, 1, 1.0 / 3, 2.0 / 3}, {0, 1, 0.5, -1}}

// refit solves for the endpoints that best fit the texels with f's
// indices kept (least squares per channel) and evaluates them in f's
// mode; it returns f when the indices do not determine the endpoints or
// the refit is no better.
func refit(blk *texels, f colourFit, dxt1, transparent bool) colourFit {
	three := threeMode(f.c0, f.c1, dxt1)
	w := colourWeight[0]
	if three {
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
		return f
	}
	var e0, e1 [3]float64
	for c := 0; c < 3; c++ {
		e0[c] = (av[c]*bb - bv[c]*ab) / det
		e1[c] = (bv[c]*aa - av[c]*ab) / det
	}
	if g := evalEndpoints(blk, e0, e1, dxt1, three, transparent); g.better(f) {
		return g
	}
	return f
}

// singleEnds holds, for every 8-bit value, the pair of 5-bit (or 6-bit)
// endpoints whose interpolated entry (two thirds of the way in the
// 4-colour mode, half way in the 3-colour mode) the decoder makes nearest
// to it.
type singleEnds [256][2]uint8

// singleTables are the endpoint tables by channel width (0: 5 bits, 1: 6
// bits) and mode (0: 4-colour, 1: 3-colour), made once from the decoder's
// own arithmetic.
var singleTables = sync.OnceValue(func() (t [2][2]singleEnds) {
	for w, bits := range []uint32{5, 6} {
		for mode := 0; mode < 2; mode++ {
			t[w][mode] = makeSingle(bits, mode == 1)
		}
	}
	return t
})

// makeSingle finds, for every value, the endpoints (as the decoder widens
// and interpolates them) nearest to it, the closest pair first on ties.
func makeSingle(bits uint32, half bool) (t singleEnds) {
	top := uint32(1)<<bits - 1
	widen := func(v uint32) int {
		if bits == 5 {
			return int(Expand5(v))
		}
		return int(Expand6(v))
	}
	for v := 0; v < 256; v++ {
		bestErr, bestGap := 1<<30, 1<<30
		for e0 := uint32(0); e0 <= top; e0++ {
			for e1 := uint32(0); e1 <= top; e1++ {
				a, b := widen(e0), widen(e1)
				got := (2*a + b) / 3
				if half {
					got = (a + b) / 2
				}
				gap := int(max(e0, e1) - min(e0, e1))
				if d := abs(got - v); d < bestErr || d == bestErr && gap < bestGap {
					bestErr, bestGap = d, gap
					t[v] = [2]uint8{uint8(e0), uint8(e1)}
				}
			}
		}
	}
	return t
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// fitSingle is the block of one colour (r, g, b): the endpoint pair from
// the tables for the 4-colour mode (and for DXT1 the 3-colour one), the
// better as the decoder reads it.
func fitSingle(blk *texels, r, g, b int, dxt1, transparent bool) colourFit {
	t := singleTables()
	best := noFit
	for mode := 0; mode < 2; mode++ {
		if mode == 1 && !dxt1 || mode == 0 && transparent {
			continue
		}
		er, eg, eb := t[0][mode][r], t[1][mode][g], t[0][mode][b]
		a := uint16(er[0])<<11 | uint16(eg[0])<<5 | uint16(eb[0])
		c := uint16(er[1])<<11 | uint16(eg[1])<<5 | uint16(eb[1])
		if mode == 1 {
			a, c = threeWords(a, c)
		} else {
			a, c = fourWords(a, c)
		}
		if f := evalPair(blk, a, c, dxt1, transparent); f.better(best) {
			best = f
		}
	}
	return best
}
