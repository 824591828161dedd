package geom

import (
	"strings"

	"github.com/go-gl/mathgl/mgl32"
)

// Skeleton is a tree of bones in their bind pose: a RenderWare clump's
// frames (with their HAnim ids) or an X-Ray model's bones.
type Skeleton struct {
	Bones []Bone
}

// Bone is one joint of a skeleton.
type Bone struct {
	Name string // as stored (San Andreas bone names keep their leading space)
	// ID is the bone's animation id (a RenderWare HAnim node id), -1 when
	// it has none.
	ID     int32
	Parent int // index of the parent bone, -1 for a root
	// Local is the bind-pose transform relative to the parent, column-major
	// (a point p maps to Local·p in the parent's space), in the mesh's own
	// axes (before any Up mapping).
	Local mgl32.Mat4
}

// TrimmedName is the bone's name without surrounding spaces, the form
// bone names are matched and shown in.
func (b *Bone) TrimmedName() string { return strings.TrimSpace(b.Name) }

// Worlds returns each bone's bind-pose transform in model space. Parents
// need not come first; a parent index out of range or a cycle is taken as
// a root.
func (s *Skeleton) Worlds() []mgl32.Mat4 {
	out := make([]mgl32.Mat4, len(s.Bones))
	locals := make([]mgl32.Mat4, len(s.Bones))
	for i := range s.Bones {
		locals[i] = s.Bones[i].Local
	}
	s.WorldsOf(locals, out, make([]uint8, len(s.Bones)))
	return out
}

// WorldsOf composes local transforms (one per bone) into model-space ones
// in out, using state (one byte per bone) as scratch; it allocates nothing.
func (s *Skeleton) WorldsOf(locals, out []mgl32.Mat4, state []uint8) {
	for i := range state {
		state[i] = 0
	}
	for i := range s.Bones {
		s.world(i, locals, out, state, 0)
	}
}

// world computes bone i's world transform (state: 0 to do, 1 in progress,
// 2 done).
func (s *Skeleton) world(i int, locals, out []mgl32.Mat4, state []uint8, depth int) {
	if state[i] == 2 {
		return
	}
	state[i] = 1
	m := locals[i]
	if p := s.Bones[i].Parent; p >= 0 && p < len(s.Bones) && p != i && state[p] != 1 && depth < len(s.Bones) {
		s.world(p, locals, out, state, depth+1)
		m = out[p].Mul4(m)
	}
	out[i] = m
	state[i] = 2
}

// Find returns the index of the bone with this animation id, -1 when none.
func (s *Skeleton) Find(id int32) int {
	if id < 0 {
		return -1
	}
	for i := range s.Bones {
		if s.Bones[i].ID == id {
			return i
		}
	}
	return -1
}

// FindName returns the index of the bone whose trimmed name equals name
// (trimmed, case-insensitively), -1 when none.
func (s *Skeleton) FindName(name string) int {
	name = strings.TrimSpace(name)
	if name == "" {
		return -1
	}
	for i := range s.Bones {
		if strings.EqualFold(s.Bones[i].TrimmedName(), name) {
			return i
		}
	}
	return -1
}

// Skin binds the vertices of a mesh to the bones of a skeleton with up to
// four weights each (linear blend skinning). The mesh's positions and
// normals are its bind pose, in model space.
type Skin struct {
	Skeleton *Skeleton
	// Joints and Weights hold four bone indices and weights per vertex;
	// the weights of a vertex sum to 1, unused ones are 0.
	Joints  [][4]uint16
	Weights [][4]float32
	// InverseBind maps model space to each bone's bind-pose space, one per
	// bone of the skeleton.
	InverseBind []mgl32.Mat4
	// MaxWeights is the most non-zero weights a vertex has.
	MaxWeights int
}

// UsedBones returns how many different bones carry a non-zero weight.
func (s *Skin) UsedBones() int {
	used := make([]bool, len(s.Skeleton.Bones))
	n := 0
	for i, j := range s.Joints {
		for k := 0; k < 4; k++ {
			if b := int(j[k]); s.Weights[i][k] != 0 && b < len(used) && !used[b] {
				used[b] = true
				n++
			}
		}
	}
	return n
}

// Normalize scales each vertex's weights to sum to 1 (a vertex whose
// weights are all zero gets weight 1 on its first joint), zeroes weights
// whose joint is not a bone, and sets MaxWeights.
func (s *Skin) Normalize() {
	s.MaxWeights = 0
	for i := range s.Weights {
		w := &s.Weights[i]
		var sum float32
		n := 0
		for k := 0; k < 4; k++ {
			if int(s.Joints[i][k]) >= len(s.Skeleton.Bones) || !(w[k] > 0) {
				w[k] = 0
				continue
			}
			sum += w[k]
			n++
		}
		if sum == 0 {
			*w = [4]float32{1, 0, 0, 0}
			if int(s.Joints[i][0]) >= len(s.Skeleton.Bones) {
				s.Joints[i][0] = 0
			}
			n = 1
			sum = 1
		}
		for k := 0; k < 4; k++ {
			w[k] /= sum
		}
		s.MaxWeights = max(s.MaxWeights, n)
	}
}
