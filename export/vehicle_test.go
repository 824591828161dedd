package export

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"

	"rummage/formats"
	"rummage/formats/col"
	"rummage/formats/dff/dfftest"
)

// openTestCar writes the test car's game folder and opens the car.
func openTestCar(t *testing.T, view formats.VehicleView) formats.Node {
	t.Helper()
	p, err := dfftest.WriteFolder(t.TempDir(), dfftest.Folder{COL3: true})
	if err != nil {
		t.Fatal(err)
	}
	f, err := formats.Open(p, &formats.Options{Vehicle: view})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f.Root
}

// The car as glTF: every part a named node (the damaged door and the
// low-detail chassis too), a wheel under every wheel dummy (a second one
// under each rear dummy for the double rear wheels), the body painted
// (its base colour the linear of the first colour set's primary).
func TestGLBVehicle(t *testing.T) {
	car := openTestCar(t, formats.VehicleView{})
	s, err := car.(formats.Scener).Scene()
	if err != nil {
		t.Fatal(err)
	}
	s.Name = "testcar"
	doc := sceneGLB(t, s)
	names := map[string]int{}
	wheelsUnder := map[string]int{}
	for _, n := range doc.Nodes {
		names[n.Name]++
		for _, c := range n.Children {
			if doc.Nodes[c].Name == "wheel" && doc.Nodes[c].Mesh != nil {
				wheelsUnder[n.Name]++
			}
		}
	}
	for _, p := range []string{dfftest.Chassis, dfftest.ChassisVLO, dfftest.DoorOK, dfftest.DoorDam} {
		if names[p] != 1 {
			t.Errorf("part %s: %d nodes", p, names[p])
		}
	}
	for d := range dfftest.WheelDummies {
		want := 1
		if strings.Contains(d, "b_") {
			want = 2
		}
		if wheelsUnder[d] != want {
			t.Errorf("%s carries %d wheels, want %d", d, wheelsUnder[d], want)
		}
	}
	primary := dfftest.Sets[0][0]
	found := false
	for _, m := range doc.Materials {
		f := m.PBRMetallicRoughness.BaseColorFactor
		if f == nil {
			continue
		}
		if math.Abs(f[0]-srgbToLinear(float64(primary[0])/255)) < 1e-6 && math.Abs(f[1]-srgbToLinear(float64(primary[1])/255)) < 1e-6 {
			found = true
		}
		if math.Abs(f[0]-srgbToLinear(0x3C/255.0)) < 1e-6 && math.Abs(f[1]-1) < 1e-6 && f[2] < 1e-6 {
			t.Errorf("material %q keeps the placeholder green", m.Name)
		}
	}
	if !found {
		t.Error("no material painted in the first set's primary colour")
	}
}

// The night colours go to COLOR_0 when asked.
func TestGLBVehicleNight(t *testing.T) {
	car := openTestCar(t, formats.VehicleView{Night: true})
	s, err := car.(formats.Scener).Scene()
	if err != nil {
		t.Fatal(err)
	}
	s.Name = "testcar_night"
	doc := sceneGLB(t, s)
	for _, m := range doc.Meshes {
		if m.Name != "geometry_0" {
			continue
		}
		a := doc.Accessors[m.Primitives[0].Attributes["COLOR_0"]]
		if a == nil || a.Count == 0 {
			t.Fatal("no COLOR_0")
		}
		return
	}
	t.Error("no body mesh")
}

// A collision model exports with one primitive (and one material) per
// surface, and its shadow mesh as lines.
func TestCollisionExports(t *testing.T) {
	m := dfftest.Collision()
	m.Version = 3
	m.ShadowVertices, m.ShadowFaces = m.Vertices, m.Faces
	mesh := m.Mesh()
	doc := meshGLB(t, mesh, "collision")
	prims := doc.Meshes[0].Primitives
	if len(prims) != 4 {
		t.Fatalf("%d primitives, want 3 surfaces and the shadow outline", len(prims))
	}
	for i, p := range prims[:3] {
		want := col.SurfaceColor([]uint8{10, 45, 63}[i])
		f := doc.Materials[*p.Material].PBRMetallicRoughness.BaseColorFactor
		if math.Abs(f[1]-srgbToLinear(float64(want.G)/255)) > 1e-6 {
			t.Errorf("surface %d: colour %v, want %v", i, f, want)
		}
	}
	if prims[3].Mode != gltf.PrimitiveLines {
		t.Errorf("shadow mesh mode %d", prims[3].Mode)
	}
	var obj, mtl bytes.Buffer
	if err := WriteOBJ(&obj, &mtl, mesh, "collision", "collision.mtl", nil); err != nil {
		t.Fatal(err)
	}
	p := parseOBJ(t, obj.Bytes())
	if strings.Join(p.objects, ",") != "surface_10,surface_45,surface_63,shadow_mesh" || p.lines != 6 {
		t.Errorf("OBJ objects %v, %d lines", p.objects, p.lines)
	}
	if !strings.Contains(mtl.String(), "newmtl surface_45") {
		t.Errorf("MTL %s", mtl.String())
	}
}
