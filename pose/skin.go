package pose

import (
	"errors"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// Pose moves one skinned mesh by one animation. Its buffers are made once;
// At fills them again for another time without allocating.
type Pose struct {
	Binding *Binding
	src     *geom.Mesh
	skin    *geom.Skin

	locals, worlds []mgl32.Mat4
	mats           []Affine
	state          []uint8

	// Positions and Normals are the posed vertices (Normals empty when the
	// mesh has none).
	Positions []geom.Vec3
	Normals   []geom.Vec3
}

// Affine is the 3×4 part of a skinning matrix, column-major: the
// rotation columns, then the translation.
type Affine [12]float32

// ErrNoSkin is returned for a mesh without a skeleton.
var ErrNoSkin = errors.New("the model has no skeleton to animate")

// New prepares a pose of mesh m (which must carry a Skin) for animation a.
func New(m *geom.Mesh, a *geom.Animation) (*Pose, error) {
	s := m.Skin
	if s == nil || s.Skeleton == nil || len(s.Joints) != len(m.Positions) || len(s.Weights) != len(m.Positions) {
		return nil, ErrNoSkin
	}
	n := len(s.Skeleton.Bones)
	p := &Pose{Binding: Bind(s.Skeleton, a), src: m, skin: s,
		locals: make([]mgl32.Mat4, n), worlds: make([]mgl32.Mat4, n), mats: make([]Affine, n), state: make([]uint8, n),
		Positions: make([]geom.Vec3, len(m.Positions))}
	if len(m.Normals) == len(m.Positions) {
		p.Normals = make([]geom.Vec3, len(m.Normals))
	}
	return p, nil
}

// At poses the mesh at t seconds into the animation.
func (p *Pose) At(t float32) {
	p.Binding.Locals(t, p.locals)
	p.Bones(p.locals)
}

// Bones poses the mesh from given bone locals (one per bone).
func (p *Pose) Bones(locals []mgl32.Mat4) {
	p.skin.Skeleton.WorldsOf(locals, p.worlds, p.state)
	for i := range p.mats {
		m := p.worlds[i]
		if i < len(p.skin.InverseBind) {
			m = m.Mul4(p.skin.InverseBind[i])
		}
		p.mats[i] = Affine{m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10], m[12], m[13], m[14]}
	}
	Skin(p.Positions, p.Normals, p.src.Positions, p.src.Normals, p.skin.Joints, p.skin.Weights, p.mats)
}

// Worlds returns the bones' model-space transforms of the last pose.
func (p *Pose) Worlds() []mgl32.Mat4 { return p.worlds }

// Mesh returns a mesh with the posed positions and normals that shares
// everything else (indices, groups, UVs, colours, skin) with the source.
// The returned mesh's vertices change with the next At.
func (p *Pose) Mesh() *geom.Mesh {
	m := p.src
	out := &geom.Mesh{Positions: p.Positions, Indices: m.Indices, Groups: m.Groups, Up: m.Up, UVs: m.UVs, Colors: m.Colors, Skin: m.Skin}
	if p.Normals != nil {
		out.Normals = p.Normals
	}
	return out
}

// Skin moves the vertices by linear blend skinning: each output vertex is
// the weighted sum of its input vertex transformed by its bones' matrices
// (normals by their rotation part, not renormalised). Joints and weights
// hold four entries per vertex; zero weights are skipped, and so are
// joints past mats. dstN may be nil.
func Skin(dstP, dstN, srcP, srcN []geom.Vec3, joints [][4]uint16, weights [][4]float32, mats []Affine) {
	doN := dstN != nil && len(srcN) == len(srcP) && len(dstN) >= len(srcP)
	joints, weights, dstP = joints[:len(srcP)], weights[:len(srcP)], dstP[:len(srcP)]
	for v := range srcP {
		b := blend(&joints[v], &weights[v], mats)
		x, y, z := srcP[v][0], srcP[v][1], srcP[v][2]
		dstP[v] = geom.Vec3{b[0]*x + b[3]*y + b[6]*z + b[9], b[1]*x + b[4]*y + b[7]*z + b[10], b[2]*x + b[5]*y + b[8]*z + b[11]}
		if doN {
			x, y, z = srcN[v][0], srcN[v][1], srcN[v][2]
			dstN[v] = geom.Vec3{b[0]*x + b[3]*y + b[6]*z, b[1]*x + b[4]*y + b[7]*z, b[2]*x + b[5]*y + b[8]*z}
		}
	}
}

// blend is the weighted sum of a vertex's bone matrices: one matrix for a
// vertex on one bone, else all four summed without branches (a joint past
// mats counts as weight 0).
func blend(j *[4]uint16, w *[4]float32, mats []Affine) Affine {
	n := uint16(len(mats))
	if w[0] == 1 && j[0] < n {
		return mats[j[0]]
	}
	if j[0] >= n || j[1] >= n || j[2] >= n || j[3] >= n {
		return blendChecked(j, w, mats)
	}
	a, c, d, e := &mats[j[0]], &mats[j[1]], &mats[j[2]], &mats[j[3]]
	w0, w1, w2, w3 := w[0], w[1], w[2], w[3]
	var b Affine
	for i := range b {
		b[i] = a[i]*w0 + c[i]*w1 + d[i]*w2 + e[i]*w3
	}
	return b
}

// blendChecked is blend for a vertex with a joint past mats.
func blendChecked(j *[4]uint16, w *[4]float32, mats []Affine) Affine {
	var b Affine
	for k := 0; k < 4; k++ {
		if int(j[k]) >= len(mats) || w[k] == 0 {
			continue
		}
		m := &mats[j[k]]
		for i := range b {
			b[i] += m[i] * w[k]
		}
	}
	return b
}
