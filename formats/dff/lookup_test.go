package dff

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"rummage/formats"
	"rummage/formats/img"
	"rummage/formats/txd"
)

// dictBytes writes a PC dictionary holding a small texture per name.
func dictBytes(t *testing.T, names ...string) []byte {
	t.Helper()
	d := txd.NewDictionary(txd.StampSA, 2)
	for i, n := range names {
		m := image.NewNRGBA(image.Rect(0, 0, 4, 4))
		for k := 0; k < len(m.Pix); k += 4 {
			m.Pix[k], m.Pix[k+1], m.Pix[k+2], m.Pix[k+3] = uint8(60*i), 100, 200, 255
		}
		tex, err := txd.NewD3D(txd.PlatformD3D9, m, txd.Options{Name: n, Format: txd.Fmt8888})
		if err != nil {
			t.Fatal(err)
		}
		d.Add(tex)
	}
	b, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func write(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// foundOf opens path and returns each material's "found" fact.
func foundOf(t *testing.T, path string, opts *formats.Options, node string) []any {
	t.Helper()
	f, err := formats.Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, _, err := formats.ResolvePath(f.Root, node)
	if err != nil {
		t.Fatal(err)
	}
	d, err := n.(formats.Describer).Describe()
	if err != nil {
		t.Fatal(err)
	}
	var out []any
	for _, m := range d.(map[string]any)["materials"].([]map[string]any) {
		out = append(out, m["found"])
	}
	return out
}

func sameFound(t *testing.T, what string, got []any, want ...any) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: found %v, want %v", what, got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: found %v, want %v", what, got, want)
		}
	}
}

// TestLookupByIDE: the .ide in a parent's data/ tree names the TXD (a
// txdp parent holds the tyre), which wins over the TXD of the model's name.
func TestLookupByIDE(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "data", "maps", "cars.ide"), []byte("# test\ncars\n400, car, paintjob, car, car\nend\ntxdp\npaintjob, shared\nend\n"))
	write(t, filepath.Join(root, "models", "car.dff"), encode(t, fixture(t)))
	write(t, filepath.Join(root, "models", "PaintJob.TXD"), dictBytes(t, "Body"))
	write(t, filepath.Join(root, "models", "shared.txd"), dictBytes(t, "tyre"))
	write(t, filepath.Join(root, "models", "car.txd"), dictBytes(t, "body", "tyre"))
	got := foundOf(t, filepath.Join(root, "models", "car.dff"), nil, "")
	sameFound(t, "ide", got, "PaintJob.TXD/Body", nil, "shared.txd/tyre")
}

// TestLookupByName: without an .ide the TXD of the model's name is used,
// then --txd.
func TestLookupByName(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "car.dff"), encode(t, fixture(t)))
	write(t, filepath.Join(dir, "car.txd"), dictBytes(t, "body"))
	extra := filepath.Join(t.TempDir(), "extra.txd")
	write(t, extra, dictBytes(t, "tyre", "body"))
	sameFound(t, "name", foundOf(t, filepath.Join(dir, "car.dff"), nil, ""), "car.txd/body", nil, nil)
	sameFound(t, "--txd", foundOf(t, filepath.Join(dir, "car.dff"), &formats.Options{TXD: []string{extra}}, ""), "car.txd/body", nil, "extra.txd/tyre")
}

// TestLookupInIMG: a model inside an IMG finds its TXD in the same IMG,
// and the preview mesh is textured with its pixels.
func TestLookupInIMG(t *testing.T) {
	a, err := img.BuildVER2([]img.File{{Name: "car.dff", Data: encode(t, fixture(t))}, {Name: "CAR.txd", Data: dictBytes(t, "x", "tyre", "body")}})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "gta3.img")
	write(t, p, a)
	sameFound(t, "img", foundOf(t, p, nil, "car.dff"), "gta3.img/CAR.txd/body", nil, "gta3.img/CAR.txd/tyre")
	f, err := formats.Open(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, _, _ := formats.ResolvePath(f.Root, "car.dff")
	m, err := n.(formats.Mesher).Mesh()
	if err != nil {
		t.Fatal(err)
	}
	s := m.Groups[0].Surface
	if s == nil || s.Texture == nil {
		t.Fatal("the body group has no texture")
	}
	if c := s.Texture.At(0, 0).(color.NRGBA); c != (color.NRGBA{120, 100, 200, 255}) {
		t.Fatalf("body texel %v, want the third texture's colour", c)
	}
	if m.Groups[1].Surface.Texture != nil {
		t.Fatal("the untextured material has a texture")
	}
}

func TestParseIDE(t *testing.T) {
	var d IDE
	d.ParseIDE([]byte("objs\n  1000 , Box01, BoxTex, 1, 100, 0 # comment\nend\npeds\n7, Male01, male01, CIVMALE\nend\n2dfx\n1, 2, 3\nend\n"))
	if d.TXD["box01"] != "boxtex" || d.TXD["male01"] != "male01" || len(d.TXD) != 2 || d.Cars["box01"] {
		t.Fatalf("IDE %+v", d)
	}
}

// TestLookupAgainWhenTXDChanges: an open model looks its textures up again
// when the shared options' --txd changes (the window's File › Set texture
// dictionary…), and its meshes are built again with them.
func TestLookupAgainWhenTXDChanges(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "car.dff"), encode(t, fixture(t)))
	extra := filepath.Join(t.TempDir(), "extra.txd")
	write(t, extra, dictBytes(t, "tyre", "body"))
	opts := &formats.Options{}
	f, err := formats.Open(filepath.Join(dir, "car.dff"), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := f.Root.(*Root)
	kids, err := r.Children()
	if err != nil {
		t.Fatal(err)
	}
	textured := func() (clump, geometry bool) {
		m, err := r.Mesh()
		if err != nil {
			t.Fatal(err)
		}
		g, err := kids[0].(*GeometryNode).Mesh()
		if err != nil {
			t.Fatal(err)
		}
		return m.Groups[0].Surface.Texture != nil, g.Groups[0].Surface.Texture != nil
	}
	if c, g := textured(); c || g {
		t.Fatalf("textured before --txd: clump %v, geometry %v", c, g)
	}
	opts.TXD = []string{extra}
	if c, g := textured(); !c || !g {
		t.Fatalf("untextured after --txd: clump %v, geometry %v", c, g)
	}
	list, err := r.Materials()
	if err != nil {
		t.Fatal(err)
	}
	if list[0].Found != "extra.txd/body" || list[0].Why != "--txd" {
		t.Fatalf("material 0 found %q (%s), want extra.txd/body (--txd)", list[0].Found, list[0].Why)
	}
	opts.TXD = nil
	if c, _ := textured(); c {
		t.Fatal("still textured after --txd was cleared")
	}
}

// TestTextureReport: the report names the textures no dictionary had and
// every place a dictionary was looked for, found or not.
func TestTextureReport(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "car.dff"), encode(t, fixture(t)))
	write(t, filepath.Join(dir, "car.txd"), dictBytes(t, "body"))
	extra := filepath.Join(t.TempDir(), "extra.txd")
	write(t, extra, dictBytes(t, "tyre"))
	report := func(opts *formats.Options) formats.TextureReport {
		f, err := formats.Open(filepath.Join(dir, "car.dff"), opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		r, ok := formats.SafeTextureReport(f.Root)
		if !ok {
			t.Fatal("no texture report")
		}
		return r
	}
	r := report(nil)
	if r.Named != 2 || len(r.Missing) != 1 || r.Missing[0] != "tyre" || len(r.Looked) != 1 || r.Looked[0] != filepath.Join(dir, "car.txd") {
		t.Errorf("report %+v", r)
	}
	r = report(&formats.Options{TXD: []string{extra}})
	if r.Named != 2 || len(r.Missing) != 0 || len(r.Looked) != 2 || r.Looked[1] != extra {
		t.Errorf("with --txd: %+v", r)
	}
}
