package preview

import (
	"encoding/binary"
	"image"
	"image/color"
)

// rgb is a colour's red, green and blue.
type rgb struct{ r, g, b uint8 }

func toRGB(c color.NRGBA) rgb { return rgb{c.R, c.G, c.B} }

// ink is a colour laid out for mix: red, blue, green and an opaque alpha,
// each in the low byte of a 16-bit lane, in that order from the bottom.
type ink uint64

func (c rgb) ink() ink {
	return ink(uint64(c.r) | uint64(c.b)<<16 | uint64(c.g)<<32 | 255<<48)
}

// bytewise is the ink with its lanes in a pixel's byte order (red, green,
// blue, alpha), twice: a two-pixel SSE blend's operand (wireRun8).
func (c ink) bytewise() [2]uint64 {
	n := uint64(c)&0xFFFF | uint64(c)>>32&0xFFFF<<16 | uint64(c)>>16&0xFFFF<<32 | uint64(c)&(0xFFFF<<48)
	return [2]uint64{n, n}
}

// band is the part of the image one worker may write: rows [y0, y1).
type band struct {
	pix    []uint8
	stride int
	w      int
	y0, y1 int
}

func newBand(img *image.RGBA, y0, y1 int) band {
	return band{pix: img.Pix, stride: img.Stride, w: img.Rect.Dx(), y0: y0, y1: y1}
}

// clear fills the band with a colour, premultiplied (alpha 0 gives
// transparent black).
func (b *band) clear(c color.NRGBA) {
	if b.y1 <= b.y0 || b.w == 0 {
		return
	}
	row := b.pix[b.y0*b.stride : b.y0*b.stride+4*b.w]
	pr, pg, pb, pa := c.RGBA()
	row[0], row[1], row[2], row[3] = uint8(pr>>8), uint8(pg>>8), uint8(pb>>8), uint8(pa>>8)
	for n := 4; n < len(row); n *= 2 {
		copy(row[n:], row[:n])
	}
	for y := b.y0 + 1; y < b.y1; y++ {
		copy(b.pix[y*b.stride:y*b.stride+4*b.w], row)
	}
}

// blend mixes c into pixel (x, y) with alpha a in 0..256; the caller has
// checked the bounds. Alpha goes the same way with 255 as the source, so
// an opaque image stays opaque and a transparent layer gathers coverage.
func (b *band) blend(x, y int, c ink, a int32) {
	put(b.pix, y*b.stride+4*x, c, a)
}

// put mixes c into the pixel at byte offset i with alpha a in 0..256.
func put(pix []uint8, i int, c ink, a int32) {
	p := pix[i : i+4 : i+4]
	binary.LittleEndian.PutUint32(p, mix(binary.LittleEndian.Uint32(p), c, uint32(a)))
}

// mix is (c*a + d*(256-a)) >> 8 on each of the four bytes of d, with the
// bytes spread into the 16-bit lanes of one word, as in an ink (red, blue,
// green, alpha), so that one multiply scales them all. It is computed as
// d*256 + (c-d)*a: the lanes of c-d borrow from each other, but the sum
// is the same number, and no lane of it leaves 0..65280.
func mix(d uint32, c ink, a uint32) uint32 {
	x := uint64(d&0x00FF00FF) | uint64(d&0xFF00FF00)<<24
	y := (x<<8 + (uint64(c)-x)*uint64(a)) >> 8 & 0x00FF00FF00FF00FF
	return uint32(y) | uint32(y>>24)
}

// dot draws a 2×2 point centred on (x, y).
func (b *band) dot(x, y float32, c ink, a int32) {
	if !(x >= 0 && y >= 0) { // also rejects NaN
		return
	}
	ix, iy := int(x-0.5), int(y-0.5)
	for yy := iy; yy <= iy+1; yy++ {
		if yy < b.y0 || yy >= b.y1 {
			continue
		}
		for xx := ix; xx <= ix+1; xx++ {
			if xx >= 0 && xx < b.w {
				b.blend(xx, yy, c, a)
			}
		}
	}
}

// clipSeg clips the segment to [xmin,xmax]×[ymin,ymax] (Liang–Barsky) and
// reports whether anything is left.
func clipSeg(x0, y0, x1, y1 *float32, xmin, ymin, xmax, ymax float32) bool {
	const big = 1e7 // callers clip far-away points first; this also rejects NaN
	if !(abs32(*x0) < big && abs32(*y0) < big && abs32(*x1) < big && abs32(*y1) < big) {
		return false
	}
	t0, t1 := float32(0), float32(1)
	dx, dy := *x1-*x0, *y1-*y0
	edge := func(p, q float32) bool {
		if p == 0 {
			return q >= 0
		}
		t := q / p
		if p < 0 {
			if t > t1 {
				return false
			}
			if t > t0 {
				t0 = t
			}
		} else {
			if t < t0 {
				return false
			}
			if t < t1 {
				t1 = t
			}
		}
		return true
	}
	if !edge(-dx, *x0-xmin) || !edge(dx, xmax-*x0) || !edge(-dy, *y0-ymin) || !edge(dy, ymax-*y0) {
		return false
	}
	ox, oy := *x0, *y0
	if t1 < 1 {
		*x1, *y1 = ox+t1*dx, oy+t1*dy
	}
	if t0 > 0 {
		*x0, *y0 = ox+t0*dx, oy+t0*dy
	}
	return true
}

// floorInt is floor for values of moderate size.
func floorInt(v float32) int {
	i := int(v)
	if float32(i) > v {
		i--
	}
	return i
}

// line draws an antialiased line (Wu's method: along the major axis every
// pixel row or column whose centre the segment covers, half-open so a chain
// of edges plots each column once, gets its coverage split between the two
// nearest pixels; a segment that covers no centre plots its midpoint with
// its length as coverage). Only the band's rows are written, so workers can
// share the image.
func (b *band) line(x0, y0, x1, y1 float32, c ink, a int32) {
	// Most edges of a big mesh are short and well inside the band.
	if x0 >= 1 && x1 >= 1 && y0 >= float32(b.y0)+1 && y1 >= float32(b.y0)+1 {
		xm, ym := float32(b.w)-2, float32(b.y1)-2
		if x0 < xm && x1 < xm && y0 < ym && y1 < ym {
			b.lineInside(int32(x0*256), int32(y0*256), int32(x1*256), int32(y1*256), c, a)
			return
		}
	}
	// Clip only to find the columns to visit; the samples come from the
	// whole segment exactly as lineInside takes them, so a line crossing
	// a band boundary is drawn the same whichever band draws it.
	cx0, cy0, cx1, cy1 := x0, y0, x1, y1
	if !clipSeg(&cx0, &cy0, &cx1, &cy1, -1, float32(b.y0)-1, float32(b.w)+1, float32(b.y1)+1) {
		return
	}
	steep := abs32(y1-y0) > abs32(x1-x0)
	u0, v0, u1, v1 := x0, y0, x1, y1
	cu0, cu1 := cx0, cx1
	if steep {
		u0, v0, u1, v1 = y0, x0, y1, x1
		cu0, cu1 = cy0, cy1
	}
	if u0 > u1 {
		u0, v0, u1, v1 = u1, v1, u0, v0
	}
	du := u1 - u0
	grad := float32(0)
	if du > 1e-6 {
		grad = (v1 - v0) / du
	}
	plot := func(i, j int, w int32) {
		x, y := i, j
		if steep {
			x, y = j, i
		}
		if x >= 0 && x < b.w && y >= b.y0 && y < b.y1 {
			b.blend(x, y, c, w)
		}
	}
	first, last := floorInt(u0+0.5), floorInt(u1+0.5)-1 // centres in [u0, u1)
	if u1+0.5 == float32(last+1) {
		last--
	}
	if first > last {
		um := (u0 + u1) / 2
		v := v0 + grad*(um-u0) - 0.5
		j := floorInt(v)
		f := v - float32(j)
		ca := du * float32(a)
		plot(floorInt(um), j, int32(ca*(1-f)))
		plot(floorInt(um), j+1, int32(ca*f))
		return
	}
	lo := max(first, floorInt(min(cu0, cu1))-1)
	hi := min(last, floorInt(max(cu0, cu1))+1)
	fv0 := int64((v0 + float32(grad*(float32(first)+0.5-u0)) - 0.5) * 65536)
	fg := int64(int32(grad * 65536))
	for i := lo; i <= hi; i++ {
		fv := fv0 + int64(i-first)*fg
		w1 := a * int32((fv>>8)&255) >> 8
		j := int(fv >> 16)
		plot(i, j, a-w1)
		plot(i, j+1, w1)
	}
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}

// lineInside is line for a segment whose pixels all lie in the band, with
// the ends in fixed point (8 fraction bits).
func (b *band) lineInside(x0, y0, x1, y1 int32, c ink, a int32) {
	lineFixed(b.pix, b.stride, x0, y0, x1, y1, c, a)
}

// lineFixed draws an antialiased line as line does, on an image with the
// given pixels and stride, for ends in fixed point (8 fraction bits) so
// far inside that no pixel it touches is out of bounds: no clipping, no
// bounds tests, integer stepping. Most edges of a big mesh are a pixel or
// two long, so the first column is straight-line code and only longer
// edges loop. renderer.drawRun has an inlined copy of this function for
// speed, and wire_amd64.s an assembly copy of drawRun: change all three
// together.
func lineFixed(pix []uint8, stride int, x0, y0, x1, y1 int32, c ink, a int32) {
	// Walk the major axis u with minor coordinate v; step is the byte
	// offset of +1 in u, across of +1 in v.
	u0, v0, u1, v1 := x0, y0, x1, y1
	step, across := 4, stride
	if abs(v1-v0) > abs(u1-u0) {
		u0, v0, u1, v1 = v0, u0, v1, u1
		step, across = stride, 4
	}
	if u0 > u1 {
		u0, v0, u1, v1 = u1, v1, u0, v0
	}
	du, dv := u1-u0, v1-v0
	first, end := (u0+127)>>8, (u1+127)>>8 // columns whose centre lies in [u0, u1)
	// none (end == first: nm is -1): one column at the middle, as
	// bright as the segment is long; masks, as the case is a coin toss
	// for short edges
	um, nm := first<<8+128, (first-end)>>31^-1
	um ^= (um ^ (u0+u1)>>1) & nm
	a ^= (a ^ a*du>>8) & nm
	first = um >> 8
	end = max(end, first+1)
	var sl float32
	if du < int32(len(recip)) {
		sl = float32(dv) * recip[du]
	} else {
		sl = float32(dv) / float32(du)
	}
	// v at the first centre, in 1/65536 pixel, less half a pixel
	fv := v0<<8 + int32(sl*float32((um-u0)<<8)) - 1<<15
	k := int(first) * step
	for {
		w1 := a * (fv >> 8 & 255) >> 8
		o := k + int(fv>>16)*across
		put(pix, o, c, a-w1)
		put(pix, o+across, c, w1)
		first++
		if first >= end {
			break
		}
		fv += int32(sl * 65536)
		k += step
	}
}

// recipN is how many short lengths recip covers.
const recipN = 2048

// recip holds 1/du for the short edges that make most of a big mesh, to
// spare a division (recip[0] is 1: a zero-length edge has no slope).
var recip = func() (t [recipN]float32) {
	t[0] = 1
	for i := 1; i < len(t); i++ {
		t[i] = 1 / float32(i)
	}
	return
}()

func abs(v int32) int32 {
	m := v >> 31
	return (v ^ m) - m
}
