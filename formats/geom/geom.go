// Package geom holds the triangle mesh shared by the format decoders, the
// preview renderer and the exporters: positions and triangles, optional
// per-vertex normals, UV sets and colours, and groups of triangles with an
// optional material (see Material).
package geom

import (
	"image/color"
	"math"
	"slices"
	"sync"
)

// Vec3 is a point or direction; it converts freely to mgl32.Vec3.
type Vec3 = [3]float32

// Vec2 is a texture coordinate (u, v): u runs right and v down the image,
// (0, 0) is the texture's top left corner and (1, 1) its bottom right.
type Vec2 = [2]float32

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
	// Surface is how the group looks in the solid and textured views; nil
	// draws it in Color, opaque and one-sided.
	Surface *Material
}

// Mesh is a triangle mesh: float32 positions and triangle indices, with
// named groups. Build one with the fields, then call the methods.
//
// A triangle's front is the side its corners a, b, c run counter-clockwise
// around, seen from that side in the mesh's own numbers: (b-a)×(c-a) points
// out of the front. Direct3D's clockwise fronts in its left-handed frame
// give the same normal, so data stored for either API needs no change.
//
// Normals, every UV set and Colors are optional: each is either empty or
// holds one value per position (the preview and the exporters ignore one
// of another length).
type Mesh struct {
	Positions []Vec3
	Indices   []uint32 // three per triangle, each < len(Positions)
	Groups    []Group  // when empty the whole mesh is one group
	Up        Up

	Normals []Vec3        // per vertex, need not be unit length; see ComputeNormals
	UVs     [][]Vec2      // UV sets, each per vertex; a Material picks one
	Colors  []color.NRGBA // per vertex (prelit or painted colours), straight alpha
	// Skin, when not nil, binds the vertices to the bones of a skeleton;
	// the positions and normals are then the bind pose (see Skin).
	Skin *Skin

	edgesOnce sync.Once
	edges     []Edge
	edgeGroup []uint16
	edgeTris  [][2]uint32
}

// Edge joins two vertices, A < B.
type Edge struct{ A, B uint32 }

// Bounds is an axis-aligned box.
type Bounds struct{ Min, Max Vec3 }

// Triangles returns the number of triangles.
func (m *Mesh) Triangles() int { return len(m.Indices) / 3 }

// Bounds returns the box around the mesh's positions, leaving out the
// ones FitBounds leaves out: non-finite ones and stray ones far from the
// rest (a zero box when none is left).
func (m *Mesh) Bounds() Bounds {
	b, _ := m.FitBounds()
	return b
}

func finite(v float32) bool { return v-v == 0 }

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
// has no groups). Edges are sorted by (A, B). Triangles with an index out of
// range are skipped; degenerate sides (a == b) give no edge, so an outline
// group's (a,b,b) triangles give the single edge a-b.
func (m *Mesh) Edges() ([]Edge, []uint16) {
	m.edgesOnce.Do(m.buildEdges)
	return m.edges, m.edgeGroup
}

// SetEdges gives m the edge lists Edges and EdgeTris return (edges, the
// group of each one's first triangle, and its first two triangles),
// instead of building them from its triangles: for a caller that already
// knows them, as a scene's wire view knows each model's. It reports false
// when m's edges were already built or set (they are then left as they
// are).
func (m *Mesh) SetEdges(edges []Edge, groups []uint16, tris [][2]uint32) bool {
	set := false
	m.edgesOnce.Do(func() { m.edges, m.edgeGroup, m.edgeTris, set = edges, groups, tris, true })
	return set
}

// NoTri marks a missing triangle in EdgeTris.
const NoTri = ^uint32(0)

// EdgeTris returns, for each edge of Edges, the first two triangles that use
// it, in triangle order (NoTri when there is no second one). The preview uses
// it to dim edges whose triangles all face away.
func (m *Mesh) EdgeTris() [][2]uint32 {
	m.edgesOnce.Do(m.buildEdges)
	return m.edgeTris
}

// TriGroups returns the group index of every triangle (0 for triangles in no
// group, the first matching group when groups overlap). It is built on each
// call; groups beyond 65535 share the last index.
func (m *Mesh) TriGroups() []uint16 {
	nt := m.Triangles()
	out := make([]uint16, nt)
	for gi := len(m.Groups) - 1; gi >= 0; gi-- {
		g := m.Groups[gi]
		lo, hi := g.FirstTri, g.FirstTri+g.TriCount
		if g.TriCount <= 0 || hi < lo {
			continue
		}
		lo, hi = min(max(lo, 0), nt), min(hi, nt)
		v := uint16(min(gi, math.MaxUint16))
		for t := lo; t < hi; t++ {
			out[t] = v
		}
	}
	return out
}

// buildEdges dedups the triangle sides with a counting sort on the smaller
// vertex index (linear time), then a small insertion sort of each bucket on
// the larger index (buckets hold a handful of sides in real meshes).
func (m *Mesh) buildEdges() {
	n := uint32(len(m.Positions))
	nt := m.Triangles()
	if n == 0 || nt == 0 {
		return
	}
	triGroup := m.TriGroups()
	start, sides := m.sideStarts(n)
	keys := m.sideKeys(n, start, sides)
	// Pass 3: sort each bucket by (larger vertex, triangle), so the first
	// triangle of an edge comes first, and keep one edge per run.
	edges := make([]Edge, 0, sides/2+1)
	groups := make([]uint16, 0, sides/2+1)
	etris := make([][2]uint32, 0, sides/2+1)
	for v := uint32(0); v < n; v++ {
		bk := keys[start[v]:start[v+1]]
		if len(bk) == 0 {
			continue
		}
		sortBucket(bk)
		for i := 0; i < len(bk); {
			h := uint32(bk[i] >> 32)
			j := i + 1
			for j < len(bk) && uint32(bk[j]>>32) == h {
				j++
			}
			first, second := uint32(bk[i]), NoTri
			if j > i+1 {
				second = uint32(bk[i+1])
			}
			edges = append(edges, Edge{v, h})
			groups = append(groups, triGroup[first])
			etris = append(etris, [2]uint32{first, second})
			i = j
		}
	}
	m.edges, m.edgeGroup, m.edgeTris = edges, groups, etris
}

// sideStarts is pass 1 of buildEdges: it counts the triangle sides per
// smaller vertex (of n) and returns where each vertex's bucket starts, and
// the number of sides.
func (m *Mesh) sideStarts(n uint32) (start []uint32, sides int) {
	start = make([]uint32, n+1)
	for t := 0; t < m.Triangles(); t++ {
		a, b, c := m.Indices[3*t], m.Indices[3*t+1], m.Indices[3*t+2]
		if a >= n || b >= n || c >= n {
			continue
		}
		if a != b {
			start[min(a, b)+1]++
			sides++
		}
		if b != c {
			start[min(b, c)+1]++
			sides++
		}
		if c != a {
			start[min(c, a)+1]++
			sides++
		}
	}
	for i := uint32(1); i <= n; i++ {
		start[i] += start[i-1]
	}
	return start, sides
}

// sideKeys is pass 2 of buildEdges: it places each side in its bucket as
// (larger vertex << 32 | triangle), in triangle order.
func (m *Mesh) sideKeys(n uint32, start []uint32, sides int) []uint64 {
	keys := make([]uint64, sides)
	fill := make([]uint32, n)
	copy(fill, start[:n])
	put := func(x, y uint32, t uint32) {
		if x > y {
			x, y = y, x
		}
		k := fill[x]
		fill[x]++
		keys[k] = uint64(y)<<32 | uint64(t)
	}
	for t := 0; t < m.Triangles(); t++ {
		a, b, c := m.Indices[3*t], m.Indices[3*t+1], m.Indices[3*t+2]
		if a >= n || b >= n || c >= n {
			continue
		}
		if a != b {
			put(a, b, uint32(t))
		}
		if b != c {
			put(b, c, uint32(t))
		}
		if c != a {
			put(c, a, uint32(t))
		}
	}
	return keys
}

// sortBucket sorts a bucket of side keys. Buckets are tiny in real meshes
// (insertion sort); a fan around one vertex falls back to slices.Sort.
func sortBucket(bk []uint64) {
	if len(bk) > 24 {
		slices.Sort(bk)
		return
	}
	for i := 1; i < len(bk); i++ {
		x := bk[i]
		j := i
		for ; j > 0 && bk[j-1] > x; j-- {
			bk[j] = bk[j-1]
		}
		bk[j] = x
	}
}
