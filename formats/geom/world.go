package geom

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// World is a set of placed models, a map section: each model once, each
// instance a matrix placing one of them, with what drawing at a distance
// needs (draw distances and low-detail stand-ins). The renderer draws it
// (preview.WorldView), glTF writes each model once and a node per
// instance.
type World struct {
	Name      string
	Up        Up
	Models    []WorldModel
	Instances []Instance
}

// WorldModel is one model of a world.
type WorldModel struct {
	Name string
	// Mesh is the model in its own frame; a missing model has a box in
	// the warning colour instead (MissingBox), so it is seen and counted.
	Mesh    *Mesh
	Missing bool
	Bounds  Bounds // Mesh's bounds, computed once
}

// Instance is one placed model.
type Instance struct {
	Model    int        // index in World.Models
	Matrix   mgl32.Mat4 // model to world
	LOD      int        // index of its low-detail instance, -1 for none
	IsLOD    bool       // some instance names this one as its LOD
	DrawDist float32    // how far away the game still draws it (0: unknown)
	Bounds   Bounds     // the model's bounds placed, as a box in the world
}

// Warning is the colour of missing models.
var Warning = color.NRGBA{255, 80, 200, 255}

// missingAlpha is how opaque a missing model's box is drawn.
const missingAlpha = 64

// MissingBox is the stand-in of a model that was not found: a box over b
// (a small cube when b is empty) in the warning colour, see-through and
// one-sided, so what lies inside or behind it still shows, tinted.
func MissingBox(b Bounds, up Up) *Mesh {
	if !(b.Max[0] > b.Min[0] || b.Max[1] > b.Min[1] || b.Max[2] > b.Min[2]) {
		c := b.Center()
		const h = 1
		b = Bounds{Min: Vec3{c[0] - h, c[1] - h, c[2] - h}, Max: Vec3{c[0] + h, c[1] + h, c[2] + h}}
	}
	m := &Mesh{Up: up}
	for i := range 8 {
		var p Vec3
		for k := range 3 {
			p[k] = b.Min[k]
			if i>>k&1 == 1 {
				p[k] = b.Max[k]
			}
		}
		m.Positions = append(m.Positions, p)
	}
	// two triangles per side, fronts outwards
	m.Indices = []uint32{0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4, 2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5}
	tint := Warning
	tint.A = missingAlpha
	s := &Material{Color: tint, Blend: BlendAlpha}
	m.Groups = []Group{{Name: "missing", TriCount: 12, Color: Warning, Material: "missing", Surface: s}}
	return m
}

// Place returns b moved by m: the box around its eight corners placed.
func Place(b Bounds, m mgl32.Mat4) Bounds {
	out := Bounds{Min: Vec3{inf, inf, inf}, Max: Vec3{-inf, -inf, -inf}}
	for i := range 8 {
		var p mgl32.Vec4
		for k := range 3 {
			p[k] = b.Min[k]
			if i>>k&1 == 1 {
				p[k] = b.Max[k]
			}
		}
		p[3] = 1
		q := m.Mul4x1(p)
		for k := range 3 {
			out.Min[k], out.Max[k] = min(out.Min[k], q[k]), max(out.Max[k], q[k])
		}
	}
	return out
}

var inf = float32(math.Inf(1))

// Bounds returns the box around every placed instance (a zero box for a
// world without one).
func (w *World) Bounds() Bounds {
	if len(w.Instances) == 0 {
		return Bounds{}
	}
	out := Bounds{Min: Vec3{inf, inf, inf}, Max: Vec3{-inf, -inf, -inf}}
	n := 0
	for _, in := range w.Instances {
		b := in.Bounds
		if !finite(b.Min[0]+b.Min[1]+b.Min[2]) || !finite(b.Max[0]+b.Max[1]+b.Max[2]) {
			continue
		}
		n++
		for k := range 3 {
			out.Min[k], out.Max[k] = min(out.Min[k], b.Min[k]), max(out.Max[k], b.Max[k])
		}
	}
	if n == 0 {
		return Bounds{}
	}
	return out
}

// Triangles is the number of triangles of every instance placed.
func (w *World) Triangles() int {
	n := 0
	for _, in := range w.Instances {
		if m := w.Models[in.Model].Mesh; m != nil {
			n += m.Triangles()
		}
	}
	return n
}
