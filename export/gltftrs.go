package export

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
)

// trsTolerance is how far, relative to the matrix's largest scale, the
// rotation and scale written for a node matrix may place points from
// where the matrix places them: frames of real models are orthonormal to
// within float32 rounding and a little more (about 1e-4), and their
// matrices are written as TRS; a matrix further off (a real shear) is
// written as it is.
const trsTolerance = 1e-3

// setTransform gives gn the transform of the finite Y-up matrix m: a
// translation, a rotation and a scale (glTF's TRS, which animation and
// the Khronos validator want), decomposed from m with the rotation made
// exactly orthonormal again; the identity is left to the defaults. A
// matrix that is not an affine rotation and scale to within trsTolerance
// (a shear, a projection, a zero scale) is written as its matrix.
func setTransform(gn *gltf.Node, m mgl32.Mat4) {
	if m == mgl32.Ident4() {
		return
	}
	t, r, s, ok := decomposeTRS(m)
	if !ok {
		for i, v := range m {
			gn.Matrix[i] = float64(v)
		}
		return
	}
	gn.Translation, gn.Rotation, gn.Scale = t, r, s
}

// decomposeTRS splits the affine matrix m into a translation, a unit
// quaternion (x, y, z, w) and a scale whose product T·R·S places points
// within trsTolerance of where m does; ok is false when none does.
func decomposeTRS(m mgl32.Mat4) (t [3]float64, q [4]float64, s [3]float64, ok bool) {
	if m[3] != 0 || m[7] != 0 || m[11] != 0 || m[15] != 1 {
		return t, q, s, false // projective
	}
	var a, rot [3][3]float64 // a[c][r]: column c of the 3×3 part
	for c := range 3 {
		for r := range 3 {
			a[c][r] = float64(m[4*c+r])
		}
		s[c] = math.Sqrt(a[c][0]*a[c][0] + a[c][1]*a[c][1] + a[c][2]*a[c][2])
	}
	largest := max(s[0], s[1], s[2])
	if !(min(s[0], s[1], s[2]) > 1e-9*largest) {
		return t, q, s, false // a zero scale has no rotation
	}
	if det3(a) < 0 {
		s[0] = -s[0] // a mirror: one negative scale
	}
	for c := range 3 {
		for r := range 3 {
			rot[c][r] = a[c][r] / s[c]
		}
	}
	rot = orthonormal(rot)
	for c := range 3 {
		for r := range 3 {
			if math.Abs(rot[c][r]*s[c]-a[c][r]) > trsTolerance*largest {
				return t, q, s, false // a shear: not a rotation and scale
			}
		}
	}
	return [3]float64{float64(m[12]), float64(m[13]), float64(m[14])}, quaternion(rot), s, true
}

// det3 is the determinant of the 3×3 matrix a (columns).
func det3(a [3][3]float64) float64 {
	return a[0][0]*(a[1][1]*a[2][2]-a[2][1]*a[1][2]) -
		a[1][0]*(a[0][1]*a[2][2]-a[2][1]*a[0][2]) +
		a[2][0]*(a[0][1]*a[1][2]-a[1][1]*a[0][2])
}

// orthonormal is the rotation nearest to r, a matrix close to one (its
// polar factor), by the iteration R ← (R + R⁻ᵀ)/2.
func orthonormal(r [3][3]float64) [3][3]float64 {
	for range 30 {
		inv, ok := inverseTranspose(r)
		if !ok {
			return r
		}
		var next [3][3]float64
		change := 0.0
		for c := range 3 {
			for k := range 3 {
				next[c][k] = (r[c][k] + inv[c][k]) / 2
				change = max(change, math.Abs(next[c][k]-r[c][k]))
			}
		}
		r = next
		if change < 1e-15 {
			break
		}
	}
	return r
}

// inverseTranspose is (r⁻¹)ᵀ: the cofactor matrix over the determinant.
func inverseTranspose(r [3][3]float64) ([3][3]float64, bool) {
	d := det3(r)
	if d == 0 || math.IsNaN(d) {
		return r, false
	}
	var out [3][3]float64
	for c := range 3 {
		for k := range 3 {
			c1, c2 := (c+1)%3, (c+2)%3
			k1, k2 := (k+1)%3, (k+2)%3
			out[c][k] = (r[c1][k1]*r[c2][k2] - r[c1][k2]*r[c2][k1]) / d
		}
	}
	return out, true
}

// quaternion is the unit quaternion (x, y, z, w) of the rotation r
// (columns), with w ≥ 0.
func quaternion(r [3][3]float64) [4]float64 {
	// element (row i, column j) is r[j][i]
	m := func(i, j int) float64 { return r[j][i] }
	var q [4]float64
	switch tr := m(0, 0) + m(1, 1) + m(2, 2); {
	case tr > 0:
		k := 0.5 / math.Sqrt(tr+1)
		q = [4]float64{(m(2, 1) - m(1, 2)) * k, (m(0, 2) - m(2, 0)) * k, (m(1, 0) - m(0, 1)) * k, 0.25 / k}
	case m(0, 0) > m(1, 1) && m(0, 0) > m(2, 2):
		k := 2 * math.Sqrt(1+m(0, 0)-m(1, 1)-m(2, 2))
		q = [4]float64{0.25 * k, (m(0, 1) + m(1, 0)) / k, (m(0, 2) + m(2, 0)) / k, (m(2, 1) - m(1, 2)) / k}
	case m(1, 1) > m(2, 2):
		k := 2 * math.Sqrt(1+m(1, 1)-m(0, 0)-m(2, 2))
		q = [4]float64{(m(0, 1) + m(1, 0)) / k, 0.25 * k, (m(1, 2) + m(2, 1)) / k, (m(0, 2) - m(2, 0)) / k}
	default:
		k := 2 * math.Sqrt(1+m(2, 2)-m(0, 0)-m(1, 1))
		q = [4]float64{(m(0, 2) + m(2, 0)) / k, (m(1, 2) + m(2, 1)) / k, 0.25 * k, (m(1, 0) - m(0, 1)) / k}
	}
	n := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	if q[3] < 0 {
		n = -n
	}
	for i := range q {
		q[i] /= n
	}
	return q
}
