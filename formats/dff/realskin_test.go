package dff

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRealPedStands checks San Andreas' wuzimu.dff (Timic3/rw-parser's
// tests, in $RUMMAGE_DFF_REAL): its skin and hierarchy are read, and the
// clump mesh is its bind pose as stored, upright along Z (its atomic's
// frame would lay it along Y).
func TestRealPedStands(t *testing.T) {
	dir := os.Getenv("RUMMAGE_DFF_REAL")
	if dir == "" {
		t.Skip("RUMMAGE_DFF_REAL is not set")
	}
	b, err := os.ReadFile(filepath.Join(dir, "wuzimu.dff"))
	if err != nil {
		t.Skip(err)
	}
	f, err := Parse(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	c := f.Clump
	s := c.Geometries[0].Skin
	if s.Bones != 32 || s.UsedBones != 31 || s.MaxWeights != 4 || s.Old || len(s.Weights) != 990 {
		t.Errorf("skin: %d bones, %d used, %d weights, old %v, %d vertices", s.Bones, s.UsedBones, s.MaxWeights, s.Old, len(s.Weights))
	}
	d := map[string]any{}
	if err := addBoneFacts(d, c); err != nil {
		t.Fatal(err)
	}
	bones := d["bones"].([]map[string]any)
	if len(bones) != 32 || bones[1]["name"] != "Pelvis" || bones[1]["id"] != int32(1) || bones[1]["parent"] != 0 || bones[6]["name"] != "Jaw" || bones[6]["parent"] != 5 {
		t.Errorf("bones %v", bones[:7])
	}
	m, err := c.ClumpMesh(nil)
	if err != nil {
		t.Fatal(err)
	}
	bb := m.Bounds()
	dx, dy, dz := bb.Max[0]-bb.Min[0], bb.Max[1]-bb.Min[1], bb.Max[2]-bb.Min[2]
	if dz < 1.5 || dz < 1.5*dx || dz < 1.5*dy {
		t.Errorf("ped is %.2f × %.2f × %.2f (x, y, z): not standing along Z", dx, dy, dz)
	}
	if m.Skin == nil || m.Skin.MaxWeights != 4 {
		t.Errorf("clump mesh skin %v", m.Skin != nil)
	}
}
