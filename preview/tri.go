package preview

import (
	"encoding/binary"

	"rummage/formats/geom"
)

// corner is a triangle corner ready to fill.
type corner struct {
	x, y  int32   // pixels ×256, y down
	z, iw float32 // depth after the divide, 1/w
	l     float32 // light, 0..1
	u, v  float32
	c     [4]float32 // vertex colour, 0..1
}

// triSetup is a triangle laid out for filling: its pixel box and, at the
// box's first pixel centre, its three edge functions and depth, with their
// steps per pixel and per row. Pixel (x, y) is inside when every edge
// function is >= 0 there (a top-left rule: a centre on an edge belongs to
// one of the two triangles sharing it).
type triSetup struct {
	x0, x1, y0, y1 int      // the box, inclusive
	e, ex, ey      [3]int64 // edge opposite corner i: value, step in x, step in y
	z              plane
	inv            float64 // 1/(twice the area), for barycentrics from e
}

// plane is a value across a triangle: at the box's first pixel centre,
// and its steps per pixel in x and y.
type plane struct{ v, x, y float32 }

// plane lays out across the triangle the value that is va, vb, vc at its
// corners, affine in screen space.
func (s *triSetup) plane(va, vb, vc float32) plane {
	d1, d2 := float64(vb-va), float64(vc-va)
	return plane{
		v: float32(float64(va) + (d1*float64(s.e[1])+d2*float64(s.e[2]))*s.inv),
		x: float32((d1*float64(s.ex[1]) + d2*float64(s.ex[2])) * s.inv),
		y: float32((d1*float64(s.ey[1]) + d2*float64(s.ey[2])) * s.inv),
	}
}

// setup lays out the triangle k on rows [y0, y1) of the image, swapping
// its last two corners when that gives the winding the edge functions
// want; it reports false when the triangle covers no pixel centre there.
func (r *renderer) setup(s *triSetup, k *[3]corner, y0, y1 int) bool {
	area := int64(k[1].x-k[0].x)*int64(k[2].y-k[0].y) - int64(k[2].x-k[0].x)*int64(k[1].y-k[0].y)
	if area == 0 {
		return false
	}
	if area < 0 {
		k[1], k[2], area = k[2], k[1], -area
	}
	a, b, c := &k[0], &k[1], &k[2]
	s.x0 = max(int((min(a.x, b.x, c.x)+127)>>8), 0)
	s.x1 = min(int((max(a.x, b.x, c.x)-128)>>8), r.fr.W-1)
	s.y0 = max(int((min(a.y, b.y, c.y)+127)>>8), y0)
	s.y1 = min(int((max(a.y, b.y, c.y)-128)>>8), y1-1)
	if s.x0 > s.x1 || s.y0 > s.y1 {
		return false
	}
	px, py := int64(s.x0)<<8+128, int64(s.y0)<<8+128
	s.e[0], s.ex[0], s.ey[0] = edgeFn(b, c, px, py)
	s.e[1], s.ex[1], s.ey[1] = edgeFn(c, a, px, py)
	s.e[2], s.ex[2], s.ey[2] = edgeFn(a, b, px, py)
	s.inv = 1 / float64(area)
	s.z = s.plane(a.z, b.z, c.z)
	return true
}

// edgeFn is the edge function of p→q at the pixel centre (px, py) (in
// 1/256 pixel), less one when the edge is not a top or left one so that a
// centre on it counts as outside, and its steps per pixel in x and y.
func edgeFn(p, q *corner, px, py int64) (e, ex, ey int64) {
	dx, dy := int64(q.x-p.x), int64(q.y-p.y)
	e = dx*(py-int64(p.y)) - dy*(px-int64(p.x))
	if !(dy < 0 || dy == 0 && dx > 0) {
		e--
	}
	return e, -dy << 8, dx << 8
}

// fillTri fills triangle k of group g on rows [y0, y1).
func (r *renderer) fillTri(k *[3]corner, g *groupState, y0, y1 int) {
	var s triSetup
	if !r.setup(&s, k, y0, y1) {
		return
	}
	if g.fast {
		l := plane{v: k[0].l}
		if r.smooth {
			l = s.plane(k[0].l, k[1].l, k[2].l)
		}
		r.fillPlain(&s, &g.tint, l)
		return
	}
	if !r.exact && (g.blend == geom.BlendOpaque || g.blend == geom.BlendAlpha) && !tiny(k) {
		r.fillFast(&s, k, g)
		return
	}
	r.fillShaded(&s, k, g)
}

// tiny reports whether triangle k spans at most tinySide pixels each
// way: fillShaded fills those, as fillFast's setup costs more than it
// saves there (most triangles of a million-triangle mesh on screen). It
// looks at the whole triangle, not the band's part, so that a triangle
// is drawn alike whichever way the image is cut into bands.
func tiny(k *[3]corner) bool {
	a, b, c := &k[0], &k[1], &k[2]
	return max(a.x, b.x, c.x)-min(a.x, b.x, c.x) <= tinySide<<8 && max(a.y, b.y, c.y)-min(a.y, b.y, c.y) <= tinySide<<8
}

const tinySide = 3

// packColor packs 0..1 channels (clamped) as an image.RGBA pixel.
func packColor(r, g, b, a float32) uint32 {
	return unit255(r) | unit255(g)<<8 | unit255(b)<<16 | unit255(a)<<24
}

// unit255 is x in 0..1 (clamped) as 0..255, rounded.
func unit255(x float32) uint32 {
	if !(x > 0) {
		return 0
	}
	if x >= 1 {
		return 255
	}
	return uint32(x*255 + 0.5)
}

// fillPlain fills the triangle in an opaque colour, tint under light l
// (constant when flat shaded, else blended across in screen space),
// testing and writing depth: the solid view, kept lean.
func (r *renderer) fillPlain(s *triSetup, tint *[4]float32, l plane) {
	pix, stride := r.dst.Pix, r.dst.Stride
	w := r.fr.W
	flat := l.x == 0 && l.y == 0
	col := packColor(tint[0]*l.v, tint[1]*l.v, tint[2]*l.v, 1)
	for y := s.y0; y <= s.y1; y++ {
		dy := int64(y - s.y0)
		e0, e1, e2 := s.e[0]+dy*s.ey[0], s.e[1]+dy*s.ey[1], s.e[2]+dy*s.ey[2]
		z, lv := s.z.v+float32(dy)*s.z.y, l.v+float32(dy)*l.y
		zrow := r.zbuf[y*w+s.x0 : y*w+s.x1+1]
		prow := pix[y*stride+4*s.x0 : y*stride+4*s.x1+4]
		in := false
		for x := range zrow {
			if e0|e1|e2 >= 0 {
				in = true
				if z < zrow[x] {
					zrow[x] = z
					if !flat {
						col = packColor(tint[0]*lv, tint[1]*lv, tint[2]*lv, 1)
					}
					binary.LittleEndian.PutUint32(prow[4*x:], col)
				}
			} else if in {
				break // past the triangle: the rest of the row is outside
			}
			e0, e1, e2, z, lv = e0+s.ex[0], e1+s.ex[1], e2+s.ex[2], z+s.z.x, lv+l.x
		}
	}
}

// fillShaded fills the triangle with everything group g asks for: light
// per pixel, vertex colours, the texture with perspective-correct UVs,
// the alpha test and blending, in floats with a division per pixel. It
// is the reference that fillFast, which draws the opaque and
// alpha-blended groups, is held to; it draws the other blend modes.
func (r *renderer) fillShaded(s *triSetup, k *[3]corner, g *groupState) {
	a, b, c := &k[0], &k[1], &k[2]
	persp := a.iw != b.iw || b.iw != c.iw
	pix, stride := r.dst.Pix, r.dst.Stride
	w := r.fr.W
	writeZ := g.blend == geom.BlendOpaque
	invA := float32(s.inv)
	for y := s.y0; y <= s.y1; y++ {
		dy := int64(y - s.y0)
		e0, e1, e2 := s.e[0]+dy*s.ey[0], s.e[1]+dy*s.ey[1], s.e[2]+dy*s.ey[2]
		z0 := s.z.v + float32(dy)*s.z.y
		zrow := r.zbuf[y*w+s.x0 : y*w+s.x1+1]
		prow := pix[y*stride+4*s.x0 : y*stride+4*s.x1+4]
		in := false
		for x := range zrow {
			if e0|e1|e2 >= 0 {
				in = true
				if z := depthAt(z0, s.z.x, x); z < zrow[x] {
					// barycentrics of b and c, made perspective-correct
					m1, m2 := float32(e1)*invA, float32(e2)*invA
					if persp {
						q := 1 / (a.iw + (b.iw-a.iw)*m1 + (c.iw-a.iw)*m2)
						m1, m2 = m1*b.iw*q, m2*c.iw*q
					}
					if col, ok := shade(g, a, b, c, m1, m2); ok {
						p := prow[4*x : 4*x+4 : 4*x+4]
						binary.LittleEndian.PutUint32(p, blendOver(g.blend, binary.LittleEndian.Uint32(p), &col))
						if writeZ {
							zrow[x] = z
						}
					}
				}
			} else if in {
				break
			}
			e0, e1, e2 = e0+s.ex[0], e1+s.ex[1], e2+s.ex[2]
		}
	}
}

// depthAt is the depth at column x of a triangle's box on a row where
// it is z0 at column 0 and steps by zx: fillShaded and fillFast take a
// pixel's depth alike, so that they settle ties between triangles alike.
func depthAt(z0, zx float32, x int) float32 { return z0 + float32(float32(x)*zx) }

// lerp3 is the value at barycentrics (1-m1-m2, m1, m2) of p, q, r.
func lerp3(p, q, r, m1, m2 float32) float32 { return p + (q-p)*m1 + (r-p)*m2 }

// shade returns a pixel's straight colour (0..1) at barycentrics m1, m2:
// the tint × vertex colour × texel, lit; ok is false when the alpha test
// drops it.
func shade(g *groupState, a, b, c *corner, m1, m2 float32) (col [4]float32, ok bool) {
	col = g.tint
	if g.colors {
		for i := range col {
			col[i] *= lerp3(a.c[i], b.c[i], c.c[i], m1, m2)
		}
	}
	if g.tex.pix != nil {
		t := g.tex.sample(lerp3(a.u, b.u, c.u, m1, m2), lerp3(a.v, b.v, c.v, m1, m2))
		col[0] *= float32(t&255) * (1.0 / 255)
		col[1] *= float32(t>>8&255) * (1.0 / 255)
		col[2] *= float32(t>>16&255) * (1.0 / 255)
		col[3] *= float32(t>>24) * (1.0 / 255)
	}
	if g.test && col[3] < g.ref {
		return col, false
	}
	l := lerp3(a.l, b.l, c.l, m1, m2)
	col[0], col[1], col[2] = col[0]*l, col[1]*l, col[2]*l
	return col, true
}

// blendOver combines straight colour s with the premultiplied pixel d by
// the blend mode and returns the new premultiplied pixel. Where the
// factors would leave colour above the pixel's alpha (light added onto a
// transparent background), the alpha rises to hold it.
func blendOver(mode geom.BlendMode, d uint32, s *[4]float32) uint32 {
	if mode == geom.BlendOpaque {
		return packColor(s[0], s[1], s[2], 1)
	}
	dc := [4]float32{float32(d&255) / 255, float32(d>>8&255) / 255, float32(d>>16&255) / 255, float32(d>>24) / 255}
	a := min(max(s[3], 0), 1)
	var o [4]float32
	switch mode {
	case geom.BlendAlpha:
		for i := range 3 {
			o[i] = s[i]*a + dc[i]*(1-a)
		}
		o[3] = a + dc[3]*(1-a)
	case geom.BlendAdd:
		for i := range 3 {
			o[i] = min(s[i]*a+dc[i], 1)
		}
		o[3] = max(dc[3], o[0], o[1], o[2])
	case geom.BlendModulate:
		for i := range 3 {
			o[i] = dc[i] * s[i]
		}
		o[3] = dc[3]
	default: // geom.BlendModulate2X
		for i := range 3 {
			o[i] = min(2*dc[i]*s[i], dc[3])
		}
		o[3] = dc[3]
	}
	return packColor(o[0], o[1], o[2], o[3])
}
