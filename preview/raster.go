package preview

import (
	"image"
	"image/color"
)

// rgb is a line colour as ints ready for blending.
type rgb struct{ r, g, b int32 }

func toRGB(c color.NRGBA) rgb { return rgb{int32(c.R), int32(c.G), int32(c.B)} }

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

// clear fills the band with an opaque colour.
func (b *band) clear(c color.NRGBA) {
	if b.y1 <= b.y0 || b.w == 0 {
		return
	}
	row := b.pix[b.y0*b.stride : b.y0*b.stride+4*b.w]
	row[0], row[1], row[2], row[3] = c.R, c.G, c.B, 255
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
func (b *band) blend(x, y int, c rgb, a int32) {
	i := y*b.stride + 4*x
	p := b.pix[i : i+4 : i+4]
	d := uint32(p[0]) | uint32(p[1])<<8 | uint32(p[2])<<16 | uint32(p[3])<<24
	d = mix(d, uint32(c.r)|uint32(c.b)<<16, uint32(c.g)|255<<16, uint32(a))
	p[0], p[1], p[2], p[3] = uint8(d), uint8(d>>8), uint8(d>>16), uint8(d>>24)
}

// mix is (src*a + d*(256-a)) >> 8 on the four bytes of d, two at a time:
// srb holds red and blue, sga green and alpha, each in the low byte of a
// 16-bit lane.
func mix(d, srb, sga, a uint32) uint32 {
	na := 256 - a
	rb := ((srb*a + (d&0x00FF00FF)*na) >> 8) & 0x00FF00FF
	ga := ((sga*a + (d>>8&0x00FF00FF)*na) >> 8) & 0x00FF00FF
	return rb | ga<<8
}

// dot draws a 2×2 point centred on (x, y).
func (b *band) dot(x, y float32, c rgb, alpha float32) {
	if !(x >= 0 && y >= 0) { // also rejects NaN
		return
	}
	ix, iy := int(x-0.5), int(y-0.5)
	a := int32(alpha * 256)
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
func (b *band) line(x0, y0, x1, y1 float32, c rgb, alpha float32) {
	// Most edges of a big mesh are short and well inside the band.
	if x0 >= 1 && x1 >= 1 && y0 >= float32(b.y0)+1 && y1 >= float32(b.y0)+1 {
		xm, ym := float32(b.w)-2, float32(b.y1)-2
		if x0 < xm && x1 < xm && y0 < ym && y1 < ym {
			b.lineInside(x0, y0, x1, y1, c, alpha)
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
	a := int32(alpha * 256)
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

// lineInside is line for a segment whose pixels all lie in the band: no
// clipping, no bounds tests, and fixed-point stepping.
func (b *band) lineInside(x0, y0, x1, y1 float32, c rgb, alpha float32) {
	pix := b.pix
	srb, sga := uint32(c.r)|uint32(c.b)<<16, uint32(c.g)|255<<16
	put := func(i int, a int32) {
		p := pix[i : i+4 : i+4]
		d := uint32(p[0]) | uint32(p[1])<<8 | uint32(p[2])<<16 | uint32(p[3])<<24
		d = mix(d, srb, sga, uint32(a))
		p[0], p[1], p[2], p[3] = uint8(d), uint8(d>>8), uint8(d>>16), uint8(d>>24)
	}
	// Walk the major axis u with minor coordinate v; step is the byte
	// offset of +1 in u, across of +1 in v.
	u0, v0, u1, v1 := x0, y0, x1, y1
	step, across := 4, b.stride
	if abs32(y1-y0) > abs32(x1-x0) {
		u0, v0, u1, v1 = y0, x0, y1, x1
		step, across = b.stride, 4
	}
	if u0 > u1 {
		u0, v0, u1, v1 = u1, v1, u0, v0
	}
	du := u1 - u0
	grad := float32(0)
	if du > 1e-6 {
		grad = (v1 - v0) / du
	}
	a := int32(alpha * 256)
	first, last := int(u0+0.5), int(u1+0.5)-1 // centres in [u0, u1)
	if u1+0.5 == float32(last+1) {
		last--
	}
	if first > last { // no centre covered: a dot of the segment's length
		um := (u0 + u1) / 2
		v := v0 + grad*(um-u0) - 0.5
		j := int(v)
		f := v - float32(j)
		k := int(um)*step + j*across
		ca := du * float32(a)
		put(k, int32(ca*(1-f)))
		put(k+across, int32(ca*f))
		return
	}
	fv := int32((v0 + float32(grad*(float32(first)+0.5-u0)) - 0.5) * 65536)
	fg := int32(grad * 65536)
	k := first * step
	for i := first; i <= last; i++ {
		w1 := a * ((fv >> 8) & 255) >> 8
		o := k + int(fv>>16)*across
		put(o, a-w1)
		put(o+across, w1)
		fv += fg
		k += step
	}
}
