//go:build !purego

package preview

import "rummage/formats/geom"

// wireArgs is what wireRun reads: the frame's arrays as pointers with the
// lengths it checks, and words it keeps a line's steps in.
type wireArgs struct {
	pix    *uint8
	npix   int // len(pix) - 3: a pixel at byte offset o needs o < npix
	stride int
	edges  *geom.Edge
	egroup *uint16
	etris  *[2]uint32 // nil: no back-face dimming
	away   *uint8
	ntri   int // len(away)
	verts  *vert
	nverts int
	pal    *ink
	npal   int
	recip  *float32
	e, hi  int
	st     int
	// scratch for the assembly: a line's byte steps along u and v, and
	// its end column
	step, across, end int //lint:ignore U1000 written and read by wire_amd64.s

	wide8 // what wireRun8 reads besides
}

// wireRun is drawRun in assembly, on the edges e, e+st, ... below hi of
// a: it returns the first edge with an end that needs clipping or bounds
// tests (hi or beyond when none), or ^e when edge e breaks an invariant
// (an index or a pixel out of range; then drawRun panics on it too).
//
//go:noescape
func wireRun(a *wireArgs) int

// wireAsm chooses wireRun over drawRun (tests turn it off to compare).
var wireAsm = true

// asmChunk is how many edges one wireRun call draws at most: assembly
// cannot be preempted, so long frames return to Go now and then.
const asmChunk = 1 << 15

// fastRun is drawRun, in assembly when it may.
func (r *renderer) fastRun(pix []uint8, stride int, e, hi int) int {
	if !wireAsm || len(pix) < 4 || e >= hi {
		return r.drawRun(pix, stride, e, hi, r.useBack)
	}
	a := wireArgs{
		pix: &pix[0], npix: len(pix) - 3, stride: stride,
		edges: &r.edges[0], egroup: &r.egroup[0],
		verts: &r.verts[0], nverts: len(r.verts),
		pal: &r.palette[0], npal: len(r.palette), recip: &recip[0],
		st: r.stride,
	}
	if hi > len(r.edges) || len(r.egroup) < len(r.edges) {
		panic("preview: edge range beyond the edge list")
	}
	if r.useBack && len(r.away) > 0 {
		if len(r.etris) < hi {
			panic("preview: edge triangles missing")
		}
		a.etris, a.away, a.ntri = &r.etris[0], &r.away[0], len(r.away)
	}
	wide := r.setWide(&a, pix, stride)
	for e < hi {
		a.e, a.hi = e, min(hi, e+asmChunk)
		if wide {
			// eight edges at a time up to a group with an edge that needs
			// tests (or the last few edges), which the loop below draws
			n := wireRun8(&a)
			if n < 0 {
				r.drawRun(pix, stride, ^n, ^n+1, r.useBack)
				panic("preview: wireRun8 refused an edge drawRun drew")
			}
			if n >= a.hi {
				e = n
				continue
			}
			a.e, a.hi = n, min(a.hi, n+8)
		}
		n := wireRun(&a)
		if n < 0 {
			// the Go loop panics on the same edge, with its index
			r.drawRun(pix, stride, ^n, ^n+1, r.useBack)
			panic("preview: wireRun refused an edge drawRun drew")
		}
		if n < a.hi {
			return n
		}
		e = n
	}
	return hi
}
