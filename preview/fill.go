package preview

import (
	"image"
	"math"
	"sync/atomic"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// fillState is what the solid and textured views keep between frames.
type fillState struct {
	fill      bool       // this frame fills triangles
	smooth    bool       // with light per vertex
	lightless bool       // unlit: every face gets the ambient light, no normals are read
	light     [3]float32 // the head light's direction, in the mesh's axes
	keep      bool       // draw over the image and depth of the frame before (a world's chunks)
	exact     bool       // fill every shaded triangle with fillShaded, the reference (tests)

	attrs  []vattr   // per vertex, beside verts
	zbuf   []float32 // the frame's depth, row by row
	groups []groupState
	// cached per mesh: the triangles' groups and normals
	tgMesh      *geom.Mesh
	tgN         int
	triGroup    []uint16
	nMesh       *geom.Mesh // unit vertex normals: the mesh's own, or smooth ones made for it
	nN          int
	nOwn        bool
	normals     []geom.Vec3
	fMesh       *geom.Mesh // the unit front normal of each triangle (flat shading)
	fN          int
	faceNormals []geom.Vec3

	// Binning: triBins holds each triangle's bands and pass (or noBin);
	// then each worker lists its triangles in its arena, bin by bin
	// (bin = pass*nBands + band), in mesh order: bin i's triangles are
	// arena[w][binStart[w][i]:binStart[w][i+1]].
	triBins       []uint32
	arena         [][]uint32
	binStart      [][]int32
	cursor        [][]int32
	bandH, nBands int
	nextBand      atomic.Int32
	faces         []int // per worker: triangles binned

	textures map[image.Image]*image.NRGBA // other images converted, per mesh
}

// vattr is what the fill needs of a projected vertex besides vert.
type vattr struct {
	z, iw float32 // depth after the divide (-1 near .. 1 far) and 1/w
	l     float32 // n·light of a unit normal (smooth shading)
}

// The passes: opaque triangles write depth and come first; the blended
// ones only test it.
const (
	passOpaque = iota
	passBlend
	passes
)

// The flags of a binned triangle: carefulTri, it needs clipping (a corner
// behind the near plane or far off screen); backTri, it is a back face (of
// a two-sided group).
const (
	carefulTri = 1 << 31
	backTri    = 1 << 30
	triFlags   = carefulTri | backTri
)

// A triBins entry: the first and last band (8 bits each), the pass, the
// flags; noBin for a triangle left out.
const (
	binLast = 8
	binPass = 16
	noBin   = ^uint32(0)
)

// The light: ambient plus one directional light that moves with the
// camera, from above left of the eye.
const (
	ambient = 0.35
	diffuse = 0.65
)

var headLight = mgl32.Vec3{-0.45, 0.6, 1}.Normalize() // in view space: x right, y up, z towards the eye

// prepareFill sets up the frame's fill state (nothing for the wire view).
func (r *renderer) prepareFill() {
	mode := r.opt.Mode
	r.fill = mode == ModeSolid || mode == ModeTextured || mode == ModeTexturedWire
	if !r.fill {
		return
	}
	m := r.mesh
	n := len(m.Positions)
	own := len(m.Normals) == n && n > 0
	r.smooth = r.opt.Shading == ShadeSmooth || r.opt.Shading == ShadeAuto && own
	r.lightless = r.opt.Unlit // every face the same light: no normals needed
	if r.lightless {
		r.smooth = false
	} else if r.smooth {
		if r.nMesh != m || r.nN != n || r.nOwn != own {
			r.nMesh, r.nN, r.nOwn = m, n, own
			if own {
				r.normals = unitNormals(m.Normals)
			} else {
				r.normals = m.SmoothNormals()
			}
		}
	} else if r.fMesh != m || r.fN != m.Triangles() {
		r.fMesh, r.fN, r.faceNormals = m, m.Triangles(), m.FaceNormals()
	}
	if cap(r.attrs) < n {
		r.attrs = make([]vattr, n)
	}
	r.attrs = r.attrs[:n]
	if px := r.fr.W * r.fr.H; cap(r.zbuf) < px {
		r.zbuf = make([]float32, px)
	}
	r.zbuf = r.zbuf[:r.fr.W*r.fr.H]
	if r.tgMesh != m || r.tgN != m.Triangles() {
		r.tgMesh, r.tgN, r.triGroup = m, m.Triangles(), m.TriGroups()
		clear(r.textures)
	}
	// the light in the mesh's axes: the view's rotation turned back
	v := &r.fr.View
	for k := range 3 {
		r.light[k] = v[4*k]*headLight[0] + v[4*k+1]*headLight[1] + v[4*k+2]*headLight[2]
	}
	r.setGroups()
	r.setBins()
}

// setBins cuts the image into bands of rows, about 8 per worker (at most
// 255: a triBins entry holds a band in 8 bits), and sizes the binning
// buffers.
func (r *renderer) setBins() {
	k := r.pool.n
	most := min(8*k, 255)
	r.bandH = max(8, (r.fr.H+most-1)/most)
	r.nBands = (r.fr.H + r.bandH - 1) / r.bandH
	if nt := r.mesh.Triangles(); cap(r.triBins) < nt {
		r.triBins = make([]uint32, nt)
	}
	r.triBins = r.triBins[:r.mesh.Triangles()]
	if len(r.arena) != k {
		r.arena, r.binStart, r.cursor = make([][]uint32, k), make([][]int32, k), make([][]int32, k)
	}
	for w := range k {
		if len(r.cursor[w]) != passes*r.nBands {
			r.binStart[w], r.cursor[w] = make([]int32, passes*r.nBands+1), make([]int32, passes*r.nBands)
		}
	}
}

// unitNormals returns ns made unit length (zero where a normal is zero or
// not finite).
func unitNormals(ns []geom.Vec3) []geom.Vec3 {
	out := make([]geom.Vec3, len(ns))
	for i, n := range ns {
		if l2 := n[0]*n[0] + n[1]*n[1] + n[2]*n[2]; l2 > 0 && l2 <= math.MaxFloat32 {
			s := 1 / float32(math.Sqrt(float64(l2)))
			out[i] = geom.Vec3{n[0] * s, n[1] * s, n[2] * s}
		}
	}
	return out
}

// lit is the light on a side whose unit normal makes n·light = ndl.
func lit(ndl float32) float32 {
	if ndl > 0 {
		return ambient + diffuse*min(ndl, 1)
	}
	return ambient
}

// fillFrame bins the triangles and fills the bands; it returns the number
// of triangles binned.
func (r *renderer) fillFrame() int {
	r.pool.run(r.binFn)
	r.nextBand.Store(0)
	r.pool.run(r.bandsFn)
	n := 0
	for _, f := range r.faces {
		n += f
	}
	return n
}

// bin sorts worker w's share of the triangles into its bins, leaving out
// those that are culled, degenerate, behind the eye or cover no pixel
// centre: it notes each triangle's bands, counts the bins, then lists the
// triangles bin by bin in the worker's arena.
func (r *renderer) bin(w int) {
	count := r.binStart[w]
	clear(count)
	r.faces[w] = 0
	for _, sp := range r.shares.tri[w] {
		r.faces[w] += r.noteBands(sp.First, sp.First+sp.Count, count[1:])
	}
	for i := 1; i < len(count); i++ {
		count[i] += count[i-1]
	}
	if total := int(count[len(count)-1]); cap(r.arena[w]) < total {
		r.arena[w] = make([]uint32, total+total/4+1024)
	}
	arena, cur := r.arena[w], r.cursor[w]
	copy(cur, count)
	for _, sp := range r.shares.tri[w] {
		lo, hi := sp.First, sp.First+sp.Count
		for t, b := range r.triBins[lo:hi] {
			if b == noBin {
				continue
			}
			bin := int(b>>binPass&1) * r.nBands
			for bd := b & 0xFF; bd <= b>>binLast&0xFF; bd++ {
				i := bin + int(bd)
				arena[cur[i]] = uint32(lo+t) | b&triFlags
				cur[i]++
			}
		}
	}
}

// noteBands sets the triBins entries of triangles [lo, hi), adds each
// binned one to count[bin] for every bin it goes in, and returns how many
// it binned.
func (r *renderer) noteBands(lo, hi int, count []int32) int {
	idx, tg, tb := r.mesh.Indices[3*lo:3*hi], r.triGroup[lo:hi], r.triBins[lo:hi]
	vs, gs := r.verts, r.groups
	nv := uint32(len(vs))
	maxX, maxY, bh := int32(r.fr.W-1), int32(r.fr.H-1), int32(r.bandH)
	faces := 0
	for t := range tb {
		tb[t] = noBin
		tri := idx[3*t : 3*t+3 : 3*t+3]
		a, b, c := tri[0], tri[1], tri[2]
		if a >= nv || b >= nv || c >= nv {
			continue
		}
		va, vb, vc := &vs[a], &vs[b], &vs[c]
		g := &gs[tg[t]]
		var y0, y1 int32
		flag := uint32(0)
		if (va.code|vb.code|vc.code)&cCareful != 0 {
			var ok bool
			if y0, y1, ok = r.clippedRows(lo+t, g); !ok {
				continue
			}
			flag = carefulTri
		} else {
			area := int64(vb.x-va.x)*int64(vc.y-va.y) - int64(vc.x-va.x)*int64(vb.y-va.y)
			if area == 0 {
				continue
			}
			if (area > 0) != r.fr.Mirror {
				if !g.twoSided {
					continue
				}
				flag = backTri
			}
			// the pixel centres the box holds: (i*256+128) in [lo, hi]
			x0, x1 := (min(va.x, vb.x, vc.x)+127)>>8, (max(va.x, vb.x, vc.x)-128)>>8
			if x0 > x1 || x1 < 0 || x0 > maxX {
				continue
			}
			y0, y1 = min(va.y, vb.y, vc.y), max(va.y, vb.y, vc.y)
		}
		y0, y1 = max((y0+127)>>8, 0), min((y1-128)>>8, maxY)
		if y0 > y1 {
			continue
		}
		b0, b1, bin := y0/bh, y1/bh, int(g.pass)*r.nBands
		for bd := b0; bd <= b1; bd++ {
			count[bin+int(bd)]++
		}
		tb[t] = uint32(b0) | uint32(b1)<<binLast | uint32(g.pass)<<binPass | flag
		faces++
	}
	return faces
}

// clippedRows returns the rows (pixels ×256) that triangle t, which needs
// clipping, spans once clipped; ok is false when nothing of it is left.
func (r *renderer) clippedRows(t int, g *groupState) (y0, y1 int32, ok bool) {
	tri := r.mesh.Indices[3*t : 3*t+3 : 3*t+3]
	if r.verts[tri[0]].code&r.verts[tri[1]].code&r.verts[tri[2]].code&cBehind != 0 {
		return 0, 0, false
	}
	var k [maxClip]corner
	n := r.clipCorners(t, g, &k)
	if n == 0 {
		return 0, 0, false
	}
	y0, y1 = k[0].y, k[0].y
	for i := 1; i < n; i++ {
		y0, y1 = min(y0, k[i].y), max(y1, k[i].y)
	}
	return y0, y1, true
}

// fillBands fills bands of rows, taking the next one left until none is:
// clear, then every worker's opaque triangles in mesh order, then the
// blended ones.
func (r *renderer) fillBands(int) {
	for {
		bd := int(r.nextBand.Add(1)) - 1
		if bd >= r.nBands {
			return
		}
		y0 := bd * r.bandH
		y1 := min(y0+r.bandH, r.fr.H)
		if !r.keep {
			r.clearRows(y0, y1)
		}
		for pass := range passes {
			bin := pass*r.nBands + bd
			for k := range r.pool.n {
				for _, t := range r.arena[k][r.binStart[k][bin]:r.binStart[k][bin+1]] {
					r.drawTri(t, y0, y1)
				}
			}
		}
	}
}

// clearRows clears rows [y0, y1) of the image to the background and of
// the depth buffer to infinitely far.
func (r *renderer) clearRows(y0, y1 int) {
	bd := newBand(r.dst, y0, y1)
	bd.clear(r.opt.Background)
	zs := r.zbuf[y0*r.fr.W : y1*r.fr.W]
	if len(zs) == 0 {
		return
	}
	zs[0] = float32(math.Inf(1))
	for n := 1; n < len(zs); n *= 2 {
		copy(zs[n:], zs[:n])
	}
}

// drawTri fills the binned triangle t (with its flags) on rows [y0, y1).
func (r *renderer) drawTri(t uint32, y0, y1 int) {
	flags := t & triFlags
	t &^= triFlags
	if flags&carefulTri != 0 {
		g := &r.groups[r.triGroup[t]]
		var k [maxClip]corner
		n := r.clipCorners(int(t), g, &k)
		for i := 2; i < n; i++ {
			r.fillTri(&[3]corner{k[0], k[i-1], k[i]}, g, y0, y1)
		}
		return
	}
	tri := r.mesh.Indices[3*t : 3*t+3 : 3*t+3]
	g := &r.groups[r.triGroup[t]]
	var k [3]corner
	for i, vi := range tri {
		v, a := &r.verts[vi], &r.attrs[vi]
		k[i].x, k[i].y, k[i].z, k[i].iw = v.x, v.y, a.z, a.iw
	}
	back := flags&backTri != 0
	r.cornerAttrs(&k, int(t), tri, g, back)
	r.fillTri(&k, g, y0, y1)
}

// cornerAttrs sets the light, UVs and colours of the corners of triangle t
// (vertices tri) as group g uses them; back turns the normals round.
func (r *renderer) cornerAttrs(k *[3]corner, t int, tri []uint32, g *groupState, back bool) {
	s := float32(1)
	if back {
		s = -1
	}
	switch {
	case r.lightless:
		k[0].l, k[1].l, k[2].l = ambient, ambient, ambient
	case r.smooth:
		for i, vi := range tri {
			k[i].l = lit(s * r.attrs[vi].l)
		}
	default:
		n := &r.faceNormals[t]
		l := lit(s * (n[0]*r.light[0] + n[1]*r.light[1] + n[2]*r.light[2]))
		k[0].l, k[1].l, k[2].l = l, l, l
	}
	if g.uv != nil {
		for i, vi := range tri {
			uv := &g.uv[vi]
			k[i].u, k[i].v = uv[0], uv[1]
		}
	}
	if g.colors {
		for i, vi := range tri {
			c := r.mesh.Colors[vi]
			k[i].c = [4]float32{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(c.A) / 255}
		}
	}
}

// edgeHidden reports whether the midpoint of edge ed lies behind the
// filled surface at every pixel around it (the textured+wire view leaves
// such edges out). Edges with an end that needs clipping are never hidden.
func (r *renderer) edgeHidden(ed geom.Edge) bool {
	va, vb := &r.verts[ed.A], &r.verts[ed.B]
	if (va.code|vb.code)&cCareful != 0 {
		return false
	}
	x, y := int((va.x+vb.x)>>9), int((va.y+vb.y)>>9)
	z := (r.attrs[ed.A].z+r.attrs[ed.B].z)/2 - edgeDepthSlack
	w, h := r.fr.W, r.fr.H
	for yy := max(y-1, 0); yy <= min(y+1, h-1); yy++ {
		for xx := max(x-1, 0); xx <= min(x+1, w-1); xx++ {
			if r.zbuf[yy*w+xx] >= z {
				return false
			}
		}
	}
	return x >= 0 && y >= 0 && x < w && y < h
}

// edgeDepthSlack is how far (in depth after the divide, -1..1 over the
// mesh) an edge may lie behind the surface and still show.
const edgeDepthSlack = 2e-3
