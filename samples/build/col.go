package build

import (
	"math"

	"rummage/formats/col"
	"rummage/formats/geom"
)

func init() {
	Register(Builder{Name: "sample.col", Build: buildCOL})
}

// The sample collision file: a San Andreas COL3 model (a terrain patch in
// four surface materials, its faces in face groups, a lamp post of
// spheres and a kerb of boxes, and a coarser shadow mesh) and a GTA III
// COLL crate.
func buildCOL() ([]byte, error) {
	terrain := colTerrain()
	crate := &col.Model{Version: 1, Name: "sample_crate",
		Bounds:  col.Bounds{Min: geom.Vec3{-1, -1, 0}, Max: geom.Vec3{1, 1, 2}, Center: geom.Vec3{0, 0, 1}, Radius: 1.8},
		Boxes:   []col.Box{{Min: geom.Vec3{-1, -1, 0}, Max: geom.Vec3{1, 1, 2}, Surface: col.Surface{Material: 20}}},
		Spheres: []col.Sphere{{Center: geom.Vec3{0, 0, 2.2}, Radius: 0.3, Surface: col.Surface{Material: 11}}},
	}
	var out []byte
	for _, m := range []*col.Model{terrain, crate} {
		b, err := m.Bytes()
		if err != nil {
			return nil, err
		}
		out = append(out, b...)
	}
	return out, nil
}

// colTerrain is an 8×8 grid of rolling ground (a vertex every 2 units, on
// 1/128 steps so COL3 keeps them), each quarter its own material, with a
// face group per row.
func colTerrain() *col.Model {
	const n, step = 8, float32(2)
	m := &col.Model{Version: 3, Name: "sample_terrain", ModelID: 18000}
	height := func(i, j int) float32 {
		h := 1.5*math.Sin(float64(i)*0.7) + math.Cos(float64(j)*0.9)
		return float32(math.Round(h*128) / 128)
	}
	for j := 0; j <= n; j++ {
		for i := 0; i <= n; i++ {
			m.Vertices = append(m.Vertices, geom.Vec3{float32(i-n/2) * step, float32(j-n/2) * step, height(i, j)})
		}
	}
	at := func(i, j int) uint32 { return uint32(j*(n+1) + i) }
	materials := [4]uint8{0, 9, 19, 35} // default, grass, sand, concrete (San Andreas' numbers)
	for j := 0; j < n; j++ {
		start := len(m.Faces)
		for i := 0; i < n; i++ {
			s := col.Surface{Material: materials[(i/(n/2))+2*(j/(n/2))], Light: 200}
			m.Faces = append(m.Faces, col.Face{A: at(i, j), B: at(i+1, j), C: at(i+1, j+1), Surface: s}, col.Face{A: at(i, j), B: at(i+1, j+1), C: at(i, j+1), Surface: s})
		}
		lo, hi := m.Vertices[at(0, j)], m.Vertices[at(n, j+1)]
		m.FaceGroups = append(m.FaceGroups, col.FaceGroup{Min: geom.Vec3{lo[0], lo[1], -3}, Max: geom.Vec3{hi[0], hi[1], 3}, Start: uint16(start), End: uint16(len(m.Faces) - 1)})
	}
	for z := float32(0); z < 4; z += 0.8 {
		m.Spheres = append(m.Spheres, col.Sphere{Center: geom.Vec3{2, 2, 2 + z}, Radius: 0.3, Surface: col.Surface{Material: 50}})
	}
	m.Boxes = []col.Box{{Min: geom.Vec3{-8, -7.5, -1}, Max: geom.Vec3{8, -7, 1.5}, Surface: col.Surface{Material: 35}}}
	corner := func(i, j int) geom.Vec3 { return m.Vertices[at(i, j)] }
	m.ShadowVertices = []geom.Vec3{corner(0, 0), corner(n, 0), corner(n, n), corner(0, n)}
	m.ShadowFaces = []col.Face{{A: 0, B: 1, C: 2}, {A: 0, B: 2, C: 3}}
	m.Bounds = col.Bounds{Min: geom.Vec3{-8, -8, -3}, Max: geom.Vec3{8, 8, 6}, Radius: 13}
	return m
}
