package msh

import (
	"math"
)

// quat is a rotation (w, x, y, z).
type quat [4]float64

func (q quat) mul(r quat) quat {
	return quat{
		q[0]*r[0] - q[1]*r[1] - q[2]*r[2] - q[3]*r[3],
		q[0]*r[1] + q[1]*r[0] + q[2]*r[3] - q[3]*r[2],
		q[0]*r[2] - q[1]*r[3] + q[2]*r[0] + q[3]*r[1],
		q[0]*r[3] + q[1]*r[2] - q[2]*r[1] + q[3]*r[0],
	}
}

func (q quat) rotate(v [3]float64) [3]float64 {
	p := q.mul(quat{0, v[0], v[1], v[2]}).mul(quat{q[0], -q[1], -q[2], -q[3]})
	return [3]float64{p[1], p[2], p[3]}
}

// Pose is a node's world transform: rotate, then translate.
type Pose struct {
	Q quat
	T [3]float64
}

// Apply transforms a point.
func (p Pose) Apply(v [3]float32) [3]float32 {
	r := p.Q.rotate([3]float64{float64(v[0]), float64(v[1]), float64(v[2])})
	return [3]float32{float32(r[0] + p.T[0]), float32(r[1] + p.T[1]), float32(r[2] + p.T[2])}
}

// keyPose converts a stored key: quaternion (w, x, y, z)/32767, normalised
// and conjugated (docs/formats/parkan.md); all-zero is the identity.
func keyPose(k Key) Pose {
	q := quat{float64(k.Q[0]) / 32767, -float64(k.Q[1]) / 32767, -float64(k.Q[2]) / 32767, -float64(k.Q[3]) / 32767}
	l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	if l == 0 {
		q = quat{1, 0, 0, 0}
	} else {
		for i := range q {
			q[i] /= l
		}
	}
	return Pose{Q: q, T: [3]float64{float64(k.T[0]), float64(k.T[1]), float64(k.T[2])}}
}

// RestPose returns each node's world pose: frame 0 of the frame map for
// animated nodes, the fallback key otherwise, composed down the parent
// chain; the root's translation is zeroed. Without keys every pose is the
// identity.
func (m *Model) RestPose() []Pose {
	out := make([]Pose, len(m.Nodes))
	for i, n := range m.Nodes {
		local := Pose{Q: quat{1, 0, 0, 0}}
		key := -1
		if n.AnimMapStart != None && int(n.AnimMapStart) < len(m.FrameMap) {
			key = int(m.FrameMap[n.AnimMapStart])
		} else if n.FallbackKey != None {
			key = int(n.FallbackKey)
		}
		if key >= 0 && key < len(m.Keys) {
			local = keyPose(m.Keys[key])
		}
		if n.Parent == None || int(n.Parent) >= i {
			local.T = [3]float64{}
			out[i] = local
			continue
		}
		p := out[n.Parent]
		rt := p.Q.rotate(local.T)
		out[i] = Pose{Q: p.Q.mul(local.Q), T: [3]float64{p.T[0] + rt[0], p.T[1] + rt[1], p.T[2] + rt[2]}}
	}
	return out
}

// Rotate turns a direction (a normal) by the pose's rotation only.
func (p Pose) Rotate(v [3]float32) [3]float32 {
	r := p.Q.rotate([3]float64{float64(v[0]), float64(v[1]), float64(v[2])})
	return [3]float32{float32(r[0]), float32(r[1]), float32(r[2])}
}
