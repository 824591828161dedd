package material

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"rummage/formats"
	"rummage/formats/nres"
)

// libFixture is a material library with materials of every prefix version
// and a WEAR table beside them.
func libFixture(t *testing.T) []byte {
	t.Helper()
	var ents []nres.Entry
	for i, v := range []uint32{0, 2, 3, 6} {
		blocks := []Block{{Header: uint32(i) | 0x1F<<3, Keys: []Key{{0, 100, 0}, {1, 250, 9}}}}
		ents = append(ents, nres.Entry{TypeID: TypeMAT0, Attr1: uint32(4 * i), Attr2: v, Name: []string{"DEFAULT", "HULL", "glass", "WATER_M"}[i],
			Data: buildMat0(v, prefix10, waterPhases, blocks)})
	}
	ents = append(ents, nres.Entry{TypeID: TypeWEAR, Attr3: 1, Name: "t.wea", Data: []byte("3\r\n0 hull\r\n1 GLASS\r\n2 NOPE\r\n")})
	b, err := nres.Build(ents)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func openLib(t *testing.T, b []byte) (formats.Node, []formats.Node) {
	t.Helper()
	root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "Material.lib", Opts: &formats.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	kids, err := root.Children()
	if err != nil {
		t.Fatal(err)
	}
	return root, kids
}

// TestArchiveRoundTrip: every material re-encodes to its payload, the
// attributes reach the node, an unedited archive writes back identically
// and an edit survives a save and a reopen.
func TestArchiveRoundTrip(t *testing.T) {
	data := libFixture(t)
	root, kids := openLib(t, data)
	for i, k := range kids[:4] {
		n, ok := k.(*Node)
		if !ok {
			t.Fatalf("entry %d is %T", i, k)
		}
		m := n.Material()
		if m.Attr1 != uint32(4*i) || m.Version != []uint32{0, 2, 3, 6}[i] {
			t.Errorf("%s: attr1 %d version %d", n.Name(), m.Attr1, m.Version)
		}
		var orig bytes.Buffer
		orig.ReadFrom(n.Open())
		enc, err := m.Encode()
		if err != nil || !bytes.Equal(enc, orig.Bytes()) {
			t.Errorf("%s: re-encoding differs (%v)", n.Name(), err)
		}
		if !n.Editable() {
			t.Errorf("%s: not editable inside an archive", n.Name())
		}
	}
	var out bytes.Buffer
	if _, err := root.(formats.Saver).WriteTo(&out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), data) {
		t.Fatal("unedited archive differs")
	}
	// Setting an identical material keeps the archive byte-identical.
	water := kids[3].(*Node)
	if err := water.SetMaterial(water.Material().Clone()); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	root.(formats.Saver).WriteTo(&out)
	if !bytes.Equal(out.Bytes(), data) {
		t.Error("re-setting the same material changed the archive")
	}
	// A real edit: one more phase.
	m := water.Material().Clone()
	m.Phases = append(m.Phases, phase("NEW.0", 1, 2, 3, 100))
	if err := water.SetMaterial(m); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	root.(formats.Saver).WriteTo(&out)
	_, again := openLib(t, out.Bytes())
	got := again[3].(*Node).Material()
	if len(got.Phases) != 3 || got.Phases[2].TextureName() != "NEW.0" || got.Attr1 != 12 {
		t.Errorf("after save: %d phases, attr1 %d", len(got.Phases), got.Attr1)
	}
	if w := again[4].(*WearNode); w.Resolve()[0].Name != "HULL" || w.Resolve()[1].Name != "glass" || w.Resolve()[2].Via != ViaDefault {
		t.Errorf("wear in the same archive: %+v", w.Resolve())
	}
}

// TestLooseWearFindsLibraryAbove opens a loose .wea file whose
// Material.lib sits two folders up under a different case.
func TestLooseWearFindsLibraryAbove(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "models", "tanks")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "MATERIAL.LIB"), libFixture(t), 0o644); err != nil {
		t.Fatal(err)
	}
	wp := filepath.Join(sub, "t.wea")
	if err := os.WriteFile(wp, []byte("2\r\n0 water_m\r\n1 MISSING\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := formats.Open(wp, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, ok := f.Root.(*WearNode)
	if !ok {
		t.Fatalf("root is %T", f.Root)
	}
	r := w.Resolve()
	if r[0].Name != "WATER_M" || r[0].Via != ViaName || r[1].Name != "DEFAULT" || r[1].Via != ViaDefault {
		t.Errorf("%+v", r)
	}
	// --materials is used when nothing is found beside the file.
	lone := filepath.Join(t.TempDir(), "lone.wea")
	os.WriteFile(lone, []byte("1\r\n0 HULL\r\n"), 0o644)
	f2, err := formats.Open(lone, &formats.Options{Materials: filepath.Join(dir, "MATERIAL.LIB")})
	if err != nil {
		t.Fatal(err)
	}
	defer f2.Close()
	if r := f2.Root.(*WearNode).Resolve(); r[0].Name != "HULL" {
		t.Errorf("with --materials: %+v", r)
	}
}
