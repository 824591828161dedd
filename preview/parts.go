package preview

import (
	"image"

	"rummage/formats/geom"
)

// Span is a run of Count items from First.
type Span struct{ First, Count int }

// Parts is what RenderParts draws of a mesh: runs of triangles, in the
// order they are drawn, and the runs of vertices those triangles use,
// neither list overlapping itself, and the box they span (which sets the
// depth range).
type Parts struct {
	Tris   []Span
	Verts  []Span
	Bounds geom.Bounds

	wireBox bool // the wire views too take the frame's box from Bounds (a world's wire chunks)
}

// RenderParts draws the parts of m seen by cam into dst, as Render draws
// all of it: only the vertices of parts.Verts are projected and only the
// triangles of parts.Tris drawn, so drawing the parts of a large mesh (the
// instances of a scene in view) costs what they hold. The opaque
// triangles are drawn in the order of parts.Tris, then the blended ones
// in that order (runs near the eye first save the shading of what they
// hide; blended runs are best given far first), whatever the number of
// workers.
// Triangles must use only vertices of parts.Verts. The wire views draw
// every edge of the mesh (they project every vertex). A frame of the same
// mesh and size allocates nothing once the renderer's buffers have grown
// to the largest parts.
func (r *Renderer) RenderParts(dst *image.RGBA, m *geom.Mesh, parts *Parts, cam *Camera, opt *Options) Stats {
	r.renderer.parts = parts
	defer func() { r.renderer.parts = nil }()
	return r.Render(dst, m, cam, opt)
}

// ranges is a frame's work: the vertex and triangle runs, each cut into
// one share per worker.
type ranges struct {
	vert, tri [][]Span // per worker
	nv, nt    int      // vertices and triangles in the runs
}

// setShares cuts the frame's runs into the workers' shares: the parts'
// runs, or the whole mesh (every vertex in the wire views).
func (r *renderer) setShares() {
	n := r.pool.n
	if len(r.shares.vert) != n {
		r.shares.vert, r.shares.tri = make([][]Span, n), make([][]Span, n)
	}
	nv, nt := len(r.mesh.Positions), min(r.mesh.Triangles(), backTri-1)
	whole := [1]Span{{0, nv}}
	verts := whole[:]
	tris := []Span(nil)
	if p := r.parts; p != nil && r.fill {
		verts, tris = p.Verts, p.Tris
	}
	r.shares.nv = share(r.shares.vert, verts, nv)
	if tris == nil {
		whole[0] = Span{0, nt}
		tris = whole[:]
	}
	r.shares.nt = share(r.shares.tri, tris, nt)
}

// share deals the runs (clipped to [0, limit)) out to len(out) workers,
// each an equal count of items in run order, reusing out's slices; it
// returns the items dealt.
func share(out [][]Span, runs []Span, limit int) int {
	total := 0
	for _, s := range runs {
		total += clipSpan(s, limit).Count
	}
	k := len(out)
	w, dealt := 0, 0
	for i := range out {
		out[i] = out[i][:0]
	}
	for _, s := range runs {
		s = clipSpan(s, limit)
		for s.Count > 0 {
			end := total * (w + 1) / k // the item worker w's share ends before
			if dealt >= end && w < k-1 {
				w++
				continue
			}
			take := s.Count
			if w < k-1 {
				take = min(take, end-dealt)
			}
			out[w] = append(out[w], Span{s.First, take})
			s.First, s.Count, dealt = s.First+take, s.Count-take, dealt+take
		}
	}
	return total
}

// clipSpan is s inside [0, limit).
func clipSpan(s Span, limit int) Span {
	lo, hi := max(s.First, 0), min(s.First+max(s.Count, 0), limit)
	if hi <= lo {
		return Span{}
	}
	return Span{lo, hi - lo}
}
