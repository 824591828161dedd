package dff_test

import (
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats"
	_ "rummage/formats/all"
	"rummage/formats/dff"
	"rummage/formats/dff/dfftest"
	"rummage/formats/geom"
)

// openCar writes the test game folder and opens its car with view.
func openCar(t testing.TB, f dfftest.Folder, view formats.VehicleView) *dff.Root {
	t.Helper()
	p, err := dfftest.WriteFolder(t.TempDir(), f)
	if err != nil {
		t.Fatal(err)
	}
	file, err := formats.Open(p, &formats.Options{Vehicle: view})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { file.Close() })
	return file.Root.(*dff.Root)
}

// near reports whether the mesh has a vertex within 1e-4 of p.
func near(m *geom.Mesh, p geom.Vec3) bool {
	for _, v := range m.Positions {
		if math.Abs(float64(v[0]-p[0])) < 1e-4 && math.Abs(float64(v[1]-p[1])) < 1e-4 && math.Abs(float64(v[2]-p[2])) < 1e-4 {
			return true
		}
	}
	return false
}

// hubs are where the wheels' hub points must land: each dummy plus the
// hub turned outward (left wheels half a turn round Z), scaled to the
// .ide size (rear 1.05 of a modelled 0.7), and for the double rear wheels
// a second hub the wheel's whole width further in. The "wheel" frame's own offset
// under wheel_rf_dummy is dropped, as the game collapses it.
func hubs() []geom.Vec3 {
	var out []geom.Vec3
	for name, d := range dfftest.WheelDummies {
		s, side := float32(1), float32(1)
		if strings.Contains(name, "b_") {
			s = 1.05 / dfftest.WheelDiameter
		}
		if strings.Contains(name, "_l") {
			side = -1
		}
		out = append(out, geom.Vec3{d[0] + side*dfftest.HubX*s, d[1], d[2]})
		if s != 1 {
			out = append(out, geom.Vec3{d[0] + side*(dfftest.HubX-dfftest.WheelExtentX)*s, d[1], d[2]})
		}
	}
	return out
}

func TestCarWheelsOnEveryDummy(t *testing.T) {
	r := openCar(t, dfftest.Folder{}, formats.VehicleView{})
	m, err := r.Mesh()
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hubs() {
		if !near(m, h) {
			t.Errorf("no wheel hub at %v", h)
		}
	}
	// the stored place of the main wheel (its frame's offset) is not drawn
	rf := dfftest.WheelDummies["wheel_rf_dummy"]
	if off := (geom.Vec3{rf[0] + dfftest.WheelFrameOffset[0] + dfftest.HubX, rf[1], rf[2]}); near(m, off) {
		t.Errorf("the main wheel is drawn at its own frame %v, not collapsed onto wheel_rf_dummy", off)
	}
	d := describe(t, r)
	if d["wheels"] != 4 {
		t.Errorf("wheels = %v, want 4", d["wheels"])
	}
}

func TestCarWithoutHandlingHasSingleRearWheels(t *testing.T) {
	r := openCar(t, dfftest.Folder{NoHandling: true}, formats.VehicleView{})
	m, err := r.Mesh()
	if err != nil {
		t.Fatal(err)
	}
	rb := dfftest.WheelDummies["wheel_rb_dummy"]
	s := float32(1.05 / dfftest.WheelDiameter)
	if near(m, geom.Vec3{rb[0] + (dfftest.HubX-dfftest.WheelExtentX)*s, rb[1], rb[2]}) {
		t.Error("a second rear wheel without handling.cfg's flag")
	}
	if !near(m, geom.Vec3{rb[0] + dfftest.HubX*s, rb[1], rb[2]}) {
		t.Error("the rear wheel is missing")
	}
}

func TestCarWithoutIDEKeepsModelledWheelSize(t *testing.T) {
	r := openCar(t, dfftest.Folder{NoIDE: true}, formats.VehicleView{})
	m, err := r.Mesh()
	if err != nil {
		t.Fatal(err)
	}
	lb := dfftest.WheelDummies["wheel_lb_dummy"]
	if !near(m, geom.Vec3{lb[0] - dfftest.HubX, lb[1], lb[2]}) {
		t.Error("without an .ide the wheels keep their modelled size")
	}
	if !r.IsVehicle() {
		t.Error("wheel dummies make a vehicle")
	}
}

// doorX is the world X of a door panel's inner face.
func doorX(x float32) float32 { return -0.9 + x }

func TestCarParts(t *testing.T) {
	vloOnly := func(m *geom.Mesh) bool { return m.Triangles() == 60+6*13 }
	for _, c := range []struct {
		parts    formats.Parts
		ok, dam  bool
		vloCheck func(*geom.Mesh) bool
	}{
		{formats.PartsDefault, true, false, nil},
		{formats.PartsOK, true, false, nil},
		{formats.PartsDam, false, true, nil},
		{formats.PartsVLO, false, false, vloOnly},
		{formats.PartsAll, true, true, nil},
	} {
		r := openCar(t, dfftest.Folder{}, formats.VehicleView{Parts: c.parts})
		m, err := r.Mesh()
		if err != nil {
			t.Fatal(err)
		}
		okAt := geom.Vec3{doorX(dfftest.DoorOKX), 0, 0}
		damAt := geom.Vec3{doorX(dfftest.DoorDamX), 0, 0}
		if near(m, okAt) != c.ok || near(m, damAt) != c.dam {
			t.Errorf("--parts %q: intact door %v (want %v), damaged door %v (want %v)", c.parts, near(m, okAt), c.ok, near(m, damAt), c.dam)
		}
		if c.vloCheck != nil && !c.vloCheck(m) {
			t.Errorf("--parts vlo: %d triangles, want the low-detail chassis and the wheels only", m.Triangles())
		}
	}
}

// colorOf returns the colour the mesh paints the group of material slot
// mat of the body (the first geometry with nine slots).
func slotColors(t testing.TB, m *geom.Mesh) map[string]color.NRGBA {
	t.Helper()
	out := map[string]color.NRGBA{}
	for _, g := range m.Groups {
		if g.Surface != nil {
			if _, seen := out[g.Name]; !seen {
				out[g.Name] = g.Surface.Color
			}
		}
	}
	return out
}

func TestCarPaint(t *testing.T) {
	for set := range 2 {
		r := openCar(t, dfftest.Folder{}, formats.VehicleView{Colors: set})
		m, err := r.Mesh()
		if err != nil {
			t.Fatal(err)
		}
		got := slotColors(t, m)
		want := map[string][3]uint8{"body": dfftest.Sets[set][0], "material 1": dfftest.Sets[set][1], "material 2": dfftest.Sets[set][2],
			"material 3": dfftest.Sets[set][3], "vehiclelights128": {255, 255, 255}, "material 8": {0x80, 0x80, 0x80}}
		for name, w := range want {
			c := got[name]
			if [3]uint8{c.R, c.G, c.B} != w {
				t.Errorf("set %d: %s painted %v, want %v", set, name, c, w)
			}
		}
		for _, g := range m.Groups {
			if g.Name == "body" && g.Color != (color.NRGBA{dfftest.Sets[set][0][0], dfftest.Sets[set][0][1], dfftest.Sets[set][0][2], 255}) {
				t.Errorf("set %d: the body group's colour hint %v is not its paint", set, g.Color)
			}
		}
	}
}

func TestCarPaintWithoutCarcols(t *testing.T) {
	r := openCar(t, dfftest.Folder{NoCarcols: true}, formats.VehicleView{})
	m, err := r.Mesh()
	if err != nil {
		t.Fatal(err)
	}
	c := slotColors(t, m)["body"]
	if c.R != c.G || c.G != c.B || c.R < 100 || c.R > 200 {
		t.Errorf("without carcols.dat the primary colour is %v, want a neutral grey", c)
	}
	if n := r.Notes(); len(n) != 1 || !strings.Contains(n[0], "carcols.dat") {
		t.Errorf("notes %q, want one about carcols.dat", n)
	}
}

func TestCarColorSetOutOfRange(t *testing.T) {
	r := openCar(t, dfftest.Folder{}, formats.VehicleView{Colors: 2})
	if _, err := r.Mesh(); err == nil || !strings.Contains(err.Error(), "2 colour sets") {
		t.Errorf("colour set 2 of 2: %v", err)
	}
}

func TestCarNightColors(t *testing.T) {
	r := openCar(t, dfftest.Folder{}, formats.VehicleView{Night: true})
	m, err := r.Mesh()
	if err != nil {
		t.Fatal(err)
	}
	day, err := r.VehicleMesh(formats.VehicleView{})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Colors) == 0 || m.Colors[0] != dfftest.NightColor {
		t.Fatalf("night colours: first %v", m.Colors[:min(1, len(m.Colors))])
	}
	if day.Colors[0] == dfftest.NightColor {
		t.Error("the day view shows the night colours")
	}
}

func describe(t testing.TB, n formats.Node) map[string]any {
	t.Helper()
	d, err := n.(formats.Describer).Describe()
	if err != nil {
		t.Fatal(err)
	}
	return d.(map[string]any)
}

func TestCarFacts(t *testing.T) {
	r := openCar(t, dfftest.Folder{}, formats.VehicleView{})
	d := describe(t, r)
	kinds := map[string]string{}
	for _, p := range d["parts"].([]map[string]any) {
		kinds[p["name"].(string)] = p["kind"].(string)
	}
	want := map[string]string{dfftest.Chassis: "other", dfftest.ChassisVLO: "vlo", dfftest.DoorOK: "ok", dfftest.DoorDam: "dam", dfftest.WheelFrame: "other"}
	for k, v := range want {
		if kinds[k] != v {
			t.Errorf("part %s kind %q, want %q", k, kinds[k], v)
		}
	}
	paint := d["paint"].(map[string]any)
	if paint["sets"] != 2 || paint["carcols"] != "CARCOLS.DAT" || paint["colors"].([]string)[0] != "C81E1E" {
		t.Errorf("paint facts %v", paint)
	}
	if d["handling"] != "TESTCAR" {
		t.Errorf("handling %v", d["handling"])
	}
}

// sceneNames lists the names of the scene's nodes that carry a mesh, by
// their parent's name.
func sceneNames(nodes []*geom.SceneNode, parent string, out map[string]bool) {
	for _, n := range nodes {
		if n.Mesh != nil {
			out[parent] = true
		}
		sceneNames(n.Children, n.Name, out)
	}
}

func TestCarSceneHasEveryPart(t *testing.T) {
	for _, c := range []struct {
		parts formats.Parts
		want  map[string]bool
	}{
		{formats.PartsDefault, map[string]bool{dfftest.DoorOK: true, dfftest.DoorDam: true, dfftest.ChassisVLO: true, dfftest.Chassis: true}},
		{formats.PartsOK, map[string]bool{dfftest.DoorOK: true, dfftest.DoorDam: false, dfftest.ChassisVLO: false, dfftest.Chassis: true}},
	} {
		r := openCar(t, dfftest.Folder{}, formats.VehicleView{Parts: c.parts})
		s, err := r.Scene()
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		sceneNames(s.Nodes, "", got)
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("--parts %q: part %s in the scene %v, want %v", c.parts, k, got[k], v)
			}
		}
		wheels := 0
		for name := range dfftest.WheelDummies {
			if got[name] {
				wheels++
			}
		}
		if wheels != 4 {
			t.Errorf("--parts %q: %d wheel dummies carry a wheel in the scene, want 4", c.parts, wheels)
		}
	}
}

func TestCarExportMeshNamesParts(t *testing.T) {
	r := openCar(t, dfftest.Folder{}, formats.VehicleView{})
	m, err := r.ExportMesh()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, g := range m.Groups {
		names[strings.SplitN(g.Name, "/", 2)[0]] = true
	}
	for _, p := range []string{dfftest.Chassis, dfftest.ChassisVLO, dfftest.DoorOK, dfftest.DoorDam, "wheel"} {
		if !names[p] {
			t.Errorf("the export mesh has no group of part %s (%v)", p, names)
		}
	}
}

func TestNotAVehicleIgnoresParts(t *testing.T) {
	// the sample car of the built-in samples would do; a clump without
	// wheel dummies and without an .ide is not a vehicle
	b := dff.NewBuilder(dfftest.Stamp)
	root := b.AddFrame("thing", -1, geom.Vec3{})
	g, err := b.AddGeometry(dff.GeometrySpec{Positions: []geom.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, Tris: [][3]uint16{{0, 1, 2}}, TriMats: []uint16{0},
		Materials: []dff.MaterialSpec{{Color: dfftest.Primary}}})
	if err != nil {
		t.Fatal(err)
	}
	b.AddAtomic(root, g)
	data, err := b.File().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "thing.dff")
	writeFile(t, p, data)
	file, err := formats.Open(p, &formats.Options{Vehicle: formats.VehicleView{Parts: formats.PartsVLO}})
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	r := file.Root.(*dff.Root)
	m, err := r.Mesh()
	if err != nil {
		t.Fatal(err)
	}
	if r.IsVehicle() || m.Triangles() != 1 {
		t.Errorf("vehicle %v, %d triangles: --parts vlo must not hide a plain model's parts", r.IsVehicle(), m.Triangles())
	}
	if _, ok := describe(t, r)["wheels"]; ok {
		t.Error("a plain model has vehicle facts")
	}
	if c := slotColors(t, m)["material 0"]; c != dfftest.Primary {
		t.Errorf("a plain model's placeholder colour was painted: %v", c)
	}
}

func writeFile(t testing.TB, p string, b []byte) {
	t.Helper()
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCarGeometryPainted(t *testing.T) {
	r := openCar(t, dfftest.Folder{}, formats.VehicleView{})
	kids, err := r.Children()
	if err != nil {
		t.Fatal(err)
	}
	m, err := kids[0].(formats.Mesher).Mesh()
	if err != nil {
		t.Fatal(err)
	}
	if c := slotColors(t, m)["body"]; [3]uint8{c.R, c.G, c.B} != dfftest.Sets[0][0] {
		t.Errorf("geometry_0 alone is painted %v, want the first set's primary", c)
	}
}
