package dff

import (
	"fmt"
	"strconv"

	"rummage/formats/geom"
)

// Scene returns the clump as a tree of its frames, each placed by its
// local matrix, with the geometries of the frame's shown atomics as child
// nodes (a geometry used by several atomics is one mesh, shared).
func (c *Clump) Scene(name string, surf Surfacer) (*geom.Scene, error) {
	frames := c.FrameNodes()
	nodes := make([]*geom.SceneNode, len(frames))
	for i, f := range frames {
		n := f.Name
		if n == "" {
			n = "frame_" + strconv.Itoa(i)
		}
		nodes[i] = &geom.SceneNode{Name: n, Matrix: f.Local}
	}
	allHidden := true
	for i := range c.Atomics {
		allHidden = allHidden && c.Hidden(i)
	}
	meshes := map[int32]*geom.Mesh{}
	var skinned []int
	for i, a := range c.Atomics {
		if (c.Hidden(i) && !allHidden) || int(a.Frame) >= len(nodes) || int(a.Geometry) >= len(c.Geometries) {
			continue
		}
		if c.Geometries[a.Geometry].Skin != nil {
			skinned = append(skinned, i) // placed by its skin, not its frame (skinscene.go)
			continue
		}
		m, ok := meshes[a.Geometry]
		if !ok {
			var err error
			if m, err = c.Geometries[a.Geometry].Mesh(surf); err != nil {
				return nil, fmt.Errorf("geometry %d: %w", a.Geometry, err)
			}
			meshes[a.Geometry] = m
		}
		fn := nodes[a.Frame]
		fn.Children = append(fn.Children, &geom.SceneNode{Name: "geometry_" + strconv.Itoa(int(a.Geometry)), Mesh: m})
	}
	s := &geom.Scene{Name: name, Up: geom.ZUp}
	for i, f := range frames {
		if p := f.Parent; p >= 0 && p < len(nodes) && p != i {
			nodes[p].Children = append(nodes[p].Children, nodes[i])
		} else {
			s.Nodes = append(s.Nodes, nodes[i])
		}
	}
	return s, c.rigScene(s, nodes, skinned, surf)
}
