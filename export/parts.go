package export

import (
	"image/color"
	"math"
	"strconv"

	"rummage/formats/geom"
)

// yUp returns p in the Y-up frame that OBJ and glTF readers expect: Z-up
// meshes turn (x, y, z) into (x, z, -y), a rotation, so the winding stays.
// Non-finite coordinates become 0.
func yUp(p geom.Vec3, up geom.Up) geom.Vec3 {
	for i, v := range p {
		if v-v != 0 {
			p[i] = 0
		}
	}
	if up == geom.ZUp {
		return geom.Vec3{p[0], p[2], -p[1]}
	}
	return p
}

// unitNormal returns n turned Y-up and scaled to unit length; a zero or
// non-finite normal becomes the up axis (readers refuse normals that are
// not unit vectors).
func unitNormal(n geom.Vec3, up geom.Up) geom.Vec3 {
	n = yUp(n, up)
	l := math.Sqrt(float64(n[0])*float64(n[0]) + float64(n[1])*float64(n[1]) + float64(n[2])*float64(n[2]))
	if l == 0 || math.IsInf(l, 0) {
		return geom.Vec3{0, 1, 0}
	}
	return geom.Vec3{float32(float64(n[0]) / l), float32(float64(n[1]) / l), float32(float64(n[2]) / l)}
}

// part is a run of triangles written as one OBJ object or glTF primitive.
type part struct {
	name     string
	material int // index into the material list
	lines    bool
	tris     []int32 // triangle numbers
}

// material is one entry of the MTL file or the glTF material list.
type material struct {
	name string // unique in the list
	surf surface
	hint bool // the group has no Surface: surf is its colour hint, two-sided
}

// splitParts assigns every valid triangle to its first group (or to a
// part named after the node when no group holds it) and lists the
// materials: one per group Surface, and one per distinct material name (or
// group name) of the groups without one; names are made unique.
func splitParts(m *geom.Mesh, name string) ([]part, []material) {
	owner := triOwners(m)
	ml := newMaterialList(m)
	parts := make([]part, len(m.Groups))
	for gi, g := range m.Groups {
		gn := g.Name
		if gn == "" {
			gn = "group" + strconv.Itoa(gi)
		}
		parts[gi] = part{name: gn, material: ml.of(g, gi), lines: g.Lines}
	}
	rest := part{name: name, material: -1}
	nv := uint32(len(m.Positions))
	valid := func(t int) bool {
		return m.Indices[3*t] < nv && m.Indices[3*t+1] < nv && m.Indices[3*t+2] < nv
	}
	// each part's triangle list sized to its count, all in one array
	count := make([]int, len(m.Groups)+1) // the last: in no group
	total := 0
	for t := range m.Triangles() {
		if valid(t) {
			count[int(owner[t]+int32(len(count)))%len(count)]++
			total++
		}
	}
	all := make([]int32, total)
	for gi := range parts {
		parts[gi].tris, all = all[:0:count[gi]], all[count[gi]:]
	}
	rest.tris = all[:0:count[len(m.Groups)]]
	for t := 0; t < m.Triangles(); t++ {
		if !valid(t) {
			continue
		}
		if o := owner[t]; o >= 0 {
			parts[o].tris = append(parts[o].tris, int32(t))
		} else {
			rest.tris = append(rest.tris, int32(t))
		}
	}
	if len(rest.tris) > 0 {
		grey := surface{color: color.NRGBA{204, 204, 204, 255}, twoSided: true} // 0.8
		rest.material = ml.add("default", material{surf: grey, hint: true})
		parts = append(parts, rest)
	}
	out := parts[:0]
	for _, p := range parts {
		if len(p.tris) > 0 {
			out = append(out, p)
		}
	}
	return out, ml.list
}

// triOwners returns the group of every triangle (the first group holding
// it), -1 for none.
func triOwners(m *geom.Mesh) []int32 {
	nt := m.Triangles()
	owner := make([]int32, nt)
	for i := range owner {
		owner[i] = -1
	}
	for gi := len(m.Groups) - 1; gi >= 0; gi-- {
		g := m.Groups[gi]
		if g.FirstTri < 0 || g.TriCount <= 0 || g.FirstTri >= nt {
			continue
		}
		for t := g.FirstTri; t < min(nt, g.FirstTri+g.TriCount); t++ {
			owner[t] = int32(gi)
		}
	}
	return owner
}

// materialList builds the material list of splitParts.
type materialList struct {
	m      *geom.Mesh
	list   []material
	byName map[string]int         // materials without a Surface, by name
	bySurf map[*geom.Material]int // materials with one
	names  map[string]bool        // names taken, lower case
	cache  map[texKey]*texImage
}

func newMaterialList(m *geom.Mesh) *materialList {
	return &materialList{m: m, byName: map[string]int{}, bySurf: map[*geom.Material]int{}, names: map[string]bool{}, cache: map[texKey]*texImage{}}
}

// of returns the material of group g (number gi), adding it when new.
func (ml *materialList) of(g geom.Group, gi int) int {
	mn := g.Material
	if mn == "" {
		mn = g.Name
	}
	if mn == "" {
		mn = "group" + strconv.Itoa(gi)
	}
	if g.Surface != nil {
		if i, ok := ml.bySurf[g.Surface]; ok {
			return i
		}
		i := ml.add(mn, material{surf: newSurface(ml.m, g.Surface, ml.cache)})
		ml.bySurf[g.Surface] = i
		return i
	}
	if i, ok := ml.byName[mn]; ok {
		return i
	}
	i := ml.add(mn, material{surf: surface{color: hintColor(g, gi), twoSided: true}, hint: true})
	ml.byName[mn] = i
	return i
}

// add appends mt named name (or name_2, name_3, … when taken, compared
// as OBJ names without case) and returns its index.
func (ml *materialList) add(name string, mt material) int {
	mt.name = name
	for i := 2; ml.names[lowerOBJ(mt.name)]; i++ {
		mt.name = name + "_" + strconv.Itoa(i)
	}
	ml.names[lowerOBJ(mt.name)] = true
	ml.list = append(ml.list, mt)
	return len(ml.list) - 1
}

// distinct returns the triangle's vertices without repeats, in order.
func distinct(tri []uint32) []uint32 {
	out := []uint32{tri[0]}
	for _, v := range tri[1:] {
		if v != out[len(out)-1] && v != out[0] {
			out = append(out, v)
		}
	}
	return out
}
