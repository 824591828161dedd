package xrlevel

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/formats/xray"
	"rummage/internal/shareddata"
	"rummage/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func sampleBytes(t testing.TB, opt WriteOptions) []byte {
	t.Helper()
	b, err := WriteV4(SampleLevel(), opt)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func openBytes(t testing.TB, b []byte) *LevelNode {
	t.Helper()
	n, err := formats.OpenFile(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "level"})
	if err != nil {
		t.Fatal(err)
	}
	ln, ok := n.(*LevelNode)
	if !ok {
		t.Fatalf("opened as %T", n)
	}
	return ln
}

// rewriteV4 writes lv as a version 4 level, opens the bytes and reads the
// level back, stopping the test on any error.
func rewriteV4(t testing.TB, lv *Level) (*Level, []byte) {
	t.Helper()
	b, err := WriteV4(lv, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := openBytes(t, b).Level()
	if err != nil {
		t.Fatal(err)
	}
	return got, b
}

func TestRoundTripV4(t *testing.T) {
	for _, opt := range []WriteOptions{{}, {Plain: true}} {
		want := SampleLevel()
		b := sampleBytes(t, opt)
		lv, err := openBytes(t, b).Level()
		if err != nil {
			t.Fatal(err)
		}
		if len(lv.Diags) != 0 {
			t.Errorf("diagnostics on a clean level: %v", lv.Diags)
		}
		if lv.Version != 4 || lv.Description != want.Description {
			t.Errorf("header %d %q", lv.Version, lv.Description)
		}
		if !reflect.DeepEqual(lv.Textures, want.Textures) || !reflect.DeepEqual(lv.Shaders, want.Shaders) {
			t.Errorf("strings %v %v", lv.Textures, lv.Shaders)
		}
		if len(lv.Visuals) != len(want.Visuals) {
			t.Fatalf("%d visuals, want %d", len(lv.Visuals), len(want.Visuals))
		}
		for i, v := range lv.Visuals {
			w := want.Visuals[i]
			if v.Type != w.Type || v.Flags != w.Flags || v.TextureIndex != w.TextureIndex || v.ShaderIndex != w.ShaderIndex ||
				v.VB != w.VB || v.VBase != w.VBase || v.VCount != w.VCount || !reflect.DeepEqual(v.Indices, w.Indices) ||
				!reflect.DeepEqual(v.Children, w.Children) || v.BBox != w.BBox || v.Sphere != w.Sphere || v.OGFVersion != 2 {
				t.Errorf("visual %d differs:\n got %+v\nwant %+v", i, v, w)
			}
		}
		for i, vb := range lv.VBs {
			w := want.VBs[i]
			if vb.Format.FVF != w.Format.FVF || vb.Count != w.Count || !bytes.Equal(vb.Bytes(), w.Data) {
				t.Errorf("vertex buffer %d differs", i)
			}
		}
		if cf := loadCForm(t, lv); !reflect.DeepEqual(cf.Verts, want.CForm.Verts) || !reflect.DeepEqual(cf.Tris, want.CForm.Tris) {
			t.Error("CFORM differs")
		}
		for _, c := range lv.Chunks {
			if c.Name == NameCForm && c.Items != len(want.CForm.Tris) {
				t.Errorf("the cform chunk counts %d items, want its %d triangles", c.Items, len(want.CForm.Tris))
			}
		}
		if !reflect.DeepEqual(lv.Portals, want.Portals) || !reflect.DeepEqual(lv.Lights, want.Lights) ||
			!reflect.DeepEqual(lv.LightKeys, want.LightKeys) || !reflect.DeepEqual(lv.Glows, want.Glows) {
			t.Error("portals, lights, keys or glows differ")
		}
		for i, s := range lv.Sectors {
			w := want.Sectors[i]
			if s.Root != w.Root || !reflect.DeepEqual(s.Portals, w.Portals) || !reflect.DeepEqual(s.Lights, w.Lights) ||
				!reflect.DeepEqual(s.Glows, w.Glows) || !reflect.DeepEqual(s.Occluders, w.Occluders) {
				t.Errorf("sector %d differs: %+v", i, s)
			}
		}
		// Compression flags as xrLC writes them.
		for _, c := range lv.Chunks {
			wantComp := !opt.Plain && (c.ID == 4 || c.ID == 5 || c.ID == 6 || c.ID == 0xb)
			if c.Compressed != wantComp {
				t.Errorf("chunk %s compressed=%v", c.Name, c.Compressed)
			}
		}
	}
}

// TestEveryVisualRecord writes a visual with every OGF v2 sub-chunk
// (including the stand-alone ones) and reads it back.
func TestEveryVisualRecord(t *testing.T) {
	lv := SampleLevel()
	f, _ := ParseFVF(0x142)
	own := &VertexBuffer{Index: -1, Format: f, Count: 3, Data: make([]byte, 3*f.Stride)}
	own.Data[12] = 7 // a colour byte
	v := &Visual{Index: len(lv.Visuals), OGFVersion: 2, Type: 0, Flags: 0x1e, TextureIndex: -1, ShaderIndex: -1, VB: -1, IB: -1,
		TextureName: "STD:props\\lamp", ShaderName: "vertex_lit", Material: []byte{1, 2, 3, 4}, ChildNames: []string{"a.ogf", "b.ogf"},
		HasBBox: true, OwnVertices: own, Indices: []uint16{0, 1, 2}, HasIndices: true, PMap: []byte{9, 9}, SFLink: "shadow.ogf",
		HasSphere: true, Sphere: [4]float32{1, 2, 3, 4}}
	lv.Visuals = append(lv.Visuals, v)
	got, _ := rewriteV4(t, lv)
	g := got.Visuals[len(got.Visuals)-1]
	if g.TextureName != v.TextureName || g.ShaderName != v.ShaderName || !bytes.Equal(g.MaterialBytes(), v.Material) ||
		!reflect.DeepEqual(g.ChildNames, v.ChildNames) || !bytes.Equal(g.PMapBytes(), v.PMap) || g.SFLink != v.SFLink ||
		g.OwnVertices == nil || !bytes.Equal(g.OwnVertices.Data, own.Data) || g.Sphere != v.Sphere {
		t.Fatalf("got %+v", g)
	}
	if tex, sh := got.Material(g); tex != v.TextureName || sh != "vertex_lit" {
		t.Errorf("material %q %q", tex, sh)
	}
	if m, err := got.VisualMesh(g.Index); err != nil || m.Triangles() != 1 {
		t.Errorf("mesh %v", err)
	}
	if fl := LegacyFlags(g.Flags); strings.Join(fl, " ") != "light alpha fog ztest" {
		t.Errorf("legacy flags %v", fl)
	}
}

func TestDescribeAndPaths(t *testing.T) {
	n := openBytes(t, sampleBytes(t, WriteOptions{}))
	d, err := n.Describe()
	if err != nil {
		t.Fatal(err)
	}
	js, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "sample_v4_info.json")
	if *update {
		os.MkdirAll("testdata", 0o755)
		os.WriteFile(golden, append(js, '\n'), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != string(js)+"\n" {
		t.Errorf("info JSON differs from %s:\n%s", golden, js)
	}
	var obj struct {
		Kind   string
		Counts map[string]int
		Chunks []map[string]any
	}
	json.Unmarshal(js, &obj)
	for _, k := range []string{"textures", "shaders", "visuals", "vertexBuffers", "vertices", "visualTriangles",
		"cformVertices", "cformTriangles", "portals", "lights", "glows", "sectors"} {
		if _, ok := obj.Counts[k]; !ok {
			t.Errorf("counts lacks %q", k)
		}
	}
	if obj.Kind != "level" || obj.Counts["sectors"] != 3 || obj.Counts["portals"] != 2 || obj.Counts["lights"] != 3 {
		t.Errorf("kind %q counts %v", obj.Kind, obj.Counts)
	}
	kids, _ := n.Children()
	var names []string
	for _, k := range kids {
		names = append(names, k.Name())
	}
	if got := strings.Join(names, " "); got != "header textures shaders visuals vertex_buffers cform portals lights light_keys glows sectors" {
		t.Errorf("children %s", got)
	}
	for _, p := range []string{"visuals/0", "visuals/12", "sectors/1", "cform", "portals", "vertex_buffers/1", "lights", "glows", "textures"} {
		node, err := formats.Resolve(n, p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		dd, err := node.(formats.Describer).Describe()
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if _, err := json.Marshal(dd); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
}

func TestMeshes(t *testing.T) {
	n := openBytes(t, sampleBytes(t, WriteOptions{}))
	lv, _ := n.Level()
	tot := lv.Totals()
	m := lv.LevelMesh()
	lines := 0
	for _, g := range m.Groups {
		if g.Lines {
			lines += g.TriCount
		}
	}
	if m.Triangles()-lines != tot.VisualTriangles || lines != 8 {
		t.Errorf("level mesh %d triangles (%d lines), visuals have %d", m.Triangles(), lines, tot.VisualTriangles)
	}
	for _, idx := range m.Indices {
		if int(idx) >= len(m.Positions) {
			t.Fatal("index out of range")
		}
	}
	cf, err := lv.CFormMesh()
	if err != nil || cf.Triangles()-8 != tot.CFormTriangles {
		t.Errorf("cform mesh %v %d", err, cf.Triangles())
	}
	sum := 0
	for i := range lv.Sectors {
		sm, err := lv.SectorMesh(i)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range sm.Groups {
			if !g.Lines {
				sum += g.TriCount
			}
		}
	}
	if sum != tot.VisualTriangles {
		t.Errorf("sector meshes %d triangles, want %d", sum, tot.VisualTriangles)
	}
	st := lv.Stats()
	cfs := 0
	for _, s := range st.Sectors {
		cfs += s.CFormTris
	}
	if cfs != tot.CFormTriangles || st.Sectors[1].Visuals != 9 {
		t.Errorf("sector stats %+v", st.Sectors)
	}
	if got := st.Textures[2].Visuals; len(got) != 8 {
		t.Errorf("texture 2 used by %v", got)
	}
}

// chunkAt finds a top-level chunk in b.
func chunkAt(t *testing.T, b []byte, id uint32) xray.Chunk {
	c, ok := xray.Scan(b, 0).Find(id)
	if !ok {
		t.Fatalf("no chunk %d", id)
	}
	return c
}

func hasDiag(lv *Level, sub string) bool {
	for _, d := range lv.Diags {
		if strings.Contains(d.Msg, sub) {
			return true
		}
	}
	return false
}

func TestBroken(t *testing.T) {
	good := sampleBytes(t, WriteOptions{})
	plain := sampleBytes(t, WriteOptions{Plain: true})

	t.Run("truncated compressed chunk", func(t *testing.T) {
		c := chunkAt(t, good, 5)
		b := append([]byte{}, good...)
		// cut the VB chunk's stream in half, keep the declared size
		half := int(c.DataOff) + int(c.Size)/2
		b = append(b[:half], b[c.DataOff+int64(c.Size):]...)
		binary.LittleEndian.PutUint32(b[c.Off+4:], c.Size-uint32(int(c.DataOff)+int(c.Size)-half))
		lv, err := openBytes(t, b).Level()
		if err != nil {
			t.Fatal(err)
		}
		if len(lv.VBs) != 0 || len(lv.Diags) == 0 || lv.Sectors == nil {
			t.Errorf("VBs %d diags %v", len(lv.VBs), lv.Diags)
		}
	})
	t.Run("chunk past EOF", func(t *testing.T) {
		b := good[:len(good)-100]
		lv, err := openBytes(t, b).Level()
		if err != nil {
			t.Fatal(err)
		}
		if !hasDiag(lv, "only") || lv.Visuals == nil {
			t.Errorf("diags %v", lv.Diags)
		}
	})
	t.Run("indices out of range", func(t *testing.T) {
		lv := SampleLevel()
		lv.Visuals[0].Indices[0] = 60000
		lv.Visuals[1].TextureIndex = 99
		lv.Sectors[0].Root = 500
		lv.Portals[0].Back = 9
		lv.Visuals[3].Children = []int{1000}
		lv.CForm.Tris[0].V[0] = 1 << 30
		got, b := rewriteV4(t, lv)
		for _, s := range []string{"index 60000", "texture index 99", "root visual 500", "joins sectors 0 and 9", "child 1000", "CFORM triangle 0"} {
			if !hasDiag(got, s) {
				t.Errorf("no diagnostic %q in %v", s, got.Diags)
			}
		}
		// A visual whose indices pass its vertices has no true mesh: its
		// geometry fails with the offset instead of dropping triangles.
		if _, err := got.VisualMesh(0); err == nil || formats.ErrorOffset(err) < 0 || !strings.Contains(err.Error(), "index 60000") {
			t.Errorf("VisualMesh(0) = %v, want the index error with its offset", err)
		}
		// Findings are also listed on the nodes they concern.
		root := openBytes(t, b)
		for path, want := range map[string]string{"visuals/0": "index 60000", "visuals": "texture index 99", "sectors/0": "root visual 500", "portals": "joins sectors"} {
			n, err := formats.Resolve(root, path)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, d := range n.(formats.Diagnoser).Diagnostics() {
				found = found || strings.Contains(d.Msg, want)
			}
			if !found {
				t.Errorf("%s: no finding %q", path, want)
			}
		}
		if n, _ := formats.Resolve(root, "visuals/10"); len(n.(formats.Diagnoser).Diagnostics()) != 0 {
			t.Errorf("visual 10 has findings: %v", n.(formats.Diagnoser).Diagnostics())
		}
		got.LevelMesh()
		got.Stats()
	})
	t.Run("bad sizes", func(t *testing.T) {
		b := append([]byte{}, plain...)
		c := chunkAt(t, b, 8)
		binary.LittleEndian.PutUint32(b[c.Off+4:], c.Size-1) // lights not a multiple of 124
		lv, err := openBytes(t, b).Level()
		if err != nil {
			t.Fatal(err)
		}
		if !hasDiag(lv, "multiple of 124") {
			t.Errorf("diags %v", lv.Diags)
		}
	})
	t.Run("bad FVF", func(t *testing.T) {
		b := append([]byte{}, plain...)
		c := chunkAt(t, b, 5)
		binary.LittleEndian.PutUint32(b[c.DataOff+4:], 0x2001)
		lv, err := openBytes(t, b).Level()
		if err != nil {
			t.Fatal(err)
		}
		if !hasDiag(lv, "reserved") {
			t.Errorf("diags %v", lv.Diags)
		}
	})
}

func TestProbe(t *testing.T) {
	good := sampleBytes(t, WriteOptions{})
	if !Probe(good[:64], int64(len(good))) {
		t.Fatal("sample not detected")
	}
	for _, b := range [][]byte{
		make([]byte, 64),
		[]byte("NRes\x00\x01\x00\x00 abcdefghijklmnopqrstuvwxyz................................"),
		append([]byte{1, 0, 0, 0, 0x80, 0, 0, 0, 3, 0, 0, 0}, make([]byte, 52)...), // version 3
		append([]byte{1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0x1e, 0}, make([]byte, 52)...), // OGF v2 header
	} {
		if Probe(b, 1000) {
			t.Errorf("% X detected as a level", b[:12])
		}
	}
}

func TestFVF(t *testing.T) {
	cases := []struct {
		fvf    uint32
		stride int
		err    bool
	}{
		{0x212, 40, false}, {0x152, 36, false}, {0x102, 20, false}, {0x112, 32, false}, {0x142, 24, false},
		{0x202, 28, false}, {0x242, 32, false}, {0x252, 44, false}, {0x1c4, 32, false},
		{0x00C | 0x1000 | 0x010 | 0x100, 12 + 12 + 4 + 12 + 8, false}, // XYZB4 with UBYTE4 indices
		{0x4002 | 0x100, 24, false},                                   // XYZW
		{0x002 | 0x300 | 1<<16 | 3<<18 | 2<<20, 12 + 12 + 4 + 16, false},
		{0x0A2, 20, false},
		{0x802 | 1<<30 | 2<<28, 12 + 6*8 + 16 + 12, false}, // TEX8, set 6 FLOAT4, set 7 FLOAT3: size bits above bit 24
		{0x102 | 3<<30, 20, false},                         // size bits of an unused set are ignored
		{0x014, 0, true}, {0x003, 0, true}, {0x2002, 0, true}, {0x1002, 0, true}, {0x902, 0, true},
	}
	for _, c := range cases {
		f, err := ParseFVF(c.fvf)
		if (err != nil) != c.err || (!c.err && f.Stride != c.stride) {
			t.Errorf("FVF 0x%X: stride %d err %v, want %d err %v", c.fvf, f.Stride, err, c.stride, c.err)
		}
	}
	// Colour bytes are B,G,R,A.
	f, _ := ParseFVF(0x152)
	v := make([]byte, 36)
	copy(v[24:], []byte{10, 20, 30, 40})
	got := f.Find("diffuse", 0).Values(v)
	if got[0] != 30.0/255 || got[2] != 10.0/255 || got[3] != 40.0/255 {
		t.Errorf("colour %v", got)
	}
}

func TestSplitTextures(t *testing.T) {
	got := SplitTextures("LMAP:L#1,STD:Bricks1")
	want := []TextureRef{{"LMAP", "L#1", 0}, {"STD", "Bricks1", 1}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%v", got)
	}
}

func FuzzLevel(f *testing.F) {
	f.Add(sampleBytes(f, WriteOptions{}))
	f.Add(sampleBytes(f, WriteOptions{Plain: true}))
	if p, ok := shareddata.Lookup(v14Level...); ok {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 {
			return // an empty file is an error of its own, with no offset to name
		}
		n, err := formats.OpenFile(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "level"})
		testutil.FileError(t, err, int64(len(b)))
		if err != nil {
			return
		}
		ln, ok := n.(*LevelNode)
		if !ok {
			return
		}
		lv, err := ln.Level()
		testutil.FileError(t, err, int64(len(b)))
		if err != nil {
			return
		}
		checkAttrs(t, lv.LevelMesh())
		lv.CFormMesh()
		lv.Stats()
		for i := range lv.Visuals {
			if m, err := lv.VisualMesh(i); err == nil {
				checkAttrs(t, m)
			}
		}
		for i := range lv.Sectors {
			if m, err := lv.SectorMesh(i); err == nil {
				checkAttrs(t, m)
			}
		}
		d, err := ln.Describe()
		if err == nil {
			if _, err := json.Marshal(d); err != nil {
				t.Fatal(err)
			}
		}
		kids, _ := ln.Children()
		for _, k := range kids {
			if dd, ok := k.(formats.Describer); ok {
				if x, err := dd.Describe(); err == nil {
					if _, err := json.Marshal(x); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	})
}

// checkAttrs fails when a mesh's normals, UV sets or colours are neither
// empty nor one per position, or a group lacks its material.
func checkAttrs(t *testing.T, m *geom.Mesh) {
	np := len(m.Positions)
	if len(m.Normals) != 0 && len(m.Normals) != np || len(m.Colors) != 0 && len(m.Colors) != np {
		t.Fatalf("%d positions, %d normals, %d colours", np, len(m.Normals), len(m.Colors))
	}
	for k, set := range m.UVs {
		if len(set) != np {
			t.Fatalf("%d positions, UV set %d has %d", np, k, len(set))
		}
	}
	for _, g := range m.Groups {
		if !g.Lines && g.Surface == nil {
			t.Fatalf("group %s has no material", g.Name)
		}
	}
}
