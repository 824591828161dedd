package preview

import (
	"image"
	"time"

	"rummage/formats/geom"
)

// wireBuf is the wire view's chunk of a world: every instance's edges are
// drawn, a chunk of instances at a time (placed positions, triangles and
// edges, reused from chunk to chunk), in the order of the merged layout
// (PlacedMesh), so a frame is the one the layout's mesh gives while the
// view holds a chunk's worth of it instead of the whole world.
type wireBuf struct {
	mesh   *geom.Mesh // a fresh header per chunk: its edges are set, not built
	pos    []geom.Vec3
	idx    []uint32
	edges  []geom.Edge
	egroup []uint16
	etris  [][2]uint32
	parts  Parts

	models []*modelEdges // per model, made the first time it is drawn
	bounds geom.Bounds   // around every placed vertex (the layout mesh's box)
	known  int8          // bounds: 0 not worked out yet, 1 known, -1 too wide (the wire views use the layout)
	total  int           // the edges of every instance
}

// modelEdges is a model laid out for one instance as the merged layout
// lays it out (its groups' triangles in turn), and that layout's edges,
// each with its frame group.
type modelEdges struct {
	idx    []uint32
	edges  []geom.Edge
	egroup []uint16
	etris  [][2]uint32
}

// modelEdgesOf returns model mi's edges, made the first time.
func (v *WorldView) modelEdgesOf(mi int) *modelEdges {
	w := &v.wire
	if len(w.models) != len(v.models) {
		w.models = make([]*modelEdges, len(v.models))
	}
	if e := w.models[mi]; e != nil {
		return e
	}
	md := &v.models[mi]
	lay := &geom.Mesh{Positions: md.mesh.Positions}
	for _, g := range md.groups {
		lay.Groups = append(lay.Groups, geom.Group{FirstTri: lay.Triangles(), TriCount: g.count})
		lay.Indices = append(lay.Indices, md.mesh.Indices[3*g.first:3*(g.first+g.count)]...)
	}
	edges, local := lay.Edges()
	e := &modelEdges{idx: lay.Indices, edges: edges, etris: lay.EdgeTris(), egroup: make([]uint16, len(local))}
	for k, g := range local {
		if int(g) < len(md.groups) {
			e.egroup[k] = md.groups[g].group
		}
	}
	w.models[mi] = e
	return e
}

// wireBounds works out, the first time, the box around every placed
// vertex and the edges of every instance; it reports false when the box
// is too wide to be the layout mesh's (geom.FitBounds then leaves far
// vertices out, which only the whole mesh can tell).
func (v *WorldView) wireBounds() bool {
	w := &v.wire
	if w.known != 0 {
		return w.known > 0
	}
	b, any := geom.Bounds{}, false
	for mi, list := range v.byMesh {
		md := &v.models[mi]
		w.total += len(v.modelEdgesOf(mi).edges) * len(list)
		for _, i := range list {
			mat := &v.World.Instances[i].Matrix
			for _, p := range md.mesh.Positions {
				q := placePoint(mat, p)
				if q[0]-q[0] != 0 || q[1]-q[1] != 0 || q[2]-q[2] != 0 { // not finite
					continue
				}
				if !any {
					b, any = geom.Bounds{Min: q, Max: q}, true
					continue
				}
				for k := range 3 {
					b.Min[k], b.Max[k] = min(b.Min[k], q[k]), max(b.Max[k], q[k])
				}
			}
		}
	}
	w.known, w.bounds = 1, b
	if b.Max[0]-b.Min[0] > geom.FarLimit || b.Max[1]-b.Min[1] > geom.FarLimit || b.Max[2]-b.Min[2] > geom.FarLimit {
		w.known = -1
	}
	return w.known > 0
}

// renderWire draws every instance's edges a chunk at a time, each chunk
// over the one before; it reports false (drawing nothing) when the world
// is too wide for its box to be worked out chunk by chunk.
func (v *WorldView) renderWire(r *Renderer, dst *image.RGBA, cam *Camera, opt *Options) (Stats, bool) {
	if !v.wireBounds() {
		return Stats{}, false
	}
	t0 := time.Now()
	st := v.wireChunks(r, dst, cam, opt, false)
	st.Elapsed = time.Since(t0)
	return st, true
}

// renderTexturedWire is the textured+wire view a chunk at a time: the
// culled frame's textured chunks first (renderChunks), then every
// instance's edges over them, left out where the surface hides them.
func (v *WorldView) renderTexturedWire(r *Renderer, dst *image.RGBA, cam *Camera, opt *Options) (Stats, bool) {
	if !v.wireBounds() {
		return Stats{}, false
	}
	t0 := time.Now()
	o := *opt
	o.Mode, o.Bounds, o.Axes = ModeTextured, false, false // the box and axes go over the edges
	st := v.renderChunks(r, dst, cam, &o)
	ws := v.wireChunks(r, dst, cam, opt, true)
	st.Vertices += ws.Vertices
	st.Edges, st.Drawn, st.Decimated = ws.Edges, ws.Drawn, ws.Decimated
	st.Elapsed = time.Since(t0)
	return st, true
}

// wireChunks draws every instance's edges a chunk at a time: the first
// chunk clears the image, unless over (the edges go over a textured frame
// of the same box, whose depth hides them).
func (v *WorldView) wireChunks(r *Renderer, dst *image.RGBA, cam *Camera, opt *Options, over bool) Stats {
	w := &v.wire
	rr := r.renderer
	defer func() { rr.keep, rr.edgeStride = false, 0 }()
	stride := 1
	if most := opt.MaxEdges; most > 0 && w.total > most {
		stride = (w.total + most - 1) / most
	}
	var st Stats
	mi, k := 0, 0
	for first := true; first || mi < len(v.byMesh); first = false {
		mi, k = v.fillWireChunk(mi, k)
		o := *opt
		if mi < len(v.byMesh) { // the box and axes go over the last chunk
			o.Bounds, o.Axes = false, false
		}
		rr.keep, rr.edgeStride = over || !first, stride
		w.parts = Parts{Bounds: w.bounds, wireBox: true}
		if over { // every vertex projected, no triangle filled: the frame's box
			w.parts = Parts{Verts: []Span{{0, len(w.pos)}}, Tris: []Span{}, Bounds: v.bounds}
		}
		cs := r.RenderParts(dst, w.mesh, &w.parts, cam, &o)
		st.Vertices += cs.Vertices
		st.Triangles += cs.Triangles
		st.Edges += cs.Edges
		st.Drawn += cs.Drawn
		st.Decimated = st.Decimated || cs.Decimated
	}
	return st
}

// fillWireChunk places the instances from instance k of model mi on, in
// the layout's order, while they fit a chunk (an instance larger than a
// chunk is one alone), with their triangles and edges; it returns where
// the next chunk starts.
func (v *WorldView) fillWireChunk(mi, k int) (int, int) {
	w := &v.wire
	w.pos, w.idx = w.pos[:0], w.idx[:0]
	w.edges, w.egroup, w.etris = w.edges[:0], w.egroup[:0], w.etris[:0]
	for ; mi < len(v.byMesh); mi, k = mi+1, 0 {
		md := &v.models[mi]
		me := v.modelEdgesOf(mi)
		n := len(md.mesh.Positions)
		for ; k < len(v.byMesh[mi]); k++ {
			if len(w.pos) > 0 && (len(w.pos)+n > chunkVerts || len(w.idx)/3+len(me.idx)/3 > chunkTris) {
				return v.wireChunkDone(mi, k)
			}
			mat := &v.World.Instances[v.byMesh[mi][k]].Matrix
			base, tbase := uint32(len(w.pos)), uint32(len(w.idx)/3)
			for _, p := range md.mesh.Positions {
				w.pos = append(w.pos, placePoint(mat, p))
			}
			for _, x := range me.idx {
				w.idx = append(w.idx, x+base)
			}
			for e, ed := range me.edges {
				w.edges = append(w.edges, geom.Edge{A: ed.A + base, B: ed.B + base})
				t := me.etris[e]
				if t[1] != geom.NoTri {
					t[1] += tbase
				}
				w.etris = append(w.etris, [2]uint32{t[0] + tbase, t[1]})
			}
			w.egroup = append(w.egroup, me.egroup...)
		}
	}
	return v.wireChunkDone(mi, k)
}

// wireChunkDone makes the chunk's mesh of what fillWireChunk placed.
func (v *WorldView) wireChunkDone(mi, k int) (int, int) {
	w := &v.wire
	w.mesh = &geom.Mesh{Up: v.World.Up, Positions: w.pos, Indices: w.idx, Groups: v.groups}
	w.mesh.SetEdges(w.edges, w.egroup, w.etris)
	return mi, k
}
