package preview

import (
	"encoding/binary"

	"rummage/formats/geom"
)

// attrPlanes are a triangle's attributes laid out for fillFast: each one
// times 1/w, affine in screen space, and 1/w itself; an attribute at a
// pixel is its plane's value over iw's.
type attrPlanes struct {
	iw, u, v, l plane
	c           [4]plane
}

// setAttrPlanes lays out the attributes of k that group g uses.
func (s *triSetup) attrPlanes(p *attrPlanes, k *[3]corner, g *groupState) {
	a, b, c := &k[0], &k[1], &k[2]
	pw := func(fa, fb, fc float32) plane { return s.plane(fa*a.iw, fb*b.iw, fc*c.iw) }
	p.iw = s.plane(a.iw, b.iw, c.iw)
	p.l = pw(a.l, b.l, c.l)
	if g.tex.pix != nil {
		p.u, p.v = pw(a.u, b.u, c.u), pw(a.v, b.v, c.v)
	}
	if g.colors {
		for i := range p.c {
			p.c[i] = pw(a.c[i], b.c[i], c.c[i])
		}
	}
}

// at is the plane's value at pixel (dx, dy) of the box.
func (p *plane) at(dx, dy float32) float32 { return p.v + dx*p.x + dy*p.y }

// fillFast fills the triangle as fillShaded does for an opaque or
// alpha-blended group, with the colour arithmetic in integers and the
// attributes interpolated as planes over 1/w: a pixel may differ from
// fillShaded's by a rounding step (see TestFastFillMatchesExact).
func (r *renderer) fillFast(s *triSetup, k *[3]corner, g *groupState) {
	var ap attrPlanes
	s.attrPlanes(&ap, k, g)
	pix, stride := r.dst.Pix, r.dst.Stride
	w := r.fr.W
	for y := s.y0; y <= s.y1; y++ {
		dy := int64(y - s.y0)
		e0, e1, e2 := s.e[0]+dy*s.ey[0], s.e[1]+dy*s.ey[1], s.e[2]+dy*s.ey[2]
		z := s.z.v + float32(dy)*s.z.y
		zrow := r.zbuf[y*w+s.x0 : y*w+s.x1+1]
		prow := pix[y*stride+4*s.x0 : y*stride+4*s.x1+4]
		fy := float32(dy)
		in := false
		for x := range zrow {
			if e0|e1|e2 >= 0 {
				in = true
				if z < zrow[x] {
					if r.shadeFast(g, &ap, float32(x), fy, prow[4*x:4*x+4:4*x+4]) && g.blend == geom.BlendOpaque {
						zrow[x] = z
					}
				}
			} else if in {
				break
			}
			e0, e1, e2, z = e0+s.ex[0], e1+s.ex[1], e2+s.ex[2], z+s.z.x
		}
	}
}

// shadeFast shades the pixel p at (fx, fy) of the box and reports whether
// it was drawn (false when the alpha test drops it).
func (r *renderer) shadeFast(g *groupState, ap *attrPlanes, fx, fy float32, p []uint8) bool {
	q := 1 / ap.iw.at(fx, fy)
	col := g.tint
	if g.colors {
		for i := range col {
			col[i] *= ap.c[i].at(fx, fy) * q
		}
	}
	t := uint32(0xFFFFFFFF)
	if g.tex.pix != nil {
		t = g.tex.sample(ap.u.at(fx, fy)*q, ap.v.at(fx, fy)*q)
	}
	alpha := col[3] * float32(t>>24) * (1.0 / 255)
	if g.test && alpha < g.ref {
		return false
	}
	l := ap.l.at(fx, fy) * q * 65536
	kr, kg, kb := uint32(max(col[0]*l, 0)), uint32(max(col[1]*l, 0)), uint32(max(col[2]*l, 0))
	// each channel ×65536: texel × tint × light
	sr, sg, sb := uint64(t&255*kr), uint64(t>>8&255*kg), uint64(t>>16&255*kb)
	if g.blend == geom.BlendOpaque {
		binary.LittleEndian.PutUint32(p, uint32(min((sr+1<<15)>>16, 255)|min((sg+1<<15)>>16, 255)<<8|min((sb+1<<15)>>16, 255)<<16)|0xFF000000)
		return true
	}
	a := uint64(min(max(alpha, 0), 1) * 65536)
	na := 65536 - a
	d := binary.LittleEndian.Uint32(p)
	o := func(s, dc uint64) uint32 { return uint32(min((s*a+dc<<16*na+1<<31)>>32, 255)) }
	binary.LittleEndian.PutUint32(p, o(sr, uint64(d&255))|o(sg, uint64(d>>8&255))<<8|o(sb, uint64(d>>16&255))<<16|o(255<<16, uint64(d>>24))<<24)
	return true
}
