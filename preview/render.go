package preview

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"runtime"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// Options choose what a frame shows.
type Options struct {
	Mode        Mode        // wire (the zero value), solid, textured or textured+wire
	Shading     Shading     // solid and textured views: flat or smooth (auto: smooth when the mesh has normals)
	Unlit       bool        // solid and textured views: no head light, every face in its material's own colour
	Nearest     bool        // sample textures at the nearest texel instead of bilinear
	Clock       uint32      // material animation clock, milliseconds
	GroupColors bool        // colour edges, and in the solid view faces, by group (the group's hint or a palette colour)
	Color       color.NRGBA // edge colour otherwise
	Background  color.NRGBA // alpha 0 leaves the image transparent outside the mesh
	Points      bool        // draw the vertices
	Bounds      bool        // draw the bounding box
	Axes        bool        // draw the axis gizmo in the lower left corner
	BackFaces   bool        // dim edges whose triangles all face away from the eye
	DepthCue    float32     // 0 keeps far lines as bright as near ones; 1 fades the farthest to black
	// MaxEdges, when > 0, draws about this many edges, evenly picked from
	// the edge list (a decimated frame, for dragging).
	MaxEdges int
}

// DefaultOptions are the preview's starting options.
func DefaultOptions() Options {
	return Options{
		GroupColors: true,
		Color:       color.NRGBA{150, 205, 255, 255},
		Background:  color.NRGBA{22, 24, 29, 255},
		Axes:        true,
		BackFaces:   true,
		DepthCue:    0.65,
	}
}

// Stats describe a rendered frame.
type Stats struct {
	Vertices, Triangles, Edges int
	Drawn                      int  // edges looked at this frame (all, or the decimated set)
	Faces                      int  // triangles filled (solid and textured views): not culled, covering a pixel centre
	Decimated                  bool // MaxEdges cut the edge set
	Elapsed                    time.Duration
}

// Renderer draws meshes; it keeps its buffers between frames, so a frame of
// the same mesh at the same size allocates nothing. A Renderer is not safe
// for concurrent use. Close stops its workers (a Renderer that becomes
// unreachable is closed too).
type Renderer struct{ *renderer }

// vert is a projected vertex.
type vert struct {
	x, y int32  // pixels ×256 (fixed point, 8 fraction bits), y down
	a    int32  // depth-cue brightness, 0..512
	code uint32 // where it lies: the c* bits
}

// fx and fy are the vertex's pixel coordinates as floats.
func (v *vert) fx() float32 { return float32(v.x) * (1.0 / 256) }
func (v *vert) fy() float32 { return float32(v.y) * (1.0 / 256) }

// The bits of vert.code: an edge with cCareful on an end is clipped in
// clip space, and one with both ends behind the near plane is not drawn;
// an edge with cRim on an end, near or past the image's sides, is drawn
// with the bounds tests the fast path leaves out.
const (
	cBehind  = 1 << iota // behind the near plane
	cCareful             // behind, or far off screen, or NaN: x, y are offX
	cRim                 // sane, but outside the box where lines need no tests (see rimBox)
)

// rimBox returns the box, in 1/256 pixel, that a line's ends must lie in
// to need no bounds tests on a w×h image: [256, 256+xe] × [256, 256+ye]
// (as unsigned offsets from 256). A tiny image has no such box: every
// vertex is then on the rim.
func rimBox(w, h int) (xe, ye uint32, tiny bool) {
	return uint32(max(w-3, 1))*256 - 1, uint32(max(h-3, 1))*256 - 1, w < 5 || h < 5
}

// offX is the x and y of a vertex with no sane projection: far outside
// every box the drawing tests.
const offX = math.MinInt32 / 2

// outcode gives the sides of the box [-1, w+1] × [-1, h+1] (in 1/256
// pixel) that v lies beyond, as bits; an edge whose ends share a bit is
// off screen.
func outcode(v *vert, w, h int32) uint32 {
	c := uint32(0)
	if v.x < -256 {
		c |= 1
	}
	if v.x > (w+1)*256 {
		c |= 2
	}
	if v.y < -256 {
		c |= 4
	}
	if v.y > (h+1)*256 {
		c |= 8
	}
	return c
}

type renderer struct {
	pool *pool

	// the frame being drawn
	dst    *image.RGBA
	mesh   *geom.Mesh
	edges  []geom.Edge
	egroup []uint16
	etris  [][2]uint32
	fr     Frame
	opt    Options
	stride int
	cueK   float32 // depth cue: cue = 1 - cueK*(depth-cue0)
	cue0   float32

	// buffers reused between frames
	verts      []vert
	edgeStride int           // when > 0, the edge stride (a world's wire chunks share the world's)
	useBack    bool          // dim edges whose triangles all face away
	away       []uint8       // per triangle: 1 when it faces away (facing)
	layers     []*image.RGBA // workers 1..n-1 draw into these, premultiplied, kept transparent between frames
	yr         []yRange      // per worker: the rows its vertices reach
	rows       [2]int        // rows the layers may have touched this frame
	palette    []ink
	pal16      [][2]uint64 // the palette in the pixels' byte order, twice (wireRun8)
	bMesh      *geom.Mesh  // bounds cache: meshes do not change once built
	bN         int
	bounds     geom.Bounds
	parts      *Parts // RenderParts: what of the mesh this frame draws; nil for all
	shares     ranges // the frame's runs of vertices and triangles, per worker

	fillState // the solid and textured views

	projectFn, drawFn, compositeFn, pointsFn, binFn, bandsFn, facingFn func(int)
}

// yRange is the span of projected vertex rows one worker saw.
type yRange struct {
	lo, hi float32
	wild   bool // a vertex behind the eye or far off screen: any row
}

// maxWorkers caps the workers (each beyond the first has its own layer).
const maxWorkers = 4

// NewRenderer makes a renderer with one worker per core (GOMAXPROCS, at
// most maxWorkers).
func NewRenderer() *Renderer { return newRendererN(min(runtime.GOMAXPROCS(0), maxWorkers)) }

// newRendererN makes a renderer with n workers.
func newRendererN(n int) *Renderer {
	n = max(n, 1)
	r := &renderer{pool: newPool(n)}
	r.yr = make([]yRange, n)
	r.projectFn, r.drawFn, r.compositeFn, r.pointsFn = r.project, r.draw, r.composite, r.points
	r.binFn, r.bandsFn, r.facingFn = r.bin, r.fillBands, r.facing
	r.faces = make([]int, n)
	out := &Renderer{r}
	runtime.AddCleanup(out, func(p *pool) { p.stop() }, r.pool)
	return out
}

// Close stops the worker goroutines; the renderer must not be used after.
func (r *Renderer) Close() { r.pool.stop() }

// Render draws m seen by cam into dst (which it fills entirely) and
// returns the frame's figures. dst holds premultiplied colour, as
// image.RGBA does: outside the mesh it is the background, transparent
// when the background's alpha is 0. The mesh and its materials must not
// change while it is being rendered with a renderer (its bounds, triangle
// groups and normals are cached).
func (r *Renderer) Render(dst *image.RGBA, m *geom.Mesh, cam *Camera, opt *Options) Stats {
	t0 := time.Now()
	w, h := dst.Rect.Dx(), dst.Rect.Dy()
	st := Stats{}
	if w <= 0 || h <= 0 {
		return st
	}
	rr := r.renderer
	rr.dst, rr.opt = dst, *opt
	if m == nil {
		m = &emptyMesh
	}
	rr.mesh = m
	if rr.parts != nil && fills(opt.Mode) && opt.Mode != ModeTexturedWire {
		// parts of a mesh, filled: its edge list is never built (a scene's
		// would cost as much again as its triangles)
		rr.edges, rr.egroup, rr.etris = nil, nil, nil
	} else {
		rr.edges, rr.egroup = m.Edges()
		rr.etris = m.EdgeTris()
	}
	var b geom.Bounds
	if rr.parts != nil && (fills(opt.Mode) || rr.parts.wireBox) {
		b = rr.parts.Bounds
	} else {
		if rr.bMesh != m || rr.bN != len(m.Positions) {
			rr.bMesh, rr.bN, rr.bounds = m, len(m.Positions), m.Bounds()
		}
		b = rr.bounds
	}
	rr.fr = cam.Frame(b, w, h)
	st.Vertices, st.Triangles, st.Edges = len(m.Positions), m.Triangles(), len(rr.edges)
	if !finiteMat(&rr.fr.MVP) || !finiteMat(&rr.fr.View) {
		full := newBand(dst, 0, h) // a camera made of NaNs shows nothing
		full.clear(opt.Background)
		return st
	}

	st.Decimated = rr.setEdgeLook()
	rr.setPalette()
	rr.prepareFill()
	rr.unlight()
	rr.setShares()
	if rr.parts != nil && rr.fill {
		st.Vertices, st.Triangles = rr.shares.nv, rr.shares.nt
	}

	if cap(rr.verts) < len(m.Positions) {
		rr.verts = make([]vert, len(m.Positions))
	}
	rr.verts = rr.verts[:len(m.Positions)]
	rr.pool.run(rr.projectFn)
	rr.setRows(h)
	if rr.fill {
		st.Faces = rr.fillFrame()
	}
	if !rr.fill || opt.Mode == ModeTexturedWire { // an unknown mode draws the wireframe
		st.Drawn = (len(rr.edges) + rr.stride - 1) / rr.stride
		rr.drawEdges()
	}
	if opt.Points {
		rr.pool.run(rr.pointsFn)
	}

	full := newBand(dst, 0, h)
	if opt.Bounds && len(m.Positions) > 0 {
		rr.drawBox(&full, b)
	}
	if opt.Axes {
		rr.drawAxes(&full)
	}
	st.Elapsed = time.Since(t0)
	runtime.KeepAlive(r) // the cleanup must not stop the workers mid-frame
	return st
}

// drawEdges draws the wireframe: alone (wire), or over the filled frame
// (textured+wire), where edges behind the surface are left out.
func (r *renderer) drawEdges() {
	r.setFacing()
	r.setLayers(r.fr.W, r.fr.H)
	r.pool.run(r.drawFn)
	if len(r.layers) > 0 {
		r.pool.run(r.compositeFn)
	}
}

// setEdgeLook sets the edge stride (decimation: reported) and the depth
// cue for this frame.
func (r *renderer) setEdgeLook() (decimated bool) {
	r.stride = 1
	if n, most := len(r.edges), r.opt.MaxEdges; most > 0 && n > most {
		r.stride = (n + most - 1) / most
		decimated = true
	}
	if r.edgeStride > 0 { // a world's wire chunk: the whole world's stride
		r.stride, decimated = r.edgeStride, r.edgeStride > 1
	}
	span := r.fr.DepthMax - r.fr.DepthMin
	r.cue0, r.cueK = r.fr.DepthMin, 0
	if span > 0 {
		r.cueK = mgl32.Clamp(r.opt.DepthCue, 0, 1) / span
	}
	return decimated
}

var emptyMesh geom.Mesh

func finiteMat(m *mgl32.Mat4) bool {
	for _, v := range m {
		if v-v != 0 {
			return false
		}
	}
	return true
}

// setPalette fills the group colours (once per mesh and option change).
func (r *renderer) setPalette() {
	n := max(len(r.mesh.Groups), 1)
	if cap(r.palette) < n {
		r.palette = make([]ink, n)
	}
	r.palette = r.palette[:n]
	for i := range r.palette {
		c := r.opt.Color
		if c.A == 0 {
			c = DefaultOptions().Color
		}
		if r.opt.GroupColors && i < len(r.mesh.Groups) {
			c = r.mesh.Groups[i].Color
			if c.A == 0 {
				c = geom.Palette(i)
			}
		}
		r.palette[i] = toRGB(c).ink()
	}
	r.pal16 = r.pal16[:0]
	for _, c := range r.palette {
		r.pal16 = append(r.pal16, c.bytewise())
	}
}

// span returns worker w's share [lo, hi) of n items.
func (r *renderer) span(w, n int) (int, int) {
	k := r.pool.n
	return n * w / k, n * (w + 1) / k
}

// project transforms worker w's share of the vertices and notes the rows
// they reach; for the solid and textured views it also keeps each vertex's
// depth, 1/w and light. For the wire view it clears the worker's share of
// the image's rows first, so the drawing that follows is shared evenly.
func (r *renderer) project(w int) {
	if !r.fill && !r.keep {
		h := r.dst.Rect.Dy()
		bd := newBand(r.dst, h*w/r.pool.n, h*(w+1)/r.pool.n)
		bd.clear(r.opt.Background)
	}
	c := r.projConsts()
	ylo, yhi, wild := int32(math.MaxInt32), int32(math.MinInt32), false
	for _, sp := range r.shares.vert[w] {
		lo, hi := sp.First, sp.First+sp.Count
		pos := r.mesh.Positions[lo:hi]
		out := r.verts[lo:hi]
		out = out[:len(pos)]
		if !r.fill && !c.tiny { // the wire view: four at a time where it may
			n, l, h, wl := r.projectFast(pos, out, &c)
			pos, out = pos[n:], out[n:]
			ylo, yhi, wild = min(ylo, l), max(yhi, h), wild || wl
		}
		attrs, normals := r.fillShare(lo, hi)
		l, h, wl := r.projectLoop(pos, out, attrs, normals, &c)
		ylo, yhi, wild = min(ylo, l), max(yhi, h), wild || wl
	}
	r.yr[w] = yRange{lo: float32(ylo) / 256, hi: float32(yhi) / 256, wild: wild}
}

// fills reports whether mode fills triangles (solid and textured views).
func fills(mode Mode) bool {
	return mode == ModeSolid || mode == ModeTextured || mode == ModeTexturedWire
}

// projConsts are the frame's projection constants. The projection is a
// symmetric frustum or box (Proj[8], Proj[9] are zero): clip w is
// Proj[11]*z + Proj[15] and depth is -z, so each vertex costs three dot
// products and one division.
type projConsts struct {
	v                      [16]float32 // the view matrix
	fw, fh, kx, ky, ox, oy float32
	wz, ww, zz, zw, near   float32
	cue0, cueK             float32
	xe, ye                 uint32 // the rim box (rimBox)
	tiny                   bool
}

// projConsts works out the frame's projection constants.
func (r *renderer) projConsts() projConsts {
	pr := &r.fr.Proj
	fw, fh := float32(r.fr.W), float32(r.fr.H)
	c := projConsts{v: r.fr.View, fw: fw, fh: fh,
		kx: pr[0] * fw / 2, ky: -pr[5] * fh / 2, ox: pr[12] * fw / 2, oy: -pr[13] * fh / 2,
		wz: pr[11], ww: pr[15], zz: pr[10], zw: pr[14], near: r.fr.Near,
		cue0: r.cue0, cueK: r.cueK}
	c.xe, c.ye, c.tiny = rimBox(r.fr.W, r.fr.H)
	return c
}

// projectLoop projects pos into out (and attrs, normals when not nil) and
// returns the rows the sane vertices reach and whether one is not sane.
func (r *renderer) projectLoop(pos []geom.Vec3, out []vert, attrs []vattr, normals []geom.Vec3, c *projConsts) (ylo, yhi int32, wild bool) {
	v := &c.v
	v0, v1, v2, v4, v5, v6, v8, v9, v10, v12, v13, v14 := v[0], v[1], v[2], v[4], v[5], v[6], v[8], v[9], v[10], v[12], v[13], v[14]
	fw, fh, kx, ky, ox, oy := c.fw, c.fh, c.kx, c.ky, c.ox, c.oy
	wz, ww, zz, zw, near := c.wz, c.ww, c.zz, c.zw, c.near
	cue0, cueK := c.cue0, c.cueK
	xe, ye, tiny := c.xe, c.ye, c.tiny
	ylo, yhi = math.MaxInt32, math.MinInt32
	out = out[:len(pos)]
	lx, ly, lz := r.light[0], r.light[1], r.light[2]
	for i := range pos {
		p := &pos[i]
		vx := v0*p[0] + v4*p[1] + v8*p[2] + v12
		vy := v1*p[0] + v5*p[1] + v9*p[2] + v13
		vz := v2*p[0] + v6*p[1] + v10*p[2] + v14
		o := &out[i]
		if normals != nil { // careful vertices too: clipping mixes their light
			n := &normals[i]
			attrs[i].l = n[0]*lx + n[1]*ly + n[2]*lz
		}
		depth := -vz
		cw := wz*vz + ww
		if !(depth >= near && cw > 0) {
			o.x, o.y, o.a, o.code = offX, offX, 0, cBehind|cCareful
			wild = true
			continue
		}
		inv := 1 / cw
		x := fw/2 + (kx*vx+ox)*inv
		y := fh/2 + (ky*vy+oy)*inv
		if !(x > -1e5 && x < 1e5 && y > -1e5 && y < 1e5) {
			o.x, o.y, o.a, o.code = offX, offX, 0, cCareful // huge or NaN: the careful path handles it
			wild = true
			continue
		}
		xi, yi := int32(x*256), int32(y*256)
		// the depth cue, with plain comparisons (float min and max also
		// test for NaN, which cannot occur here)
		t := (depth - cue0) * cueK
		if t < 0 {
			t = 0
		}
		if t > 1 {
			t = 1
		}
		code := uint32(0)
		if tiny || uint32(xi-256) > xe || uint32(yi-256) > ye {
			code = cRim
		}
		o.x, o.y, o.a, o.code = xi, yi, int32(512-512*t), code
		ylo, yhi = min(ylo, yi), max(yhi, yi)
		if attrs != nil {
			attrs[i].z, attrs[i].iw = (zz*vz+zw)*inv, inv
		}
	}
	return ylo, yhi, wild
}

// fillShare returns the attributes and normals of vertices [lo, hi) when
// the frame fills triangles (normals only for smooth shading), else nil.
func (r *renderer) fillShare(lo, hi int) ([]vattr, []geom.Vec3) {
	if !r.fill {
		return nil, nil
	}
	attrs := r.attrs[lo:hi]
	if !r.smooth {
		return attrs, nil
	}
	return attrs, r.normals[lo:hi:hi]
}

// setRows works out the rows any edge or point may touch: those between
// the highest and lowest vertex, or all when some vertex needs clipping.
func (r *renderer) setRows(h int) {
	lo, hi := float32(math.Inf(1)), float32(math.Inf(-1))
	for _, yr := range r.yr {
		if yr.wild {
			r.rows = [2]int{0, h}
			return
		}
		lo, hi = min(lo, yr.lo), max(hi, yr.hi)
	}
	if lo > hi {
		r.rows = [2]int{0, 0}
		return
	}
	r.rows = [2]int{min(max(int(lo)-3, 0), h), min(max(int(hi)+3, 0), h)}
}

// setLayers makes the private layers of workers 1..n-1 the image's size.
func (r *renderer) setLayers(w, h int) {
	n := r.pool.n - 1
	if len(r.layers) != n {
		r.layers = make([]*image.RGBA, n)
	}
	for i, l := range r.layers {
		if l == nil || l.Rect.Dx() != w || l.Rect.Dy() != h {
			r.layers[i] = image.NewRGBA(image.Rect(0, 0, w, h))
		}
	}
}

// points draws the vertices on worker w's share of the rows, after every
// edge.
func (r *renderer) points(w int) {
	h := r.dst.Rect.Dy()
	bd := newBand(r.dst, h*w/r.pool.n, h*(w+1)/r.pool.n)
	pc := rgb{255, 236, 150}.ink()
	y0, y1 := float32(bd.y0)-1, float32(bd.y1)+1
	vs := r.verts
	for i := 0; i < len(vs); i += r.stride {
		v := &vs[i]
		if v.code&cCareful == 0 && v.fy() >= y0 && v.fy() < y1 {
			bd.dot(v.fx(), v.fy(), pc, v.a>>1)
		}
	}
}

// composite lays the layers over the image, in worker order, on worker
// w's share of the touched rows, and clears them for the next frame.
func (r *renderer) composite(w int) {
	r0, r1 := r.rows[0], r.rows[1]
	lo, hi := r0+(r1-r0)*w/r.pool.n, r0+(r1-r0)*(w+1)/r.pool.n
	dst := r.dst
	n := 4 * dst.Rect.Dx()
	for _, l := range r.layers {
		for y := lo; y < hi; y++ {
			compositeRow(dst.Pix[y*dst.Stride:y*dst.Stride+n], l.Pix[y*l.Stride:y*l.Stride+n])
		}
	}
}

// compositeRow draws the premultiplied row src over dst and zeroes src.
// An opaque pixel of dst stays opaque.
func compositeRow(dst, src []uint8) {
	n := min(len(src), len(dst)) &^ 3
	for i := 0; i < n; i += 4 {
		// most of a layer is empty: skip 32 bytes at a time
		if i&31 == 0 && i+32 <= n && binary.LittleEndian.Uint64(src[i:])|binary.LittleEndian.Uint64(src[i+8:])|
			binary.LittleEndian.Uint64(src[i+16:])|binary.LittleEndian.Uint64(src[i+24:]) == 0 {
			i += 28
			continue
		}
		s := src[i : i+4 : i+4]
		if s[0]|s[1]|s[2]|s[3] == 0 {
			continue
		}
		d := dst[i : i+4 : i+4]
		inv := overInv(uint32(s[3]))
		d[0] = uint8(uint32(d[0])*inv>>8 + uint32(s[0]))
		d[1] = uint8(uint32(d[1])*inv>>8 + uint32(s[1]))
		d[2] = uint8(uint32(d[2])*inv>>8 + uint32(s[2]))
		if da := uint32(d[3]); da != 255 { // a see-through image (render's): the layer covers it too
			d[3] = uint8(da + (uint32(s[3])*(255-da)+127)/255)
		}
		s[0], s[1], s[2], s[3] = 0, 0, 0, 0
	}
}

// overInv is 256 × (1 - a/255), the weight of what lies under alpha a.
func overInv(a uint32) uint32 { return 256 - (a + a>>7) }

// carefulEdge draws edge e when an end is behind the near plane or far off
// screen: clip in clip space first, then divide.
func (r *renderer) carefulEdge(bd *band, e int) {
	ed := r.edges[e]
	p := r.mesh.Positions
	g := 0
	if int(r.egroup[e]) < len(r.palette) {
		g = int(r.egroup[e])
	}
	r.segment(bd, mgl32.Vec3(p[ed.A]), mgl32.Vec3(p[ed.B]), r.palette[g], 1)
}

// segment draws a world-space segment with near-plane clipping and depth
// cueing, at brightness k.
func (r *renderer) segment(bd *band, a, b mgl32.Vec3, c ink, k float32) {
	m := &r.fr.MVP
	ca, cb := m.Mul4x1(a.Vec4(1)), m.Mul4x1(b.Vec4(1))
	// f(t) = z + w >= 0 is in front of the near plane
	fa, fb := float64(ca[2]+ca[3]), float64(cb[2]+cb[3])
	if !(fa >= 0 || fb >= 0) { // both behind, or NaN
		return
	}
	ta, tb := 0.0, 1.0
	if fa < 0 {
		ta = fa / (fa - fb)
	} else if fb < 0 {
		tb = fa / (fa - fb)
	}
	pt := func(t float64) (x, y, depth float64, ok bool) {
		var q [4]float64
		for i := range q {
			q[i] = float64(ca[i]) + (float64(cb[i])-float64(ca[i]))*t
		}
		if !(q[3] > 1e-12) {
			return 0, 0, 0, false
		}
		pa := a.Add(b.Sub(a).Mul(float32(t)))
		v := r.fr.View.Mul4x1(pa.Vec4(1))
		return (q[0]/q[3]*0.5 + 0.5) * float64(r.fr.W), (0.5 - q[1]/q[3]*0.5) * float64(r.fr.H), float64(-v[2]), true
	}
	x0, y0, d0, ok0 := pt(ta)
	x1, y1, d1, ok1 := pt(tb)
	if !ok0 || !ok1 {
		return
	}
	// Clip in float64 to a generous box, so float32 drawing stays exact.
	lim := 4.0 * float64(max(r.fr.W, r.fr.H)+4)
	if !clipSeg64(&x0, &y0, &x1, &y1, -lim, -lim, lim, lim) {
		return
	}
	cue := 1 - mgl32.Clamp((float32((d0+d1)/2)-r.cue0)*r.cueK, 0, 1)
	bd.line(float32(x0), float32(y0), float32(x1), float32(y1), c, int32(cue*k*256))
}

func clipSeg64(x0, y0, x1, y1 *float64, xmin, ymin, xmax, ymax float64) bool {
	if math.IsNaN(*x0 + *y0 + *x1 + *y1) {
		return false
	}
	t0, t1 := 0.0, 1.0
	dx, dy := *x1-*x0, *y1-*y0
	for _, pq := range [4][2]float64{{-dx, *x0 - xmin}, {dx, xmax - *x0}, {-dy, *y0 - ymin}, {dy, ymax - *y0}} {
		p, q := pq[0], pq[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	ox, oy := *x0, *y0
	*x0, *y0, *x1, *y1 = ox+t0*dx, oy+t0*dy, ox+t1*dx, oy+t1*dy
	return true
}

// outlineBox draws the twelve edges of box b over dst, seen as the last
// frame saw the world (a selected instance's box).
func (r *Renderer) outlineBox(dst *image.RGBA, b geom.Bounds) {
	full := newBand(dst, 0, dst.Rect.Dy())
	r.renderer.drawBox(&full, b)
}

// drawBox draws the bounding box's twelve edges.
func (r *renderer) drawBox(bd *band, b geom.Bounds) {
	c := rgb{230, 200, 90}.ink()
	corner := func(i int) mgl32.Vec3 {
		var p mgl32.Vec3
		for k := 0; k < 3; k++ {
			if i>>k&1 == 0 {
				p[k] = b.Min[k]
			} else {
				p[k] = b.Max[k]
			}
		}
		return p
	}
	for i := 0; i < 8; i++ {
		for k := 0; k < 3; k++ {
			if j := i | 1<<k; j != i {
				r.segment(bd, corner(i), corner(j), c, 0.8)
			}
		}
	}
}

// drawAxes draws the world axes as seen by the camera, X red, Y green,
// Z blue, with letters, in the lower left corner.
func (r *renderer) drawAxes(bd *band) {
	size := float32(min(r.fr.W, r.fr.H)) / 12
	size = mgl32.Clamp(size, 8, 40)
	ox, oy := size*1.4, float32(r.fr.H)-size*1.4
	cols := [3]rgb{{235, 80, 80}, {90, 220, 90}, {90, 140, 255}}
	v := r.fr.View
	for k := 0; k < 3; k++ {
		// the view rotation's column k is where world axis k points
		dx, dy, dz := v[k*4+0], v[k*4+1], v[k*4+2]
		ex, ey := ox+dx*size, oy-dy*size
		alpha := float32(1)
		if dz < -0.2 { // pointing away
			alpha = 0.55
		}
		bd.line(ox, oy, ex, ey, cols[k].ink(), int32(alpha*256))
		bd.line(ox+0.6, oy, ex+0.6, ey, cols[k].ink(), int32(alpha*128))
		lx, ly := ox+dx*size*1.3, oy-dy*size*1.3
		drawGlyph(bd, int(lx)-1, int(ly)-2, k, cols[k])
	}
}

// glyphs are 3×5 bitmaps of X, Y and Z (bit 2 is the left column).
var glyphs = [3][5]uint8{
	{5, 5, 2, 5, 5},
	{5, 5, 2, 2, 2},
	{7, 1, 2, 4, 7},
}

func drawGlyph(bd *band, x, y, k int, c rgb) {
	for row := 0; row < 5; row++ {
		for col := 0; col < 3; col++ {
			if glyphs[k][row]>>(2-col)&1 == 0 {
				continue
			}
			px, py := x+col, y+row
			if px >= 0 && px < bd.w && py >= bd.y0 && py < bd.y1 {
				bd.blend(px, py, c.ink(), 256)
			}
		}
	}
}
