package geom

import (
	"fmt"
	"math"
	"slices"
)

// FarLimit is how far from the median position (on any axis) a vertex may
// lie and still count for the bounds: real models span far less, while a
// stray vertex from broken data (5.95e25 in a real car) would blow the fit
// of the camera and of every bounding box up.
const FarLimit = 1e6

// Outliers are the vertices FitBounds leaves out.
type Outliers struct {
	NonFinite int // with a NaN or infinite coordinate
	Far       int // more than FarLimit from the median on some axis
	First     int // index of the first one left out, -1 when none
	At        Vec3
}

// Count is how many vertices were left out.
func (o Outliers) Count() int { return o.NonFinite + o.Far }

// String says in one line what was left out ("" when nothing was).
func (o Outliers) String() string {
	if o.Count() == 0 {
		return ""
	}
	what := fmt.Sprintf("%d non-finite", o.NonFinite)
	switch {
	case o.NonFinite == 0:
		what = fmt.Sprintf("%d more than %g from the median", o.Far, float64(FarLimit))
	case o.Far > 0:
		what += fmt.Sprintf(" and %d more than %g from the median", o.Far, float64(FarLimit))
	}
	noun := "vertices"
	if o.Count() == 1 {
		noun = "vertex"
	}
	return fmt.Sprintf("%d %s left out of the bounds (%s; the first is vertex %d at (%g, %g, %g))",
		o.Count(), noun, what, o.First, o.At[0], o.At[1], o.At[2])
}

// FitBounds returns the box around the mesh's positions that count and
// the ones left out: a position with a non-finite coordinate, or more
// than FarLimit from the median position on some axis, does not count.
// The box is a zero box when no position counts.
func (m *Mesh) FitBounds() (Bounds, Outliers) {
	o := Outliers{First: -1}
	b, n := m.boundsOf(func(i int, p Vec3) bool {
		if finite(p[0]) && finite(p[1]) && finite(p[2]) {
			return true
		}
		o.note(i, p)
		o.NonFinite++
		return false
	})
	if n == 0 || b.Max[0]-b.Min[0] <= FarLimit && b.Max[1]-b.Min[1] <= FarLimit && b.Max[2]-b.Min[2] <= FarLimit {
		// no position can lie further than the box is wide from the median
		return b, o
	}
	med := m.median()
	b, _ = m.boundsOf(func(i int, p Vec3) bool {
		if !finite(p[0]) || !finite(p[1]) || !finite(p[2]) {
			return false
		}
		for k := range 3 {
			if math.Abs(float64(p[k])-med[k]) > FarLimit {
				o.note(i, p)
				o.Far++
				return false
			}
		}
		return true
	})
	return b, o
}

// note records vertex i at p as left out when it is the first.
func (o *Outliers) note(i int, p Vec3) {
	if o.First < 0 || i < o.First {
		o.First, o.At = i, p
	}
}

// boundsOf is the box around the positions keep accepts and their count.
func (m *Mesh) boundsOf(keep func(i int, p Vec3) bool) (Bounds, int) {
	var b Bounds
	n := 0
	for i, p := range m.Positions {
		if !keep(i, p) {
			continue
		}
		if n == 0 {
			b = Bounds{Min: p, Max: p}
		}
		n++
		for k := range 3 {
			b.Min[k] = min(b.Min[k], p[k])
			b.Max[k] = max(b.Max[k], p[k])
		}
	}
	return b, n
}

// median is the per-axis median of the finite positions.
func (m *Mesh) median() [3]float64 {
	var out [3]float64
	vals := make([]float32, 0, len(m.Positions))
	for k := range 3 {
		vals = vals[:0]
		for _, p := range m.Positions {
			if finite(p[0]) && finite(p[1]) && finite(p[2]) {
				vals = append(vals, p[k])
			}
		}
		slices.Sort(vals)
		out[k] = float64(vals[len(vals)/2])
	}
	return out
}
