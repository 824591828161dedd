package geom

import (
	"math/rand"
	"slices"
	"testing"
)

// naiveEdges is the obvious map-based reference for Edges and EdgeTris.
func naiveEdges(m *Mesh) ([]Edge, []uint16, [][2]uint32) {
	type info struct {
		g    uint16
		tris [2]uint32
	}
	seen := map[Edge]*info{}
	var order []Edge
	tg := m.TriGroups()
	n := uint32(len(m.Positions))
	for t := 0; t < m.Triangles(); t++ {
		a, b, c := m.Indices[3*t], m.Indices[3*t+1], m.Indices[3*t+2]
		if a >= n || b >= n || c >= n {
			continue
		}
		for _, p := range [][2]uint32{{a, b}, {b, c}, {c, a}} {
			if p[0] == p[1] {
				continue
			}
			e := Edge{min(p[0], p[1]), max(p[0], p[1])}
			if in, ok := seen[e]; ok {
				if in.tris[1] == NoTri {
					in.tris[1] = uint32(t)
				}
				continue
			}
			seen[e] = &info{tg[t], [2]uint32{uint32(t), NoTri}}
			order = append(order, e)
		}
	}
	slices.SortFunc(order, func(x, y Edge) int {
		if x.A != y.A {
			return int(x.A) - int(y.A)
		}
		return int(x.B) - int(y.B)
	})
	var gs []uint16
	var ts [][2]uint32
	for _, e := range order {
		gs = append(gs, seen[e].g)
		ts = append(ts, seen[e].tris)
	}
	return order, gs, ts
}

func TestEdgesSmall(t *testing.T) {
	quad := &Mesh{
		Positions: make([]Vec3, 5),
		Indices:   []uint32{0, 1, 2, 2, 1, 3, 3, 3, 4, 0, 9, 1, 4, 0, 0},
		Groups:    []Group{{Name: "a", FirstTri: 0, TriCount: 1}, {Name: "b", FirstTri: 1, TriCount: 4}},
	}
	e, g := quad.Edges()
	want := []Edge{{0, 1}, {0, 2}, {0, 4}, {1, 2}, {1, 3}, {2, 3}, {3, 4}}
	if !slices.Equal(e, want) {
		t.Fatalf("edges %v, want %v", e, want)
	}
	wantG := []uint16{0, 0, 1, 0, 1, 1, 1}
	if !slices.Equal(g, wantG) {
		t.Fatalf("groups %v, want %v", g, wantG)
	}
	tris := quad.EdgeTris()
	if tris[3] != [2]uint32{0, 1} || tris[0] != [2]uint32{0, NoTri} {
		t.Fatalf("edge tris %v", tris)
	}
}

func TestEdgesMatchNaive(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for iter := 0; iter < 50; iter++ {
		nv := 1 + r.Intn(40)
		nt := r.Intn(200)
		m := &Mesh{Positions: make([]Vec3, nv)}
		for i := 0; i < nt*3; i++ {
			m.Indices = append(m.Indices, uint32(r.Intn(nv+1))) // sometimes out of range
		}
		// a fan on vertex 0 exercises the large-bucket path
		if iter%5 == 0 {
			for i := 1; i+1 < nv; i++ {
				m.Indices = append(m.Indices, 0, uint32(i), uint32(i+1))
			}
		}
		if nt > 3 {
			m.Groups = []Group{{FirstTri: 0, TriCount: nt / 3}, {FirstTri: nt / 3, TriCount: nt}}
		}
		we, wg, wt := naiveEdges(m)
		e, g := m.Edges()
		if !slices.Equal(e, we) || !slices.Equal(g, wg) || !slices.Equal(m.EdgeTris(), wt) {
			t.Fatalf("iter %d: edges differ from the reference\n got %v %v %v\nwant %v %v %v", iter, e, g, m.EdgeTris(), we, wg, wt)
		}
	}
}

func TestEdgesEmpty(t *testing.T) {
	for _, m := range []*Mesh{{}, {Positions: make([]Vec3, 3)}, {Indices: []uint32{0, 1, 2}}} {
		if e, g := m.Edges(); len(e) != 0 || len(g) != 0 {
			t.Fatalf("edges of an empty mesh: %v", e)
		}
	}
}

func TestShapes(t *testing.T) {
	for _, c := range []struct {
		name  string
		m     *Mesh
		euler int
	}{
		{"torus", Torus(2, 0.5, 24, 12, 4, ZUp), 0},
		{"torusY", Torus(2, 0.5, 7, 5, 3, YUp), 0},
		{"icosphere", Icosphere(1, 4, YUp), 2},
		{"icosphereZ", Icosphere(3, 1, ZUp), 2},
	} {
		m := c.m
		e, _ := m.Edges()
		if x := len(m.Positions) - len(e) + m.Triangles(); x != c.euler {
			t.Errorf("%s: V-E+F = %d, want %d", c.name, x, c.euler)
		}
		// every edge of a closed surface has two triangles
		for i, tr := range m.EdgeTris() {
			if tr[1] == NoTri {
				t.Fatalf("%s: edge %v has one triangle", c.name, e[i])
			}
		}
		// outward winding: positive signed volume
		var vol float64
		for i := 0; i < len(m.Indices); i += 3 {
			a, b, cc := m.Positions[m.Indices[i]], m.Positions[m.Indices[i+1]], m.Positions[m.Indices[i+2]]
			vol += float64(a[0]*(b[1]*cc[2]-b[2]*cc[1]) - a[1]*(b[0]*cc[2]-b[2]*cc[0]) + a[2]*(b[0]*cc[1]-b[1]*cc[0]))
		}
		if vol <= 0 {
			t.Errorf("%s: signed volume %g, want > 0 (outward winding)", c.name, vol)
		}
		sum := 0
		for _, g := range m.Groups {
			sum += g.TriCount
		}
		if sum != m.Triangles() {
			t.Errorf("%s: groups cover %d of %d triangles", c.name, sum, m.Triangles())
		}
	}
	b := Torus(2, 0.5, 64, 16, 1, ZUp).Bounds()
	if b.Max[2] < 0.49 || b.Max[2] > 0.5 || b.Max[0] < 2.49 || b.Min[0] > -2.49 {
		t.Errorf("torus bounds %v", b)
	}
}

func BenchmarkEdges1M(b *testing.B) {
	src := Torus(3, 1, 1000, 500, 8, ZUp)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := &Mesh{Positions: src.Positions, Indices: src.Indices, Groups: src.Groups}
		m.Edges()
	}
}

// FuzzEdges checks Edges against the map-based reference on any indices.
func FuzzEdges(f *testing.F) {
	f.Add([]byte{0, 1, 2, 2, 1, 3}, uint8(4))
	f.Add([]byte{0, 0, 0, 9, 9, 9, 1, 2, 1}, uint8(3))
	f.Fuzz(func(t *testing.T, idx []byte, nv uint8) {
		m := &Mesh{Positions: make([]Vec3, nv)}
		for _, b := range idx {
			m.Indices = append(m.Indices, uint32(b))
		}
		if len(idx) > 6 {
			m.Groups = []Group{{FirstTri: int(idx[0]) - 3, TriCount: int(idx[1])}}
		}
		we, wg, wt := naiveEdges(m)
		e, g := m.Edges()
		if !slices.Equal(e, we) || !slices.Equal(g, wg) || !slices.Equal(m.EdgeTris(), wt) {
			t.Fatalf("edges differ from the reference")
		}
	})
}
