package preview

import (
	"image"
	"image/color"
	"time"

	"rummage/formats/geom"
)

// The most vertices and triangles a chunk of a world's frame holds (an
// instance larger than that is a chunk alone): what the solid and
// textured views of a world keep placed, however large the world.
// Variables, so tests can cut frames small.
var (
	chunkVerts = 1 << 18
	chunkTris  = 1 << 18
)

// chunkBuf is a chunk of a world's frame: the vertices of some drawn
// instances placed, the triangles of some of the frame's runs, and each
// triangle's group among the frame's groups. Its buffers are reused from
// chunk to chunk and frame to frame.
type chunkBuf struct {
	mesh   *geom.Mesh // Groups: the frame's groups
	tg     []uint16
	parts  Parts
	n      uint32   // the chunks laid out so far, to tell whether an instance is placed in this one
	placed []uint32 // per instance: n when its vertices are placed in this chunk
	base   []uint32 // per instance: its first vertex in the chunk
	todo   []int32  // the instances this chunk places
	runs   []chunkRun
	work   func(int) // fillShare, made once
}

// renderChunks draws the frame's runs a chunk at a time, each chunk over
// the one before, into dst: the opaque runs all come before the blended
// ones, so the frame is what one mesh of every run would give.
func (v *WorldView) renderChunks(r *Renderer, dst *image.RGBA, cam *Camera, opt *Options) Stats {
	t0 := time.Now()
	c := &v.chunk
	if c.mesh == nil {
		c.mesh = &geom.Mesh{Up: v.World.Up, Groups: v.groups, UVs: [][]geom.Vec2{nil}}
		c.placed = make([]uint32, len(v.World.Instances))
		c.base = make([]uint32, len(v.World.Instances))
	}
	var st Stats
	rr := r.renderer
	v.chunkWorkers = rr.pool.n
	if rr.tgMesh != c.mesh {
		clear(rr.textures) // converted for another mesh
	}
	defer func() { rr.keep = false }()
	for next, first := 0, true; first || next < len(v.runs); first = false {
		next = v.fillChunk(rr, next)
		o := *opt
		if next < len(v.runs) { // the box and axes go over the last chunk
			o.Bounds, o.Axes = false, false
		}
		rr.keep = !first
		rr.tgMesh, rr.tgN, rr.triGroup = c.mesh, c.mesh.Triangles(), c.tg
		cs := r.RenderParts(dst, c.mesh, &c.parts, cam, &o)
		st.Vertices += cs.Vertices
		st.Triangles += cs.Triangles
		st.Faces += cs.Faces
	}
	st.Elapsed = time.Since(t0)
	return st
}

// fillChunk lays the runs from next on out in the chunk while they fit
// and returns the first run left out: it plans the chunk (where each
// instance's vertices and each run's triangles go), then the renderer's
// workers place the vertices and copy the triangles.
func (v *WorldView) fillChunk(r *renderer, next int) int {
	c := &v.chunk
	c.n++
	c.todo, c.runs = c.todo[:0], c.runs[:0]
	nv, nt := 0, 0
	for ; next < len(v.runs); next++ {
		run := v.runs[next]
		ml := &v.models[v.slot[run.inst]]
		count := ml.groups[run.group].count
		fresh := c.placed[run.inst] != c.n
		add := 0
		if fresh {
			add = len(ml.mesh.Positions)
		}
		if nt > 0 && (nv+add > chunkVerts || nt+count > chunkTris) {
			break
		}
		if fresh {
			c.placed[run.inst], c.base[run.inst] = c.n, uint32(nv)
			c.todo = append(c.todo, run.inst)
			nv += add
		}
		c.runs = append(c.runs, chunkRun{drawRun: run, at: nt})
		nt += count
	}
	m := c.mesh
	m.Positions, m.Colors, m.UVs[0] = resize(m.Positions, nv), resize(m.Colors, nv), resize(m.UVs[0], nv)
	m.Indices, c.tg = resize(m.Indices, 3*nt), resize(c.tg, nt)
	if c.work == nil {
		c.work = v.fillShare
	}
	r.pool.run(c.work)
	c.parts.Verts = append(c.parts.Verts[:0], Span{0, nv})
	c.parts.Tris = append(c.parts.Tris[:0], Span{0, nt})
	c.parts.Bounds = v.bounds
	return next
}

// chunkRun is a run of a chunk and its first triangle there.
type chunkRun struct {
	drawRun
	at int
}

// fillShare is worker w's share of filling the planned chunk: its share
// of the instances placed and of the runs' triangles.
func (v *WorldView) fillShare(w int) {
	c := &v.chunk
	k := v.chunkWorkers
	m := c.mesh
	for _, i := range c.todo[len(c.todo)*w/k : len(c.todo)*(w+1)/k] {
		ml := &v.models[v.slot[i]]
		n, at := len(ml.mesh.Positions), int(c.base[i])
		ml.place(&v.World.Instances[i].Matrix, m.Positions[at:at+n], m.Colors[at:at+n], m.UVs[0][at:at+n])
	}
	for _, run := range c.runs[len(c.runs)*w/k : len(c.runs)*(w+1)/k] {
		ml := &v.models[v.slot[run.inst]]
		g := ml.groups[run.group]
		base := c.base[run.inst]
		dst := m.Indices[3*run.at : 3*(run.at+g.count)]
		for j, x := range ml.mesh.Indices[3*g.first : 3*(g.first+g.count)] {
			dst[j] = x + base
		}
		tg := c.tg[run.at : run.at+g.count]
		for j := range tg {
			tg[j] = g.group
		}
	}
}

// resize returns s with length n, its capacity kept from call to call.
func resize[T geom.Vec3 | geom.Vec2 | color.NRGBA | uint32 | uint16](s []T, n int) []T {
	if n > cap(s) {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}
