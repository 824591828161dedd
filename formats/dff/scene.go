package dff

import (
	"strconv"

	"rummage/formats"
	"rummage/formats/geom"
)

// Scene returns the clump as a tree of its frames, each placed by its
// local matrix, with the geometries of the frame's shown atomics as child
// nodes (a geometry used by several atomics is one mesh, shared); a
// vehicle as the game assembles it, every part (see Clump.assemble),
// unpainted.
func (c *Clump) Scene(name string, surf Surfacer) (*geom.Scene, error) {
	return c.drawScene(name, c.assemble(formats.PartsAll, wheelSetup{}), look{surf: surf})
}

// drawScene makes the scene of assembly a: the frame tree, each placed
// geometry a child node of its frame (a wheel put on a wheel frame named
// "wheel", with its turn and scale as its matrix).
func (c *Clump) drawScene(name string, a assembly, l look) (*geom.Scene, error) {
	frames := c.FrameNodes()
	nodes := make([]*geom.SceneNode, len(frames))
	for i, f := range frames {
		n := f.Name
		if n == "" {
			n = "frame_" + strconv.Itoa(i)
		}
		nodes[i] = &geom.SceneNode{Name: n, Matrix: f.Local, From: &geom.Origin{What: "frame " + strconv.Itoa(i), Off: f.Off}}
	}
	meshes := map[int32]*geom.Mesh{}
	var skinned []int
	for _, p := range a.items {
		gi := c.Atomics[p.atomic].Geometry
		if p.frame >= len(nodes) || int(gi) >= len(c.Geometries) {
			continue
		}
		if c.Geometries[gi].Skin != nil {
			skinned = append(skinned, p.atomic) // placed by its skin, not its frame (skinscene.go)
			continue
		}
		m, ok := meshes[gi]
		if !ok {
			var err error
			if m, err = c.geometryMesh(gi, l); err != nil {
				return nil, err
			}
			meshes[gi] = m
		}
		child := &geom.SceneNode{Name: "geometry_" + strconv.Itoa(int(gi)), Mesh: m}
		if p.wheel {
			child.Name, child.Matrix = "wheel", p.local
		}
		nodes[p.frame].Children = append(nodes[p.frame].Children, child)
	}
	s := &geom.Scene{Name: name, Up: geom.ZUp}
	for i, f := range frames {
		if p := f.Parent; p >= 0 && p < len(nodes) && p != i {
			nodes[p].Children = append(nodes[p].Children, nodes[i])
		} else {
			s.Nodes = append(s.Nodes, nodes[i])
		}
	}
	return s, c.rigScene(s, nodes, skinned, l.surf)
}
