package world_test

import (
	"encoding/json"
	"fmt"
	"image"
	"strings"
	"testing"

	"rummage/formats"
	_ "rummage/formats/all"
	"rummage/formats/table"
	"rummage/formats/world"
	"rummage/formats/world/worldtest"
	"rummage/preview"
)

// openSmall writes the small game and opens its text file.
func openSmall(t *testing.T) *world.Scene {
	t.Helper()
	path, err := worldtest.Small(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f, err := formats.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	s, ok := f.Root.(*world.Scene)
	if !ok || s.Kind() != formats.KindScene {
		t.Fatalf("the .ipl opens as %T", f.Root)
	}
	return s
}

// The text file joins its stream from gta3.img: the stream's instances
// follow the text ones, named from the .ide by id, and its LOD index
// finds the text file's row.
func TestPlacements(t *testing.T) {
	s := openSmall(t)
	ps := s.Placements()
	want := []struct {
		name  string
		file  string
		lodOf int
	}{{"house", "", 1}, {"lodhouse", "", -1}, {"lamp", "", -1}, {"ghost", "", -1},
		{"house", "test_stream0.ipl", 1}, {"lamp", "test_stream0.ipl", -1}, {"#4242", "test_stream0.ipl", -1}}
	if len(ps) != len(want) {
		t.Fatalf("%d placements, want %d", len(ps), len(want))
	}
	for i, w := range want {
		if p := ps[i]; p.Name != w.name || p.File != w.file || p.LODOf != w.lodOf {
			t.Errorf("placement %d: %s in %q, LOD %d; want %+v", i, p.Name, p.File, p.LODOf, w)
		}
	}
	if got := s.Streams(); len(got) != 1 || got[0] != "test_stream0.ipl" {
		t.Errorf("streams %v", got)
	}
}

// Each distinct model is found once; the ghost (defined, no .dff) and an
// id no .ide defines are missing, drawn as boxes; the house and its LOD
// share one decoded texture; the lamp's glass comes from its dictionary's
// txdp parent.
func TestWorld(t *testing.T) {
	s := openSmall(t)
	w := s.World()
	g := w.Geom
	if len(w.Models) != 5 || len(g.Instances) != 7 {
		t.Fatalf("%d models, %d instances", len(w.Models), len(g.Instances))
	}
	byName := map[string]int{}
	for i, m := range w.Models {
		byName[m.Name] = i
	}
	for _, name := range []string{"ghost", "#4242"} {
		if m := g.Models[byName[name]]; !m.Missing || m.Mesh.Triangles() != 12 || w.Models[byName[name]].Found {
			t.Errorf("%s: missing %v, %d triangles", name, m.Missing, m.Mesh.Triangles())
		}
	}
	if g.Models[byName["ghost"]].Mesh != g.Models[byName["#4242"]].Mesh {
		t.Error("two missing models of one size have a box each")
	}
	if v := preview.NewWorldView(g); len(v.PlacedMesh().Groups) != 5 {
		t.Errorf("the layout has %d groups: house, lodhouse, the lamp's two, the missing box", len(v.PlacedMesh().Groups))
	}
	texel := func(model, group int) (color [4]uint8, img image.Image) {
		s := g.Models[model].Mesh.Groups[group].Surface
		if s == nil || s.Texture == nil {
			t.Fatalf("model %s group %d has no texture", g.Models[model].Name, group)
		}
		n := s.Texture.(*image.NRGBA)
		return [4]uint8(n.Pix[:4]), s.Texture
	}
	brick, himg := texel(byName["house"], 0)
	_, limg := texel(byName["lodhouse"], 0)
	metal, _ := texel(byName["lamp"], 0)
	glass, _ := texel(byName["lamp"], 1)
	if brick != [4]uint8{180, 60, 40, 255} || metal != [4]uint8{60, 90, 200, 255} || glass != [4]uint8{250, 240, 120, 255} {
		t.Errorf("texels %v %v %v", brick, metal, glass)
	}
	if himg != limg {
		t.Error("the house and its LOD decode brick twice")
	}
	if !g.Instances[1].IsLOD || g.Instances[0].LOD != 1 || g.Instances[4].LOD != 1 || g.Instances[0].IsLOD {
		t.Errorf("LODs: %+v", g.Instances[:2])
	}
	if g.Instances[0].DrawDist != 100 || g.Instances[1].DrawDist != 1500 {
		t.Errorf("draw distances %v %v", g.Instances[0].DrawDist, g.Instances[1].DrawDist)
	}
	// The lamp's arm runs along its +X; stored turned +90° about Z, the
	// lamp is turned -90°: the arm points along -Y.
	lb := g.Instances[2].Bounds
	if !near(lb.Min[1], -1.5) || !near(lb.Max[1], 0.2) || !near(lb.Min[0], 11.8) || !near(lb.Max[0], 12.2) {
		t.Errorf("the lamp's placed bounds %v", lb)
	}
	if w.BytesRead == 0 {
		t.Error("no bytes read")
	}
}

func near(a, b float32) bool { return a-b < 1e-4 && b-a < 1e-4 }

func TestFacts(t *testing.T) {
	s := openSmall(t)
	facts, err := s.Describe()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(facts)
	var m struct {
		Kind                              string
		Instances, Models, Found, Missing int
		MissingModels                     []struct{ Name string }
		Bounds                            struct{ Min, Max [3]float64 }
		Streams                           []string
	}
	json.Unmarshal(b, &m)
	if m.Kind != "scene" || m.Instances != 7 || m.Models != 5 || m.Found != 3 || m.Missing != 2 || len(m.MissingModels) != 2 ||
		m.MissingModels[0].Name != "#4242" || m.MissingModels[1].Name != "ghost" {
		t.Errorf("facts %s", b)
	}
	if m.Bounds.Min != [3]float64{-13, -4, -1} || m.Bounds.Max != [3]float64{13.5, 34, 6} {
		t.Errorf("bounds %v", m.Bounds)
	}
}

// The children are the sections as tables and the stream as a scene of
// its own, whose models are named from the .ide.
func TestChildren(t *testing.T) {
	s := openSmall(t)
	kids, err := s.Children()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, k := range kids {
		names = append(names, k.Name()+":"+string(k.Kind()))
	}
	if strings.Join(names, " ") != "inst:table cars:table test_stream0.ipl:scene models:archive" {
		t.Fatalf("children %v", names)
	}
	inst := kids[0].(*table.Node)
	if len(inst.Rows) != 4 || inst.Rows[2].Values[1] != "lamp" || inst.Rows[0].Values[12] != int64(1) || inst.Rows[2].Values[11] != -90.0 {
		t.Errorf("inst rows %v", inst.Rows)
	}
	st := kids[2].(*world.Scene)
	skids, _ := st.Children()
	sinst := skids[0].(*table.Node)
	if len(sinst.Rows) != 3 || sinst.Rows[0].Values[1] != "house" || sinst.Rows[2].Values[1] != "#4242" || len(skids) != 2 {
		t.Errorf("the stream's inst rows %v, %d children", sinst.Rows, len(skids))
	}
	// models: the three found, each its .dff from gta3.img, which finds
	// its textures beside it
	models, _ := kids[3].Children()
	if len(models) != 3 || models[0].Name() != "house.dff" || models[0].Kind() != formats.KindMesh || s.Models().Model("LAMP") != models[2] {
		t.Fatalf("models %v", models)
	}
	facts, err := models[0].(formats.Describer).Describe()
	if err != nil || !strings.Contains(fmt.Sprint(facts), "gta3.img/housetex.txd/brick") {
		t.Errorf("house.dff: %v %v", facts, err)
	}
}
