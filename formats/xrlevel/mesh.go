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

// meshBuilder appends visuals to a mesh.
type meshBuilder struct {
	lv     *Level
	m      *geom.Mesh
	budget int  // positions + indices allowed
	cut    bool // the budget stopped the mesh short
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
	first := uint32(len(b.m.Positions))
	for k := 0; k < count; k++ {
		p := vb.Position(base + k)
		if v.Xform != nil {
			p = xform(v.Xform, p)
		}
		b.m.Positions = append(b.m.Positions, p)
	}
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

func xform(m *[16]float32, p geom.Vec3) geom.Vec3 {
	return geom.Vec3{
		p[0]*m[0] + p[1]*m[4] + p[2]*m[8] + m[12],
		p[0]*m[1] + p[1]*m[5] + p[2]*m[9] + m[13],
		p[0]*m[2] + p[1]*m[6] + p[2]*m[10] + m[14],
	}
}

// visuals appends the given visuals grouped by base texture, each group
// named prefix+texture.
func (b *meshBuilder) visuals(list []*Visual, prefix string, col color.NRGBA) {
	var order []string
	by := map[string][]*Visual{}
	for _, v := range list {
		if len(b.lv.visualIndices(v)) == 0 {
			continue
		}
		t := b.lv.BaseTexture(v)
		if _, ok := by[t]; !ok {
			order = append(order, t)
		}
		by[t] = append(by[t], v)
	}
	for _, t := range order {
		g := geom.Group{Name: prefix + t, FirstTri: b.m.Triangles(), Color: col, Material: t}
		if t == "" {
			g.Name = prefix + "untextured"
		}
		for _, v := range by[t] {
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
// visual below it.
func (lv *Level) VisualMesh(i int) (*geom.Mesh, error) {
	if i < 0 || i >= len(lv.Visuals) {
		return nil, fmt.Errorf("visual %d out of range (%d visuals)", i, len(lv.Visuals))
	}
	if err := lv.subtreeErr(i); err != nil {
		return nil, err
	}
	b := newBuilder(lv)
	b.visuals(lv.subtree(i), "", color.NRGBA{})
	return b.m, nil
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
	return b.m, nil
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
	return b.m
}

// CFormMesh returns the collision mesh grouped by sector ("sector N"), with
// the portals as outlines.
func (lv *Level) CFormMesh() (*geom.Mesh, error) {
	cf := lv.CForm
	if cf == nil {
		return nil, fmt.Errorf("the level has no collision mesh")
	}
	m := &geom.Mesh{Up: geom.YUp, Positions: append([]geom.Vec3(nil), cf.Verts...)}
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
	b := &meshBuilder{lv: lv, m: m, budget: lv.meshBudget() + len(m.Positions) + len(m.Indices)}
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
	return b.m
}

func sortU16(s []uint16) { sort.Slice(s, func(i, j int) bool { return s[i] < s[j] }) }
