package geom

import (
	"math"
	"strings"
	"testing"
)

// TestFitBoundsLeavesOutStrays: a non-finite vertex and one far from the
// rest (5.95e25, as in a real car) are left out of the bounds and counted;
// a big model whose vertices all lie together keeps them all.
func TestFitBoundsLeavesOutStrays(t *testing.T) {
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	for _, c := range []struct {
		name      string
		pos       []Vec3
		want      Bounds
		nonFinite int
		far       int
		first     int
	}{
		{"clean", []Vec3{{0, 0, 0}, {1, 2, 3}}, Bounds{Max: Vec3{1, 2, 3}}, 0, 0, -1},
		{"stray", []Vec3{{0, 0, 0}, {1, 2, 3}, {5.95e25, 0, 1}, {1, 1, 1}}, Bounds{Max: Vec3{1, 2, 3}}, 0, 1, 2},
		{"both", []Vec3{{nan, 0, 0}, {0, 0, 0}, {1, 2, 3}, {1, -3e6, 1}, {1, 1, inf}, {1, 1, 1}}, Bounds{Max: Vec3{1, 2, 3}}, 2, 1, 0},
		// a wide world, every vertex within FarLimit of the median: kept
		{"wide", []Vec3{{-9e5, 0, 0}, {0, 0, 0}, {9e5, 0, 0}}, Bounds{Min: Vec3{-9e5, 0, 0}, Max: Vec3{9e5, 0, 0}}, 0, 0, -1},
		{"far but together", []Vec3{{1e30, 0, 0}, {1e30, 1, 0}}, Bounds{Min: Vec3{1e30, 0, 0}, Max: Vec3{1e30, 1, 0}}, 0, 0, -1},
		{"none finite", []Vec3{{nan, nan, nan}}, Bounds{}, 1, 0, 0},
	} {
		m := &Mesh{Positions: c.pos}
		b, o := m.FitBounds()
		if b != c.want || o.NonFinite != c.nonFinite || o.Far != c.far || o.First != c.first {
			t.Errorf("%s: bounds %v, left out %+v; want %v, %d non-finite, %d far, first %d", c.name, b, o, c.want, c.nonFinite, c.far, c.first)
		}
		if m.Bounds() != b {
			t.Errorf("%s: Bounds %v differs from FitBounds %v", c.name, m.Bounds(), b)
		}
		if (o.Count() > 0) != (o.String() != "") {
			t.Errorf("%s: %q", c.name, o.String())
		}
	}
	_, o := (&Mesh{Positions: []Vec3{{0, 0, 0}, {5.95e25, 0, 1}, {1, 1, 1}}}).FitBounds()
	if s := o.String(); !strings.Contains(s, "1 vertex left out") || !strings.Contains(s, "vertex 1 at (5.95e+25, 0, 1)") {
		t.Errorf("%q", s)
	}
}

// BenchmarkBounds: the bounds of a million clean vertices take one pass
// (the median is only sorted for when the box is wider than FarLimit).
func BenchmarkBounds(b *testing.B) {
	m := &Mesh{Positions: make([]Vec3, 1_000_000)}
	for i := range m.Positions {
		m.Positions[i] = Vec3{float32(i % 1000), float32(i / 1000), float32(i % 7)}
	}
	for b.Loop() {
		m.Bounds()
	}
}
