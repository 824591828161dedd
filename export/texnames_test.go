package export

import (
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/internal/testutil"
)

// namedQuads is a mesh of unit quads, one group per material, with one UV
// set.
func namedQuads(mats ...*geom.Material) *geom.Mesh {
	m := &geom.Mesh{UVs: [][]geom.Vec2{nil}}
	for i, s := range mats {
		b := uint32(len(m.Positions))
		x := float32(i)
		m.Positions = append(m.Positions, geom.Vec3{x, 0, 0}, geom.Vec3{x + 1, 0, 0}, geom.Vec3{x + 1, 1, 0}, geom.Vec3{x, 1, 0})
		m.UVs[0] = append(m.UVs[0], geom.Vec2{0, 1}, geom.Vec2{1, 1}, geom.Vec2{1, 0}, geom.Vec2{0, 0})
		m.Indices = append(m.Indices, b, b+1, b+2, b, b+2, b+3)
		m.Groups = append(m.Groups, geom.Group{Name: "g" + string(rune('0'+i)), Material: "m" + string(rune('0'+i)), FirstTri: 2 * i, TriCount: 2, Surface: s})
	}
	return m
}

// flat is a 2×2 image of one colour.
func flat(c color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

var (
	red   = flat(color.NRGBA{255, 0, 0, 255})
	green = flat(color.NRGBA{0, 255, 0, 255})
	blue  = flat(color.NRGBA{0, 0, 255, 255})
)

// namedMesh is a mesh node over a fixed mesh.
type namedMesh struct {
	name string
	m    *geom.Mesh
}

func (n *namedMesh) Name() string                      { return n.name }
func (n *namedMesh) Kind() formats.Kind                { return formats.KindMesh }
func (n *namedMesh) Children() ([]formats.Node, error) { return nil, nil }
func (n *namedMesh) Mesh() (*geom.Mesh, error)         { return n.m, nil }

// rumbler is a car-like mesh: a body and glass texture of their own
// names, a second material on the body texture, a texture of the body's
// name with other pixels (a clash), and one without a name.
func rumbler() *geom.Mesh {
	return namedQuads(
		&geom.Material{Texture: red, TextureName: "rumbler_body"},
		&geom.Material{Texture: green, TextureName: "rumbler glass"},
		&geom.Material{Texture: red, TextureName: "rumbler_body", Color: color.NRGBA{200, 200, 200, 255}},
		&geom.Material{Texture: blue, TextureName: "RUMBLER_BODY"},
		&geom.Material{Texture: checker()},
	)
}

// exportNamed exports items as OBJ into a new folder and returns it.
func exportNamed(t *testing.T, o Options, items ...Item) string {
	t.Helper()
	if o.Dir == "" {
		o.Dir = t.TempDir()
	}
	o.As = OBJ
	res, err := Export(context.Background(), items, o)
	if err != nil || len(res.Failures) != 0 {
		t.Fatal(err, res.Failures)
	}
	return o.Dir
}

// readPNG decodes the PNG file at p.
func readPNG(t *testing.T, p string) image.Image {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// An OBJ's textures are written under their own names (white space made
// "_", as MTL readers split on it); a texture of a name taken by other
// pixels gets "_2" (names compared without case); the same pixels under
// the same name are one file; a texture without a name keeps
// STEM_texN.png.
func TestOBJTexturesKeepTheirNames(t *testing.T) {
	dir := exportNamed(t, Options{}, Item{&namedMesh{"rumbler.dff", rumbler()}, "rumbler.dff"})
	want := "RUMBLER_BODY_2.png,rumbler.dff.mtl,rumbler.dff.obj,rumbler.dff_tex0.png,rumbler_body.png,rumbler_glass.png"
	if got := strings.Join(testutil.ListFiles(t, dir), ","); got != want {
		t.Fatalf("files %s, want %s", got, want)
	}
	mtl, _ := os.ReadFile(filepath.Join(dir, "rumbler.dff.mtl"))
	maps, _, _ := mtlMaps(string(mtl))
	wantMaps := map[string]string{"m0": "rumbler_body.png", "m1": "rumbler_glass.png", "m2": "rumbler_body.png", "m3": "RUMBLER_BODY_2.png", "m4": "rumbler.dff_tex0.png"}
	for k, v := range wantMaps {
		if maps[k] != v {
			t.Errorf("%s: map_Kd %q, want %q", k, maps[k], v)
		}
	}
	sameImage(t, readPNG(t, filepath.Join(dir, "rumbler_body.png")), red)
	sameImage(t, readPNG(t, filepath.Join(dir, "rumbler_glass.png")), green)
	sameImage(t, readPNG(t, filepath.Join(dir, "RUMBLER_BODY_2.png")), blue)
}

// Models exported into one folder share a texture file of the same name
// and pixels; other pixels under that name get "_2". A texture node
// planned into the same folder keeps its name: the model's texture moves
// aside, whichever job runs first.
func TestOBJTexturesSharedAndClearOfPlannedFiles(t *testing.T) {
	a := &namedMesh{"a", namedQuads(&geom.Material{Texture: red, TextureName: "body"})}
	b := &namedMesh{"b", namedQuads(&geom.Material{Texture: red, TextureName: "body"})}
	c := &namedMesh{"c", namedQuads(&geom.Material{Texture: green, TextureName: "body"})}
	dir := t.TempDir()
	res, err := Export(context.Background(), []Item{{a, "x/a"}, {b, "x/b"}, {c, "x/c"}}, Options{Dir: dir, As: OBJ})
	if err != nil || len(res.Failures) != 0 {
		t.Fatal(err, res.Failures)
	}
	want := "a.mtl,a.obj,b.mtl,b.obj,body.png,body_2.png,c.mtl,c.obj"
	if got := strings.Join(testutil.ListFiles(t, dir), ","); got != want {
		t.Fatalf("files %s, want %s", got, want)
	}
	mapOf := func(stem string) string {
		mtl, _ := os.ReadFile(filepath.Join(dir, stem+".mtl"))
		maps, _, _ := mtlMaps(string(mtl))
		return maps["m0"]
	}
	if mapOf("a") != "body.png" || mapOf("b") != "body.png" {
		t.Errorf("a and b map %q and %q, want the one body.png", mapOf("a"), mapOf("b"))
	}
	sameImage(t, readPNG(t, filepath.Join(dir, mapOf("c"))), green)

	node := &tex{name: "body", w: 1, h: 1, levels: 1}
	for _, items := range [][]Item{{{a, "x/a"}, {node, "y/body"}}, {{node, "y/body"}, {a, "x/a"}}} {
		dir := t.TempDir()
		res, err := Export(context.Background(), items, Options{Dir: dir})
		if err != nil || len(res.Failures) != 0 {
			t.Fatal(err, res.Failures)
		}
		if got := strings.Join(testutil.ListFiles(t, dir), ","); got != "a.mtl,a.obj,body.png,body_2.png" {
			t.Errorf("files %s, want the node's body.png and the model's body_2.png", got)
		}
		sameImage(t, readPNG(t, filepath.Join(dir, "body_2.png")), red)
	}
}

// A texture file of that name on disk is kept (the texture takes "_2")
// unless the export overwrites.
func TestOBJTextureNameOnDisk(t *testing.T) {
	m := &namedMesh{"a", namedQuads(&geom.Material{Texture: red, TextureName: "body"})}
	for _, c := range []struct {
		existing Existing
		want     string
		kept     bool
	}{
		{KeepBoth, "a.mtl,a.obj,body.png,body_2.png", true},
		{Overwrite, "a.mtl,a.obj,body.png", false},
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "body.png"), []byte("mine"), 0o644)
		exportNamed(t, Options{Dir: dir, Existing: c.existing}, Item{m, "a"})
		if got := strings.Join(testutil.ListFiles(t, dir), ","); got != c.want {
			t.Errorf("existing %v: files %s, want %s", c.existing, got, c.want)
		}
		b, _ := os.ReadFile(filepath.Join(dir, "body.png"))
		if (string(b) == "mine") != c.kept {
			t.Errorf("existing %v: the file on disk kept %v, want %v", c.existing, string(b) == "mine", c.kept)
		}
	}
}

// glTF images are named after their textures, "_2" for another image of
// the same name, "textureN" for a texture without one.
func TestGLBImageNames(t *testing.T) {
	doc := meshGLB(t, rumbler(), "rumbler")
	var names []string
	for _, img := range doc.Images {
		names = append(names, img.Name)
	}
	want := []string{"rumbler_body", "rumbler glass", "RUMBLER_BODY_2", "texture3"}
	if !slices.Equal(names, want) {
		t.Errorf("image names %q, want %q", names, want)
	}
}
