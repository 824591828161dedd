package export

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"rummage/export/glbtest"
	"rummage/formats"
	"rummage/formats/geom"
	"rummage/internal/testutil"
)

// tex is a texture node with levels of w×h >> l pixels.
type tex struct {
	name   string
	w, h   int
	levels int
	fail   bool
}

func (t *tex) Name() string                      { return t.name }
func (t *tex) Kind() formats.Kind                { return formats.KindTexture }
func (t *tex) Children() ([]formats.Node, error) { return nil, nil }
func (t *tex) Levels() int                       { return t.levels }
func (t *tex) Image(l int) (image.Image, error) {
	if t.fail {
		return nil, errors.New("cannot decode")
	}
	w, h := max(t.w>>l, 1), max(t.h>>l, 1)
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, texel(x, y, l))
		}
	}
	return img, nil
}

// texel keeps colour under zero alpha: a premultiplying writer would lose it.
func texel(x, y, l int) color.NRGBA {
	return color.NRGBA{uint8(10 + x), uint8(20 + y), uint8(30 + l), uint8((x + y) * 60 % 256)}
}

// mat is a material node (JSON by default).
type mat struct{ name string }

func (m *mat) Name() string                      { return m.name }
func (m *mat) Kind() formats.Kind                { return formats.KindMaterial }
func (m *mat) Children() ([]formats.Node, error) { return nil, nil }
func (m *mat) Describe() (any, error) {
	return map[string]any{"kind": "material", "name": m.name, "a<b": "x&y"}, nil
}

// mesh is a mesh node with stream children (exported whole, not walked).
type mesh struct{ name string }

func (m *mesh) Name() string       { return m.name }
func (m *mesh) Kind() formats.Kind { return formats.KindMesh }
func (m *mesh) Children() ([]formats.Node, error) {
	return []formats.Node{raw("stream_1", "s")}, nil
}
func (m *mesh) Mesh() (*geom.Mesh, error) {
	return &geom.Mesh{Positions: []geom.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, Indices: []uint32{0, 1, 2}}, nil
}

// badDir is a container whose children cannot be read.
type badDir struct{}

func (badDir) Name() string                      { return "broken dir" }
func (badDir) Kind() formats.Kind                { return formats.KindArchive }
func (badDir) Children() ([]formats.Node, error) { return nil, errors.New("directory is corrupt") }

func raw(name, data string) *formats.Raw {
	return &formats.Raw{NodeName: name, NodeKind: formats.KindRaw, R: strings.NewReader(data), N: int64(len(data)), Abs: -1}
}

func folder(name string, kids ...formats.Node) *formats.Folder {
	return &formats.Folder{NodeName: name, Items: kids}
}

// tree is the fixture: a root with duplicates, a subfolder and every kind.
func tree() formats.Node {
	return folder("root.lib",
		&tex{name: "brick", w: 4, h: 2, levels: 3},
		raw("notes.txt", "hello"),
		raw("dup", "one"),
		raw("dup", "two"),
		raw("", "nameless"),
		raw("a/b", "slash"),
		&mat{name: "water"},
		&mesh{name: "ship"},
		folder("sub", &tex{name: "brick", w: 2, h: 2, levels: 1}, folder("deeper", raw("x.bin", "x"))),
		folder("empty"),
		badDir{},
	)
}

func TestExportTree(t *testing.T) {
	dir := t.TempDir()
	var progress []string
	res, err := Export(context.Background(), []Item{{tree(), ""}}, Options{Dir: dir,
		Progress: func(done, total int, p string) { progress = append(progress, fmt.Sprintf("%d/%d %s", done, total, p)) }})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"@4", "a_b@5", "brick.png", "dup@2", "dup@3", "notes.txt", "ship.mtl", "ship.obj",
		"sub/brick.png", "sub/deeper/x.bin", "water.json"}
	if got := testutil.ListFiles(t, dir); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("files:\n got %q\nwant %q", got, want)
	}
	if len(res.Written) != len(want) {
		t.Errorf("Written has %d files, want %d", len(res.Written), len(want))
	}
	if _, err := os.Stat(filepath.Join(dir, "empty")); err != nil {
		t.Errorf("an empty container still makes its folder: %v", err)
	}
	if len(res.Failures) != 1 || res.Failures[0].Path != "broken dir" || !strings.Contains(res.Failures[0].Error(), "directory is corrupt") {
		t.Errorf("failures = %v, want the broken dir", res.Failures)
	}
	// Jobs finish in any order (they run in parallel); the count goes up
	// by one per job and every job is named once.
	if len(progress) != 10 || !strings.Contains(strings.Join(progress, " "), " sub/deeper/x.bin") {
		t.Errorf("progress = %q", progress)
	}
	for i, p := range progress {
		if !strings.HasPrefix(p, fmt.Sprintf("%d/10 ", i+1)) {
			t.Errorf("progress[%d] = %q", i, p)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "dup@3")); string(b) != "two" {
		t.Errorf("dup@3 = %q", b)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "water.json"))
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil || v["a<b"] != "x&y" || !bytes.Contains(b, []byte("\n  \"")) || !bytes.Contains(b, []byte(`"x&y"`)) {
		t.Errorf("water.json is not indented, unescaped JSON: %s (%v)", b, err)
	}
	obj, _ := os.ReadFile(filepath.Join(dir, "ship.obj"))
	if !strings.Contains(string(obj), "mtllib ship.mtl\n") || !strings.Contains(string(obj), "\no ship\n") || !strings.Contains(string(obj), "\nf 1 2 3\n") {
		t.Errorf("ship.obj = %q", obj)
	}
	checkPNG(t, filepath.Join(dir, "brick.png"), 4, 2, 0)
}

func checkPNG(t *testing.T, path string, w, h, level int) {
	t.Helper()
	testutil.CheckPNG(t, path, w, h, func(x, y int) color.NRGBA { return texel(x, y, level) })
}

func TestAllMipsAndNames(t *testing.T) {
	dir := t.TempDir()
	root := tree()
	kids, _ := root.Children()
	sub, _ := kids[8].Children()
	items := []Item{{kids[0], "brick"}, {sub[0], "sub/brick"}, {kids[0], "BRICK"}} // the third is a repeat
	res, err := Export(context.Background(), items, Options{Dir: dir, AllMips: true})
	if err != nil || len(res.Failures) != 0 {
		t.Fatal(err, res.Failures)
	}
	want := []string{"brick_2_mip0.png", "brick_mip0.png", "brick_mip1.png", "brick_mip2.png"}
	if got := testutil.ListFiles(t, dir); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("files %q, want %q", got, want)
	}
	checkPNG(t, filepath.Join(dir, "brick_mip1.png"), 2, 1, 1)
	checkPNG(t, filepath.Join(dir, "brick_mip2.png"), 1, 1, 2)
}

func TestNamedItemFormats(t *testing.T) {
	root := tree()
	kids, _ := root.Children()
	cases := []struct {
		item    int
		as      string
		file    string
		failure string
	}{
		{0, PNG, "brick.png", ""},
		{0, Raw, "", "as raw: it has no raw bytes"},
		{1, JSON, "notes.txt.json", ""}, // Raw describes itself
		{1, PNG, "", "as png: it has no image"},
		{6, OBJ, "", "as obj: it has no mesh"},
		{7, GLTF, "ship.glb", ""},
		{7, JSON, "", "as json: it has no description"},
	}
	for _, c := range cases {
		dir := t.TempDir()
		res, err := Export(context.Background(), []Item{{kids[c.item], kids[c.item].Name()}}, Options{Dir: dir, As: c.as})
		if err != nil {
			t.Fatal(err)
		}
		files := testutil.ListFiles(t, dir)
		if c.failure != "" {
			if len(res.Failures) != 1 || !strings.Contains(res.Failures[0].Error(), c.failure) || len(files) != 0 {
				t.Errorf("%s as %s: failures %v, files %v; want %q and nothing written", kids[c.item].Name(), c.as, res.Failures, files, c.failure)
			}
			continue
		}
		if len(res.Failures) != 0 || len(files) != 1 || files[0] != c.file {
			t.Errorf("%s as %s: failures %v files %v, want %s", kids[c.item].Name(), c.as, res.Failures, files, c.file)
		} else if c.as == GLTF {
			glbtest.KeepFile(t, filepath.Join(dir, c.file))
		}
	}
	if _, err := NewPlan(context.Background(), nil, Options{As: "bmp"}); err == nil {
		t.Error("an unknown format is accepted")
	}
}

func TestFailedJobKeepsGoingAndLeavesNoFile(t *testing.T) {
	dir := t.TempDir()
	root := folder("r", &tex{name: "bad", w: 2, h: 2, levels: 1, fail: true}, raw("ok", "fine"))
	res, err := Export(context.Background(), []Item{{root, ""}}, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Failures) != 1 || res.Failures[0].Path != "bad" {
		t.Errorf("failures = %v", res.Failures)
	}
	if got := testutil.ListFiles(t, dir); len(got) != 1 || got[0] != "ok" {
		t.Errorf("files = %v, want only ok", got)
	}
}

// slowRaw is a raw node whose reader cancels the export halfway through.
type slowRaw struct {
	*formats.Raw
	cancel context.CancelFunc
}

func (s slowRaw) Open() io.Reader { return &cancelReader{cancel: s.cancel} }

type cancelReader struct {
	cancel context.CancelFunc
	n      int
}

func (c *cancelReader) Read(p []byte) (int, error) {
	c.n++
	if c.n == 3 {
		c.cancel()
	}
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

func TestCancel(t *testing.T) {
	// One job at a time, so which files finish is known (the parallel
	// case is TestCancelParallel).
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	root := folder("r", raw("first", "1"), slowRaw{raw("endless", ""), cancel}, raw("never", "3"))
	res, err := Export(ctx, []Item{{root, ""}}, Options{Dir: dir})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if got := testutil.ListFiles(t, dir); len(got) != 1 || got[0] != "first" {
		t.Errorf("files after cancel = %v, want only the finished one (no partial or temporary file)", got)
	}
	if len(res.Written) != 1 {
		t.Errorf("Written = %v", res.Written)
	}
	// Cancelled before planning.
	if _, err := Export(ctx, []Item{{root, ""}}, Options{Dir: dir}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v", err)
	}
}

func TestSafeName(t *testing.T) {
	cases := map[string]string{
		"brick":       "brick",
		"a/b\\c:d":    "a_b_c_d",
		"what?*<>|\"": "what______",
		"tab\tname":   "tab_name",
		"dots...":     "dots",
		"   ":         "_",
		"":            "_",
		"..":          "_",
		"con":         "_con",
		"NUL.txt":     "_NUL.txt",
		"console":     "console",
		"Кирпич":      "Кирпич",
		"@4":          "@4",
		".bashrc":     "_.bashrc",
		"..@4":        "_..@4",
		".._..":       "_.._",
		". hidden":    "_. hidden",
	}
	for in, want := range cases {
		if got := SafeName(in); got != want {
			t.Errorf("SafeName(%q) = %q, want %q", in, got, want)
		}
	}
	if got := SafeName(strings.Repeat("я", 300)); len([]rune(got)) != maxNameRunes || !strings.HasPrefix(got, "яя") {
		t.Errorf("long name not cut on a rune boundary: %d runes", len([]rune(got)))
	}
}

func TestDefaultFormat(t *testing.T) {
	cases := map[formats.Kind]string{
		formats.KindTexture: PNG, formats.KindMesh: OBJ, formats.KindLevel: OBJ, formats.KindMaterial: JSON,
		formats.KindWear: JSON, formats.KindRaw: Raw, formats.KindArchive: Raw, formats.KindChunk: Raw, formats.KindTable: Raw,
	}
	for k, want := range cases {
		if got := DefaultFormat(k); got != want {
			t.Errorf("DefaultFormat(%s) = %s, want %s", k, got, want)
		}
	}
	if IsContainer(&mesh{name: "m"}) {
		t.Error("a mesh with stream children is walked instead of exported whole")
	}
	chunk := &formats.Folder{NodeName: "c", NodeKind: formats.KindChunk}
	if !IsContainer(folder("f", raw("a", "b"))) || !IsContainer(folder("f")) || IsContainer(chunk) {
		t.Error("IsContainer of folders is wrong")
	}
}

func FuzzSafeName(f *testing.F) {
	for _, s := range []string{"brick", "a/b", "..", "con.txt", "Кирпич", "\x00\xff", strings.Repeat("x", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := SafeName(s)
		if got == "" || got == "." || got == ".." || strings.ContainsAny(got, `/\:*?"<>|`+"\x00") {
			t.Fatalf("SafeName(%q) = %q is not a safe file name", s, got)
		}
		if strings.HasSuffix(got, ".") || strings.HasSuffix(got, " ") {
			t.Fatalf("SafeName(%q) = %q ends in a dot or space", s, got)
		}
		if strings.HasPrefix(got, ".") {
			t.Fatalf("SafeName(%q) = %q is a hidden file", s, got)
		}
	})
}

func TestExportedFileMode(t *testing.T) {
	dir := t.TempDir()
	if _, err := Export(context.Background(), []Item{{raw("a.bin", "x"), "a.bin"}}, Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(dir, "a.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm()&0o044 == 0 {
		t.Errorf("exported file mode %v is private", st.Mode())
	}
}

// panicDir is a container whose format code panics.
type panicDir struct{}

func (panicDir) Name() string                      { return "boom" }
func (panicDir) Kind() formats.Kind                { return formats.KindArchive }
func (panicDir) Children() ([]formats.Node, error) { panic("decoder bug") }

func TestPanickingNodeIsAFailure(t *testing.T) {
	dir := t.TempDir()
	root := folder("r", panicDir{}, raw("ok", "fine"))
	res, err := Export(context.Background(), []Item{{root, ""}}, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Failures) != 1 || !strings.Contains(res.Failures[0].Error(), "decoder bug") {
		t.Errorf("failures = %v", res.Failures)
	}
	if got := testutil.ListFiles(t, dir); len(got) != 1 || got[0] != "ok" {
		t.Errorf("files = %v", got)
	}
}
