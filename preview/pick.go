package preview

import (
	"math"

	"rummage/formats/geom"
)

// Pick returns the triangle of m seen at point (x, y) of a w×h frame of
// cam (pixels, y down, pixel centres at .5, as Frame.Project gives them),
// or -1 when the point shows no triangle: the nearest triangle the ray
// through the point hits in front of the near plane. With cull, back
// faces of groups that are not two-sided are passed through, as the
// solid and textured views cull them; without it (the wire view) every
// triangle counts. Degenerate triangles (outline segments) are never
// picked. Its group is m.GroupOf(tri).
//
// The ray is cast in the mesh's own axes in float64, so a pick agrees with
// the filled frame except on a triangle's very edge.
func Pick(m *geom.Mesh, cam *Camera, w, h int, x, y float32, cull bool) int {
	if m == nil || w <= 0 || h <= 0 || !(x >= 0 && y >= 0 && x <= float32(w) && y <= float32(h)) {
		return -1
	}
	fr := cam.Frame(m.Bounds(), w, h)
	if !finiteMat(&fr.MVP) || !finiteMat(&fr.View) {
		return -1
	}
	o, d, ok := pickRay(&fr, x, y)
	if !ok {
		return -1
	}
	side := sides(m.Positions, o, d, radius(m.Bounds()))
	best, bestT := -1, math.Inf(1)
	near := float64(fr.Near)
	nv := uint32(len(m.Positions))
	for t := range m.Triangles() {
		a, b, c := m.Indices[3*t], m.Indices[3*t+1], m.Indices[3*t+2]
		if a >= nv || b >= nv || c >= nv || side[a]&side[b]&side[c] != 0 {
			continue
		}
		hit, front := rayTri(o, d, m.Positions[a], m.Positions[b], m.Positions[c])
		if !(hit >= near && hit < bestT) {
			continue
		}
		if cull && !front {
			if g := m.GroupOf(t); g < 0 || m.Groups[g].Surface == nil || !m.Groups[g].Surface.TwoSided {
				continue
			}
		}
		best, bestT = t, hit
	}
	return best
}

// vec is a float64 point or direction.
type vec [3]float64

func (a vec) sub(b vec) vec     { return vec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func (a vec) dot(b vec) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a vec) cross(b vec) vec {
	return vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

func (a vec) scale(k float64) vec { return vec{a[0] * k, a[1] * k, a[2] * k} }

func vec64(p geom.Vec3) vec { return vec{float64(p[0]), float64(p[1]), float64(p[2])} }

// sides says for each position on which sides of the line o + t·d it
// lies, seen along d: bit 0 and 1 for the two sides of one plane through
// the line, bits 2 and 3 for a plane across it; a point within slack of
// a plane sets neither of its bits. A triangle whose corners share a bit
// lies wholly on one side and cannot meet the line, which spares all but
// a few triangles the full test.
func sides(ps []geom.Vec3, o, d vec, r float32) []uint8 {
	// u and v: unit vectors across d
	// start from the axis d leans least along
	ax, ay, az := math.Abs(d[0]), math.Abs(d[1]), math.Abs(d[2])
	u := vec{1, 0, 0}
	if ay < ax && ay <= az {
		u = vec{0, 1, 0}
	} else if az < ax && az < ay {
		u = vec{0, 0, 1}
	}
	v := d.cross(u)
	u = v.cross(d)
	u, v = u.scale(1/math.Sqrt(u.dot(u))), v.scale(1/math.Sqrt(v.dot(v)))
	slack := 1e-6 * (float64(r) + math.Sqrt(o.dot(o)))
	out := make([]uint8, len(ps))
	for i, p := range ps {
		q := vec64(p).sub(o)
		s, t := q.dot(u), q.dot(v)
		var k uint8
		switch {
		case s > slack:
			k = 1
		case s < -slack:
			k = 2
		}
		switch {
		case t > slack:
			k |= 4
		case t < -slack:
			k |= 8
		}
		out[i] = k
	}
	return out
}

// pickRay returns the ray through pixel point (x, y) in the mesh's axes:
// origin o and direction d scaled so that o + t·d lies at eye depth t.
func pickRay(fr *Frame, x, y float32) (o, d vec, ok bool) {
	p := &fr.Proj
	nx := 2*float64(x)/float64(fr.W) - 1
	ny := 1 - 2*float64(y)/float64(fr.H)
	if p[0] == 0 || p[5] == 0 {
		return o, d, false
	}
	// A view-space point at depth t (z = -t) has clip w = p15 - p11·t and
	// clip x = p0·x - p8·t + p12; solving ndc x = clip x / clip w for x
	// gives a line in t, likewise y.
	p0, p5 := float64(p[0]), float64(p[5])
	ov := vec{(nx*float64(p[15]) - float64(p[12])) / p0, (ny*float64(p[15]) - float64(p[13])) / p5, 0}
	dv := vec{(float64(p[8]) - nx*float64(p[11])) / p0, (float64(p[9]) - ny*float64(p[11])) / p5, -1}
	// The view's 3×3 part is orthogonal (a rotation, times the y/z swap
	// of SwapYZ): its inverse is its transpose.
	v := &fr.View
	tr := vec{float64(v[12]), float64(v[13]), float64(v[14])}
	back := func(q vec) vec {
		var out vec
		for k := range 3 {
			out[k] = float64(v[4*k])*q[0] + float64(v[4*k+1])*q[1] + float64(v[4*k+2])*q[2]
		}
		return out
	}
	return back(ov.sub(tr)), back(dv), true
}

// rayTri intersects the ray o + t·d with triangle (a, b, c) (Möller and
// Trumbore): it returns t (NaN when the ray misses or the triangle is
// degenerate) and whether the ray meets its front, the side
// (b-a)×(c-a) points to.
func rayTri(o, d vec, a3, b3, c3 geom.Vec3) (t float64, front bool) {
	a := vec64(a3)
	e1, e2 := vec64(b3).sub(a), vec64(c3).sub(a)
	p := d.cross(e2)
	det := e1.dot(p)
	if det == 0 || det-det != 0 {
		return math.NaN(), false
	}
	inv := 1 / det
	s := o.sub(a)
	u := s.dot(p) * inv
	if u < 0 || u > 1 {
		return math.NaN(), false
	}
	q := s.cross(e1)
	v := d.dot(q) * inv
	if v < 0 || u+v > 1 {
		return math.NaN(), false
	}
	// det = e1·(d×e2) = -d·(e1×e2): the ray runs against the normal
	// (meets the front) when det > 0.
	return e2.dot(q) * inv, det > 0
}
