package cli

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/txd"
)

// writePNG writes a w×h PNG with a gradient and half-transparent texels.
func writePNGFile(t *testing.T, path string, w, h int) {
	t.Helper()
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for p := 0; p < len(m.Pix); p += 4 {
		copy(m.Pix[p:], []byte{byte(p / 4 % w * 255 / w), byte(p / 4 / w * 255 / h), 90, byte(255 - p/4%2*128)})
	}
	var buf bytes.Buffer
	png.Encode(&buf, m)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// folderOfFolders is a folder with two subfolders of images (the second
// with a textures.json), an empty one and a note of its own.
func folderOfFolders(t *testing.T, settings string) string {
	top := t.TempDir()
	writePNGFile(t, filepath.Join(top, "walls", "brick.png"), 32, 32)
	writePNGFile(t, filepath.Join(top, "walls", "stone.png"), 16, 16)
	writePNGFile(t, filepath.Join(top, "Glass", "window.png"), 64, 32)
	writePNGFile(t, filepath.Join(top, "Glass", "pane.png"), 16, 16)
	os.WriteFile(filepath.Join(top, "Glass", txd.SettingsFile), []byte(settings), 0o644)
	os.Mkdir(filepath.Join(top, "empty"), 0o755)
	os.WriteFile(filepath.Join(top, "readme.txt"), []byte("notes"), 0o644)
	return top
}

// build txd of a folder of folders writes one TXD per subfolder with
// images into --out, each texture with its textures.json settings over the
// flags.
func TestBuildTXDFolderOfFolders(t *testing.T) {
	top := folderOfFolders(t, `{"WINDOW": {"format": "8888", "mips": 1, "filter": "nearest", "addressing": ["clamp", "mirror"], "alpha": "windowa"}}`)
	out := filepath.Join(t.TempDir(), "built")
	code, stdout, stderr := run(t, "build", "txd", "--platform", "d3d9", "--format", "DXT5", "--addressing", "wrap,clamp", "--out", out, top)
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	want := filepath.Join(out, "Glass.txd") + "\n" + filepath.Join(out, "walls.txd") + "\n"
	if stdout != want {
		t.Errorf("stdout %q, want %q", stdout, want)
	}
	ents, _ := os.ReadDir(out)
	if len(ents) != 2 {
		t.Fatalf("%d files in --out, want Glass.txd and walls.txd", len(ents))
	}
	walls := readTXD(t, filepath.Join(out, "walls.txd")).Textures()
	if len(walls) != 2 || walls[0].Name != "brick" || walls[0].Compression != txd.CompDXT5 || walls[0].UAddress() != 1 || walls[0].VAddress() != 3 {
		t.Fatalf("walls.txd: %d textures, %+v", len(walls), walls[0].Describe())
	}
	glass := readTXD(t, filepath.Join(out, "Glass.txd")).Textures()
	byName := map[string]*txd.Texture{}
	for _, tx := range glass {
		byName[tx.Name] = tx
	}
	w, p := byName["window"], byName["pane"]
	if w == nil || p == nil {
		t.Fatalf("Glass.txd holds %d textures", len(glass))
	}
	if w.FormatName() != "8888" || len(w.Levels) != 1 || w.Filter() != 1 || w.UAddress() != 3 || w.VAddress() != 2 || w.Mask != "windowa" {
		t.Errorf("window: %v", w.Describe())
	}
	if p.Compression != txd.CompDXT5 || len(p.Levels) < 2 || p.UAddress() != 1 || p.VAddress() != 3 || p.Filter() != 6 || p.Mask != "" {
		t.Errorf("pane (flags only): %v", p.Describe())
	}
	// Built again without --overwrite: refused before any work, nothing
	// changed.
	before, _ := os.ReadFile(filepath.Join(out, "walls.txd"))
	if code, _, stderr := run(t, "build", "txd", "--platform", "ps2", "--out", out, top); code != 1 || !strings.Contains(stderr, "--overwrite") {
		t.Errorf("again: status %d, %s", code, stderr)
	}
	if after, _ := os.ReadFile(filepath.Join(out, "walls.txd")); !bytes.Equal(before, after) {
		t.Error("a refused build changed walls.txd")
	}
}

// A textures.json that is wrong stops the build before anything is
// written, with the file named.
func TestBuildTXDSettingsErrors(t *testing.T) {
	for _, c := range []struct{ settings, want string }{
		{`{"window": {"fromat": "8888"}}`, `textures.json: texture "window": unknown key "fromat"`},
		{`{"windows": {"mips": 1}}`, `textures.json: texture "windows": no image of that name in`},
		{`{"window": {"addressing": "edge"}}`, `no addressing mode "edge"`},
		{`{"window": `, `textures.json: line 1`},
	} {
		top := folderOfFolders(t, c.settings)
		out := filepath.Join(t.TempDir(), "built")
		code, _, stderr := run(t, "build", "txd", "--platform", "d3d9", "--out", out, top)
		if code != 1 || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, filepath.Join(top, "Glass", "textures.json")) {
			t.Errorf("%s: status %d, stderr %q", c.settings, code, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: --out was made", c.settings)
		}
	}
	// The settings of a plain folder of images count too.
	dir := t.TempDir()
	writePNGFile(t, filepath.Join(dir, "a.png"), 8, 8)
	os.WriteFile(filepath.Join(dir, txd.SettingsFile), []byte(`{"a": {"format": "565"}}`), 0o644)
	out := filepath.Join(t.TempDir(), "a.txd")
	if code, _, stderr := run(t, "build", "txd", "--platform", "d3d8", "--out", out, dir); code != 0 {
		t.Fatal(stderr)
	}
	if tx := readTXD(t, out).Textures(); tx[0].FormatName() != "565" {
		t.Errorf("a: %s", tx[0].FormatName())
	}
}

// Folders of folders want a folder for --out and no images beside them;
// --resize pow2 makes odd sizes fit the PS2.
func TestBuildTXDOutAndResize(t *testing.T) {
	top := folderOfFolders(t, `{}`)
	img := filepath.Join(t.TempDir(), "odd.png")
	writePNGFile(t, img, 300, 200)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--out", filepath.Join(t.TempDir(), "x.txd"), top}, "--out names the folder"},
		{[]string{"--out", t.TempDir(), top, img}, "cannot be built together with images"},
		{[]string{"--out", filepath.Join(t.TempDir(), "odd.txd"), img}, "powers of two"},
		{[]string{"--resize", "half", "--out", filepath.Join(t.TempDir(), "odd.txd"), img}, "no resize"},
	} {
		code, _, stderr := run(t, append([]string{"build", "txd", "--platform", "ps2"}, c.args...)...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: status %d, %s", c.args, code, stderr)
		}
	}
	out := filepath.Join(t.TempDir(), "odd.txd")
	if code, _, stderr := run(t, "build", "txd", "--platform", "ps2", "--resize", "pow2", "--filter", "linear", "--out", out, img); code != 0 {
		t.Fatal(stderr)
	}
	if tx := readTXD(t, out).Textures()[0]; tx.Width != 256 || tx.Height != 256 || tx.Filter() != 2 {
		t.Errorf("odd: %d×%d filter %d", tx.Width, tx.Height, tx.Filter())
	}
}

// convert txd of several TXDs and a folder writes each into --out under
// its name (a folder's keep their subfolders); a bad one is an error line
// while the others are written.
func TestConvertMany(t *testing.T) {
	src := writeImages(t, 2, 16, 16)
	in := t.TempDir()
	a, b := filepath.Join(in, "a.txd"), filepath.Join(in, "deep", "b.txd")
	os.Mkdir(filepath.Join(in, "deep"), 0o755)
	for _, p := range []string{a, b} {
		if code, _, stderr := run(t, "build", "txd", "--platform", "ps2", "--out", p, src); code != 0 {
			t.Fatal(stderr)
		}
	}
	os.WriteFile(filepath.Join(in, "deep", "broken.txd"), []byte("not a txd at all"), 0o644)
	out := filepath.Join(t.TempDir(), "pc")
	code, stdout, stderr := run(t, "convert", "txd", "--platform", "d3d9", "--out", out, in)
	if code != 1 || !strings.Contains(stderr, "broken.txd") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("status %d, stderr %q; want 1 and the broken file's line", code, stderr)
	}
	for _, rel := range []string{"a.txd", filepath.Join("deep", "b.txd")} {
		if !strings.Contains(stdout, filepath.Join(out, rel)) {
			t.Errorf("stdout %q lacks %s", stdout, rel)
		}
		if ts := readTXD(t, filepath.Join(out, rel)).Textures(); len(ts) != 2 || ts[0].Platform != txd.PlatformD3D9 {
			t.Errorf("%s: not 2 D3D9 textures", rel)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "deep", "broken.txd")); err == nil {
		t.Error("the broken TXD was written")
	}
	// Two files of one name, and a .txd --out for many, are refused.
	other := filepath.Join(t.TempDir(), "a.txd")
	os.Link(a, other)
	for _, args := range [][]string{
		{"--out", t.TempDir(), a, other},
		{"--out", filepath.Join(t.TempDir(), "x.txd"), a, b},
	} {
		if code, _, stderr := run(t, append([]string{"convert", "txd", "--platform", "xbox"}, args...)...); code != 1 {
			t.Errorf("%v: status %d, %s", args, code, stderr)
		}
	}
}
