package cli

import (
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"rummage/formats/dff"
	"rummage/formats/geom"
	"rummage/formats/rw"
)

// clumpSpec is a one-geometry DFF made by the project's clump writer:
// its corners, triangles (all of material 0 unless mats says) and one
// material per texture name ("" untextured).
type clumpSpec struct {
	positions []geom.Vec3
	tris      [][3]uint16
	mats      []uint16
	textures  []string
}

// unitBox is a closed unit cube: 8 corners and 12 outward triangles.
func unitBox() ([]geom.Vec3, [][3]uint16) {
	return []geom.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}},
		[][3]uint16{{0, 2, 1}, {0, 3, 2}, {4, 5, 6}, {4, 6, 7}, {0, 1, 5}, {0, 5, 4}, {2, 3, 7}, {2, 7, 6}, {1, 2, 6}, {1, 6, 5}, {3, 0, 4}, {3, 4, 7}}
}

// clumpFile builds s as a San Andreas PC clump and returns its bytes.
func clumpFile(t *testing.T, s clumpSpec) *dff.File {
	t.Helper()
	b := dff.NewBuilder(rw.Pack(0x36003, 0xFFFF))
	root := b.AddFrame("root", -1, geom.Vec3{})
	mats := s.mats
	if mats == nil {
		mats = make([]uint16, len(s.tris))
	}
	uv := make([]geom.Vec2, len(s.positions))
	for i, p := range s.positions {
		uv[i] = geom.Vec2{p[0], p[1]}
	}
	spec := dff.GeometrySpec{Positions: s.positions, UVs: [][]geom.Vec2{uv}, Tris: s.tris, TriMats: mats}
	for _, tex := range s.textures {
		spec.Materials = append(spec.Materials, dff.MaterialSpec{Color: color.NRGBA{200, 200, 200, 255}, Texture: tex})
	}
	g, err := b.AddGeometry(spec)
	if err != nil {
		t.Fatal(err)
	}
	b.AddAtomic(root, g)
	return b.File()
}

// writeClump writes f as path.
func writeClump(t *testing.T, path string, f *dff.File) {
	t.Helper()
	data, err := f.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeDict writes a D3D9 dictionary of 8×8 textures named names as
// dir/file and returns its path.
func writeDict(t *testing.T, dir, file string, names ...string) string {
	t.Helper()
	p := filepath.Join(dir, file)
	if err := os.WriteFile(p, dictOf(t, names...), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
