package msh

import (
	"bytes"
	"image"
	"testing"

	"rummage/formats"
	"rummage/formats/material"
	"rummage/formats/nres"
	"rummage/formats/texm"
)

// TestMaterialChain follows docs/formats/parkan.md's resolve chain in one archive: MSH batch →
// WEAR row → MAT0 → phase 0 → Texm (+ page). The batches' u16 at +0x02
// (fparkan's "material_index") holds a different, valid row number, so the
// test fails if the row came from there instead of the byte at +0x04
// (the reading docs/formats/parkan.md chooses).
func TestMaterialChain(t *testing.T) {
	m := twoQuads()
	for i := range m.Batches {
		m.Batches[i].Flags |= 2 << 16 // u16 at +2 = row 2 ("DECOY")
	}
	model := encode(t, m)
	mat := func(tex string, page int8) []byte {
		var p material.Phase
		p.P[3], p.P[17] = 100, byte(page)
		if err := p.SetTextureName(tex); err != nil {
			t.Fatal(err)
		}
		b, err := (&material.Mat0{Version: 6, Prefix: make([]byte, 10), Phases: []material.Phase{p}}).Encode()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	tex, err := texm.Build(img, texm.Format8888, 1, nil, []texm.Page{{X: 0, Y: 0, W: 2, H: 2}, {X: 2, Y: 2, W: 2, H: 2}})
	if err != nil {
		t.Fatal(err)
	}
	wear := "3\r\n0 RED\r\n1 BLUE\r\n2 DECOY\r\n"
	arch, err := nres.Build([]nres.Entry{
		{TypeID: nres.TypeID("MESH"), Name: "QUADS.msh", Data: model},
		{TypeID: material.TypeWEAR, Name: "QUADS.wea", Data: []byte(wear)},
		{TypeID: material.TypeMAT0, Attr2: 6, Name: "DECOY", Data: mat("", -1)},
		{TypeID: material.TypeMAT0, Attr2: 6, Name: "RED", Data: mat("RED.0", -1)},
		{TypeID: material.TypeMAT0, Attr2: 6, Name: "BLUE", Data: mat("BLUE.0", 1)},
		{TypeID: nres.TypeID("Texm"), Name: "RED.0", Data: tex},
		{TypeID: nres.TypeID("Texm"), Name: "BLUE.0", Data: tex},
	})
	if err != nil {
		t.Fatal(err)
	}
	root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(arch), Size: int64(len(arch)), Name: "chain.lib", Opts: &formats.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	kids, err := root.Children()
	if err != nil {
		t.Fatal(err)
	}
	mesh, ok := kids[0].(*MeshNode)
	if !ok {
		t.Fatalf("entry 0 is %T", kids[0])
	}
	bs := mesh.Batches()
	want := []struct {
		row       int
		mat, tex  string
		page      int
		via, wear string
	}{
		{1, "BLUE", "BLUE.0", 1, material.ViaName, "BLUE"},
		{0, "RED", "RED.0", -1, material.ViaName, "RED"},
		{1, "BLUE", "BLUE.0", 1, material.ViaName, "BLUE"},
		{2, "DECOY", "", -1, material.ViaName, "DECOY"},
	}
	if len(bs) != len(want) {
		t.Fatalf("%d batches", len(bs))
	}
	for i, w := range want {
		b := bs[i]
		if b.Row != w.row || b.Material != w.mat || b.Texture != w.tex || b.Page != w.page || b.Via != w.via || b.WearName != w.wear {
			t.Errorf("batch %d: row %d %q via %s → %q page %d, want row %d %q → %q page %d", i, b.Row, b.Material, b.Via, b.Texture, b.Page, w.row, w.mat, w.tex, w.page)
		}
		if (b.TexNode != nil) != (w.tex != "") || (b.TexNode != nil && b.TexNode.Name() != w.tex) {
			t.Errorf("batch %d: texture node %v", i, b.TexNode)
		}
		if b.MatNode == nil || b.MatNode.Name() != w.mat {
			t.Errorf("batch %d: material node %v", i, b.MatNode)
		}
		if b.Batch.Flags>>16 != 2 {
			t.Errorf("batch %d: flags 0x%X lost the high half", i, b.Batch.Flags)
		}
	}
	// The page rectangle of BLUE's phase: Page[1] of the texture.
	if pr, ok := bs[0].TexNode.(interface{ PageRect(int) image.Rectangle }); !ok || pr.PageRect(bs[0].Page) != image.Rect(2, 2, 4, 4) {
		t.Errorf("page rectangle of batch 0")
	}
	// The mesh groups are named by the WEAR rows the drawn batches use.
	g, err := mesh.Mesh()
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Groups) != 2 || g.Groups[0].Name != "RED" || g.Groups[1].Name != "BLUE" || g.Groups[1].Material != "BLUE.0" {
		t.Errorf("groups %+v", g.Groups)
	}
}

// TestAuthoredBox: the type 2 header's box is read, and the posed mesh
// fits a box made for the (w,x,y,z)-conjugated reading of the pose keys —
// the plain reading would turn the child quad to negative y, outside it.
func TestAuthoredBox(t *testing.T) {
	box := func(min, max [3]float32) []float32 {
		b := make([]float32, 35)
		for i := 0; i < 8; i++ {
			for k := 0; k < 3; k++ {
				v := min[k]
				if i>>k&1 != 0 {
					v = max[k]
				}
				b[3*i+k] = v
			}
		}
		return b
	}
	for _, c := range []struct {
		name     string
		bounds   []float32
		has, fit bool
	}{
		{"fits", box([3]float32{-1, 0, 0}, [3]float32{1, 1, 5}), true, true},
		{"too small", box([3]float32{-1, 0, 0}, [3]float32{1, 1, 2}), true, false},
		{"no box", nil, false, true},
	} {
		data, err := twoQuads().Encode(c.bounds)
		if err != nil {
			t.Fatal(err)
		}
		n, err := Open(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "Q.msh"})
		if err != nil {
			t.Fatal(err)
		}
		d, err := n.(formats.Describer).Describe()
		if err != nil {
			t.Fatal(err)
		}
		dm := d.(map[string]any)
		fit, has := dm["boundsFit"].(bool)
		if has != c.has || (has && fit != c.fit) {
			t.Errorf("%s: boundsFit %v (present %v), want %v (present %v)", c.name, fit, has, c.fit, c.has)
		}
		if c.has {
			ab := dm["authoredBounds"].(map[string]any)
			if ab["min"] != [3]float32{-1, 0, 0} {
				t.Errorf("%s: authored min %v", c.name, ab["min"])
			}
		}
	}
}
