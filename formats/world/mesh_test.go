package world_test

import (
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// placedCopy is m moved by mat as a copy of its own, its normals turned
// (none when m has none): the reference Scene.Mesh must match.
func placedCopy(m *geom.Mesh, mat mgl32.Mat4) *geom.Mesh {
	out := &geom.Mesh{Up: m.Up, Indices: m.Indices, Groups: m.Groups, UVs: m.UVs, Colors: m.Colors}
	for _, p := range m.Positions {
		out.Positions = append(out.Positions, geom.Vec3(mat.Mul4x1(mgl32.Vec3(p).Vec4(1)).Vec3()))
	}
	if len(m.Normals) == len(m.Positions) {
		for _, n := range m.Normals {
			out.Normals = append(out.Normals, geom.Vec3(mat.Mat3().Mul3x1(mgl32.Vec3(n))))
		}
	}
	return out
}

// The OBJ export's mesh is the high-detail instances placed, each with
// its own copy's vertices and normals (made from the placed triangles for
// a model without normals), whatever the scene shares.
func TestSceneMesh(t *testing.T) {
	s := openSmall(t)
	g := s.Geometry()
	// the house with normals of its own, the lamp (turned and scaled)
	// without: its smooth normals come from its placed triangles
	for i := range g.Models {
		o := g.Models[i].Mesh
		m := &geom.Mesh{Up: o.Up, Positions: o.Positions, Indices: o.Indices, Groups: o.Groups, UVs: o.UVs, Colors: o.Colors, Normals: o.Normals}
		switch g.Models[i].Name {
		case "house":
			m.Normals = m.SmoothNormals()
		case "lamp":
			m.Normals = nil
		}
		g.Models[i].Mesh = m
	}
	g.Instances[2].Matrix = g.Instances[2].Matrix.Mul4(mgl32.Scale3D(1, 2, 3))
	got, err := s.Mesh()
	if err != nil {
		t.Fatal(err)
	}
	var parts []*geom.Mesh
	for _, in := range g.Instances {
		if !in.IsLOD {
			parts = append(parts, placedCopy(g.Models[in.Model].Mesh, in.Matrix))
		}
	}
	want := geom.Combine(parts...)
	want.Up = geom.ZUp
	if len(got.Normals) == 0 || !reflect.DeepEqual(got.Positions, want.Positions) || !reflect.DeepEqual(got.Normals, want.Normals) ||
		!reflect.DeepEqual(got.Indices, want.Indices) || !reflect.DeepEqual(got.Groups, want.Groups) || !reflect.DeepEqual(got.UVs, want.UVs) {
		t.Errorf("the scene's mesh (%d vertices, %d normals) is not its instances' placed copies combined (%d, %d)",
			len(got.Positions), len(got.Normals), len(want.Positions), len(want.Normals))
	}
}
