package dxt

import "math"

// The cluster fit, as libsquish does it: the block's texels are ordered
// along an axis, and every split of that order into the palette's
// clusters (4 for the 4-colour mode, 3 for DXT1's 3-colour mode, each
// cluster a run of the order) is weighed by the least-squares endpoints
// that fit it, rounded to RGB565 (split.go). Then, unlike libsquish, the
// best split's endpoints are evaluated as the decoder reads them: the
// indices are chosen again against the decoded palette and the endpoints
// refitted. At Normal quality a split ends only between a few runs of
// the order (the cuts across the smallest gaps go first, more of them in
// smooth blocks, where rounding rather than spread decides the error);
// Best lets every texel go its own way, repeats the search along the
// endpoints' axis and then polishes the RGB565 endpoints.

// colourSet is the texels a block's colour endpoints fit (for DXT1 the
// opaque ones), as floats in 0..255, and whether they are all one colour.
type colourSet struct {
	n      int
	p      [16][3]float64
	single bool
}

// newColourSet gathers blk's texels (without the transparent ones when
// transparent).
func newColourSet(blk *texels, transparent bool) (s colourSet) {
	s.single = true
	for i := range blk {
		if transparent && blk[i][3] < 128 {
			continue
		}
		s.p[s.n] = [3]float64{float64(blk[i][0]), float64(blk[i][1]), float64(blk[i][2])}
		s.single = s.single && s.p[s.n] == s.p[0]
		s.n++
	}
	return s
}

// principal returns the set's mean colour and the main axis of its
// covariance.
func (s *colourSet) principal() (mean, axis [3]float64) {
	var sr, sg, sb, rr, rg, rb, gg, gb, bb float64
	for i := 0; i < s.n; i++ {
		p := &s.p[i]
		r, g, b := p[0], p[1], p[2]
		sr, sg, sb = sr+r, sg+g, sb+b
		rr, rg, rb = rr+r*r, rg+r*g, rb+r*b
		gg, gb, bb = gg+g*g, gb+g*b, bb+b*b
	}
	inv := 1 / float64(s.n)
	mr, mg, mb := sr*inv, sg*inv, sb*inv
	cov := [6]float64{rr - sr*mr, rg - sr*mg, rb - sr*mb, gg - sg*mg, gb - sg*mb, bb - sb*mb}
	return [3]float64{mr, mg, mb}, powerAxis(&cov)
}

// powerAxis approximates the main eigenvector of a covariance (rr, rg,
// rb, gg, gb, bb) by four power iterations from the row of the largest
// variance, scaled to a largest component of 1 (zero when the covariance
// is).
func powerAxis(c *[6]float64) [3]float64 {
	x, y, z := c[0], c[1], c[2]
	if c[3] > c[0] && c[3] >= c[5] {
		x, y, z = c[1], c[3], c[4]
	} else if c[5] > c[0] {
		x, y, z = c[2], c[4], c[5]
	}
	for it := 0; it < 4; it++ {
		x, y, z = c[0]*x+c[1]*y+c[2]*z, c[1]*x+c[3]*y+c[4]*z, c[2]*x+c[4]*y+c[5]*z
	}
	m := math.Max(math.Abs(x), math.Max(math.Abs(y), math.Abs(z)))
	if m == 0 || math.IsInf(m, 0) {
		return [3]float64{}
	}
	return [3]float64{x / m, y / m, z / m}
}

// ordered is a set sorted along an axis: order[m] is the set index of the
// m-th texel, sum[m] the sum of the first m, and cuts the positions where
// a split may end a cluster (0 and n always; not between texels grouped
// as one colour).
type ordered struct {
	n     int
	order [16]uint8
	sum   [17][3]float64
	xx    float64 // ∑|x|²
	cuts  [17]uint8
	ncut  int
}

// depth is how widely the cluster fit searches.
type depth struct {
	// smooth, rough and wild are the most runs of the ordered texels
	// that are split apart, in blocks spanning less than smoothSpan along
	// the axis, up to wildSpan and more: the cuts across the smallest gaps
	// go first.
	smooth, rough, wild int
	// sameApart lets texels of one colour be split apart (their rounded
	// endpoints may differ).
	sameApart bool
	// orders is how many orderings are searched: along the principal
	// axis, then along the axis of the endpoints found while they change.
	orders int
	// polish searches the neighbouring RGB565 endpoints as the decoder
	// reads them.
	polish bool
	// skimThree searches DXT1's 3-colour mode only for splits whose
	// rounded error beats the 4-colour block's error.
	skimThree bool
}

// smoothSpan is the span along the axis (in 8-bit levels) under which a
// block is smooth: its rounding, not its spread, decides the error, and
// fewer cuts lose little; from wildSpan on the spread dwarfs the
// rounding, and the split of least unrounded error nearly always wins.
const (
	smoothSpan = 24
	wildSpan   = 128
)

// The depths of the qualities that use the cluster fit.
var (
	normalDepth = depth{smooth: 5, rough: 8, wild: 6, orders: 1, skimThree: true}
	bestDepth   = depth{smooth: 16, rough: 16, wild: 16, sameApart: true, orders: 4, polish: true}
)

// orderAlong sorts the set's texels by their projection on axis (a stable
// insertion sort), sums them and allows a cut between two neighbours (of
// different colours unless d.sameApart), then removes the cuts across the
// smallest gaps in the projection until at most d's runs remain.
func (s *colourSet) orderAlong(axis [3]float64, d depth) (o ordered) {
	o.n = s.n
	var dot [16]float64
	for i := 0; i < s.n; i++ {
		p := &s.p[i]
		v := p[0]*axis[0] + p[1]*axis[1] + p[2]*axis[2]
		j := i
		for ; j > 0 && dot[j-1] > v; j-- {
			dot[j], o.order[j] = dot[j-1], o.order[j-1]
		}
		dot[j], o.order[j] = v, uint8(i)
	}
	var r, g, b float64
	for m := 0; m < s.n; m++ {
		p := &s.p[o.order[m]]
		r, g, b = r+p[0], g+p[1], b+p[2]
		o.sum[m+1] = [3]float64{r, g, b}
		o.xx += p[0]*p[0] + p[1]*p[1] + p[2]*p[2]
		if m == 0 || d.sameApart || *p != s.p[o.order[m-1]] {
			o.cuts[o.ncut] = uint8(m)
			o.ncut++
		}
	}
	o.cuts[o.ncut] = uint8(s.n)
	o.ncut++
	groups := d.rough
	switch span := (dot[s.n-1] - dot[0]) / math.Sqrt(axis[0]*axis[0]+axis[1]*axis[1]+axis[2]*axis[2]); {
	case span < smoothSpan:
		groups = d.smooth
	case span >= wildSpan:
		groups = d.wild
	}
	if drop := o.ncut - 1 - groups; drop > 0 {
		o.dropSmallGaps(&dot, drop)
	}
	return o
}

// dropSmallGaps removes the drop inner cuts across the smallest gaps in
// the projection (the first of equal gaps first).
func (o *ordered) dropSmallGaps(dot *[16]float64, drop int) {
	var gaps [16]float64
	inner := o.cuts[1 : o.ncut-1]
	for c, m := range inner {
		g := dot[m] - dot[m-1]
		j := c
		for ; j > 0 && gaps[j-1] > g; j-- {
			gaps[j] = gaps[j-1]
		}
		gaps[j] = g
	}
	limit := gaps[drop-1] // drop every gap below it and the first equal ones
	equal := 0
	for _, g := range gaps[:drop] {
		if g == limit {
			equal++
		}
	}
	kept := 1
	for _, m := range inner {
		g := dot[m] - dot[m-1]
		if g < limit || g == limit && equal > 0 {
			if g == limit {
				equal--
			}
			continue
		}
		o.cuts[kept] = m
		kept++
	}
	o.cuts[kept] = uint8(o.n)
	o.ncut = kept + 1
}

// clusterFit fits blk's colours by the cluster fit at en's depth: for the
// 4-colour mode (unless there are transparent texels) and DXT1's 3-colour
// mode, the best split with its endpoints rounded to RGB565, the indices
// chosen again as the decoder reads the endpoints and one refit; the
// better mode, polished when the depth says so.
func (en *encoder) clusterFit(blk *texels, s *colourSet, dxt1, transparent bool) colourFit {
	_, axis := s.principal()
	o := s.orderAlong(axis, en.depth)
	best := noFit
	for _, three := range [2]bool{false, true} {
		if three && !dxt1 || !three && transparent {
			continue
		}
		limit := 1e300
		if three && en.depth.skimThree {
			limit = float64(best.sse)
		}
		if f := en.fitMode(blk, s, &o, three, dxt1, transparent, limit); f.better(best) {
			best = f
		}
	}
	if en.depth.polish {
		best = polish(blk, best, dxt1, transparent)
	}
	return best
}

// fitMode is the cluster fit in one mode: the search of the ordering
// first, then (as the depth allows) of the orderings along the axis of
// the endpoints found while they change and the error falls. It returns
// noFit when no split's rounded error is below limit.
func (en *encoder) fitMode(blk *texels, s *colourSet, first *ordered, three, dxt1, transparent bool, limit float64) colourFit {
	best, o := noFit, first
	for it := 0; it < en.depth.orders; it++ {
		e0, e1, ok := o.search(three, en.e[:], limit)
		if !ok {
			break
		}
		f := refit(blk, evalEndpoints(blk, e0, e1, dxt1, three, transparent), dxt1, transparent)
		if !f.better(best) {
			break
		}
		best = f
		axis := [3]float64{e1[0] - e0[0], e1[1] - e0[1], e1[2] - e0[2]}
		if it+1 == en.depth.orders || axis == [3]float64{} {
			break
		}
		next := s.orderAlong(axis, en.depth)
		if next.order == o.order {
			break
		}
		o = &next
	}
	return best
}

// polish tries the endpoints one RGB565 step away on every channel,
// keeping each that lowers the error as the decoder reads it, until none
// does (a block with transparent texels stays in the 3-colour mode).
func polish(blk *texels, f colourFit, dxt1, transparent bool) colourFit {
	for round := 0; round < 32 && f.sse > 0; round++ {
		improved := false
		for end := 0; end < 2; end++ {
			for field := 0; field < 3; field++ {
				for _, step := range [2]int{-1, 1} {
					c0, c1 := f.c0, f.c1
					w := &c0
					if end == 1 {
						w = &c1
					}
					var ok bool
					if *w, ok = step565(*w, field, step); !ok || transparent && c0 > c1 {
						continue
					}
					if g := evalPair(blk, c0, c1, dxt1, transparent); g.better(f) {
						f, improved = g, true
					}
				}
			}
		}
		if !improved {
			break
		}
	}
	return f
}

// step565 moves one field (0 red, 1 green, 2 blue) of an RGB565 word by
// step; ok is false past the field's range.
func step565(w uint16, field, step int) (uint16, bool) {
	shift, top := [3]uint{11, 5, 0}[field], [3]int{31, 63, 31}[field]
	v := int(w>>shift)&top + step
	if v < 0 || v > top {
		return w, false
	}
	return w&^uint16(top<<shift) | uint16(v)<<shift, true
}
