package dff

import (
	"fmt"
	"strings"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/binread"
	"rummage/formats/geom"
)

// Rig is a clump's skeleton: every frame is a bone (named, with its HAnim
// id when it has one), and skin bone k of a geometry is frame
// SkinFrames[k].
type Rig struct {
	Skeleton   *geom.Skeleton
	SkinFrames []int // per HAnim node: its frame, -1 when no frame has its id
	Skinned    bool  // some geometry has a Skin
}

// Rig builds the clump's skeleton. A skinned clump's bones take their
// bind pose from the skin's inverse bind matrices (the pose in which the
// stored vertices need no skinning); frames the skin does not name keep
// their own matrices. A skinned clump without an HAnim hierarchy is an
// error at the skin's offset.
func (c *Clump) Rig() (*Rig, error) {
	hs, root, err := c.FrameHAnims()
	if err != nil {
		return nil, err
	}
	sk := &geom.Skeleton{Bones: make([]geom.Bone, len(c.Frames))}
	for i := range c.Frames {
		f := &c.Frames[i]
		sk.Bones[i] = geom.Bone{Name: f.Name, ID: -1, Parent: int(f.Parent), Local: f.Local()}
		if hs[i] != nil {
			sk.Bones[i].ID = hs[i].ID
		}
	}
	r := &Rig{Skeleton: sk}
	skin := c.firstSkin()
	r.Skinned = skin != nil
	if root >= 0 {
		r.SkinFrames = nodeFrames(hs[root], hs)
	}
	if skin == nil {
		return r, nil
	}
	if root < 0 {
		return nil, binread.Errorf(c.Off, "a geometry has a Skin but no frame holds an HAnim hierarchy")
	}
	if len(skin.InverseBind) > len(r.SkinFrames) {
		return nil, binread.Errorf(c.Off, "the Skin has %d bones, the HAnim hierarchy %d nodes", len(skin.InverseBind), len(r.SkinFrames))
	}
	r.bindFromSkin(skin)
	return r, nil
}

// firstSkin returns the skin of the first skinned geometry, nil when none.
func (c *Clump) firstSkin() *Skin {
	for _, g := range c.Geometries {
		if g.Skin != nil {
			return g.Skin
		}
	}
	return nil
}

// nodeFrames maps each hierarchy node to the frame whose HAnim id is the
// node's id.
func nodeFrames(h *HAnim, hs []*HAnim) []int {
	byID := map[int32]int{}
	for i, f := range hs {
		if f != nil {
			if _, dup := byID[f.ID]; !dup {
				byID[f.ID] = i
			}
		}
	}
	out := make([]int, len(h.Nodes))
	for k, n := range h.Nodes {
		out[k] = -1
		if i, ok := byID[n.ID]; ok {
			out[k] = i
		}
	}
	return out
}

// bindFromSkin gives each skin bone's frame the world pose its inverse
// bind matrix stands for; the other frames keep their matrices relative to
// their parents (those below a skin bone follow it). The locals are then
// made to agree with the worlds.
func (r *Rig) bindFromSkin(skin *Skin) {
	sk := r.Skeleton
	n := len(sk.Bones)
	worlds := make([]mgl32.Mat4, n)
	set := make([]bool, n)
	for k, m := range skin.InverseBind {
		if f := r.SkinFrames[k]; f >= 0 {
			worlds[f], set[f] = m.Inv(), true
		}
	}
	for _, i := range topDown(sk) {
		if set[i] {
			continue
		}
		worlds[i] = sk.Bones[i].Local
		if p := sk.Bones[i].Parent; p >= 0 && p < n {
			worlds[i] = worlds[p].Mul4(worlds[i])
		}
	}
	for i := range sk.Bones {
		if p := sk.Bones[i].Parent; p >= 0 && p < n {
			sk.Bones[i].Local = worlds[p].Inv().Mul4(worlds[i])
		} else {
			sk.Bones[i].Local = worlds[i]
		}
	}
}

// topDown lists the bones parents first (the parser refuses cycles).
func topDown(sk *geom.Skeleton) []int {
	kids := make([][]int, len(sk.Bones))
	var out []int
	for i, b := range sk.Bones {
		if b.Parent >= 0 && b.Parent < len(sk.Bones) && b.Parent != i {
			kids[b.Parent] = append(kids[b.Parent], i)
		} else {
			out = append(out, i)
		}
	}
	for k := 0; k < len(out); k++ {
		out = append(out, kids[out[k]]...)
	}
	return out
}

// Skeleton returns the clump's skeleton (see Rig).
func (c *Clump) Skeleton() (*geom.Skeleton, error) {
	r, err := c.Rig()
	if err != nil {
		return nil, err
	}
	return r.Skeleton, nil
}

// skinnedPart is one atomic's share of a clump mesh: its geometry, frame
// and vertex count, for the skin built over the merged mesh.
type skinnedPart struct {
	g      *Geometry
	frame  int
	vertex int
}

// clumpSkin builds the skin of a merged clump mesh: a skinned geometry's
// vertices keep their skin's bones and weights (mapped to frames), a rigid
// atomic's vertices follow its frame with weight 1. The inverse bind of
// every bone is the inverse of its bind-pose world.
func clumpSkin(r *Rig, parts []skinnedPart) (*geom.Skin, error) {
	sk := r.Skeleton
	s := &geom.Skin{Skeleton: sk}
	for _, p := range parts {
		indices, weights := skinLinks(p.g)
		if indices == nil {
			for range p.vertex {
				s.Joints = append(s.Joints, [4]uint16{uint16(p.frame)})
				s.Weights = append(s.Weights, [4]float32{1})
			}
			continue
		}
		if len(indices) != p.vertex {
			return nil, fmt.Errorf("skin of %d vertices on a geometry of %d", len(indices), p.vertex)
		}
		for v, idx := range indices {
			var j [4]uint16
			w := weights[v]
			for k, b := range idx {
				if w[k] != 0 && int(b) < len(r.SkinFrames) && r.SkinFrames[b] >= 0 {
					j[k] = uint16(r.SkinFrames[b])
				} else {
					w[k] = 0
				}
			}
			s.Joints = append(s.Joints, j)
			s.Weights = append(s.Weights, w)
		}
	}
	worlds := sk.Worlds()
	s.InverseBind = make([]mgl32.Mat4, len(worlds))
	for i, m := range worlds {
		s.InverseBind[i] = m.Inv()
	}
	s.Normalize()
	return s, nil
}

// skinLinks returns a geometry's bone numbers and weights per vertex: the
// PC skin's, or those the PS2 native geometry's instance data carries
// (nil for a rigid geometry).
func skinLinks(g *Geometry) ([][4]uint16, [][4]float32) {
	if g.Skin == nil {
		return nil, nil
	}
	if !g.Skin.Native {
		out := make([][4]uint16, len(g.Skin.Indices))
		for i, ix := range g.Skin.Indices {
			out[i] = [4]uint16{uint16(ix[0]), uint16(ix[1]), uint16(ix[2]), uint16(ix[3])}
		}
		return out, g.Skin.Weights
	}
	if g.base.m == nil || g.base.m.Skin == nil {
		return nil, nil
	}
	return g.base.m.Skin.Joints, g.base.m.Skin.Weights
}

// placedWorld is where the clump mesh places geometry gi: the world
// transform of its placement, or none for a skinned geometry, whose
// vertices are stored in their bind pose (the skin places them).
func (c *Clump) placedWorld(gi int32, world mgl32.Mat4) mgl32.Mat4 {
	if c.Geometries[gi].Skin != nil {
		return mgl32.Ident4()
	}
	return world
}

// skinMesh gives a merged clump mesh its skin when the clump has a
// skeleton to animate: skinned geometry, or more than one frame.
func (c *Clump) skinMesh(out *geom.Mesh, parts []part) error {
	if len(c.Frames) < 2 && c.firstSkin() == nil {
		return nil
	}
	r, err := c.Rig()
	if err != nil {
		return err
	}
	sp := make([]skinnedPart, len(parts))
	for k, p := range parts {
		a := c.Atomics[p.atomic]
		sp[k] = skinnedPart{g: c.Geometries[a.Geometry], frame: p.frame, vertex: len(p.m.Positions)}
	}
	if out.Skin, err = clumpSkin(r, sp); err != nil {
		return binread.Errorf(c.Off, "clump skin: %v", err)
	}
	return nil
}

// addBoneFacts adds "bones" to a clump's facts when it has an HAnim
// hierarchy: per node its frame's name (without surrounding spaces, as
// San Andreas pads them), its id and its parent node (-1 for the first).
func addBoneFacts(d map[string]any, c *Clump) error {
	hs, root, err := c.FrameHAnims()
	if err != nil || root < 0 {
		return err
	}
	frames := nodeFrames(hs[root], hs)
	parents := hs[root].NodeParents()
	bones := make([]map[string]any, len(frames))
	for k, f := range frames {
		name := ""
		if f >= 0 {
			name = strings.TrimSpace(c.Frames[f].Name)
		}
		bones[k] = map[string]any{"name": name, "id": hs[root].Nodes[k].ID, "parent": parents[k]}
	}
	d["bones"] = bones
	return nil
}
