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
	sum := make([][3]float64, len(m.Positions))
	for t := 0; t < m.Triangles(); t++ {
		p, face, l := m.face(t)
		if l == 0 {
			continue
		}
		for i, v := range m.Indices[3*t : 3*t+3] {
			e1, e2 := sub64(p[(i+1)%3], p[i]), sub64(p[(i+2)%3], p[i])
			w := angle64(e1, e2) / l
			for k := range 3 {
				sum[v][k] += face[k] * w
			}
		}
	}
	out := make([]Vec3, len(sum))
	for i, s := range sum {
		if l := len64(s); l > 0 && !math.IsInf(l, 0) {
			out[i] = Vec3{float32(s[0] / l), float32(s[1] / l), float32(s[2] / l)}
		}
	}
	return out
}

// FaceNormals returns the unit front normal of every triangle, the zero
// vector for one with an index out of range, a repeated corner or a
// non-finite corner.
func (m *Mesh) FaceNormals() []Vec3 {
	out := make([]Vec3, m.Triangles())
	for t := range out {
		if _, f, l := m.face(t); l > 0 {
			out[t] = Vec3{float32(f[0] / l), float32(f[1] / l), float32(f[2] / l)}
		}
	}
	return out
}

// face returns triangle t's corners, its front normal (b-a)×(c-a) and that
// normal's length; the length is 0 when the triangle is degenerate or
// broken.
func (m *Mesh) face(t int) (p [3][3]float64, n [3]float64, l float64) {
	nv := uint32(len(m.Positions))
	tri := m.Indices[3*t : 3*t+3]
	a, b, c := tri[0], tri[1], tri[2]
	if a >= nv || b >= nv || c >= nv || a == b || b == c || c == a {
		return p, n, 0
	}
	p = [3][3]float64{vec64(m.Positions[a]), vec64(m.Positions[b]), vec64(m.Positions[c])}
	n = cross64(sub64(p[1], p[0]), sub64(p[2], p[0]))
	if l = len64(n); !(l > 0) || math.IsInf(l, 0) {
		return p, n, 0
	}
	return p, n, l
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
