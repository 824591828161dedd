package export

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"rummage/formats/geom"
	"rummage/pose"
)

// A scene with a skeleton (Scene.Skeleton and Scene.Bones) is written with
// its bones as TRS nodes (glTF animates only those), one skin whose joints
// are the bone nodes in bone order with the skin's inverse bind matrices,
// JOINTS_0 and WEIGHTS_0 on every mesh that uses the skeleton, and one
// animation per Scene.Animations entry.

// skinned reports whether m is skinned to the scene's bones.
func (b *gltfBuilder) skinned(m *geom.Mesh) bool {
	return b.scene.Skeleton != nil && m.Skin != nil && m.Skin.Skeleton == b.scene.Skeleton &&
		len(m.Skin.Joints) == len(m.Positions) && len(b.scene.Bones) == len(b.scene.Skeleton.Bones)
}

// skinAttributes adds JOINTS_0 and WEIGHTS_0 of a skinned mesh.
func (b *gltfBuilder) skinAttributes(m *geom.Mesh, a attrs) {
	if !b.skinned(m) {
		return
	}
	joints := make([][4]uint16, len(m.Skin.Joints))
	weights := make([][4]float32, len(m.Skin.Weights))
	for i, j := range m.Skin.Joints {
		w := m.Skin.Weights[i]
		for k := range j {
			if w[k] == 0 {
				j[k] = 0 // glTF: an unused joint is 0
			}
		}
		joints[i], weights[i] = j, w
	}
	a[gltf.JOINTS_0] = modeler.WriteJoints(b.doc, joints)
	a[gltf.WEIGHTS_0] = modeler.WriteWeights(b.doc, weights)
	b.skinMeshes[m] = true
}

// trsBone reports whether n is a bone node written as TRS: in a scene
// that is animated (glTF animates TRS nodes only) or skinned (a skin's
// bind pose, derived from inverse matrices, is not exactly orthonormal).
func (b *gltfBuilder) trsBone(n *SceneNode) bool {
	_, ok := b.bones[n]
	return ok && b.trs
}

// hasSkin reports whether a mesh under nodes is skinned to skeleton sk.
func hasSkin(nodes []*SceneNode, sk *geom.Skeleton, seen map[*SceneNode]bool) bool {
	for _, n := range nodes {
		if n == nil || seen[n] {
			continue
		}
		seen[n] = true
		if n.Mesh != nil && n.Mesh.Skin != nil && n.Mesh.Skin.Skeleton == sk || hasSkin(n.Children, sk, seen) {
			return true
		}
	}
	return false
}

// setTRS writes a bone node's transform as translation, rotation and
// scale (the matrix made orthonormal first, a negative determinant kept
// in the scale).
func setTRS(gn *gltf.Node, m mgl32.Mat4) error {
	for _, v := range m {
		if v-v != 0 {
			return fmt.Errorf("bone node %q has a non-finite matrix", gn.Name)
		}
	}
	var s [3]float32
	cols := [3]mgl32.Vec3{m.Col(0).Vec3(), m.Col(1).Vec3(), m.Col(2).Vec3()}
	for c := range cols {
		s[c] = cols[c].Len()
		if s[c] == 0 {
			s[c], cols[c] = 1, mgl32.Vec3{}
			cols[c][c] = 1
		}
		cols[c] = cols[c].Mul(1 / s[c])
	}
	if cols[0].Cross(cols[1]).Dot(cols[2]) < 0 {
		s[2], cols[2] = -s[2], cols[2].Mul(-1)
	}
	r := mgl32.Mat3FromCols(cols[0], cols[1], cols[2])
	q := mgl32.Mat4ToQuat(r.Mat4()).Normalize()
	gn.Translation = [3]float64{float64(m[12]), float64(m[13]), float64(m[14])}
	gn.Rotation = [4]float64{float64(q.V[0]), float64(q.V[1]), float64(q.V[2]), float64(q.W)}
	gn.Scale = [3]float64{float64(s[0]), float64(s[1]), float64(s[2])}
	gn.Matrix = gltf.DefaultMatrix
	return nil
}

// writeSkin adds the skin of the scene's skeleton, used by every skinned
// mesh node, once the bone nodes have their indices.
func (b *gltfBuilder) writeSkin() error {
	if len(b.skinMeshes) == 0 {
		return nil
	}
	var skin *geom.Skin
	for m := range b.skinMeshes {
		skin = m.Skin
		break
	}
	ibm := make([][4][4]float32, len(b.scene.Bones))
	for i := range ibm {
		m := mgl32.Ident4()
		if i < len(skin.InverseBind) {
			m = yUpMatrix(skin.InverseBind[i], b.up)
		}
		// qmuntal/gltf takes [row][column] and stores it column-major.
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				ibm[i][r][c] = m[4*c+r]
			}
		}
		ibm[i][3] = [4]float32{0, 0, 0, 1}
	}
	// No buffer-view target: the validator wants none for inverse binds.
	s := &gltf.Skin{Name: b.scene.Name, InverseBindMatrices: gltf.Index(modeler.WriteAccessor(b.doc, gltf.TargetNone, ibm))}
	for _, n := range b.scene.Bones {
		s.Joints = append(s.Joints, b.index[n])
	}
	b.doc.Skins = append(b.doc.Skins, s)
	si := len(b.doc.Skins) - 1
	for _, gn := range b.doc.Nodes {
		if gn.Mesh != nil && b.skinNodes[gn] {
			gn.Skin = gltf.Index(si)
		}
	}
	return nil
}

// writeAnimations adds one glTF animation per scene animation: per bone a
// track moves, LINEAR samplers of its rotation, translation and scale.
// An animation that moves none of the bones is an error.
func (b *gltfBuilder) writeAnimations() error {
	if len(b.scene.Animations) == 0 {
		return nil
	}
	if b.scene.Skeleton == nil || len(b.scene.Bones) != len(b.scene.Skeleton.Bones) {
		return fmt.Errorf("scene %q has animations but no bones to move", b.scene.Name)
	}
	for _, a := range b.scene.Animations {
		ga := &gltf.Animation{Name: a.Name}
		bind := pose.Bind(b.scene.Skeleton, a)
		for bone, ti := range bind.Track {
			if ti >= 0 {
				b.trackChannels(ga, &a.Tracks[ti], b.index[b.scene.Bones[bone]])
			}
		}
		if len(ga.Channels) == 0 {
			return fmt.Errorf("animation %q moves no bone of %q", a.Name, b.scene.Name)
		}
		b.doc.Animations = append(b.doc.Animations, ga)
	}
	return nil
}

// trackChannels adds the channels of one track targeting node.
func (b *gltfBuilder) trackChannels(ga *gltf.Animation, t *geom.Track, node int) {
	keys := keyOrder(t.Times)
	input := -1
	in := func(n int) int {
		if n == 1 {
			return b.timesAccessor([]float32{max(t.Times[0], 0)})
		}
		if input < 0 {
			ts := make([]float32, len(keys))
			for i, k := range keys {
				ts[i] = max(t.Times[k], 0)
			}
			input = b.timesAccessor(ts)
		}
		return input
	}
	add := func(path gltf.TRSProperty, inAcc, outAcc int) {
		ga.Samplers = append(ga.Samplers, &gltf.AnimationSampler{Input: inAcc, Output: outAcc, Interpolation: gltf.InterpolationLinear})
		ga.Channels = append(ga.Channels, &gltf.AnimationChannel{Sampler: len(ga.Samplers) - 1, Target: gltf.AnimationChannelTarget{Node: gltf.Index(node), Path: path}})
	}
	if len(t.Rot) > 0 {
		rot := b.rotations(t.Rot, keys)
		add(gltf.TRSRotation, in(len(rot)), modeler.WriteAccessor(b.doc, gltf.TargetNone, rot))
	}
	if len(t.Trans) > 0 {
		tr := b.vectors(t.Trans, keys, false)
		add(gltf.TRSTranslation, in(len(tr)), modeler.WriteAccessor(b.doc, gltf.TargetNone, tr))
	}
	if len(t.Scale) > 0 {
		sc := b.vectors(t.Scale, keys, true)
		add(gltf.TRSScale, in(len(sc)), modeler.WriteAccessor(b.doc, gltf.TargetNone, sc))
	}
}

// keyOrder returns the keys glTF keeps: times clamped to 0 and strictly
// increasing (of keys at one time the last is kept, as it is the one a
// player reaches).
func keyOrder(times []float32) []int {
	var out []int
	last := float32(-1)
	for k, t := range times {
		t = max(t, 0)
		if len(out) > 0 && t <= last {
			out[len(out)-1] = k
			continue
		}
		out = append(out, k)
		last = t
	}
	return out
}

// timesAccessor writes key times with their min and max (glTF requires
// them on an animation input).
func (b *gltfBuilder) timesAccessor(ts []float32) int {
	i := modeler.WriteAccessor(b.doc, gltf.TargetNone, ts)
	b.doc.Accessors[i].Min = []float64{float64(ts[0])}
	b.doc.Accessors[i].Max = []float64{float64(ts[len(ts)-1])}
	return i
}

// rotations turns a rotation channel Y-up, unit length and on one
// hemisphere from key to key; a channel of one key gives one.
func (b *gltfBuilder) rotations(q []mgl32.Quat, keys []int) [][4]float32 {
	pick := keys
	if len(q) == 1 {
		pick = []int{0}
	}
	out := make([][4]float32, len(pick))
	var prev mgl32.Quat
	for i, k := range pick {
		r := q[min(k, len(q)-1)]
		l := float32(math.Sqrt(float64(r.W*r.W + r.V.Dot(r.V))))
		if l == 0 || l != l {
			r, l = mgl32.QuatIdent(), 1
		}
		r = mgl32.Quat{W: r.W / l, V: yUpVec(r.V.Mul(1/l), b.up, false)}
		if i > 0 && r.Dot(prev) < 0 {
			r = mgl32.Quat{W: -r.W, V: r.V.Mul(-1)}
		}
		prev = r
		out[i] = [4]float32{r.V[0], r.V[1], r.V[2], r.W}
	}
	return out
}

// vectors turns a translation (or, with abs, a scale) channel Y-up.
func (b *gltfBuilder) vectors(v []geom.Vec3, keys []int, abs bool) [][3]float32 {
	pick := keys
	if len(v) == 1 {
		pick = []int{0}
	}
	out := make([][3]float32, len(pick))
	for i, k := range pick {
		out[i] = yUpVec(v[min(k, len(v)-1)], b.up, abs)
	}
	return out
}

// yUpVec turns a vector of a Z-up scene Y-up ((x, y, z) → (x, z, −y); a
// scale keeps its signs: (x, z, y)).
func yUpVec(v mgl32.Vec3, up geom.Up, abs bool) mgl32.Vec3 {
	if up != geom.ZUp {
		return v
	}
	if abs {
		return mgl32.Vec3{v[0], v[2], v[1]}
	}
	return mgl32.Vec3{v[0], v[2], -v[1]}
}
