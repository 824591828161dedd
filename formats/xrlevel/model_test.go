package xrlevel

import (
	"encoding/binary"
	"errors"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/internal/testutil"
)

// quadVertices makes n vertices in FVF 0x112 (position, normal, one UV
// set) along x, at height y.
func quadVertices(n int, y float32) *VertexBuffer {
	f, err := ParseFVF(0x112)
	if err != nil {
		panic(err)
	}
	w := &wbuf{}
	for i := 0; i < n; i++ {
		w.vec(geom.Vec3{float32(i), y, float32(i % 2)})
		w.vec(geom.Vec3{0, 1, 0})
		w.f32(float32(i) / float32(n))
		w.f32(0.5)
	}
	return &VertexBuffer{Index: -1, Format: f, Count: n, Data: w.b}
}

// skinVertices makes n one-bone skinned vertices (OGF v4 layout) linked to
// bone i % bones.
func skinVertices(n, bones int) *VertexBuffer {
	f, _ := skinFormat(SkinFVF1L, 4, true)
	w := &wbuf{}
	for i := 0; i < n; i++ {
		w.vec(geom.Vec3{float32(i), 0, float32(i % 3)})
		w.vec(geom.Vec3{0, 0, 1})
		w.vec(geom.Vec3{1, 0, 0})
		w.vec(geom.Vec3{0, 1, 0})
		w.f32(0.25)
		w.f32(0.75)
		w.u32(uint32(i % bones))
	}
	return &VertexBuffer{Index: -1, Format: f, Count: n, Data: w.b}
}

// meshVisual is a normal visual of n vertices whose indices fan them into
// triangles, with a texture.
func meshVisual(ver, n int, texture string, y float32) *ModelVisual {
	var idx []uint16
	for i := 1; i+1 < n; i++ {
		idx = append(idx, 0, uint16(i), uint16(i+1))
	}
	v := &Visual{OGFVersion: ver, TextureName: texture, ShaderName: "models\\model", OwnVertices: quadVertices(n, y),
		Indices: idx, HasIndices: true, HasBBox: true, BBox: [2]geom.Vec3{{0, y, 0}, {float32(n), y, 1}}, HasSphere: true,
		Sphere: [4]float32{1, y, 0.5, float32(n)}}
	return &ModelVisual{Visual: v}
}

// hierarchy is a hierarchy visual over children.
func hierarchy(ver int, kids ...*ModelVisual) *ModelVisual {
	return &ModelVisual{Visual: &Visual{OGFVersion: ver, Type: 1, HasBBox: true, BBox: [2]geom.Vec3{{0, 0, 0}, {8, 8, 1}}}, Children: kids}
}

// progressive is an OGF v4 progressive mesh of 6 vertices: full detail
// is 4 triangles (indices 0..11), the coarser level 2 triangles after it.
func progressive() *ModelVisual {
	mv := meshVisual(4, 6, "fx\\fx_pm", 0)
	v := mv.Visual
	v.Type = 2
	v.Indices = append(v.Indices, 0, 2, 4, 0, 4, 5)
	v.SWI = []SWI{{Offset: 0, NumTris: 4, NumVerts: 6}, {Offset: 12, NumTris: 2, NumVerts: 4}}
	return mv
}

// skeleton is an OGF v4 rigid skeleton with one skinned child and bones.
func skeleton() (*ModelVisual, ModelWriteOptions) {
	child := &Visual{OGFVersion: 4, Type: 5, TextureName: "wpn\\body", ShaderName: "models\\weapons",
		OwnVertices: skinVertices(5, 2), Indices: []uint16{0, 1, 2, 2, 3, 4, 0, 2, 4}, HasIndices: true}
	root := &Visual{OGFVersion: 4, Type: 10}
	opt := ModelWriteOptions{Bones: []Bone{{"wpn_body", ""}, {"magazine", "wpn_body"}}, Source: "x:\\wpn.object"}
	return &ModelVisual{Visual: root, Children: []*ModelVisual{{Visual: child}}}, opt
}

func writeModel(t testing.TB, mv *ModelVisual, opt ModelWriteOptions) []byte {
	t.Helper()
	b, err := WriteModel(mv, opt)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func parseModel(t *testing.T, b []byte) *Model {
	t.Helper()
	m, err := ParseModel(b, "")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func modelTriangles(t *testing.T, m *Model) int {
	t.Helper()
	mesh, err := m.VisualMesh(0)
	if err != nil {
		t.Fatal(err)
	}
	return solidTriangles(mesh)
}

func TestModelNormal(t *testing.T) {
	for _, ver := range []int{3, 4} {
		m := parseModel(t, writeModel(t, meshVisual(ver, 5, "fx\\fx_box", 2), ModelWriteOptions{}))
		v := m.Visuals[0]
		if v.OGFVersion != ver || v.TextureName != "fx\\fx_box" || !v.HasBBox || !v.HasSphere || v.Sphere[3] != 5 {
			t.Errorf("v%d: visual %+v", ver, v)
		}
		mesh, err := m.VisualMesh(0)
		if err != nil {
			t.Fatal(err)
		}
		if got := solidTriangles(mesh); got != 3 || len(mesh.Positions) != 5 {
			t.Errorf("v%d: %d triangles, %d vertices; want 3, 5", ver, got, len(mesh.Positions))
		}
		if len(mesh.Normals) == 0 || mesh.Normals[0] != (geom.Vec3{0, 1, 0}) || len(mesh.UVs) == 0 || mesh.UVs[0][2] != (geom.Vec2{0.4, 0.5}) {
			t.Errorf("v%d: normals %v uvs %v", ver, mesh.Normals[:1], mesh.UVs)
		}
		if len(m.Diags) != 0 {
			t.Errorf("v%d: findings %v", ver, m.Diags)
		}
	}
}

func TestModelHierarchy(t *testing.T) {
	for _, ver := range []int{3, 4} {
		b := writeModel(t, hierarchy(ver, meshVisual(ver, 4, "a", 0), meshVisual(ver, 5, "b", 1), hierarchy(ver, meshVisual(ver, 3, "c", 2))), ModelWriteOptions{})
		f, err := formats.OpenBytes("h.ogf", b, nil)
		if err != nil {
			t.Fatal(err)
		}
		if f.Root.Kind() != formats.KindMesh {
			t.Fatalf("v%d: kind %s", ver, f.Root.Kind())
		}
		kids, err := f.Root.Children()
		if err != nil || len(kids) != 3 {
			t.Fatalf("v%d: %d children, %v", ver, len(kids), err)
		}
		if err := f.Root.(formats.Broken).Err(); err != nil {
			t.Errorf("v%d: a whole model is marked broken: %v", ver, err)
		}
		mesh, err := f.Root.(formats.Mesher).Mesh()
		if err != nil {
			t.Fatal(err)
		}
		if got := solidTriangles(mesh); got != 2+3+1 {
			t.Errorf("v%d: model has %d triangles, want 6", ver, got)
		}
		km, _ := kids[2].(formats.Mesher).Mesh()
		if got := solidTriangles(km); got != 1 {
			t.Errorf("v%d: nested hierarchy child has %d triangles, want 1", ver, got)
		}
		d, _ := f.Root.(formats.Describer).Describe()
		if facts := d.(map[string]any); facts["visuals"] != 5 || facts["typeName"] != "hierarchy" || facts["triangles"] != 6 {
			t.Errorf("v%d: facts %v %v %v", ver, facts["visuals"], facts["typeName"], facts["triangles"])
		}
	}
}

func TestModelProgressiveFullDetail(t *testing.T) {
	m := parseModel(t, writeModel(t, progressive(), ModelWriteOptions{}))
	if got := modelTriangles(t, m); got != 4 {
		t.Errorf("progressive mesh: %d triangles, want the 4 of full detail", got)
	}
	if m.Visuals[0].TypeName() != "progressive" || len(m.Visuals[0].SWI) != 2 {
		t.Errorf("visual %s, %d SWIs", m.Visuals[0].TypeName(), len(m.Visuals[0].SWI))
	}
}

func TestModelSkeleton(t *testing.T) {
	mv, opt := skeleton()
	b := writeModel(t, mv, opt)
	f, err := formats.OpenBytes("wpn.ogf", b, nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := f.Root.(formats.Describer).Describe()
	if err != nil {
		t.Fatal(err)
	}
	facts := d.(map[string]any)
	bones, _ := facts["bones"].([]map[string]any)
	if facts["boneCount"] != 2 || len(bones) != 2 || bones[1]["name"] != "magazine" || bones[1]["id"] != 1 || bones[1]["parent"] != 0 || bones[0]["parent"] != -1 {
		t.Errorf("bones %v", facts["bones"])
	}
	if sk, _ := facts["skin"].(map[string]any); sk["bones"] != 2 || sk["usedBones"] != 2 || sk["maxWeights"] != 1 {
		t.Errorf("skin facts %v", facts["skin"])
	}
	if facts["source"] != "x:\\wpn.object" || facts["typeName"] != "skeleton_rigid" || facts["triangles"] != 3 || facts["vertices"] != 5 {
		t.Errorf("facts source %v type %v triangles %v vertices %v", facts["source"], facts["typeName"], facts["triangles"], facts["vertices"])
	}
	kids, _ := f.Root.Children()
	kd, _ := kids[0].(formats.Describer).Describe()
	if got := kd.(map[string]any)["ownVertices"].(map[string]any)["format"]; got != "skinned, 1 bone (0x12071980), 60 bytes: position:FLOAT3 normal:FLOAT3 tangent:FLOAT3 binormal:FLOAT3 texcoord0:FLOAT2 blendindices:UBYTE4" {
		t.Errorf("child vertex format %q", got)
	}
	mesh, _ := f.Root.(formats.Mesher).Mesh()
	if mesh.UVs[0][1] != (geom.Vec2{0.25, 0.75}) || mesh.Positions[4] != (geom.Vec3{4, 0, 1}) {
		t.Errorf("skinned vertex read as uv %v position %v", mesh.UVs[0][1], mesh.Positions[4])
	}
	if mesh.Skin == nil || mesh.Skin.Skeleton == nil || mesh.Skin.Joints[3][0] != 1 || mesh.Skin.Weights[3][0] != 1 || len(mesh.Skin.InverseBind) != 2 {
		t.Errorf("model skin %+v", mesh.Skin)
	}
	if km, _ := kids[0].(formats.Mesher).Mesh(); km.Skin != nil {
		t.Error("a child visual's mesh carries a skin without its model's skeleton")
	}
}

// TestModelTextures: a model under gamedata/meshes finds its textures in
// gamedata/textures, as level visuals do.
func TestModelTextures(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "gamedata", "meshes", "props")
	os.MkdirAll(dir, 0o755)
	b := writeModel(t, hierarchy(4, meshVisual(4, 4, "fx\\fx_box", 0), meshVisual(4, 4, "fx\\gone", 1)), ModelWriteOptions{})
	p := filepath.Join(dir, "box.ogf")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	writeDDS(t, filepath.Join(root, "gamedata", "textures", "fx", "fx_box.dds"), 8, 8, color.NRGBA{200, 10, 10, 255})
	f, err := formats.Open(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := f.Root.(formats.Describer).Describe()
	if err != nil {
		t.Fatal(err)
	}
	mats := d.(map[string]any)["materials"].([]map[string]any)
	if len(mats) != 2 || mats[0]["found"] != filepath.Join(root, "gamedata", "textures", "fx", "fx_box.dds") || mats[1]["found"] != nil {
		t.Errorf("materials %v", mats)
	}
	diags := f.Root.(formats.Diagnoser).Diagnostics()
	if len(diags) != 1 || diags[0].Msg != "texture fx\\gone is missing: no fx/gone.dds under "+filepath.Join(root, "gamedata", "textures") {
		t.Errorf("findings %v", diags)
	}
}

func TestProbeOGFNotLevel(t *testing.T) {
	for _, ver := range []int{3, 4} {
		b := writeModel(t, hierarchy(ver, meshVisual(ver, 3, "a", 0)), ModelWriteOptions{})
		if !ProbeOGF(b[:formats.HeadSize], int64(len(b))) || Probe(b[:formats.HeadSize], int64(len(b))) {
			t.Errorf("v%d hierarchy: OGF %v, level %v", ver, ProbeOGF(b, int64(len(b))), Probe(b, int64(len(b))))
		}
	}
	lv := sampleBytes(t, WriteOptions{})
	if ProbeOGF(lv, int64(len(lv))) {
		t.Error("the sample level probes as an OGF model")
	}
}

// brokenModel opens b and returns the root's facts error.
func brokenModel(t *testing.T, b []byte) error {
	t.Helper()
	f, err := formats.OpenBytes("bad.ogf", b, nil)
	if err != nil {
		return err
	}
	_, err = f.Root.(formats.Describer).Describe()
	if err == nil {
		_, err = f.Root.(formats.Mesher).Mesh()
	}
	if err != nil && f.Root.(formats.Broken).Err() == nil {
		t.Errorf("the model fails with %v but is not marked broken", err)
	}
	return err
}

func TestModelBroken(t *testing.T) {
	good := writeModel(t, meshVisual(4, 5, "fx\\fx_box", 0), ModelWriteOptions{})
	m := parseModel(t, good)
	vc, _ := findChunk(m.Visuals[0].Chunks, 3)
	ic, _ := findChunk(m.Visuals[0].Chunks, 4)
	cases := map[string]struct {
		b   []byte
		off int64
	}{
		"cut in the vertices": {good[:vc.DataOff+20], vc.Off},
		"index past the vertices": {func() []byte {
			b := append([]byte(nil), good...)
			binary.LittleEndian.PutUint16(b[ic.DataOff+4+2:], 9)
			return b
		}(), ic.Off},
		"index count past the chunk": {func() []byte {
			b := append([]byte(nil), good...)
			binary.LittleEndian.PutUint32(b[ic.DataOff:], math.MaxUint32)
			return b
		}(), ic.Off},
	}
	for name, c := range cases {
		err := brokenModel(t, c.b)
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if got := formats.ErrorOffset(err); got != c.off {
			t.Errorf("%s: error at %d, want %d: %v", name, got, c.off, err)
		}
	}
	pm := writeModel(t, progressive(), ModelWriteOptions{})
	pmm := parseModel(t, pm)
	sc, _ := findChunk(pmm.Visuals[0].Chunks, 6)
	bad := append([]byte(nil), pm...)
	binary.LittleEndian.PutUint16(bad[sc.DataOff+20+4:], 500) // full detail claims 500 triangles
	if err := brokenModel(t, bad); err == nil {
		t.Error("SWI past the indices: no error")
	}
	var fe *binread.FormatError
	hdr := append([]byte(nil), good...)
	hdr[8] = 9 // OGF version 9
	if _, err := formats.OpenBytes("v9.ogf", hdr, nil); !errors.Is(err, formats.ErrUnknownFormat) && !errors.As(err, &fe) {
		t.Errorf("OGF v9: %v", err)
	}
}

func FuzzModel(f *testing.F) {
	mv, opt := skeleton()
	f.Add(writeModel(f, mv, opt))
	f.Add(writeModel(f, progressive(), ModelWriteOptions{}))
	f.Add(writeModel(f, hierarchy(3, meshVisual(3, 4, "a", 0)), ModelWriteOptions{}))
	// a skeleton with four-link vertices and bind poses (S_IKDATA)
	vb, err := SkinnedBuffer(SkinLinks4, 4, false, linkVertices(4))
	if err != nil {
		f.Fatal(err)
	}
	mv.Children[0].Visual.OwnVertices, mv.Children[0].Visual.Indices = vb, []uint16{0, 1, 2, 0, 2, 3}
	opt.Binds = []BoneBind{{Pos: geom.Vec3{0, 1, 0}}, {Rot: geom.Vec3{0.5, 0, 0}}}
	f.Add(writeModel(f, mv, opt))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := ParseModel(b, "")
		testutil.FileError(t, err, int64(len(b)))
		if err != nil {
			return
		}
		for i := range m.Visuals {
			m.VisualMesh(i)
		}
		if mesh, err := m.visualMesh(0); err == nil {
			m.skinMesh(mesh)
		}
		m.Skeleton().Worlds()
		if a, err := m.ownMotions(b); err == nil && a != nil {
			for i := range a.Motions {
				a.Decode(i)
			}
		}
	})
}
