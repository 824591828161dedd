package preview

import (
	"encoding/binary"
	"image"

	"rummage/formats/geom"
)

// texView is the part of a straight-alpha texture that the unit UV square
// maps to (a page, or all of it), with its addressing and filter.
type texView struct {
	pix            []uint8
	stride         int
	base           int     // byte offset of the view's top left texel
	w, h           int     // texels
	fw, fh         float32 // w, h as floats
	maskW, maskH   int     // w-1, h-1 when a power of two, else -1
	clampU, clampV bool
	nearest        bool
	wrap2          bool // wraps both ways, a power of two each way
}

// newTexView views the part page of img (all of it when page is empty or
// lies outside).
func newTexView(img *image.NRGBA, page image.Rectangle, au, av geom.Address, nearest bool) texView {
	r := img.Rect
	if p := page.Intersect(r); !p.Empty() {
		r = p
	}
	t := texView{pix: img.Pix, stride: img.Stride, base: img.PixOffset(r.Min.X, r.Min.Y), w: r.Dx(), h: r.Dy(),
		clampU: au == geom.Clamp, clampV: av == geom.Clamp, nearest: nearest}
	t.fw, t.fh = float32(t.w), float32(t.h)
	t.maskW, t.maskH = powMask(t.w), powMask(t.h)
	t.wrap2 = !t.clampU && !t.clampV && t.maskW >= 0 && t.maskH >= 0
	return t
}

// powMask is n-1 for a power of two n, else -1.
func powMask(n int) int {
	if n&(n-1) == 0 {
		return n - 1
	}
	return -1
}

// address maps texel index i to 0..n-1 by wrapping (with mask, when n is a
// power of two) or clamping.
func address(i, n, mask int, clampIt bool) int {
	switch {
	case clampIt:
		return min(max(i, 0), n-1)
	case mask >= 0:
		return i & mask
	}
	i %= n
	if i < 0 {
		i += n
	}
	return i
}

// texel is the texel at (x, y) of the view, packed R | G<<8 | B<<16 | A<<24.
func (t *texView) texel(x, y int) uint32 {
	return binary.LittleEndian.Uint32(t.pix[t.base+y*t.stride+4*x:])
}

// texelCoord is f (texels) as the index of the texel it falls in and the
// fraction past it in 1/256; NaN or huge values read texel 0.
func texelCoord(f float32) (int, uint32) {
	if !(f > -1<<24 && f < 1<<24) {
		return 0, 0
	}
	i := int(f)
	if float32(i) > f {
		i--
	}
	return i, uint32(int32((f - float32(i)) * 256)) // int32 first: converting a float straight to uint32 costs more
}

// sample returns the texture's colour at (u, v), packed as texel is:
// nearest texel, or bilinear between the four around it.
func (t *texView) sample(u, v float32) uint32 {
	if t.nearest {
		x, _ := texelCoord(u * t.fw)
		y, _ := texelCoord(v * t.fh)
		return t.texel(address(x, t.w, t.maskW, t.clampU), address(y, t.h, t.maskH, t.clampV))
	}
	x, fx := texelCoord(u*t.fw - 0.5)
	y, fy := texelCoord(v*t.fh - 0.5)
	var x0, x1, y0, y1 int
	if t.wrap2 { // the common case, without address's tests
		x0, x1, y0, y1 = x&t.maskW, (x+1)&t.maskW, y&t.maskH, (y+1)&t.maskH
	} else {
		x0, x1 = address(x, t.w, t.maskW, t.clampU), address(x+1, t.w, t.maskW, t.clampU)
		y0, y1 = address(y, t.h, t.maskH, t.clampV), address(y+1, t.h, t.maskH, t.clampV)
	}
	r0 := t.pix[t.base+y0*t.stride:]
	r1 := t.pix[t.base+y1*t.stride:]
	top := lerpSpread(spread(binary.LittleEndian.Uint32(r0[4*x0:])), spread(binary.LittleEndian.Uint32(r0[4*x1:])), uint64(fx))
	bottom := lerpSpread(spread(binary.LittleEndian.Uint32(r1[4*x0:])), spread(binary.LittleEndian.Uint32(r1[4*x1:])), uint64(fx))
	c := lerpSpread(top, bottom, uint64(fy))
	return uint32(c) | uint32(c>>24)
}

// spread lays a packed texel's four bytes out in the 16-bit lanes of a
// word (R, B, G, A from the bottom), as an ink, so that one multiply
// scales them all.
func spread(t uint32) uint64 { return uint64(t&0x00FF00FF) | uint64(t&0xFF00FF00)<<24 }

// lerpSpread mixes two spread texels, f/256 of the way from a to b, each
// lane rounded down as lerpTexel rounds it (no lane leaves 0..65280).
func lerpSpread(a, b, f uint64) uint64 {
	return (a*(256-f) + b*f) >> 8 & 0x00FF00FF00FF00FF
}
