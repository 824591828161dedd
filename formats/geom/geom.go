// Package geom holds the triangle mesh shared by the format decoders, the
// wireframe preview and the exporters.
package geom

import (
	"image/color"
	"math"
	"sort"
	"sync"
)

// Vec3 is a point or direction; it converts freely to mgl32.Vec3.
type Vec3 = [3]float32

// Up is the axis a mesh treats as "up".
type Up uint8

// The two up conventions found in game data.
const (
	YUp Up = iota // Y is up (X-Ray, glTF)
	ZUp           // Z is up (Parkan)
)

// Group is a run of triangles sharing a name (a material, a sector, ...).
type Group struct {
	Name     string
	FirstTri int         // index of the group's first triangle
	TriCount int         // number of triangles
	Color    color.NRGBA // colour hint for the preview; zero means "pick one"
	Material string      // material or texture name for export, may be empty
	Lines    bool        // the group is an outline: its "triangles" are degenerate (a,b,b) line segments
}

// Mesh is a triangle mesh: float32 positions and triangle indices, with
// named groups. Build one with the fields, then call the methods.
type Mesh struct {
	Positions []Vec3
	Indices   []uint32 // three per triangle, each < len(Positions)
	Groups    []Group  // when empty the whole mesh is one group
	Up        Up

	edgesOnce sync.Once
	edges     []Edge
	edgeGroup []uint16
}

// Edge joins two vertices, A < B.
type Edge struct{ A, B uint32 }

// Bounds is an axis-aligned box.
type Bounds struct{ Min, Max Vec3 }

// Triangles returns the number of triangles.
func (m *Mesh) Triangles() int { return len(m.Indices) / 3 }

// Bounds returns the box around every position (a zero box for an empty mesh).
func (m *Mesh) Bounds() Bounds {
	if len(m.Positions) == 0 {
		return Bounds{}
	}
	b := Bounds{Min: m.Positions[0], Max: m.Positions[0]}
	for _, p := range m.Positions[1:] {
		for i := 0; i < 3; i++ {
			if p[i] < b.Min[i] {
				b.Min[i] = p[i]
			}
			if p[i] > b.Max[i] {
				b.Max[i] = p[i]
			}
		}
	}
	return b
}

// Center returns the middle of the box.
func (b Bounds) Center() Vec3 {
	return Vec3{(b.Min[0] + b.Max[0]) / 2, (b.Min[1] + b.Max[1]) / 2, (b.Min[2] + b.Max[2]) / 2}
}

// Radius returns half the box diagonal.
func (b Bounds) Radius() float32 {
	dx, dy, dz := b.Max[0]-b.Min[0], b.Max[1]-b.Min[1], b.Max[2]-b.Min[2]
	return float32(math.Sqrt(float64(dx*dx+dy*dy+dz*dz))) / 2
}

// GroupOf returns the index of the group holding triangle t, or -1.
func (m *Mesh) GroupOf(t int) int {
	for i, g := range m.Groups {
		if t >= g.FirstTri && t < g.FirstTri+g.TriCount {
			return i
		}
	}
	return -1
}

// Edges returns the deduplicated edge list, built once per mesh, and for
// each edge the group of the first triangle that uses it (0 when the mesh
// has no groups). Indices out of range are skipped.
func (m *Mesh) Edges() ([]Edge, []uint16) {
	m.edgesOnce.Do(m.buildEdges)
	return m.edges, m.edgeGroup
}

func (m *Mesh) buildEdges() {
	n := uint32(len(m.Positions))
	type tagged struct {
		e Edge
		g uint16
		o uint32
	}
	all := make([]tagged, 0, len(m.Indices))
	tri := 0
	g := 0
	groupEnd := math.MaxInt
	if len(m.Groups) > 0 {
		groupEnd = m.Groups[0].FirstTri + m.Groups[0].TriCount
	}
	for i := 0; i+2 < len(m.Indices); i, tri = i+3, tri+1 {
		if len(m.Groups) > 0 && tri >= groupEnd {
			g = m.GroupOf(tri)
			if g < 0 {
				g = 0
				groupEnd = math.MaxInt
			} else {
				groupEnd = m.Groups[g].FirstTri + m.Groups[g].TriCount
			}
		}
		a, b, c := m.Indices[i], m.Indices[i+1], m.Indices[i+2]
		if a >= n || b >= n || c >= n {
			continue
		}
		for _, p := range [3][2]uint32{{a, b}, {b, c}, {c, a}} {
			x, y := p[0], p[1]
			if x == y {
				continue
			}
			if x > y {
				x, y = y, x
			}
			all = append(all, tagged{Edge{x, y}, uint16(g), uint32(len(all))})
		}
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].e.A != all[j].e.A {
			return all[i].e.A < all[j].e.A
		}
		if all[i].e.B != all[j].e.B {
			return all[i].e.B < all[j].e.B
		}
		return all[i].o < all[j].o
	})
	edges := make([]Edge, 0, len(all)/2+1)
	groups := make([]uint16, 0, len(all)/2+1)
	for i, t := range all {
		if i > 0 && t.e == all[i-1].e {
			continue
		}
		edges = append(edges, t.e)
		groups = append(groups, t.g)
	}
	m.edges, m.edgeGroup = edges, groups
}
