package xrlevel

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/xray"
)

// BoneBind is a bone's bind pose as S_IKDATA stores it: rotation as X, Y,
// Z angles (radians, the engine's setXYZi) and translation, both relative
// to the parent bone, in X-Ray's axes.
type BoneBind struct {
	Rot, Pos geom.Vec3
}

// ikFixed is the bytes of one S_IKDATA bone after its material name,
// without the friction of bone version 1: shape (type, flags, box,
// sphere, cylinder), joint (type, limits, spring, damping, flags, break
// force and torque), bind rotation and translation, mass and its centre.
const ikFixed = 2 + 2 + 60 + 16 + 32 + 4 + 48 + 4 + 4 + 4 + 4 + 4 + 12 + 12 + 4 + 12

// readIK decodes S_IKDATA: per bone (in S_BONE_NAMES order) its version,
// game material, collision shape, joint limits, bind pose and mass. Only
// the bind pose is kept. Like the engine, any version but 0 has the
// friction of version 1 (real files carry odd numbers there).
func (m *Model) readIK(c xray.Chunk, p []byte) {
	cur := binread.NewCursor(p, c.DataOff)
	binds := make([]BoneBind, 0, len(m.Bones))
	for k := range m.Bones {
		at := cur.Off()
		ver := cur.U32() // 0, or 1 with friction; the engine takes any other value as 1
		cur.Skip(cstrLen(p[min(cur.Pos(), len(p)):]) + 1)
		skip := ikFixed - 24 - 16
		if ver != 0 {
			skip += 4 // friction
		}
		cur.Skip(skip)
		b := BoneBind{Rot: vec3(cur), Pos: vec3(cur)}
		cur.Skip(16)
		if cur.Err() != nil {
			m.diag(NameVisuals+"/0", at, "S_IKDATA: bone %d of %d is cut short; bind poses are not read", k, len(m.Bones))
			return
		}
		binds = append(binds, b)
	}
	m.Binds = binds
}

// cstrLen is the length of the NUL-terminated string at the start of p
// (all of p when it has no NUL).
func cstrLen(p []byte) int {
	for i, c := range p {
		if c == 0 {
			return i
		}
	}
	return len(p)
}

// BindMatrix is a bind pose as a column-major matrix: the engine's
// setXYZi (heading −y, pitch −x, bank −z) and the translation.
func (b BoneBind) BindMatrix() mgl32.Mat4 {
	h, p, k := -float64(b.Rot[1]), -float64(b.Rot[0]), -float64(b.Rot[2])
	sh, ch := math.Sincos(h)
	sp, cp := math.Sincos(p)
	sb, cb := math.Sincos(k)
	cc, cs, sc, ss := ch*cb, ch*sb, sh*cb, sh*sb
	// The engine's rows i, j, k are the columns of the column-major matrix.
	return mgl32.Mat4{
		float32(cc - sp*ss), float32(-cp * sb), float32(sp*cs + sc), 0,
		float32(sp*sc + cs), float32(cp * cb), float32(ss - sp*cc), 0,
		float32(-cp * sh), float32(sp), float32(cp * ch), 0,
		b.Pos[0], b.Pos[1], b.Pos[2], 1,
	}
}

// Skeleton returns the model's bones: names and parents from
// S_BONE_NAMES, bind poses from S_IKDATA (the identity when it is
// missing). A parent name that is no bone makes the bone a root.
func (m *Model) Skeleton() *geom.Skeleton {
	sk := &geom.Skeleton{Bones: make([]geom.Bone, len(m.Bones))}
	index := make(map[string]int, len(m.Bones))
	for i, b := range m.Bones {
		if _, dup := index[b.Name]; !dup {
			index[b.Name] = i
		}
	}
	for i, b := range m.Bones {
		p, ok := index[b.Parent]
		if !ok || b.Parent == "" || p == i {
			p = -1
		}
		local := mgl32.Ident4()
		if i < len(m.Binds) {
			local = m.Binds[i].BindMatrix()
		}
		sk.Bones[i] = geom.Bone{Name: b.Name, ID: -1, Parent: p, Local: local}
	}
	return sk
}

// BoneFacts are the bones as `info --json` lists them: name, id (the
// bone's index, by which motions address it) and parent index.
func (m *Model) BoneFacts() []map[string]any {
	sk := m.Skeleton()
	out := make([]map[string]any, len(sk.Bones))
	for i, b := range sk.Bones {
		out[i] = map[string]any{"name": b.Name, "id": i, "parent": b.Parent}
	}
	return out
}

// skinMesh completes the skin the mesh builder gathered from the skinned
// vertices: the model's skeleton and each bone's inverse bind pose. A
// model without bones keeps no skin.
func (m *Model) skinMesh(mesh *geom.Mesh) {
	if mesh.Skin == nil {
		return
	}
	if len(m.Bones) == 0 {
		mesh.Skin = nil
		return
	}
	s := mesh.Skin
	s.Skeleton = m.Skeleton()
	for _, w := range s.Skeleton.Worlds() {
		s.InverseBind = append(s.InverseBind, w.Inv())
	}
	s.Normalize()
}
