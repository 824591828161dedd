package pose

import (
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// LocalTime maps a clock in milliseconds to a time in the animation, in
// seconds: the animation loops (a zero-length one stays at 0).
func LocalTime(a *geom.Animation, clockMs uint32) float32 {
	t := float64(clockMs) / 1000
	d := float64(a.Duration)
	if d <= 0 {
		return 0
	}
	return float32(math.Mod(t, d))
}

// Locals samples the animation at t seconds: each moved bone's local
// transform from its keys (a channel the track lacks keeps the bind
// pose's value), each other bone's bind local. locals has one entry per
// bone.
func (b *Binding) Locals(t float32, locals []mgl32.Mat4) {
	for i := range b.Skeleton.Bones {
		bind := &b.Skeleton.Bones[i].Local
		ti := b.Track[i]
		if ti < 0 {
			locals[i] = *bind
			continue
		}
		locals[i] = Sample(&b.Anim.Tracks[ti], t, bind)
	}
}

// Sample returns a track's transform at t seconds: rotation slerped
// between the keys around t, translation and scale lerped; bind gives
// the rotation, translation or scale of a channel the track does not
// have. Before the first key the first holds, after the last the last.
func Sample(tr *geom.Track, t float32, bind *mgl32.Mat4) mgl32.Mat4 {
	i, f := keyAt(tr.Times, t)
	var m mgl32.Mat4
	if len(tr.Rot) > 0 {
		m = quatMat(pick(tr.Rot, i, f))
	} else {
		m = *bind
	}
	pos := mgl32.Vec3{bind[12], bind[13], bind[14]}
	if len(tr.Trans) > 0 {
		pos = lerp3(tr.Trans, i, f)
	}
	if len(tr.Scale) > 0 {
		s := lerp3(tr.Scale, i, f)
		for c := 0; c < 3; c++ {
			m[4*c], m[4*c+1], m[4*c+2] = m[4*c]*s[c], m[4*c+1]*s[c], m[4*c+2]*s[c]
		}
	}
	m[12], m[13], m[14], m[15] = pos[0], pos[1], pos[2], 1
	m[3], m[7], m[11] = 0, 0, 0
	return m
}

// keyAt finds the key at or before t and how far t is towards the next
// (0..1).
func keyAt(times []float32, t float32) (int, float32) {
	n := len(times)
	if n == 0 {
		return 0, 0
	}
	j := sort.Search(n, func(k int) bool { return times[k] > t }) // first key after t
	if j == 0 {
		return 0, 0
	}
	if j == n {
		return n - 1, 0
	}
	span := times[j] - times[j-1]
	if span <= 0 {
		return j - 1, 0
	}
	return j - 1, (t - times[j-1]) / span
}

// pick returns key i of a channel slerped f towards key i+1; a channel
// with a single key is constant.
func pick(q []mgl32.Quat, i int, f float32) mgl32.Quat {
	if len(q) == 1 {
		return q[0]
	}
	i = min(i, len(q)-1)
	if f == 0 || i+1 >= len(q) {
		return q[i]
	}
	return Slerp(q[i], q[i+1], f)
}

// lerp3 returns key i of a vector channel lerped f towards key i+1.
func lerp3(v []geom.Vec3, i int, f float32) mgl32.Vec3 {
	if len(v) == 1 {
		return v[0]
	}
	i = min(i, len(v)-1)
	a := v[i]
	if f == 0 || i+1 >= len(v) {
		return a
	}
	b := v[i+1]
	return mgl32.Vec3{a[0] + (b[0]-a[0])*f, a[1] + (b[1]-a[1])*f, a[2] + (b[2]-a[2])*f}
}

// Slerp interpolates two rotations along the shorter arc; nearly equal
// ones are lerped and normalised.
func Slerp(a, b mgl32.Quat, f float32) mgl32.Quat {
	d := a.W*b.W + a.V.Dot(b.V)
	if d < 0 {
		b, d = mgl32.Quat{W: -b.W, V: b.V.Mul(-1)}, -d
	}
	var ka, kb float32
	if d > 0.9995 {
		ka, kb = 1-f, f
	} else {
		th := math.Acos(float64(min(d, 1)))
		s := math.Sin(th)
		ka, kb = float32(math.Sin((1-float64(f))*th)/s), float32(math.Sin(float64(f)*th)/s)
	}
	q := mgl32.Quat{W: a.W*ka + b.W*kb, V: a.V.Mul(ka).Add(b.V.Mul(kb))}
	return normalize(q)
}

func normalize(q mgl32.Quat) mgl32.Quat {
	l := float32(math.Sqrt(float64(q.W*q.W + q.V.Dot(q.V))))
	if l == 0 || l != l {
		return mgl32.QuatIdent()
	}
	return mgl32.Quat{W: q.W / l, V: q.V.Mul(1 / l)}
}

// quatMat is the rotation matrix of a quaternion (normalised first: the
// compressed keys of the games are a little off unit length).
func quatMat(q mgl32.Quat) mgl32.Mat4 {
	return normalize(q).Mat4()
}
