package preview

import "math"

// maxClip is the most corners a triangle has after clipping against the
// five planes of clipPlanes.
const maxClip = 8

// guard is how far the side clip planes lie outside the viewport, in
// viewport half-sizes: far enough that no clipped edge shows, near enough
// that every corner fits the fixed-point pixel coordinates.
const guard = 2

// clipVert is a point of a clipped triangle: clip space coordinates and
// the weights of the triangle's second and third corners there.
type clipVert struct {
	p      [4]float64 // x, y, z, w
	b1, b2 float64
}

// clipPlanes are the planes a careful triangle is clipped against, as
// coefficients of (x, y, z, w): the kept side is >= 0. First the near
// plane, then the guard band's sides.
var clipPlanes = [5][4]float64{
	{0, 0, 1, 1},
	{1, 0, 0, guard}, {-1, 0, 0, guard},
	{0, 1, 0, guard}, {0, -1, 0, guard},
}

// clipPlane clips the n-corner polygon in poly against plane pl
// (Sutherland–Hodgman, through tmp) and returns the new corner count.
func clipPlane(poly, tmp *[maxClip]clipVert, n int, pl [4]float64) int {
	dist := func(v *clipVert) float64 { return pl[0]*v.p[0] + pl[1]*v.p[1] + pl[2]*v.p[2] + pl[3]*v.p[3] }
	m := 0
	for i := range n {
		a, b := &poly[i], &poly[(i+1)%n]
		da, db := dist(a), dist(b)
		if da >= 0 && m < maxClip {
			tmp[m] = *a
			m++
		}
		if (da >= 0) != (db >= 0) && m < maxClip {
			f := da / (da - db)
			v := &tmp[m]
			for j := range 4 {
				v.p[j] = a.p[j] + (b.p[j]-a.p[j])*f
			}
			v.b1, v.b2 = a.b1+(b.b1-a.b1)*f, a.b2+(b.b2-a.b2)*f
			m++
		}
	}
	*poly = *tmp
	return m
}

// clipCorners clips triangle t (with a corner behind the near plane or far
// off screen) in clip space, against the near plane and a guard band
// round the viewport, and projects the polygon that is left into out as
// screen corners with their light (on the side seen), UVs and colours. It
// returns the corner count: 0 when nothing is left, the triangle is
// degenerate or broken, or it is a back face of a one-sided group.
func (r *renderer) clipCorners(t int, g *groupState, out *[maxClip]corner) int {
	tri := r.mesh.Indices[3*t : 3*t+3 : 3*t+3]
	var poly, tmp [maxClip]clipVert
	var k [3]corner
	poly[1].b1, poly[2].b2 = 1, 1
	for i, vi := range tri {
		p := r.mesh.Positions[vi]
		c := r.fr.MVP.Mul4x1([4]float32{p[0], p[1], p[2], 1})
		for j := range 4 {
			if v := float64(c[j]); v-v == 0 {
				poly[i].p[j] = v
			} else {
				return 0 // NaN or infinite
			}
		}
	}
	n := 3
	for _, pl := range clipPlanes {
		n = clipPlane(&poly, &tmp, n, pl)
		if n < 3 {
			return 0
		}
	}
	area := 0.0
	fw, fh := float64(r.fr.W), float64(r.fr.H)
	for i := range n {
		p := &poly[i].p
		out[i].x = int32(math.Round((p[0]/p[3]*0.5 + 0.5) * fw * 256))
		out[i].y = int32(math.Round((0.5 - p[1]/p[3]*0.5) * fh * 256))
		out[i].z, out[i].iw = float32(p[2]/p[3]), float32(1/p[3])
	}
	for i := 1; i+1 < n; i++ {
		area += float64(out[i].x-out[0].x)*float64(out[i+1].y-out[0].y) - float64(out[i+1].x-out[0].x)*float64(out[i].y-out[0].y)
	}
	back := (area > 0) != r.fr.Mirror
	if area == 0 || back && !g.twoSided {
		return 0
	}
	// the corners' attributes, then the clipped ones mixed from them
	r.cornerAttrs(&k, t, tri, g, back)
	for i := range n {
		b1, b2 := float32(poly[i].b1), float32(poly[i].b2)
		o := &out[i]
		o.l = lerp3(k[0].l, k[1].l, k[2].l, b1, b2)
		o.u, o.v = lerp3(k[0].u, k[1].u, k[2].u, b1, b2), lerp3(k[0].v, k[1].v, k[2].v, b1, b2)
		for j := range o.c {
			o.c[j] = lerp3(k[0].c[j], k[1].c[j], k[2].c[j], b1, b2)
		}
	}
	return n
}
