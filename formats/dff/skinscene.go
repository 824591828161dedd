package dff

import (
	"fmt"
	"strconv"

	"rummage/formats/geom"
)

// rigScene gives a clump's scene its skeleton: every frame node is a bone
// (so animations move the frames, and the rigid parts on them), a skinned
// clump's frames take the skin's bind pose, and each skinned atomic's
// geometry is a node at the root, without a transform, skinned to them.
func (c *Clump) rigScene(s *geom.Scene, frames []*geom.SceneNode, skinned []int, surf Surfacer) error {
	if len(c.Frames) < 2 && len(skinned) == 0 {
		return nil
	}
	r, err := c.Rig()
	if err != nil {
		return err
	}
	s.Skeleton, s.Bones = r.Skeleton, frames
	if !r.Skinned {
		return nil
	}
	for i, f := range frames {
		f.Matrix = r.Skeleton.Bones[i].Local
	}
	for _, i := range skinned {
		a := c.Atomics[i]
		g := c.Geometries[a.Geometry]
		gm, err := g.Mesh(surf)
		if err != nil {
			return fmt.Errorf("geometry %d: %w", a.Geometry, err)
		}
		sk, err := clumpSkin(r, []skinnedPart{{g: g, frame: int(a.Frame), vertex: len(gm.Positions)}})
		if err != nil {
			return fmt.Errorf("geometry %d: %w", a.Geometry, err)
		}
		m := &geom.Mesh{Positions: gm.Positions, Indices: gm.Indices, Groups: gm.Groups, Up: gm.Up, Normals: gm.Normals, UVs: gm.UVs, Colors: gm.Colors, Skin: sk}
		s.Nodes = append(s.Nodes, &geom.SceneNode{Name: "geometry_" + strconv.Itoa(int(a.Geometry)), Mesh: m})
	}
	return nil
}

// Skeleton returns the model's skeleton when it has one to animate (more
// than one frame, or a skin), nil otherwise.
func (r *Root) Skeleton() (*geom.Skeleton, error) {
	f, err := r.File()
	if err != nil {
		return nil, err
	}
	if len(f.Clump.Frames) < 2 && f.Clump.firstSkin() == nil {
		return nil, nil
	}
	return f.Clump.Skeleton()
}
