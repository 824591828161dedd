package col

import (
	"image/color"
	"math"
	"sort"
	"strconv"

	"rummage/formats/geom"
)

// Sphere tessellation: rings from pole to pole and segments round.
const (
	sphereRings    = 6
	sphereSegments = 10
)

// SurfaceColor is the colour a surface material is drawn in (the same
// material always gets the same colour).
func SurfaceColor(material uint8) color.NRGBA { return geom.Palette(int(material)) }

// SurfaceName names a surface material's group: "surface N".
func SurfaceName(material uint8) string { return "surface " + strconv.Itoa(int(material)) }

// ShadowGroup is the name of the shadow mesh's group.
const ShadowGroup = "shadow mesh"

// shadowColor is the shadow mesh's outline colour.
var shadowColor = color.NRGBA{40, 40, 48, 255}

// tris collects triangles per surface material.
type tris struct {
	pos   []geom.Vec3
	byMat map[uint8][]uint32
}

func (t *tris) vertex(p geom.Vec3) uint32 {
	t.pos = append(t.pos, p)
	return uint32(len(t.pos) - 1)
}

func (t *tris) add(mat uint8, a, b, c uint32) {
	t.byMat[mat] = append(t.byMat[mat], a, b, c)
}

// Mesh builds the model's geometry for drawing and export, Z up: its
// faces, spheres (as round meshes) and boxes, one group per surface
// material in material order ("surface N", drawn two-sided in
// SurfaceColor(N)), then the shadow mesh as one outline group
// (ShadowGroup).
func (m *Model) Mesh() *geom.Mesh {
	t := &tris{byMat: map[uint8][]uint32{}}
	base := uint32(0)
	t.pos = append(t.pos, m.Vertices...)
	for _, f := range m.Faces {
		t.add(f.Surface.Material, base+f.A, base+f.B, base+f.C)
	}
	for _, s := range m.Spheres {
		t.sphere(s)
	}
	for _, b := range m.Boxes {
		t.box(b)
	}
	out := &geom.Mesh{Up: geom.ZUp}
	mats := make([]int, 0, len(t.byMat))
	for k := range t.byMat {
		mats = append(mats, int(k))
	}
	sort.Ints(mats)
	for _, k := range mats {
		mat := uint8(k)
		c := SurfaceColor(mat)
		idx := t.byMat[mat]
		out.Groups = append(out.Groups, geom.Group{Name: SurfaceName(mat), Material: "surface_" + strconv.Itoa(k), FirstTri: len(out.Indices) / 3, TriCount: len(idx) / 3,
			Color: c, Surface: &geom.Material{Color: c, TwoSided: true}})
		out.Indices = append(out.Indices, idx...)
	}
	m.addShadow(t, out)
	out.Positions = t.pos
	return out
}

// addShadow appends the shadow mesh's edges as an outline group.
func (m *Model) addShadow(t *tris, out *geom.Mesh) {
	if len(m.ShadowFaces) == 0 {
		return
	}
	base := uint32(len(t.pos))
	t.pos = append(t.pos, m.ShadowVertices...)
	first := len(out.Indices) / 3
	for _, f := range m.ShadowFaces {
		a, b, c := base+f.A, base+f.B, base+f.C
		out.Indices = append(out.Indices, a, b, b, b, c, c, c, a, a)
	}
	out.Groups = append(out.Groups, geom.Group{Name: ShadowGroup, Material: "shadow", FirstTri: first, TriCount: len(out.Indices)/3 - first, Color: shadowColor, Lines: true})
}

// sphere adds a sphere: rings of segments between two poles.
func (t *tris) sphere(s Sphere) {
	ring := func(i int) (z, r float64) {
		a := math.Pi * float64(i) / sphereRings
		return math.Cos(a), math.Sin(a)
	}
	top := t.vertex(geom.Vec3{s.Center[0], s.Center[1], s.Center[2] + s.Radius})
	rows := make([]uint32, 0, (sphereRings-1)*sphereSegments)
	for i := 1; i < sphereRings; i++ {
		z, r := ring(i)
		for j := 0; j < sphereSegments; j++ {
			a := 2 * math.Pi * float64(j) / sphereSegments
			p := geom.Vec3{s.Center[0] + s.Radius*float32(r*math.Cos(a)), s.Center[1] + s.Radius*float32(r*math.Sin(a)), s.Center[2] + s.Radius*float32(z)}
			rows = append(rows, t.vertex(p))
		}
	}
	bottom := t.vertex(geom.Vec3{s.Center[0], s.Center[1], s.Center[2] - s.Radius})
	at := func(i, j int) uint32 { return rows[i*sphereSegments+(j%sphereSegments)] }
	mat := s.Surface.Material
	for j := 0; j < sphereSegments; j++ {
		t.add(mat, top, at(0, j), at(0, j+1))
		t.add(mat, bottom, at(sphereRings-2, j+1), at(sphereRings-2, j))
		for i := 0; i+1 < sphereRings-1; i++ {
			t.add(mat, at(i, j), at(i+1, j), at(i+1, j+1))
			t.add(mat, at(i, j), at(i+1, j+1), at(i, j+1))
		}
	}
}

// box adds a box's 12 triangles, facing out.
func (t *tris) box(b Box) {
	lo, hi := b.Min, b.Max
	var c [8]uint32
	for i := range c {
		p := lo
		if i&1 != 0 {
			p[0] = hi[0]
		}
		if i&2 != 0 {
			p[1] = hi[1]
		}
		if i&4 != 0 {
			p[2] = hi[2]
		}
		c[i] = t.vertex(p)
	}
	mat := b.Surface.Material
	for _, q := range [6][4]int{{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}} {
		t.add(mat, c[q[0]], c[q[1]], c[q[2]])
		t.add(mat, c[q[0]], c[q[2]], c[q[3]])
	}
}
