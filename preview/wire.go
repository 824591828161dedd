package preview

import "rummage/formats/geom"

// facing fills worker w's share of r.away: 1 for each triangle that faces
// away from the eye (its screen area, computed exactly, has the sign of a
// back face; flipped in a mirrored view), 0 for the others and for those
// with a corner that has no sane projection (facing unknown: not dimmed).
// An edge is dimmed when every triangle of it faces away (edgeAway), which
// costs each edge two byte loads instead of two cross products.
func (r *renderer) facing(w int) {
	lo, hi := r.span(w, len(r.away))
	away, vs, mirror := r.away[lo:hi], r.verts, uint8(r.mirror())
	idx := r.mesh.Indices[3*lo : 3*hi]
	for i := range away {
		tri := idx[3*i : 3*i+3 : 3*i+3]
		i0, i1, i2 := tri[0], tri[1], tri[2]
		if int(max(i0, i1, i2)) >= len(vs) {
			away[i] = 0
			continue
		}
		a, b, c := &vs[i0], &vs[i1], &vs[i2]
		area := int64(b.x-a.x)*int64(c.y-a.y) - int64(c.x-a.x)*int64(b.y-a.y)
		away[i] = (uint8(uint64(-area)>>63) ^ mirror) &^ uint8((a.code|b.code|c.code)&cCareful>>1)
	}
}

// setFacing decides whether this frame dims back edges and, when it does,
// works out which triangles face away (facing, on every worker).
func (r *renderer) setFacing() {
	r.useBack = r.opt.BackFaces && !r.fill && len(r.etris) == len(r.edges)
	if !r.useBack {
		return
	}
	n := r.mesh.Triangles()
	if cap(r.away) < n+3 {
		r.away = make([]uint8, n, n+3) // wireRun8 reads four bytes at a time
	}
	r.away = r.away[:n]
	r.pool.run(r.facingFn)
}

// edgeAway reports whether every triangle of edge e faces away (the first
// two that use it: EdgeTris).
func (r *renderer) edgeAway(e int) bool {
	t := r.etris[e]
	return r.away[t[0]] != 0 && (t[1] == geom.NoTri || r.away[t[1]] != 0)
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
	vs, pal, st := r.verts, r.palette, r.stride
	edges, egroup, etris, away := r.edges[:hi], r.egroup[:hi], r.etris, r.away
	if useBack {
		etris = etris[:hi]
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
			t := etris[e]
			if away[t[0]] != 0 && (t[1] == geom.NoTri || away[t[1]] != 0) {
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
	if r.useBack && r.edgeAway(e) {
		a = a * backDim >> 8
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
