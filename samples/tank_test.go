package samples_test

import (
	"bytes"
	"testing"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/samples"
)

// sampleTank opens the built-in TANK.msh the way the app opens a sample:
// in memory, with the sample libraries as formats.Options.Libraries.
func sampleTank(t *testing.T) (formats.Node, *geom.Mesh) {
	t.Helper()
	for _, f := range samples.Files() {
		if f.Name != "tank.rlb" {
			continue
		}
		root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(f.Data), Size: int64(len(f.Data)), Name: f.Name, Opts: &formats.Options{Libraries: samples.Libraries}})
		if err != nil {
			t.Fatal(err)
		}
		n, err := formats.Resolve(root, "TANK.msh")
		if err != nil {
			t.Fatal(err)
		}
		m, err := n.(formats.Mesher).Mesh()
		if err != nil {
			t.Fatal(err)
		}
		return n, m
	}
	t.Fatal("no tank.rlb sample")
	return nil, nil
}

// TestTankTextured: the sample tank has a normal and a UV per vertex,
// HULL and TRACKS are textured, WATER_M animates (another texture a
// quarter second later) without allocating, and the only finding is RUST
// drawn with DEFAULT.
func TestTankTextured(t *testing.T) {
	n, m := sampleTank(t)
	if len(m.Normals) != len(m.Positions) || len(m.UVs) != 1 || len(m.UVs[0]) != len(m.Positions) {
		t.Fatalf("%d positions, %d normals, %d UV sets", len(m.Positions), len(m.Normals), len(m.UVs))
	}
	groups := map[string]*geom.Material{}
	for _, g := range m.Groups {
		groups[g.Name] = g.Surface
	}
	for _, name := range []string{"HULL", "TRACKS", "WATER_M", "FIRESTORM"} {
		if s := groups[name]; s == nil || s.Texture == nil && s.Anim == nil {
			t.Errorf("%s is not textured: %+v", name, s)
		}
	}
	if s := groups["HULL"]; s == nil || s.Anim != nil || s.Blend != geom.BlendOpaque {
		t.Errorf("HULL %+v", s)
	}
	water := groups["WATER_M"]
	if water == nil || water.Anim == nil || water.Blend != geom.BlendAlpha {
		t.Fatalf("WATER_M %+v", water)
	}
	if a, b := water.Anim.At(0), water.Anim.At(250); a.Texture == nil || a.Texture == b.Texture || a.Color == b.Color {
		t.Errorf("WATER_M looks the same at 0 and 250 ms")
	}
	ms := uint32(0)
	if allocs := testing.AllocsPerRun(100, func() { ms += 16; water.Anim.At(ms) }); allocs != 0 {
		t.Errorf("WATER_M's At allocates %v times a call", allocs)
	}
	d := formats.SafeDiagnostics(n)
	if len(d) != 1 || !bytes.Contains([]byte(d[0].Msg), []byte("RUST")) {
		t.Errorf("findings %+v", d)
	}
}

// BenchmarkTankMesh opens the sample tank and builds its mesh with every
// surface resolved and its textures decoded.
func BenchmarkTankMesh(b *testing.B) {
	var data []byte
	for _, f := range samples.Files() {
		if f.Name == "tank.rlb" {
			data = f.Data
		}
	}
	samples.Libraries()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "tank.rlb", Opts: &formats.Options{Libraries: samples.Libraries}})
		if err != nil {
			b.Fatal(err)
		}
		n, err := formats.Resolve(root, "TANK.msh")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := n.(formats.Mesher).Mesh(); err != nil {
			b.Fatal(err)
		}
	}
}
