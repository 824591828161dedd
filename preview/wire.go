package preview

import "rummage/formats/geom"

// oppFlip marks an opp entry whose triangle runs from the edge's B to its A.
const oppFlip = 1 << 31

// setOpp makes sure opp holds, for each edge, the corners opposite it in
// the first two triangles that use it (EdgeTris; the first again when
// there is one), each with oppFlip when that triangle runs from B to A:
// whether a triangle faces away is then the sign of the edge's cross
// product with its opposite corner, computed as the edge is drawn. It is
// built once per mesh, and reports false for a mesh too big for oppFlip.
func (r *renderer) setOpp() bool {
	m := r.mesh
	if len(m.Positions) >= oppFlip {
		return false
	}
	if r.oppMesh == m && r.oppN == len(r.edges) {
		return true
	}
	r.oppMesh, r.oppN = m, len(r.edges)
	r.opp = make([][2]uint32, len(r.edges))
	for e, ed := range r.edges {
		t := r.etris[e]
		t1 := t[1]
		if t1 == geom.NoTri {
			t1 = t[0]
		}
		r.opp[e] = [2]uint32{opposite(m.Indices, t[0], ed), opposite(m.Indices, t1, ed)}
	}
	return true
}

// opposite is the corner of triangle t across from edge ed, with oppFlip
// when the triangle runs from ed.B to ed.A.
func opposite(idx []uint32, t uint32, ed geom.Edge) uint32 {
	tri := idx[3*t : 3*t+3 : 3*t+3]
	for k := range 3 {
		p, q, o := tri[k], tri[(k+1)%3], tri[(k+2)%3]
		if p == ed.A && q == ed.B {
			return o
		}
		if p == ed.B && q == ed.A {
			return o | oppFlip
		}
	}
	return ed.A // not reached: the edge is a side of its triangle
}

// faceBack is 1 when the triangle with edge va→vb and opposite corner op
// (an opp entry) faces away, given mirror (1 in a mirrored view), else 0;
// also 0 when the corner has no sane projection. Its area, computed
// exactly, is the triangle's own in any corner order.
func faceBack(vs []vert, va, vb *vert, op uint32, mirror int32) int32 {
	c := &vs[op&^oppFlip]
	area := int64(vb.x-va.x)*int64(c.y-va.y) - int64(c.x-va.x)*int64(vb.y-va.y)
	f := -int64(op >> 31) // -1 when the triangle runs B→A
	area = (area ^ f) - f // its area in its own order
	return (int32(uint64(-area)>>63) ^ mirror) &^ int32(c.code&cCareful>>1)
}

// backDim is the brightness of back-facing edges, out of 256.
const backDim = 77

// draw draws worker w's share of the edges: worker 0 onto the image
// (project cleared it), the others onto their transparent layers, composited in order
// afterwards, so the frame is the same as drawing every edge in turn.
// Edges go in order; the runs that need no tests go through drawRun (in
// assembly on amd64: fastRun), the others one by one through hardEdge.
func (r *renderer) draw(w int) {
	target := r.dst
	if w > 0 {
		target = r.layers[w-1]
	}
	bd := newBand(target, 0, target.Rect.Dy())
	lo, hi := r.span(w, len(r.edges))
	first := (lo + r.stride - 1) / r.stride * r.stride
	if r.fill { // over a filled frame: no clearing, no dimming, hidden edges left out
		r.drawOver(&bd, first, hi)
		return
	}
	for e := first; e < hi; e += r.stride {
		if e = r.fastRun(bd.pix, bd.stride, e, hi); e < hi {
			r.hardEdge(&bd, e)
		}
	}
}

// drawOver draws edges first, first+stride, ... below hi over the filled
// frame (textured+wire), leaving out those behind the surface.
func (r *renderer) drawOver(bd *band, first, hi int) {
	for e := first; e < hi; e += r.stride {
		ed := r.edges[e]
		if r.edgeHidden(ed) {
			continue
		}
		va, vb := &r.verts[ed.A], &r.verts[ed.B]
		if va.code|vb.code != 0 {
			r.hardEdge(bd, e)
			continue
		}
		g := int(r.egroup[e])
		if g >= len(r.palette) {
			g = 0
		}
		lineFixed(bd.pix, bd.stride, va.x, va.y, vb.x, vb.y, r.palette[g], (va.a+vb.a)>>2)
	}
}

// drawRun draws edges e, e+stride, ... below hi onto pix (the wire view),
// as long as both ends of each lie in the box where lines need no bounds
// tests, and returns the first edge it cannot draw that way (hi when
// none). useBack dims edges whose triangles all face away. It calls
// nothing, so its many values stay in registers.
func (r *renderer) drawRun(pix []uint8, stride int, e, hi int, useBack bool) int {
	vs, pal, st, mirror := r.verts, r.palette, r.stride, r.mirror()
	edges, egroup, opp := r.edges[:hi], r.egroup[:hi], r.opp
	if useBack {
		opp = opp[:hi]
	}
	for ; e < hi; e += st {
		ed := edges[e]
		va, vb := &vs[ed.A], &vs[ed.B]
		if va.code|vb.code != 0 { // an end needs clipping or bounds tests
			return e
		}
		a := (va.a + vb.a) >> 2
		if useBack {
			// dim when every triangle of the edge faces away
			// (facing runs in patches: a branch the predictor gets)
			op := opp[e]
			if faceBack(vs, va, vb, op[0], mirror) != 0 && faceBack(vs, va, vb, op[1], mirror) != 0 {
				a -= a * (256 - backDim) >> 8
			}
		}
		g := int(egroup[e])
		if g >= len(pal) {
			g = 0
		}
		c := pal[g]

		// lineFixed, by hand: the call cost about a tenth of a big
		// frame, so the copy stays; keep it in step with lineFixed and
		// with wireRun in wire_amd64.s (TestInlinedLineMatchesLineFixed
		// and TestWireAsmMatchesGo check they draw the same pixels). Walk the major axis u with minor coordinate v;
		// step is the byte offset of +1 in u, across of +1 in v;
		// masks, not branches, choose.
		u0, v0, u1, v1 := va.x, va.y, vb.x, vb.y
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
		// none (end == first: nm is -1): one column at the middle,
		// as bright as the segment is long; masks, as the case is
		// a coin toss for short edges
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
	return hi
}

// hardEdge draws edge e when it needs clipping: an end behind the near
// plane or far off screen, or outside the box where draw needs none.
func (r *renderer) hardEdge(bd *band, e int) {
	ed := r.edges[e]
	va, vb := &r.verts[ed.A], &r.verts[ed.B]
	if ca, cb := va.code, vb.code; (ca|cb)&cCareful != 0 {
		if ca&cb&cBehind == 0 {
			r.carefulEdge(bd, e)
		}
		return
	}
	if outcode(va, int32(bd.w), int32(bd.y1))&outcode(vb, int32(bd.w), int32(bd.y1)) != 0 {
		return
	}
	a := (va.a + vb.a) >> 2
	if r.useBack {
		op, m := r.opp[e], r.mirror()
		if faceBack(r.verts, va, vb, op[0], m)&faceBack(r.verts, va, vb, op[1], m) != 0 {
			a = a * backDim >> 8
		}
	}
	g := int(r.egroup[e])
	if g >= len(r.palette) {
		g = 0
	}
	bd.line(va.fx(), va.fy(), vb.fx(), vb.fy(), r.palette[g], a)
}

// mirror is 1 in a mirrored view, else 0.
func (r *renderer) mirror() int32 {
	if r.fr.Mirror {
		return 1
	}
	return 0
}
