package xrlevel

import (
	"fmt"
	"image/color"
	"math"
	"sort"

	"rummage/formats/geom"
)

// MaxDepth caps hierarchy walks (cycles are cut by a visited set as well).
const MaxDepth = 64

// SectorColor returns a distinct colour for sector i (golden-angle hues).
func SectorColor(i int) color.NRGBA {
	h := math.Mod(float64(i)*0.618033988749895, 1)
	return hsv(h, 0.65, 0.95)
}

func hsv(h, s, v float64) color.NRGBA {
	i := int(h * 6)
	f := h*6 - float64(i)
	p, q, t := v*(1-s), v*(1-f*s), v*(1-(1-f)*s)
	var r, g, b float64
	switch i % 6 {
	case 0:
		r, g, b = v, t, p
	case 1:
		r, g, b = q, v, p
	case 2:
		r, g, b = p, v, t
	case 3:
		r, g, b = p, q, v
	case 4:
		r, g, b = t, p, v
	default:
		r, g, b = v, p, q
	}
	return color.NRGBA{uint8(r * 255), uint8(g * 255), uint8(b * 255), 255}
}

// Walk calls fn for root and every visual below it (depth first, each
// visual once, depth capped), and returns the number visited.
func (lv *Level) Walk(root int, fn func(v *Visual)) int {
	return lv.walk(root, nil, -1, fn)
}

// walk is Walk that does not enter visuals for which skip returns true and
// stops after budget visits (no limit when budget < 0).
func (lv *Level) walk(root int, skip func(i int) bool, budget int, fn func(v *Visual)) int {
	seen := map[int]bool{}
	n := 0
	var rec func(i, depth int)
	rec = func(i, depth int) {
		if i < 0 || i >= len(lv.Visuals) || seen[i] || depth > MaxDepth || (budget >= 0 && n >= budget) {
			return
		}
		if skip != nil && skip(i) {
			return
		}
		seen[i] = true
		n++
		v := lv.Visuals[i]
		fn(v)
		for _, c := range v.Children {
			rec(c, depth+1)
		}
	}
	rec(root, 0)
	return n
}

// meshBudget caps the positions plus indices one mesh may hold: a small
// multiple of the level's decoded bytes, so that visuals sharing one
// vertex or index range many times cannot blow a small file up.
func (lv *Level) meshBudget() int {
	return int(min(4*lv.dataBytes+1<<20, 1<<28))
}

// meshBuilder appends visuals to a mesh, with their normals, diffuse and
// lightmap UVs and vertex colours in lists beside the positions.
type meshBuilder struct {
	lv     *Level
	m      *geom.Mesh
	budget int  // positions + indices allowed
	cut    bool // the budget stopped the mesh short
	// positionsOnly builds positions and indices alone (the collision
	// mesh): pad adds no attributes.
	positionsOnly bool

	normals  []geom.Vec3
	hasN     []bool // the vertex's normal came from its buffer
	nNormals int
	uv, lmap []geom.Vec2
	nUV      int
	nLmap    int
	colors   []color.NRGBA
	nColors  int
	joints   [][4]uint16 // the bone links of skinned vertices (weight 1 on bone 0 for others)
	weights  [][4]float32
	nLinks   int
}

func newBuilder(lv *Level) *meshBuilder {
	return &meshBuilder{lv: lv, m: &geom.Mesh{Up: geom.YUp}, budget: lv.meshBudget()}
}

// room reports whether n more positions and indices fit the budget.
func (b *meshBuilder) room(n int) bool {
	if len(b.m.Positions)+len(b.m.Indices)+n > b.budget {
		b.cut = true
		return false
	}
	return true
}

// pad gives the positions added without attributes (portal outlines)
// default ones: no normal, UV (0, 0), white.
func (b *meshBuilder) pad() {
	if b.positionsOnly {
		return
	}
	for len(b.normals) < len(b.m.Positions) {
		b.normals = append(b.normals, geom.Vec3{})
		b.hasN = append(b.hasN, false)
		b.uv = append(b.uv, geom.Vec2{})
		b.lmap = append(b.lmap, geom.Vec2{})
		b.colors = append(b.colors, color.NRGBA{255, 255, 255, 255})
		b.joints, b.weights = append(b.joints, [4]uint16{}), append(b.weights, [4]float32{1})
	}
}

// visual appends v's own triangles and returns how many it added.
func (b *meshBuilder) visual(v *Visual) int {
	idx := b.lv.visualIndices(v)
	vb, base, count := b.lv.vertexSource(v)
	if len(idx) < 3 || vb == nil {
		return 0
	}
	if base < 0 || base > vb.Count {
		return 0
	}
	count = min(count, vb.Count-base)
	// Only the vertices up to the highest index are copied.
	hi := 0
	for _, i := range idx {
		hi = max(hi, int(i)+1)
	}
	count = min(count, hi)
	if !b.room(count + len(idx)) {
		return 0
	}
	data := vb.Bytes()
	if data == nil {
		return 0
	}
	b.pad()
	first := uint32(len(b.m.Positions))
	for k := 0; k < count; k++ {
		p := vb.Format.position(data, base+k)
		if v.Xform != nil {
			p = xform(v.Xform, p)
		}
		b.m.Positions = append(b.m.Positions, p)
	}
	b.attributes(v, vb, data, base, count)
	n := 0
	for t := 0; t+2 < len(idx); t += 3 {
		a, c, d := int(idx[t]), int(idx[t+1]), int(idx[t+2])
		if a >= count || c >= count || d >= count {
			continue
		}
		b.m.Indices = append(b.m.Indices, first+uint32(a), first+uint32(c), first+uint32(d))
		n++
	}
	return n
}

// attributes appends the normals, UVs and colours of vertices base..
// base+count of vb. The diffuse UVs are the set of the visual's base
// texture and the lightmap UVs that of its lightmap (UV set k belongs to
// element k of the texture list).
func (b *meshBuilder) attributes(v *Visual, vb *VertexBuffer, data []byte, base, count int) {
	r := newVertexReader(&vb.Format, b.lv.Version)
	diffuse, light := b.lv.uvSets(v)
	for k := 0; k < count; k++ {
		raw := vb.vertexIn(data, base+k)
		n, okN := r.Normal(raw)
		if okN && v.Xform != nil {
			n = transformNormal(v.Xform, n)
		}
		uv, okUV := r.UV(raw, diffuse)
		lm, okL := r.UV(raw, light)
		c, okC := r.Color(raw)
		if !okC {
			c = color.NRGBA{255, 255, 255, 255}
		}
		b.normals, b.hasN = append(b.normals, n), append(b.hasN, okN)
		b.uv, b.lmap, b.colors = append(b.uv, uv), append(b.lmap, lm), append(b.colors, c)
		b.nNormals += b2i(okN)
		b.nUV += b2i(okUV)
		b.nLmap += b2i(okL)
		b.nColors += b2i(okC)
		j, w, _, okJ := vb.Links(base + k)
		if !okJ {
			w = [4]float32{1}
		}
		b.joints, b.weights = append(b.joints, j), append(b.weights, w)
		b.nLinks += b2i(okJ)
	}
}

func b2i(ok bool) int {
	if ok {
		return 1
	}
	return 0
}

// finish sets the mesh's attribute lists: each only when some vertex has
// it. Vertices without a stored normal get the smooth normal of the
// triangles around them.
func (b *meshBuilder) finish() *geom.Mesh {
	b.lv.dropPayloads() // the buffers unpacked for the mesh are not kept
	b.pad()
	m := b.m
	if b.nNormals > 0 {
		m.Normals = b.normals
		if b.nNormals < len(b.normals) {
			smooth := m.SmoothNormals()
			for i, ok := range b.hasN {
				if !ok {
					m.Normals[i] = smooth[i]
				}
			}
		}
	}
	if b.nUV > 0 {
		m.UVs = [][]geom.Vec2{b.uv}
		if b.nLmap > 0 {
			m.UVs = append(m.UVs, b.lmap)
		}
	}
	if b.nColors > 0 {
		m.Colors = b.colors
	}
	if b.nLinks > 0 {
		m.Skin = &geom.Skin{Joints: b.joints, Weights: b.weights} // the model adds its skeleton
	}
	return m
}

func xform(m *[16]float32, p geom.Vec3) geom.Vec3 {
	return geom.Vec3{
		p[0]*m[0] + p[1]*m[4] + p[2]*m[8] + m[12],
		p[0]*m[1] + p[1]*m[5] + p[2]*m[9] + m[13],
		p[0]*m[2] + p[1]*m[6] + p[2]*m[10] + m[14],
	}
}

// visuals appends the given visuals grouped by base texture and shader,
// each group named prefix+texture (with the shader in brackets when one
// texture goes with several shaders) and carrying their material.
func (b *meshBuilder) visuals(list []*Visual, prefix string, col color.NRGBA) {
	var order []matKey
	by := map[matKey][]*Visual{}
	shaders := map[string]int{}
	for _, v := range list {
		if b.lv.indexCount(v) == 0 {
			continue
		}
		k := b.lv.surface(v)
		if _, ok := by[k]; !ok {
			order = append(order, k)
			shaders[k.texture]++
		}
		by[k] = append(by[k], v)
	}
	for _, k := range order {
		g := geom.Group{Name: prefix + k.texture, FirstTri: b.m.Triangles(), Color: col, Material: k.texture,
			Surface: b.lv.material(k)}
		if k.texture == "" {
			g.Name = prefix + "untextured"
		}
		if shaders[k.texture] > 1 {
			g.Name += " [" + k.shader + "]"
		}
		for _, v := range by[k] {
			g.TriCount += b.visual(v)
		}
		if g.TriCount > 0 {
			b.m.Groups = append(b.m.Groups, g)
		}
	}
}

// subtree lists root and the visuals below it.
func (lv *Level) subtree(root int) []*Visual {
	var out []*Visual
	lv.Walk(root, func(v *Visual) { out = append(out, v) })
	return out
}

// outlines appends portal polygons as line groups ((a,b,b) triangles).
func (b *meshBuilder) outlines(name string, portals []int, col color.NRGBA) {
	g := geom.Group{Name: name, FirstTri: b.m.Triangles(), Color: col, Lines: true}
	for _, pi := range portals {
		if pi < 0 || pi >= len(b.lv.Portals) {
			continue
		}
		vs := b.lv.Portals[pi].Used()
		if len(vs) < 2 || !b.room(4*len(vs)) {
			continue
		}
		b.pad()
		first := uint32(len(b.m.Positions))
		b.m.Positions = append(b.m.Positions, vs...)
		for k := range vs {
			a, c := first+uint32(k), first+uint32((k+1)%len(vs))
			b.m.Indices = append(b.m.Indices, a, c, c)
			g.TriCount++
		}
	}
	if g.TriCount > 0 {
		b.m.Groups = append(b.m.Groups, g)
	}
}

var portalColor = color.NRGBA{255, 255, 255, 255}

// VisualMesh returns the mesh of one visual and, for a hierarchy, every
// visual below it (without bone links: a stand-alone model adds them with
// its skeleton).
func (lv *Level) VisualMesh(i int) (*geom.Mesh, error) {
	m, err := lv.visualMesh(i)
	if m != nil {
		m.Skin = nil
	}
	return m, err
}

// visualMesh is VisualMesh with the bone links the skinned vertices carry
// (a Skin without its skeleton).
func (lv *Level) visualMesh(i int) (*geom.Mesh, error) {
	if i < 0 || i >= len(lv.Visuals) {
		return nil, fmt.Errorf("visual %d out of range (%d visuals)", i, len(lv.Visuals))
	}
	if err := lv.subtreeErr(i); err != nil {
		return nil, err
	}
	b := newBuilder(lv)
	b.visuals(lv.subtree(i), "", color.NRGBA{})
	return b.finish(), nil
}

// SectorMesh returns a sector's geometry (its root visual's subtree) and
// its portals as outlines.
func (lv *Level) SectorMesh(i int) (*geom.Mesh, error) {
	if i < 0 || i >= len(lv.Sectors) {
		return nil, fmt.Errorf("sector %d out of range (%d sectors)", i, len(lv.Sectors))
	}
	s := lv.Sectors[i]
	if err := lv.subtreeErr(s.Root); err != nil {
		return nil, err
	}
	b := newBuilder(lv)
	b.visuals(lv.subtree(s.Root), "", SectorColor(i))
	var ps []int
	for _, p := range s.Portals {
		ps = append(ps, int(p))
	}
	b.outlines("portals", ps, portalColor)
	return b.finish(), nil
}

// LevelMesh returns the whole level: each sector's visuals grouped by
// texture ("sector N/texture"), then visuals no sector reaches, then the
// portals as outlines.
func (lv *Level) LevelMesh() *geom.Mesh {
	b := newBuilder(lv)
	reached := make([]bool, len(lv.Visuals))
	isReached := func(i int) bool { return reached[i] }
	for _, s := range lv.Sectors {
		// A visual reached before had its subtree walked then: the walk
		// stops there, so the whole loop visits each visual once.
		var fresh []*Visual
		lv.walk(s.Root, isReached, -1, func(v *Visual) { fresh = append(fresh, v) })
		for _, v := range fresh {
			reached[v.Index] = true
		}
		b.visuals(fresh, fmt.Sprintf("sector %d/", s.Index), SectorColor(s.Index))
	}
	// Visuals no sector reaches: only roots of their own subtrees (a
	// visual that is some other visual's child is drawn with its parent).
	child := make([]bool, len(lv.Visuals))
	for _, v := range lv.Visuals {
		for _, c := range v.Children {
			if c >= 0 && c < len(child) {
				child[c] = true
			}
		}
	}
	var rest []*Visual
	for i := range lv.Visuals {
		if reached[i] || child[i] {
			continue
		}
		lv.walk(i, isReached, -1, func(w *Visual) {
			reached[w.Index] = true
			rest = append(rest, w)
		})
	}
	b.visuals(rest, "unsectored/", color.NRGBA{160, 160, 160, 255})
	ps := make([]int, len(lv.Portals))
	for i := range ps {
		ps[i] = i
	}
	b.outlines("portals", ps, portalColor)
	return b.finish()
}

// CFormMesh returns the collision mesh grouped by sector ("sector N"), with
// the portals as outlines.
func (lv *Level) CFormMesh() (*geom.Mesh, error) {
	if lv.CForm == nil {
		return nil, fmt.Errorf("the level has no collision mesh")
	}
	cf, err := lv.CForm.Load()
	lv.dropPayloads() // the arrays are read: the chunk is not needed
	if err != nil {
		return nil, err
	}
	verts := cf.Verts
	if cf == lv.CForm { // made in memory: the mesh gets its own copy
		verts = append([]geom.Vec3(nil), verts...)
	}
	m := &geom.Mesh{Up: geom.YUp, Positions: verts}
	nv := uint32(len(cf.Verts))
	// counting sort by sector
	bySector := map[uint16][]int{}
	var order []uint16
	for i, t := range cf.Tris {
		if t.V[0] >= nv || t.V[1] >= nv || t.V[2] >= nv {
			continue
		}
		if _, ok := bySector[t.Sector]; !ok {
			order = append(order, t.Sector)
		}
		bySector[t.Sector] = append(bySector[t.Sector], i)
	}
	sortU16(order)
	for _, s := range order {
		g := geom.Group{Name: fmt.Sprintf("sector %d", s), FirstTri: m.Triangles(), Color: SectorColor(int(s)), Material: fmt.Sprintf("cform_sector_%d", s)}
		for _, ti := range bySector[s] {
			t := cf.Tris[ti]
			m.Indices = append(m.Indices, t.V[0], t.V[1], t.V[2])
			g.TriCount++
		}
		m.Groups = append(m.Groups, g)
	}
	// Only positions: no attribute lists padded to the collision vertices.
	b := &meshBuilder{lv: lv, m: m, budget: lv.meshBudget() + len(m.Positions) + len(m.Indices), positionsOnly: true}
	ps := make([]int, len(lv.Portals))
	for i := range ps {
		ps[i] = i
	}
	b.outlines("portals", ps, portalColor)
	return m, nil
}

// PortalMesh returns the portals as outlines.
func (lv *Level) PortalMesh() *geom.Mesh {
	b := newBuilder(lv)
	ps := make([]int, len(lv.Portals))
	for i := range ps {
		ps[i] = i
	}
	b.outlines("portals", ps, portalColor)
	return b.finish()
}

func sortU16(s []uint16) { sort.Slice(s, func(i, j int) bool { return s[i] < s[j] }) }
