package geom

import "math"

// ComputeNormals fills Normals with SmoothNormals when the mesh has none
// (or a list of the wrong length); normals already there stay.
func (m *Mesh) ComputeNormals() {
	if len(m.Normals) != len(m.Positions) {
		m.Normals = m.SmoothNormals()
	}
}

// SmoothNormals returns a unit normal per vertex: the sum of the front
// normals of the triangles around it, each weighted by the triangle's
// angle at that vertex (so a fan cut into thin slivers counts as much as
// one wide triangle). Triangles with an index out of range, a repeated
// corner or a non-finite corner add nothing; a vertex no triangle adds to
// gets the zero vector.
func (m *Mesh) SmoothNormals() []Vec3 {
	n := uint32(len(m.Positions))
	sum := make([][3]float64, n)
	for t := 0; t < m.Triangles(); t++ {
		tri := m.Indices[3*t : 3*t+3]
		a, b, c := tri[0], tri[1], tri[2]
		if a >= n || b >= n || c >= n || a == b || b == c || c == a {
			continue
		}
		p := [3][3]float64{vec64(m.Positions[a]), vec64(m.Positions[b]), vec64(m.Positions[c])}
		face := cross64(sub64(p[1], p[0]), sub64(p[2], p[0]))
		l := len64(face)
		if !(l > 0) || math.IsInf(l, 0) {
			continue
		}
		for i, v := range [3]uint32{a, b, c} {
			e1, e2 := sub64(p[(i+1)%3], p[i]), sub64(p[(i+2)%3], p[i])
			w := angle64(e1, e2) / l
			for k := range 3 {
				sum[v][k] += face[k] * w
			}
		}
	}
	out := make([]Vec3, n)
	for i, s := range sum {
		if l := len64(s); l > 0 && !math.IsInf(l, 0) {
			out[i] = Vec3{float32(s[0] / l), float32(s[1] / l), float32(s[2] / l)}
		}
	}
	return out
}

func vec64(v Vec3) [3]float64 { return [3]float64{float64(v[0]), float64(v[1]), float64(v[2])} }

func sub64(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

func cross64(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

func len64(a [3]float64) float64 { return math.Sqrt(a[0]*a[0] + a[1]*a[1] + a[2]*a[2]) }

// angle64 is the angle between a and b in radians (0 when either is zero).
func angle64(a, b [3]float64) float64 {
	return math.Atan2(len64(cross64(a, b)), a[0]*b[0]+a[1]*b[1]+a[2]*b[2])
}
