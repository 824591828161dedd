package export

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/internal/testutil"
)

// mtlMaps returns each material's map_Kd, and its Kd and d lines.
func mtlMaps(mtl string) (maps, kd, d map[string]string) {
	maps, kd, d = map[string]string{}, map[string]string{}, map[string]string{}
	cur := ""
	for _, line := range strings.Split(mtl, "\n") {
		tag, rest, _ := strings.Cut(line, " ")
		switch tag {
		case "newmtl":
			cur = rest
		case "map_Kd":
			maps[cur] = rest
		case "Kd":
			kd[cur] = rest
		case "d":
			d[cur] = rest
		}
	}
	return maps, kd, d
}

// UVs, normals and textures in OBJ: vt blocks per UV set used (v flipped),
// unit vn, corners naming them, one texture per distinct page.
func TestOBJTextured(t *testing.T) {
	m := texturedQuads()
	var obj, mtl bytes.Buffer
	var sunk []*image.NRGBA
	sink := func(tx Texture) (string, error) {
		sunk = append(sunk, tx.Image)
		return "page " + string(rune('A'+len(sunk)-1)) + ".png", nil
	}
	if err := WriteOBJ(&obj, &mtl, m, "quads", "quads.mtl", sink); err != nil {
		t.Fatal(err)
	}
	p := parseOBJ(t, obj.Bytes())
	nv := len(m.Positions)
	if len(p.v) != nv || len(p.vt) != 2*nv || len(p.vn) != nv {
		t.Fatalf("%d v, %d vt, %d vn; want %d, %d, %d", len(p.v), len(p.vt), len(p.vn), nv, 2*nv, nv)
	}
	for i, uv := range m.UVs[0] {
		if want := [2]float64{float64(uv[0]), 1 - float64(uv[1])}; p.vt[i] != want {
			t.Fatalf("vt %d: %v, want %v (v flipped)", i, p.vt[i], want)
		}
	}
	for i, n := range p.vn {
		if l := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2]); math.Abs(l-1) > 1e-6 {
			t.Fatalf("vn %d %v is not unit length", i, n)
		}
	}
	if p.vn[5] != [3]float64{0, 1, 0} {
		t.Errorf("zero normal written as %v", p.vn[5])
	}
	// quad5 uses UV set 1 (the second vt block), the others set 0
	for obj, corners := range p.corners {
		for _, c := range corners {
			block := 0
			if obj == "quad5" {
				block = nv
			}
			if c[1] != block+c[0] || c[2] != c[0] {
				t.Fatalf("%s corner %v: want v/%d/v", obj, c, block+c[0])
			}
		}
	}
	if len(sunk) != 3 {
		t.Fatalf("%d textures passed to the sink, want 3 distinct pages", len(sunk))
	}
	sameImage(t, sunk[0], checker())
	maps, kd, d := mtlMaps(mtl.String())
	want := map[string]string{"quad0": "page_A.png", "quad1": "page_A.png", "quad2": "page_A.png", "quad4": "page_A.png", "quad5": "page_B.png", "quad6": "page_C.png"}
	if len(maps) != len(want) {
		t.Errorf("map_Kd %v, want %v", maps, want)
	}
	for k, v := range want {
		if maps[k] != v {
			t.Errorf("%s: map_Kd %q, want %q", k, maps[k], v)
		}
	}
	if d["quad2"] != "0.502" || kd["quad6"] != "0 1 0" || kd["quad3"] != "1 0.7843 0" || d["quad0"] != "1" {
		t.Errorf("Kd/d: quad2 d %s, quad6 Kd %s, quad3 Kd %s, quad0 d %s", d["quad2"], kd["quad6"], kd["quad3"], d["quad0"])
	}
}

// texMesh is a mesh node with texturedQuads.
type texMesh struct{ name string }

func (m *texMesh) Name() string                      { return m.name }
func (m *texMesh) Kind() formats.Kind                { return formats.KindMesh }
func (m *texMesh) Children() ([]formats.Node, error) { return nil, nil }
func (m *texMesh) Mesh() (*geom.Mesh, error)         { return texturedQuads(), nil }

// The PNGs land beside the OBJ, named after it without white space, and
// the MTL's map_Kd names them.
func TestOBJExportWritesTextures(t *testing.T) {
	dir := t.TempDir()
	res, err := Export(context.Background(), []Item{{&texMesh{"my tank"}, "my tank"}}, Options{Dir: dir})
	if err != nil || len(res.Failures) != 0 {
		t.Fatal(err, res.Failures)
	}
	files := testutil.ListFiles(t, dir)
	want := "my tank.mtl,my tank.obj,my_tank_tex0.png,my_tank_tex1.png,my_tank_tex2.png"
	if strings.Join(files, ",") != want || len(res.Written) != 5 {
		t.Fatalf("files %v (written %d), want %s", files, len(res.Written), want)
	}
	mtl, _ := os.ReadFile(filepath.Join(dir, "my tank.mtl"))
	maps, _, _ := mtlMaps(string(mtl))
	f, err := os.Open(filepath.Join(dir, maps["quad0"]))
	if err != nil {
		t.Fatalf("map_Kd of quad0: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	sameImage(t, img, checker())
}

// The names STEM_texN.png belong to the OBJ file STEM.obj: a texture node
// of that name planned after it, or before it, moves out of the way; a
// file of that name on disk is kept unless the export overwrites.
func TestOBJTextureNamesReserved(t *testing.T) {
	png0 := &tex{name: "tank_tex0", w: 1, h: 1, levels: 1}
	for _, c := range []struct {
		items []Item
		want  string
	}{
		{[]Item{{&texMesh{"tank"}, "a/tank"}, {png0, "b/tank_tex0"}}, "tank.mtl,tank.obj,tank_tex0.png,tank_tex0_2.png,tank_tex1.png,tank_tex2.png"},
		{[]Item{{png0, "b/tank_tex0"}, {&texMesh{"tank"}, "a/tank"}}, "tank_2.mtl,tank_2.obj,tank_2_tex0.png,tank_2_tex1.png,tank_2_tex2.png,tank_tex0.png"},
	} {
		dir := t.TempDir()
		if res, err := Export(context.Background(), c.items, Options{Dir: dir}); err != nil || len(res.Failures) != 0 {
			t.Fatal(err, res.Failures)
		}
		if got := strings.Join(testutil.ListFiles(t, dir), ","); got != c.want {
			t.Errorf("files %s, want %s", got, c.want)
		}
	}
	for _, c := range []struct {
		existing Existing
		want     string
		kept     bool
	}{
		{KeepBoth, "tank.mtl,tank.obj,tank_tex0.png,tank_tex1.png,tank_tex2.png,tank_tex3.png", true},
		{Overwrite, "tank.mtl,tank.obj,tank_tex0.png,tank_tex1.png,tank_tex2.png", false},
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "tank_tex0.png"), []byte("mine"), 0o644)
		if res, err := Export(context.Background(), []Item{{&texMesh{"tank"}, "tank"}}, Options{Dir: dir, Existing: c.existing}); err != nil || len(res.Failures) != 0 {
			t.Fatal(err, res.Failures)
		}
		if got := strings.Join(testutil.ListFiles(t, dir), ","); got != c.want {
			t.Errorf("existing %v: files %s, want %s", c.existing, got, c.want)
		}
		b, _ := os.ReadFile(filepath.Join(dir, "tank_tex0.png"))
		if (string(b) == "mine") != c.kept {
			t.Errorf("existing %v: the file on disk kept %v, want %v", c.existing, string(b) == "mine", c.kept)
		}
	}
}
