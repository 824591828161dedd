package preview

import (
	"encoding/binary"

	"rummage/formats/geom"
)

// attrPlanes are a triangle's attributes laid out for fillFast: each one
// times 1/w, affine in screen space, and 1/w itself; an attribute at a
// pixel is its plane's value over iw's. The light of a flat-shaded
// triangle is one number, lc.
type attrPlanes struct {
	iw, u, v, l plane
	c           [4]plane
	flat        bool
	lc          float32
}

// attrPlanes lays out the attributes of k that group g uses.
func (s *triSetup) attrPlanes(p *attrPlanes, k *[3]corner, g *groupState) {
	a, b, c := &k[0], &k[1], &k[2]
	pw := func(fa, fb, fc float32) plane { return s.plane(fa*a.iw, fb*b.iw, fc*c.iw) }
	p.iw = s.plane(a.iw, b.iw, c.iw)
	p.flat, p.lc = a.l == b.l && b.l == c.l, a.l
	if !p.flat {
		p.l = pw(a.l, b.l, c.l)
	}
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

// spanLen is how many pixels of a row share one perspective division at
// each end: between them the attributes go in straight steps, as the
// software renderers of the 1990s did.
const spanLen = 16

// fillFast fills the triangle as fillShaded does for an opaque or
// alpha-blended group, faster: each row's run is found at once from the
// edge functions, the colour arithmetic is in integers, and the
// attributes are divided by 1/w every spanLen pixels and stepped straight
// in between (see attrsAt). A pixel may differ from fillShaded's by a few
// rounding steps (TestFastFillMatchesExact bounds it).
func (r *renderer) fillFast(s *triSetup, k *[3]corner, g *groupState) {
	var ap attrPlanes
	s.attrPlanes(&ap, k, g)
	pix, stride := r.dst.Pix, r.dst.Stride
	w, n := r.fr.W, s.x1-s.x0+1
	for y := s.y0; y <= s.y1; y++ {
		dy := int64(y - s.y0)
		e := [3]int64{s.e[0] + dy*s.ey[0], s.e[1] + dy*s.ey[1], s.e[2] + dy*s.ey[2]}
		x0, x1 := rowSpan(&e, &s.ex, n)
		if x0 >= x1 {
			continue
		}
		row := y*w + s.x0
		sp := span{zs: r.zbuf[row+x0 : row+x1 : row+x1], pix: pix[y*stride+4*(s.x0+x0) : y*stride+4*(s.x0+x1)],
			z: s.z.v + float32(dy)*s.z.y, zx: s.z.x}
		sp.fill(g, &ap, x0, float32(dy))
	}
}

// rowSpan returns the run [lo, hi) of a row's n pixels where every edge
// function e[i] + x*ex[i] is >= 0 (on a triangle's row that is one run;
// empty when lo >= hi).
func rowSpan(e, ex *[3]int64, n int) (lo, hi int) {
	lo, hi = 0, n
	for i := range 3 {
		ei, d := e[i], ex[i]
		switch {
		case d > 0: // inside from the first x where ei + x*d >= 0
			if ei < 0 {
				lo = max(lo, int(min((-ei+d-1)/d, int64(n))))
			}
		case ei < 0: // d <= 0: never inside
			return 0, 0
		case d < 0: // inside up to the last x where ei + x*d >= 0
			hi = min(hi, int(min(ei/-d, int64(n)))+1)
		}
	}
	return lo, hi
}

// span is the run of a row that a triangle covers: its depths and
// pixels, and the depth at the box's first column with its step.
type span struct {
	zs    []float32
	pix   []uint8
	z, zx float32
}

// spanAttrs are the attributes at a pixel and their steps per pixel.
type spanAttrs struct {
	u, v, l, du, dv, dl float32
	c, dc               [4]float32
}

// attrsAt sets a's attributes to those at pixel (fx, fy) of the box, and
// their steps to reach those at pixel (fx+n, fy) in n straight steps. It
// returns n, or 0 (no steps) where straight steps could stray by more
// than 1/16 texel from the perspective-correct texture coordinates: about
// a quarter of the texels crossed times the relative change of 1/w.
func (ap *attrPlanes) attrsAt(a *spanAttrs, g *groupState, fx, fy float32, n int) int {
	iw0 := ap.iw.at(fx, fy)
	q0 := 1 / iw0
	a.l, a.u, a.v, a.dl, a.du, a.dv = ap.lc, ap.u.at(fx, fy)*q0, ap.v.at(fx, fy)*q0, 0, 0, 0
	if !ap.flat {
		a.l = ap.l.at(fx, fy) * q0
	}
	if g.colors {
		for i := range a.c {
			a.c[i], a.dc[i] = ap.c[i].at(fx, fy)*q0, 0
		}
	}
	if n == 0 {
		return 0
	}
	fx1 := fx + float32(n)
	iw1 := ap.iw.at(fx1, fy)
	q1 := 1 / iw1
	u1, v1 := ap.u.at(fx1, fy)*q1, ap.v.at(fx1, fy)*q1
	texels := abs32(u1-a.u)*g.tex.fw + abs32(v1-a.v)*g.tex.fh
	if texels*abs32(iw1-iw0) > abs32(iw0)*(1.0/4) {
		return 0
	}
	inv := 1 / float32(n)
	a.du, a.dv = (u1-a.u)*inv, (v1-a.v)*inv
	if !ap.flat {
		a.dl = (ap.l.at(fx1, fy)*q1 - a.l) * inv
	}
	if g.colors {
		for i := range a.c {
			a.dc[i] = (ap.c[i].at(fx1, fy)*q1 - a.c[i]) * inv
		}
	}
	return n
}

// fill shades the span, which starts at column x0 of the box on row fy.
func (sp *span) fill(g *groupState, ap *attrPlanes, x0 int, fy float32) {
	if g.tex.pix == nil && !g.colors {
		sp.fillColor(g, ap, x0, fy)
		return
	}
	writeZ := g.blend == geom.BlendOpaque
	var c chunk
	pix := sp.pix[:4*len(sp.zs)]
	for i, zi := range sp.zs {
		z := depthAt(sp.z, sp.zx, x0+i)
		if z >= zi {
			continue
		}
		if shadePixel(g, &c.a, c.at(ap, g, x0, fy, i, len(sp.zs)), pix[4*i:4*i+4:4*i+4]) && writeZ {
			sp.zs[i] = z
		}
	}
}

// chunk holds the attributes of the run of spanLen pixels a span's pixel
// falls in, found when a pixel of it first passes the depth test.
type chunk struct {
	a          spanAttrs
	start, end int // the run's pixels, [start, end)
	perPixel   bool
}

// at readies the attributes for pixel i of a span of n pixels starting at
// column x0 of the box on row fy and returns how many steps pixel i is
// past where c.a holds them.
func (c *chunk) at(ap *attrPlanes, g *groupState, x0 int, fy float32, i, n int) int {
	if i < c.end && !c.perPixel {
		return i - c.start
	}
	return c.ready(ap, g, x0, fy, i, n)
}

// ready is at for a pixel of a new run, or of a run whose attributes are
// found pixel by pixel.
func (c *chunk) ready(ap *attrPlanes, g *groupState, x0 int, fy float32, i, n int) int {
	if i >= c.end {
		c.start = i - i%spanLen
		c.end = min(c.start+spanLen, n)
		c.perPixel = ap.attrsAt(&c.a, g, float32(x0+c.start), fy, min(spanLen, n-1-c.start)) == 0
	}
	if c.perPixel {
		ap.attrsAt(&c.a, g, float32(x0+i), fy, 0)
		return 0
	}
	return i - c.start
}

// fillColor is fill for a group of one colour (no texture, no vertex
// colours): a collision overlay's surfaces, a material's plain colour.
// Only the light changes along the span, so the pixels are shaded here as
// shadePixel shades them, without its tests.
func (sp *span) fillColor(g *groupState, ap *attrPlanes, x0 int, fy float32) {
	opaque := g.blend == geom.BlendOpaque
	alpha := g.tint[3]
	if g.test && alpha < g.ref {
		return
	}
	var c chunk
	al := uint64(min(max(int32(alpha*65536), 0), 65536))
	na := 65536 - al
	pix := sp.pix[:4*len(sp.zs)]
	for i, zi := range sp.zs {
		z := depthAt(sp.z, sp.zx, x0+i)
		if z >= zi {
			continue
		}
		k := c.at(ap, g, x0, fy, i, len(sp.zs))
		l := (c.a.l + float32(k)*c.a.dl) * 65536
		sr := uint64(255 * uint32(max(int32(g.tint[0]*l), 0)))
		sg := uint64(255 * uint32(max(int32(g.tint[1]*l), 0)))
		sb := uint64(255 * uint32(max(int32(g.tint[2]*l), 0)))
		p := pix[4*i : 4*i+4 : 4*i+4]
		if opaque {
			binary.LittleEndian.PutUint32(p, uint32(min((sr+1<<15)>>16, 255)|min((sg+1<<15)>>16, 255)<<8|min((sb+1<<15)>>16, 255)<<16)|0xFF000000)
			sp.zs[i] = z
			continue
		}
		d := binary.LittleEndian.Uint32(p)
		binary.LittleEndian.PutUint32(p, blendChannel(sr, uint64(d&255), al, na)|blendChannel(sg, uint64(d>>8&255), al, na)<<8|
			blendChannel(sb, uint64(d>>16&255), al, na)<<16|blendChannel(255<<16, uint64(d>>24), al, na)<<24)
	}
}

// blendChannel mixes a colour channel s (0..255, ×65536) with alpha al
// (0..65536) over the pixel's channel dc (0..255) weighed by na = 65536-al,
// rounded.
func blendChannel(s, dc, al, na uint64) uint32 { return uint32(min((s*al+dc<<16*na+1<<31)>>32, 255)) }

// shadePixel shades pixel p with attributes a (the vertex colours k
// pixels past where a holds them) and reports whether it was drawn (false
// when the alpha test drops it).
func shadePixel(g *groupState, a *spanAttrs, k int, p []uint8) bool {
	col := g.tint
	fk := float32(k)
	if g.colors {
		for i := range col {
			col[i] *= a.c[i] + fk*a.dc[i]
		}
	}
	t := uint32(0xFFFFFFFF)
	if g.tex.pix != nil {
		t = g.tex.sample(a.u+fk*a.du, a.v+fk*a.dv)
	}
	alpha := col[3] * float32(t>>24) * (1.0 / 255)
	if g.test && alpha < g.ref {
		return false
	}
	l := (a.l + fk*a.dl) * 65536
	kr, kg, kb := uint32(max(int32(col[0]*l), 0)), uint32(max(int32(col[1]*l), 0)), uint32(max(int32(col[2]*l), 0))
	// each channel ×65536: texel × tint × light
	sr, sg, sb := uint64(t&255*kr), uint64(t>>8&255*kg), uint64(t>>16&255*kb)
	if g.blend == geom.BlendOpaque {
		binary.LittleEndian.PutUint32(p, uint32(min((sr+1<<15)>>16, 255)|min((sg+1<<15)>>16, 255)<<8|min((sb+1<<15)>>16, 255)<<16)|0xFF000000)
		return true
	}
	al := uint64(min(max(int32(alpha*65536), 0), 65536))
	na := 65536 - al
	d := binary.LittleEndian.Uint32(p)
	binary.LittleEndian.PutUint32(p, blendChannel(sr, uint64(d&255), al, na)|blendChannel(sg, uint64(d>>8&255), al, na)<<8|
		blendChannel(sb, uint64(d>>16&255), al, na)<<16|blendChannel(255<<16, uint64(d>>24), al, na)<<24)
	return true
}
