package txd

import (
	"encoding/binary"
	"image"
	"image/color"
	"sort"
)

// Palette quantisation for "replace from PNG". github.com/soniakeys/quant's
// median cut works on premultiplied RGB and returns opaque colours, which
// loses the alpha of PAL8/PAL4 textures with a C8888 palette (sprites,
// fences, glass). This is a median cut over straight-alpha RGBA followed by
// a few k-means passes.

// maxHistogram bounds the distinct colours kept before the median cut;
// images with more are binned to 5 bits per channel.
const maxHistogram = 1 << 16

// maxSeen bounds the cache of colours already mapped to palette indices
// (a noisy image would otherwise keep one entry per pixel).
const maxSeen = 1 << 18

type histEntry struct {
	sum [4]int64 // channel sums (straight alpha)
	n   int64    // pixel count
	c   [4]int32 // the mean colour
}

// histogram counts the colours of img (masked); with more than limit
// distinct ones (limit > 0) it stops and returns nil, so that a noisy
// image cannot grow the map to millions of entries.
func histogram(img *image.NRGBA, mask uint32, limit int) []*histEntry {
	m := map[uint32]*histEntry{}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for y := 0; y < h; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		for x := 0; x < w; x++ {
			p := row[4*x : 4*x+4]
			k := binary.LittleEndian.Uint32(p) & mask
			e := m[k]
			if e == nil {
				if limit > 0 && len(m) == limit {
					return nil
				}
				e = &histEntry{}
				m[k] = e
			}
			for c := 0; c < 4; c++ {
				e.sum[c] += int64(p[c])
			}
			e.n++
		}
	}
	out := make([]*histEntry, 0, len(m))
	for _, e := range m {
		for c := 0; c < 4; c++ {
			e.c[c] = int32((e.sum[c] + e.n/2) / e.n)
		}
		out = append(out, e)
	}
	// Map iteration order is random: sort so the result is deterministic.
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].c, out[j].c
		for c := 0; c < 4; c++ {
			if a[c] != b[c] {
				return a[c] < b[c]
			}
		}
		return false
	})
	return out
}

type box struct {
	e     []*histEntry
	n     int64
	axis  int
	rng   int32
	score int64
}

func newBox(e []*histEntry) box {
	b := box{e: e}
	lo := [4]int32{255, 255, 255, 255}
	var hi [4]int32
	for _, h := range e {
		b.n += h.n
		for c := 0; c < 4; c++ {
			lo[c], hi[c] = min(lo[c], h.c[c]), max(hi[c], h.c[c])
		}
	}
	for c := 0; c < 4; c++ {
		if r := hi[c] - lo[c]; r > b.rng {
			b.rng, b.axis = r, c
		}
	}
	b.score = int64(b.rng) * b.n
	if len(e) < 2 {
		b.score = -1
	}
	return b
}

// medianCut chooses up to n colours for the histogram.
func medianCut(hist []*histEntry, n int) []color.NRGBA {
	boxes := []box{newBox(hist)}
	for len(boxes) < n {
		bi := -1
		for i, b := range boxes {
			if b.score > 0 && (bi < 0 || b.score > boxes[bi].score) {
				bi = i
			}
		}
		if bi < 0 {
			break
		}
		b := boxes[bi]
		ax := b.axis
		sort.SliceStable(b.e, func(i, j int) bool { return b.e[i].c[ax] < b.e[j].c[ax] })
		var acc int64
		cut := 1
		for i, h := range b.e {
			acc += h.n
			if 2*acc >= b.n {
				cut = i + 1
				break
			}
		}
		cut = min(max(cut, 1), len(b.e)-1)
		boxes[bi] = newBox(b.e[:cut])
		boxes = append(boxes, newBox(b.e[cut:]))
	}
	pal := make([]color.NRGBA, len(boxes))
	for i, b := range boxes {
		pal[i] = meanColor(b.e)
	}
	// Refine: a few k-means passes over the histogram.
	for pass := 0; pass < 3; pass++ {
		groups := make([][]*histEntry, len(pal))
		s := newSearcher(pal)
		for _, h := range hist {
			k := s.nearest(h.c)
			groups[k] = append(groups[k], h)
		}
		for k, g := range groups {
			if len(g) > 0 {
				pal[k] = meanColor(g)
			}
		}
	}
	return pal
}

// meanColor averages colours weighted by count; the RGB weights also grow
// with alpha, so nearly transparent pixels barely move the colour.
func meanColor(e []*histEntry) color.NRGBA {
	var rgb [3]int64
	var wsum, asum, n int64
	for _, h := range e {
		w := h.n * int64(h.c[3]+1)
		for c := 0; c < 3; c++ {
			rgb[c] += int64(h.c[c]) * w
		}
		wsum += w
		asum += int64(h.c[3]) * h.n
		n += h.n
	}
	if wsum == 0 || n == 0 {
		return color.NRGBA{}
	}
	return color.NRGBA{byte((rgb[0] + wsum/2) / wsum), byte((rgb[1] + wsum/2) / wsum), byte((rgb[2] + wsum/2) / wsum), byte((asum + n/2) / n)}
}

// distance between two straight-alpha colours: colour differences count
// less the more transparent both are.
func distance(c color.NRGBA, p [4]int32) int64 {
	dr, dg, db, da := int64(c.R)-int64(p[0]), int64(c.G)-int64(p[1]), int64(c.B)-int64(p[2]), int64(c.A)-int64(p[3])
	aw := int64(max(int32(c.A), p[3])) + 1
	return (dr*dr+dg*dg+db*db)*aw/256 + 2*da*da
}

// searcher finds nearest palette entries quickly: entries sorted along the
// channel of widest spread, scanned outwards from the query's value until
// the distance along that channel alone exceeds the best found.
type searcher struct {
	pal   []color.NRGBA
	axis  int
	order []int   // palette indices sorted by the axis channel
	keys  []int32 // the axis value of order[i]
}

func channel(c color.NRGBA, ax int) int32 {
	return int32([4]byte{c.R, c.G, c.B, c.A}[ax])
}

func newSearcher(pal []color.NRGBA) *searcher {
	s := &searcher{pal: pal}
	var best int32 = -1
	for ax := 0; ax < 4; ax++ {
		lo, hi := int32(255), int32(0)
		for _, c := range pal {
			v := channel(c, ax)
			lo, hi = min(lo, v), max(hi, v)
		}
		if hi-lo > best {
			best, s.axis = hi-lo, ax
		}
	}
	s.order = make([]int, len(pal))
	for i := range s.order {
		s.order[i] = i
	}
	sort.SliceStable(s.order, func(i, j int) bool { return channel(pal[s.order[i]], s.axis) < channel(pal[s.order[j]], s.axis) })
	s.keys = make([]int32, len(pal))
	for i, k := range s.order {
		s.keys[i] = channel(pal[k], s.axis)
	}
	return s
}

// bound is a lower bound of distance() for a difference d on the axis.
func (s *searcher) bound(d int32, p [4]int32) int64 {
	d64 := int64(d)
	if s.axis == 3 {
		return 2 * d64 * d64
	}
	return d64 * d64 * (int64(p[3]) + 1) / 256
}

func (s *searcher) nearest(p [4]int32) int {
	v := p[s.axis]
	start := sort.Search(len(s.keys), func(i int) bool { return s.keys[i] >= v })
	best, bd := 0, int64(1)<<62
	for lo, hi := start-1, start; lo >= 0 || hi < len(s.keys); {
		if hi < len(s.keys) {
			if s.bound(s.keys[hi]-v, p) > bd {
				hi = len(s.keys)
			} else {
				k := s.order[hi]
				if d := distance(s.pal[k], p); d < bd || d == bd && k < best {
					bd, best = d, k
				}
				hi++
			}
		}
		if lo >= 0 {
			if s.bound(v-s.keys[lo], p) > bd {
				lo = -1
			} else {
				k := s.order[lo]
				if d := distance(s.pal[k], p); d < bd || d == bd && k < best {
					bd, best = d, k
				}
				lo--
			}
		}
	}
	return best
}

// quantize maps every level onto one palette of at most n colours, made from
// level 0. Images with n colours or fewer keep their colours exactly.
func quantize(levels []*image.NRGBA, n int) ([]color.NRGBA, [][]byte) {
	first := levels[0]
	hist := histogram(first, 0xFFFFFFFF, maxHistogram)
	if hist != nil && len(hist) <= n && len(levels) > 1 {
		// The mip levels may use colours level 0 does not (a PS2 or D3D
		// palette shared by every level): keep them all when they fit.
		if all := levelColours(levels, n); all != nil {
			hist = all
		}
	}
	var pal []color.NRGBA
	if hist != nil && len(hist) <= n {
		for _, h := range hist {
			pal = append(pal, color.NRGBA{byte(h.c[0]), byte(h.c[1]), byte(h.c[2]), byte(h.c[3])})
		}
	} else {
		if hist == nil { // more than maxHistogram colours: 5 bits a channel
			hist = histogram(first, 0xF8F8F8F8, 0)
		}
		pal = medianCut(hist, n)
	}
	seen := map[uint32]int{}
	for i := len(pal) - 1; i >= 0; i-- {
		// Palette colours map to themselves: the distance ignores colour
		// differences of fully transparent pixels, the indices must not.
		c := pal[i]
		seen[uint32(c.R)|uint32(c.G)<<8|uint32(c.B)<<16|uint32(c.A)<<24] = i
	}
	s := newSearcher(pal)
	idx := make([][]byte, len(levels))
	for li, img := range levels {
		w, h := img.Rect.Dx(), img.Rect.Dy()
		out := make([]byte, w*h)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				p := img.Pix[y*img.Stride+x*4:]
				v := binary.LittleEndian.Uint32(p)
				k, ok := seen[v]
				if !ok {
					k = s.nearest([4]int32{int32(p[0]), int32(p[1]), int32(p[2]), int32(p[3])})
					if len(seen) < maxSeen {
						seen[v] = k
					}
				}
				out[y*w+x] = byte(k)
			}
		}
		idx[li] = out
	}
	return pal, idx
}

// levelColours returns the distinct colours of every level as histogram
// entries in histogram's order, or nil when there are more than n.
func levelColours(levels []*image.NRGBA, n int) []*histEntry {
	seen := map[uint32]bool{}
	for _, img := range levels {
		w, h := img.Rect.Dx(), img.Rect.Dy()
		for y := 0; y < h; y++ {
			row := img.Pix[y*img.Stride : y*img.Stride+4*w]
			for x := 0; x < 4*w; x += 4 {
				seen[binary.LittleEndian.Uint32(row[x:])] = true
				if len(seen) > n {
					return nil
				}
			}
		}
	}
	out := make([]*histEntry, 0, len(seen))
	for v := range seen {
		c := [4]int32{int32(v & 0xFF), int32(v >> 8 & 0xFF), int32(v >> 16 & 0xFF), int32(v >> 24)}
		out = append(out, &histEntry{c: c, n: 1})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].c, out[j].c
		for c := 0; c < 4; c++ {
			if a[c] != b[c] {
				return a[c] < b[c]
			}
		}
		return false
	})
	return out
}
