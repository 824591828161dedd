package world

import (
	"fmt"
	"sort"
	"strings"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats"
	"rummage/formats/geom"
)

// Describe returns the scene's facts: its instances (the joined streams'
// included) and parked cars, its distinct models, how many were found
// and how many are missing (with their names), the bounds of everything
// placed, the streams joined and where the models came from.
func (s *Scene) Describe() (any, error) {
	w := s.World()
	found, broken := 0, 0
	var missing []map[string]any
	for _, m := range w.Models {
		switch {
		case m.Found && m.Err == nil:
			found++
		case m.Found:
			broken++
			missing = append(missing, map[string]any{"name": m.Name, "id": m.ID, "instances": m.Instances, "error": m.Err.Error(), "where": m.Where})
		default:
			missing = append(missing, map[string]any{"name": m.Name, "id": m.ID, "instances": m.Instances})
		}
	}
	sort.Slice(missing, func(i, j int) bool {
		return strings.ToLower(missing[i]["name"].(string)) < strings.ToLower(missing[j]["name"].(string))
	})
	cars := len(s.File.Cars)
	for _, n := range s.streams {
		if st, ok := n.(*Scene); ok {
			cars += len(st.File.Cars)
		}
	}
	b := w.Geom.Bounds()
	facts := map[string]any{
		"kind": string(formats.KindScene), "name": s.NodeName, "format": formatName(s),
		"instances": len(s.placed), "cars": cars, "models": len(w.Models), "found": found, "missing": len(w.Models) - found,
		"missingModels": missing, "brokenModels": broken, "triangles": w.Geom.Triangles(),
		"bounds":  map[string]any{"min": vec(b.Min), "max": vec(b.Max)},
		"streams": s.Streams(), "definitions": len(s.lib.defs.Files),
	}
	if s.lib.game != nil {
		facts["gameFolder"] = s.lib.game.Root
		facts["sources"] = s.lib.game.Sources
	}
	return facts, nil
}

func formatName(s *Scene) string {
	if s.File.Binary {
		return "binary"
	}
	return "text"
}

func vec(v geom.Vec3) []any { return []any{f32(v[0]), f32(v[1]), f32(v[2])} }

// Mesh returns the placed triangles of the high-detail view (every
// instance that is not another's low-detail stand-in), missing models as
// boxes: what an OBJ export writes. The models are combined as they are,
// then each instance's vertices placed where they lie in the result, so
// that no placed copy is held beside it.
func (s *Scene) Mesh() (*geom.Mesh, error) {
	g := s.Geometry()
	var parts []*geom.Mesh
	var mats []*mgl32.Mat4
	for i, in := range g.Instances {
		if m := g.Models[in.Model].Mesh; !in.IsLOD && m != nil {
			parts = append(parts, m)
			mats = append(mats, &g.Instances[i].Matrix)
		}
	}
	out := geom.Combine(parts...)
	out.Up = geom.ZUp
	at := 0
	for k, m := range parts {
		n := len(m.Positions)
		placeRange(out, at, m, mats[k])
		at += n
	}
	return out, nil
}

// placeRange places the vertices of m that out holds from at by mat: the
// positions, and the normals turned with them (made from the placed
// triangles when m has none of its own, as for any placed copy).
func placeRange(out *geom.Mesh, at int, m *geom.Mesh, mat *mgl32.Mat4) {
	n := len(m.Positions)
	pos := out.Positions[at : at+n]
	for i, p := range pos {
		pos[i] = geom.Vec3(mat.Mul4x1(mgl32.Vec3(p).Vec4(1)).Vec3())
	}
	if len(out.Normals) != len(out.Positions) {
		return
	}
	nrm := out.Normals[at : at+n]
	if len(m.Normals) != n {
		copy(nrm, (&geom.Mesh{Positions: pos, Indices: m.Indices}).SmoothNormals())
		return
	}
	rot := mat.Mat3()
	for i, v := range nrm {
		nrm[i] = geom.Vec3(rot.Mul3x1(mgl32.Vec3(v)))
	}
}

// Scene returns the scene for glTF: each model's mesh once, one node per
// instance placing it, named after its model; the low-detail stand-ins
// under a root node of their own ("NAME LOD"), so they can be hidden
// together; a missing model's instances are empty nodes named
// "MODEL (missing)", which keep their places.
func (s *Scene) Scene() (*geom.Scene, error) {
	g := s.Geometry()
	hd := &geom.SceneNode{Name: s.NodeName, Matrix: mgl32.Ident4()}
	lod := &geom.SceneNode{Name: s.NodeName + " LOD", Matrix: mgl32.Ident4()}
	for _, in := range g.Instances {
		md := g.Models[in.Model]
		n := &geom.SceneNode{Name: md.Name, Matrix: in.Matrix, Mesh: md.Mesh}
		if md.Missing {
			n.Name, n.Mesh = md.Name+" (missing)", nil
		}
		if in.IsLOD {
			lod.Children = append(lod.Children, n)
		} else {
			hd.Children = append(hd.Children, n)
		}
	}
	out := &geom.Scene{Name: s.NodeName, Up: geom.ZUp, Nodes: []*geom.SceneNode{hd}}
	if len(lod.Children) > 0 {
		out.Nodes = append(out.Nodes, lod)
	}
	return out, nil
}

// Notes says how many models were not found or did not read, drawn as
// boxes in the warning colour.
func (s *Scene) Notes() []string {
	w := s.World()
	missing, broken, placed := 0, 0, 0
	for _, m := range w.Models {
		switch {
		case m.Err != nil:
			broken++
			placed += m.Instances
		case !m.Found:
			missing++
			placed += m.Instances
		}
	}
	var out []string
	if missing > 0 {
		out = append(out, fmt.Sprintf("%d of %d models were not found in the game's archives and folders (%d instances): drawn as boxes in the warning colour", missing, len(w.Models), placed))
	}
	if broken > 0 {
		out = append(out, fmt.Sprintf("%d models were found but do not read: drawn as boxes in the warning colour (info lists them with their errors)", broken))
	}
	return out
}
