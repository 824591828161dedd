package dff_test

import (
	"path/filepath"
	"testing"

	"rummage/formats"
	"rummage/formats/dff"
	"rummage/formats/dff/dfftest"
	"rummage/formats/geom"
	"rummage/formats/img"
)

func TestEffectMarkers(t *testing.T) {
	r := openCar(t, dfftest.Folder{}, formats.VehicleView{})
	m, err := r.EffectMarkers(formats.VehicleView{}, 0.1)
	if err != nil || m == nil {
		t.Fatalf("%v, %v", m, err)
	}
	if len(m.Groups) != 2 || m.Groups[0].Name != "2dfx light" || m.Groups[0].Color.R != 255 || m.Groups[0].Color.G != 200 || m.Groups[0].Color.A != 255 {
		t.Fatalf("groups %+v", m.Groups)
	}
	p := dfftest.Effects()[0].Pos
	if !near(m, geom.Vec3{p[0] + 0.1, p[1], p[2]}) {
		t.Error("the light's marker is not at its position")
	}
	g := child(t, r, "geometry_0").(*dff.GeometryNode)
	gm, err := g.EffectMarkers(0.1)
	if err != nil || gm == nil || len(gm.Groups) != 2 {
		t.Errorf("geometry markers %v, %v", gm, err)
	}
	if none, err := child(t, r, "geometry_1").(*dff.GeometryNode).EffectMarkers(0.1); none != nil || err != nil {
		t.Errorf("a geometry without 2DFX has markers %v, %v", none, err)
	}
}

// plainModel writes a model without collision of its own.
func plainModel(t *testing.T) []byte {
	b := dff.NewBuilder(dfftest.Stamp)
	root := b.AddFrame("lamp", -1, geom.Vec3{})
	g, err := b.AddGeometry(dff.GeometrySpec{Positions: []geom.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, Tris: [][3]uint16{{0, 1, 2}}, TriMats: []uint16{0},
		Materials: []dff.MaterialSpec{{}}})
	if err != nil {
		t.Fatal(err)
	}
	b.AddAtomic(root, g)
	data, err := b.File().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// colFile is a .col of two models, the second named LAMP.
func colFile(t *testing.T) []byte {
	var out []byte
	for _, name := range []string{"other", "LAMP"} {
		m := dfftest.Collision()
		m.Name, m.Version = name, 2
		if name == "other" {
			m.Spheres = nil
		}
		b, err := m.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b...)
	}
	return out
}

func TestCollisionForFolderAndArchive(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "lamp.dff"), plainModel(t))
	writeFile(t, filepath.Join(dir, "objects.COL"), colFile(t))
	f, err := formats.Open(filepath.Join(dir, "lamp.dff"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	check := func(what string, r *dff.Root, wantWhere string) {
		m, where, err := r.CollisionFor()
		if err != nil || m == nil || where != wantWhere || len(m.Spheres) != 1 || m.Name != "LAMP" {
			t.Errorf("%s: %v, %q, %v", what, m, where, err)
		}
	}
	check("folder", f.Root.(*dff.Root), "objects.COL/lamp")

	imgData, err := img.BuildVER2([]img.File{{Name: "lamp.dff", Data: plainModel(t)}, {Name: "objects.col", Data: colFile(t)}})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "gta3.img")
	writeFile(t, p, imgData)
	arch, err := formats.Open(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer arch.Close()
	check("IMG", child(t, arch.Root, "lamp.dff").(*dff.Root), "objects.col/LAMP")

	car := openCar(t, dfftest.Folder{}, formats.VehicleView{})
	if m, where, err := car.CollisionFor(); m == nil || where != "collision plugin" || err != nil {
		t.Errorf("car: %v %q %v", m, where, err)
	}
}

func TestNightColorsAvailable(t *testing.T) {
	r := openCar(t, dfftest.Folder{}, formats.VehicleView{})
	if !r.HasNightColors() {
		t.Error("the car has night colours")
	}
	g := child(t, r, "geometry_0").(*dff.GeometryNode)
	m, err := g.NightMesh()
	if err != nil || !g.HasNightColors() || m.Colors[0] != dfftest.NightColor {
		t.Errorf("geometry night mesh %v", err)
	}
	if d := describe(t, g); d["nightColors"] != true {
		t.Errorf("nightColors %v", d["nightColors"])
	}
}
