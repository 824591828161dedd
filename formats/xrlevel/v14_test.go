package xrlevel

import (
	"encoding/json"
	"fmt"
	"testing"

	"rummage/formats"
	"rummage/internal/shareddata"
)

// v14Level is the real version 14 level in ../shared (a small test level
// of the Blender X-Ray add-on), with its level.geom, level.geomx and
// level.cform beside it; see internal/shareddata.
var v14Level = []string{"samples", "xray-v14", "level"}

func openV14(t *testing.T) *LevelNode {
	t.Helper()
	p := shareddata.Path(t, v14Level...)
	f, err := formats.Open(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	n, ok := f.Root.(*LevelNode)
	if !ok {
		t.Fatalf("root is %T", f.Root)
	}
	return n
}

func TestV14Sample(t *testing.T) {
	n := openV14(t)
	lv, err := n.Level()
	if err != nil {
		t.Fatal(err)
	}
	if lv.Version != 14 {
		t.Fatalf("version %d", lv.Version)
	}
	st := lv.Totals()
	if st.CFormVertices != 33 || st.CFormTriangles != 44 {
		t.Errorf("cform %d/%d, want 33/44", st.CFormVertices, st.CFormTriangles)
	}
	if st.VertexBuffers == 0 || st.Visuals == 0 || st.VisualTriangles == 0 {
		t.Errorf("totals %+v", st)
	}
	m, err := n.Mesh()
	if err != nil || m.Triangles() == 0 {
		t.Fatalf("level mesh: %v, %d triangles", err, m.Triangles())
	}
	cf, err := Resolve(t, n, "cform").(formats.Mesher).Mesh()
	if err != nil || cf.Triangles() < 44 {
		t.Fatalf("cform mesh %v", err)
	}
	for _, d := range lv.Diags {
		t.Logf("diag: %+v", d)
	}
	if testing.Verbose() {
		d, _ := n.Describe()
		b, _ := json.MarshalIndent(d, "", " ")
		t.Logf("%s", b)
	}
}

// Resolve resolves a node path or fails the test.
func Resolve(t *testing.T, root formats.Node, path string) formats.Node {
	t.Helper()
	n, err := formats.Resolve(root, path)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestV14Geomx checks that level.geomx is read: its buffers are listed under
// "geomx", and the FASTPATH visuals' GCONTAINERs lie inside them.
func TestV14Geomx(t *testing.T) {
	n := openV14(t)
	lv, err := n.Level()
	if err != nil {
		t.Fatal(err)
	}
	if lv.GeomxFile == "" || len(lv.FastVBs) == 0 || len(lv.FastIBs) == 0 {
		t.Fatalf("geomx %q: %d VBs, %d IBs", lv.GeomxFile, len(lv.FastVBs), len(lv.FastIBs))
	}
	if len(lv.FastVBs) == len(lv.VBs) && lv.FastVBs[0] == lv.VBs[0] {
		t.Fatal("fast buffers are the level.geom ones")
	}
	fast := 0
	for _, v := range lv.Visuals {
		if !v.FastPath {
			continue
		}
		if v.Fast == nil {
			t.Errorf("visual %d: FASTPATH without GCONTAINER", v.Index)
			continue
		}
		fast++
		f := v.Fast
		if f[0] >= len(lv.FastVBs) || f[1]+f[2] > lv.FastVBs[f[0]].Count || f[3] >= len(lv.FastIBs) || f[4]+f[5] > lv.FastIBs[f[3]].Count {
			t.Errorf("visual %d: fast path %v outside the level.geomx buffers", v.Index, *f)
		}
	}
	if fast == 0 {
		t.Error("no FASTPATH visual")
	}
	for _, d := range lv.Diags {
		t.Errorf("finding on the sample: %+v", d)
	}
	vb := Resolve(t, n, "geomx/vertex_buffers/0")
	if d, err := vb.(formats.Describer).Describe(); err != nil || d.(map[string]any)["vertices"].(int) != lv.FastVBs[0].Count {
		t.Errorf("geomx/vertex_buffers/0: %v %v", d, err)
	}
	Resolve(t, n, "geomx/index_buffers")
	names := map[string]bool{}
	for _, c := range lv.Stats().Chunks {
		names[c.Name] = true
	}
	if !names["vertex_buffers (level.geomx)"] || !names["index_buffers (level.geomx)"] {
		t.Errorf("statistics chunks lack the level.geomx parts: %v", names)
	}
}

// TestShaderTextures: a version 12+ level names its textures inside its
// shaders ("shader/texture,lightmap"): they are listed from there, once
// each whatever the case, with the visuals and glows of every shader that
// names them; older levels list none this way.
func TestShaderTextures(t *testing.T) {
	lv := &Level{Version: 14, Shaders: []string{
		`def_shaders\def_vertex/terrain\grass,lmap#1_1`,
		`def_shaders\def_trans/Terrain\Grass`,
		`effects\glow/glow\red`,
		`no_texture_here`,
	}}
	for i, sh := range []int{0, 1, 0, 3} {
		lv.Visuals = append(lv.Visuals, &Visual{Index: i, OGFVersion: 3, TextureIndex: sh, ShaderIndex: -1})
	}
	lv.Glows = []Glow{{Texture: -1, Shader: 2}}
	_, shaders := lv.usage()
	got := lv.shaderTextures(shaders)
	want := []Usage{
		{Index: 0, Name: `terrain\grass`, Visuals: []int{0, 1, 2}},
		{Index: 1, Name: `lmap#1_1`, Visuals: []int{0, 2}},
		{Index: 2, Name: `glow\red`, Visuals: []int{}, Glows: []int{0}},
	}
	if b, w := fmt.Sprint(got), fmt.Sprint(want); b != w {
		t.Errorf("shader textures\n%s\nwant\n%s", b, w)
	}
	lv.Version = 4
	if got := lv.shaderTextures(shaders); got != nil {
		t.Errorf("a version 4 level: %v", got)
	}
}
