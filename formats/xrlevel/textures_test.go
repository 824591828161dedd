package xrlevel

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/dds"
	"rummage/formats/dxt"
	"rummage/formats/geom"
)

// writeDDS writes a w×h DXT1 texture of one colour with a full mip chain.
func writeDDS(t *testing.T, path string, w, h int, c color.NRGBA) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		copy(img.Pix[i:], []byte{c.R, c.G, c.B, c.A})
	}
	b, err := dds.Encode(img, dds.BlockFormat(dxt.DXT1), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return b
}

// gameTree writes the sample level as gamedata/levels/l01/level with
// files under gamedata/textures, and opens it.
func gameTree(t *testing.T, files func(textures string)) *Level {
	t.Helper()
	lv, err := gameTreeNode(t, files).Level()
	if err != nil {
		t.Fatal(err)
	}
	return lv
}

// gameTreeNode is gameTree's level node.
func gameTreeNode(t *testing.T, files func(textures string)) *LevelNode {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "gamedata", "levels", "l01")
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, "level"), sampleBytes(t, WriteOptions{}), 0o644); err != nil {
		t.Fatal(err)
	}
	files(filepath.Join(root, "gamedata", "textures"))
	f, err := formats.Open(filepath.Join(dir, "level"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f.Root.(*LevelNode)
}

// groupLook returns the material of the level mesh's group for a texture.
func groupLook(t *testing.T, lv *Level, texture string) (image.Image, color.NRGBA) {
	t.Helper()
	for _, g := range lv.LevelMesh().Groups {
		if g.Material == texture && g.Surface != nil {
			return g.Surface.Texture, g.Surface.Color
		}
	}
	t.Fatalf("no group for %s", texture)
	return nil, color.NRGBA{}
}

// TestTextureLookup: a texture found under gamedata/textures (names in
// another case, '\' separators) is the group's image, at most PreviewSide
// wide; a missing one and a broken one are findings naming them and draw
// as the name's colour.
func TestTextureLookup(t *testing.T) {
	green := color.NRGBA{0, 255, 0, 255}
	lv := gameTree(t, func(tex string) {
		writeDDS(t, filepath.Join(tex, "Terrain", "GRASS.DDS"), 1024, 8, green)
		b := writeDDS(t, filepath.Join(tex, "walls", "bricks1.dds"), 8, 8, green)
		os.WriteFile(filepath.Join(tex, "walls", "bricks1.dds"), b[:130], 0o644) // level 0 cut
	})
	var missing, broken bool
	for _, d := range lv.Diags {
		missing = missing || strings.Contains(d.Msg, `texture metal\crate is missing: no metal/crate.dds under `)
		broken = broken || strings.Contains(d.Msg, `texture walls\bricks1: `) && strings.Contains(d.Msg, "offset 0x80")
	}
	if !missing || !broken || len(lv.Diags) != 2 {
		t.Errorf("findings %v", lv.Diags)
	}
	img, _ := groupLook(t, lv, `terrain\grass`)
	if img == nil || img.Bounds() != image.Rect(0, 0, 512, 4) {
		t.Fatalf("terrain texture %v, want the 512×4 mip", img)
	}
	if c := img.(*image.NRGBA).NRGBAAt(5, 2); c != green {
		t.Errorf("terrain texel %v", c)
	}
	if img2, _ := groupLook(t, lv, `terrain\grass`); img2 != img {
		t.Error("the texture was decoded twice")
	}
	for _, name := range []string{`metal\crate`, `walls\bricks1`} {
		if img, c := groupLook(t, lv, name); img != nil || c != TextureColor(name) {
			t.Errorf("%s: %v %v, want the name's colour", name, img, c)
		}
	}
	tf := lv.TextureFile(`TERRAIN/grass`)
	if tf == nil || filepath.Base(tf.Path) != "GRASS.DDS" {
		t.Errorf("TextureFile %+v", tf)
	}
}

// TestTextureRoots: textures beside the level are found too; no textures
// folder at all is no finding; a name leaving the tree is never looked up.
func TestTextureRoots(t *testing.T) {
	dir := t.TempDir()
	if got := findTextureRoots(dir); len(got) != 0 {
		t.Errorf("roots %v in an empty folder", got)
	}
	os.MkdirAll(filepath.Join(dir, "Textures"), 0o755)
	os.MkdirAll(filepath.Join(dir, "sub", "level"), 0o755)
	got := findTextureRoots(filepath.Join(dir, "sub", "level"))
	if len(got) != 1 || got[0] != filepath.Join(dir, "Textures") {
		t.Errorf("roots %v", got)
	}
	for _, bad := range []string{`..\..\etc\passwd`, "", `\\`} {
		if _, _, ok := textureKey(bad); ok {
			t.Errorf("%q is a texture key", bad)
		}
	}
	if k, _, _ := textureKey(`Terrain\.\Grass`); k != "terrain/grass.dds" {
		t.Errorf("key %q", k)
	}
	lv := gameTree(t, func(string) {})
	if len(lv.Diags) != 0 {
		t.Errorf("no textures folder: findings %v", lv.Diags)
	}
}

// TestMaterialFacts: info on a visual and a sector lists the attribute
// facts and the materials, with the .dds used or null.
func TestMaterialFacts(t *testing.T) {
	root := gameTreeNode(t, func(tex string) {
		writeDDS(t, filepath.Join(tex, "walls", "bricks1.dds"), 8, 8, color.NRGBA{200, 0, 0, 255})
	})
	describe := func(p string) map[string]any {
		n, err := formats.Resolve(root, p)
		if err != nil {
			t.Fatal(err)
		}
		d, err := n.(formats.Describer).Describe()
		if err != nil {
			t.Fatal(err)
		}
		return d.(map[string]any)
	}
	cases := []struct {
		path                   string
		uvSets                 int
		normals, prelit        bool
		textures, shaders, got []string
	}{
		{"visuals/0", 2, true, false, []string{`terrain\grass`}, []string{"lmap_base"}, []string{""}},
		{"visuals/1", 1, true, true, []string{`metal\crate`}, []string{"vertex_lit"}, []string{""}},
		{"sectors/1", 2, true, true, []string{`walls\bricks1`, `metal\crate`}, []string{"lmap_base", "vertex_lit"},
			[]string{"bricks1.dds", ""}},
	}
	for _, c := range cases {
		d := describe(c.path)
		if d["uvSets"] != c.uvSets || d["normals"] != c.normals || d["prelit"] != c.prelit {
			t.Errorf("%s: uvSets %v normals %v prelit %v", c.path, d["uvSets"], d["normals"], d["prelit"])
		}
		mats := d["materials"].([]map[string]any)
		if len(mats) != len(c.textures) {
			t.Fatalf("%s: materials %v", c.path, mats)
		}
		for i, m := range mats {
			found, _ := m["found"].(string)
			if m["texture"] != c.textures[i] || m["shader"] != c.shaders[i] || filepath.Base(found) != c.got[i] && found != c.got[i] {
				t.Errorf("%s material %d: %v", c.path, i, m)
			}
		}
	}
}

// TestTexturesConcurrent: meshes built at once share one decoded texture
// and one material per texture and shader (run with -race).
func TestTexturesConcurrent(t *testing.T) {
	lv := gameTree(t, func(tex string) {
		writeDDS(t, filepath.Join(tex, "terrain", "grass.dds"), 16, 16, color.NRGBA{0, 200, 0, 255})
	})
	done := make(chan *geom.Mesh, 4)
	for i := 0; i < 4; i++ {
		go func() { m, _ := lv.SectorMesh(0); done <- m }()
	}
	var first *geom.Material
	for i := 0; i < 4; i++ {
		m := <-done
		if first == nil {
			first = m.Groups[0].Surface
		}
		if m.Groups[0].Surface != first || first.Texture == nil {
			t.Fatalf("sector meshes do not share the terrain material: %p %p", m.Groups[0].Surface, first)
		}
	}
}

// TestTextureReport: the report names the textures not found or broken,
// with the textures folder looked in; without a textures folder every
// texture is missing and it says where one was looked for; a level not
// on disk looked nowhere.
func TestTextureReport(t *testing.T) {
	green := color.NRGBA{0, 255, 0, 255}
	var textures string
	n := gameTreeNode(t, func(tex string) {
		textures = tex
		writeDDS(t, filepath.Join(tex, "terrain", "grass.dds"), 8, 8, green)
		b := writeDDS(t, filepath.Join(tex, "walls", "bricks1.dds"), 8, 8, green)
		os.WriteFile(filepath.Join(tex, "walls", "bricks1.dds"), b[:130], 0o644)
	})
	r, ok := formats.SafeTextureReport(n)
	if !ok || r.Named != 3 || strings.Join(r.Missing, ",") != `metal\crate,walls\bricks1` || len(r.Looked) != 1 || r.Looked[0] != textures {
		t.Errorf("report %+v (ok %v), textures in %s", r, ok, textures)
	}

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "level"), sampleBytes(t, WriteOptions{}), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := formats.Open(filepath.Join(dir, "level"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, _ = formats.SafeTextureReport(f.Root)
	if r.Named != 3 || len(r.Missing) != 3 || len(r.Looked) != 1 ||
		!strings.Contains(r.Looked[0], "gamedata/textures/ in "+dir+" and the ") {
		t.Errorf("no textures folder: %+v", r)
	}

	mem, err := formats.OpenBytes("level", sampleBytes(t, WriteOptions{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	r, _ = formats.SafeTextureReport(mem.Root)
	if r.Named != 3 || len(r.Missing) != 3 || len(r.Looked) != 0 {
		t.Errorf("in memory: %+v", r)
	}
}
