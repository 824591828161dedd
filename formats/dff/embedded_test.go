package dff_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/dff"
	"rummage/formats/dff/dfftest"
)

// child returns the named child of n.
func child(t testing.TB, n formats.Node, name string) formats.Node {
	t.Helper()
	kids, err := n.Children()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range kids {
		if k.Name() == name {
			return k
		}
	}
	t.Fatalf("%s has no child %s", n.Name(), name)
	return nil
}

func TestEmbeddedCollision(t *testing.T) {
	for _, col3 := range []bool{false, true} {
		r := openCar(t, dfftest.Folder{COL3: col3}, formats.VehicleView{})
		c := child(t, r, "collision")
		d := describe(t, c)
		if d["spheres"] != 1 || d["boxes"] != 1 || d["faces"] != 2 || d["vertices"] != 4 {
			t.Errorf("COL3 %v: %v", col3, d)
		}
		want := map[bool]int{false: 0, true: 2}[col3]
		if d["shadowFaces"] != want {
			t.Errorf("COL3 %v: shadowFaces %v, want %d", col3, d["shadowFaces"], want)
		}
		m, err := c.(formats.Mesher).Mesh()
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, g := range m.Groups {
			names = append(names, g.Name)
		}
		if got := strings.Join(names, ","); !strings.HasPrefix(got, "surface 10,surface 45,surface 63") {
			t.Errorf("COL3 %v: groups %s, want one per surface material", col3, got)
		}
		if raw, ok := c.(formats.Rawer); !ok || raw.Size() <= 12 {
			t.Error("the collision node has no bytes")
		}
	}
}

func TestEffectsTable(t *testing.T) {
	r := openCar(t, dfftest.Folder{}, formats.VehicleView{})
	fx := child(t, child(t, r, "geometry_0"), "2dfx")
	if fx.Kind() != formats.KindTable {
		t.Errorf("2dfx kind %s", fx.Kind())
	}
	d := describe(t, fx)
	rows := d["rows"].([]map[string]any)
	if d["entries"] != 2 || len(rows) != 2 {
		t.Fatalf("%v", d)
	}
	l := rows[0]
	if l["typeName"] != "light" || l["coronaTexture"] != "coronastar" || l["shadowTexture"] != "shad_exp" || l["coronaSize"] != float32(0.4) {
		t.Errorf("light %v", l)
	}
	if c, _ := l["color"].([]int); fmt.Sprint(c) != "[255 200 0 200]" {
		t.Errorf("light colour %v, want [255 200 0 200] as ints", l["color"])
	}
	if p := rows[1]; p["typeName"] != "particle" || p["effect"] != "exhale" {
		t.Errorf("particle %v", p)
	}
	if leaf, ok := child(t, r, "geometry_1").(interface{ IsLeaf() bool }); !ok || !leaf.IsLeaf() {
		t.Error("a geometry without 2DFX is not a leaf")
	}
}

func TestEffectsOfUnknownTypeStayRaw(t *testing.T) {
	e := dff.Effect{Type: 42, Data: []byte{1, 2, 3}}
	if f := e.Facts(); f["raw"] != "010203" || f["typeName"] != "type 42" {
		t.Errorf("%v", f)
	}
	e = dff.Effect{Type: dff.FXTrigger, Data: []byte{1, 2}}
	if f := e.Facts(); f["raw"] != "0102" || f["note"] == nil {
		t.Errorf("a trigger of 2 bytes: %v", f)
	}
}

func TestBrokenEffectsAreABrokenNode(t *testing.T) {
	b := dff.NewBuilder(dfftest.Stamp)
	root := b.AddFrame("thing", -1, [3]float32{})
	g, err := b.AddGeometry(dff.GeometrySpec{Materials: []dff.MaterialSpec{{}}})
	if err != nil {
		t.Fatal(err)
	}
	b.AddAtomic(root, g)
	fx := dff.EffectsBytes(dfftest.Effects())
	b.AddGeometryExt(g, dff.ID2DFX, fx[:len(fx)-10]) // the last entry cut short
	data, err := b.File().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	f, err := dff.Open(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "thing.dff"})
	if err != nil {
		t.Fatal(err)
	}
	n := child(t, child(t, f, "geometry_0"), "2dfx")
	err = n.(formats.Broken).Err()
	if err == nil || formats.ErrorOffset(err) <= 0 || !strings.Contains(err.Error(), "runs past") {
		t.Errorf("a cut 2DFX entry: %v", err)
	}
}
