package cli

import (
	"encoding/json"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/export"
	"rummage/formats"
	"rummage/formats/nres"
)

// nresFixture writes an NRes archive built with the project's writer:
// duplicate names in two spellings, an empty name, a nested archive.
func nresFixture(t testing.TB) (string, []byte) {
	t.Helper()
	inner, err := nres.Build([]nres.Entry{
		{TypeID: 1, Attr1: 2, Attr3: 4, Name: "stream", Data: []byte{1, 0, 0, 0, 2, 0, 0, 0}},
		{TypeID: 2, Attr1: 1, Attr3: 8, Name: "stream", Data: []byte("8 bytes!")},
	})
	if err != nil {
		t.Fatal(err)
	}
	data, err := nres.Build([]nres.Entry{
		{TypeID: nres.TypeID("TEXT"), Attr1: 5, Attr2: 6, Attr3: 1, Name: "Readme.txt", Data: []byte("read me\r\n")},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "notes.txt", Data: []byte("lower")},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "NOTES.TXT", Data: []byte("UPPER!")},
		{TypeID: nres.TypeID("LIB"), Attr3: 1, Name: "Inner.lib", Data: inner},
		{TypeID: nres.TypeID("NULL"), Attr3: 1, Name: "", Data: []byte("x")},
	})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "fixture.lib")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, data
}

func TestNResLs(t *testing.T) {
	file, data := nresFixture(t)
	code, out, errs := run(t, "ls", "--json", "-r", file)
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	var recs []map[string]any
	if err := json.Unmarshal([]byte(out), &recs); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, r := range recs {
		paths = append(paths, r["path"].(string))
		for _, k := range []string{"size", "offset", "children", "attr1", "attr2", "attr3", "sortIndex"} {
			if _, ok := r[k].(float64); !ok {
				t.Errorf("%s: %q = %v (%T), want a number", r["path"], k, r[k], r[k])
			}
		}
		off, size := int64(r["offset"].(float64)), int64(r["size"].(float64))
		if off < 0 || off+size > int64(len(data)) {
			t.Errorf("%s: bytes %d+%d outside the file", r["path"], off, size)
		}
	}
	want := "Readme.txt notes.txt@1 NOTES.TXT@2 Inner.lib Inner.lib/stream@0 Inner.lib/stream@1 @4"
	if strings.Join(paths, " ") != want {
		t.Errorf("paths %q, want %q", strings.Join(paths, " "), want)
	}
	r := recs[0]
	if r["type"] != "TEXT" || r["attr1"] != float64(5) || r["attr2"] != float64(6) || r["attr3"] != float64(1) {
		t.Errorf("Readme record %v", r)
	}
	if off := int64(r["offset"].(float64)); string(data[off:off+9]) != "read me\r\n" {
		t.Errorf("Readme offset %d does not hold its bytes", off)
	}
	if recs[3]["kind"] != "archive" || recs[3]["children"] != float64(2) {
		t.Errorf("nested archive record %v", recs[3])
	}

	golden := filepath.Join("testdata", "ls_nres.json")
	if *update {
		os.WriteFile(golden, []byte(out), 0o644)
	}
	if g, err := os.ReadFile(golden); err != nil || string(g) != out {
		t.Errorf("ls --json -r differs from %s (%v):\n%s", golden, err, out)
	}
}

func TestNResLookup(t *testing.T) {
	file, data := nresFixture(t)
	for node, want := range map[string]string{
		"readme.TXT": "read me\r\n", "notes.txt@1": "lower", "NOTES.TXT@2": "UPPER!", "notes.txt@2": "UPPER!",
		"INNER.LIB/STREAM@1": "8 bytes!", "@4": "x",
	} {
		obj, ok := infoJSON(t, file, node)
		if !ok {
			continue
		}
		off, _ := obj["offset"].(float64)
		size, _ := obj["size"].(float64)
		if got := string(data[int(off) : int(off)+int(size)]); got != want {
			t.Errorf("info %s: bytes %q, want %q", node, got, want)
		}
	}
	code, out, _ := run(t, "info", "--json", file)
	var root map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &root) != nil {
		t.Fatalf("root info: %d %s", code, out)
	}
	if root["kind"] != "archive" || root["format"] != "nres" || root["entries"] != float64(5) || root["fileSize"] != float64(len(data)) {
		t.Errorf("root info %v", root)
	}
	if _, ok := root["version"].(float64); !ok {
		t.Errorf("root version %v", root["version"])
	}
	code, _, errs := run(t, "info", file, "notes.txt")
	if code != 1 || !strings.Contains(errs, "notes.txt@1 or NOTES.TXT@2") {
		t.Errorf("ambiguous name: %d %q", code, errs)
	}
}

func TestNResBadFiles(t *testing.T) {
	_, data := nresFixture(t)
	dir := t.TempDir()
	cases := map[string][]byte{
		"header.lib":    data[:4],
		"truncated.lib": data[:len(data)-10],
		"garbage.lib":   append(append([]byte{}, data[:16]...), make([]byte, 300)...),
	}
	for name, b := range cases {
		p := filepath.Join(dir, name)
		os.WriteFile(p, b, 0o644)
		for _, cmd := range [][]string{{"ls", p}, {"ls", "--json", "-r", p}, {"info", "--json", p}, {"export", "--out", filepath.Join(dir, "out"), p}} {
			code, out, errs := run(t, cmd...)
			if code == 0 {
				continue // a damaged directory may still open; then entries are marked
			}
			if code != 1 || out != "" || !errLineRE.MatchString(errs) || !strings.Contains(errs, name) ||
				!strings.Contains(errs, "offset 0x") {
				t.Errorf("%v: status %d stdout %q stderr %q; want one line naming the file and an offset", cmd, code, out, errs)
			}
		}
	}
	// A header-only file cannot open.
	if code, _, _ := run(t, "ls", filepath.Join(dir, "header.lib")); code != 1 {
		t.Errorf("4-byte file: status %d, want 1", code)
	}
}

func TestNResExport(t *testing.T) {
	file, _ := nresFixture(t)
	out := t.TempDir()
	code, stdout, errs := run(t, "export", file, "--out", out)
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	want := map[string]string{"Readme.txt": "read me\r\n", "notes.txt@1": "lower", "NOTES.TXT@2": "UPPER!",
		"Inner.lib/stream@0": "\x01\x00\x00\x00\x02\x00\x00\x00", "Inner.lib/stream@1": "8 bytes!", "@4": "x"}
	for f, content := range want {
		b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(f)))
		if err != nil || string(b) != content {
			t.Errorf("%s = %q (%v), want %q", f, b, err, content)
		}
	}
	if n := strings.Count(stdout, "\n"); n != len(want) {
		t.Errorf("stdout lists %d files, want %d", n, len(want))
	}
	// Exporting the nested archive by name makes its folder.
	out2 := t.TempDir()
	if code, _, errs := run(t, "export", "--out", out2, file, "inner.lib"); code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	for _, f := range []string{"Inner.lib/stream@0", "Inner.lib/stream@1"} {
		if _, err := os.Stat(filepath.Join(out2, filepath.FromSlash(f))); err != nil {
			t.Errorf("missing %s", f)
		}
	}
	// --as json of a raw entry writes its description.
	out3 := t.TempDir()
	if code, _, errs := run(t, "export", "--as", "json", "--out", out3, file, "readme.txt"); code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	b, err := os.ReadFile(filepath.Join(out3, "Readme.txt.json"))
	var v map[string]any
	if err != nil || json.Unmarshal(b, &v) != nil || v["size"] != float64(9) {
		t.Errorf("Readme.txt.json = %s (%v)", b, err)
	}
}

// TestSampleSet runs every command over the built-in samples (whatever
// formats they hold): everything listed resolves, describes and exports.
func TestSampleSet(t *testing.T) {
	dir := t.TempDir()
	if code, _, errs := run(t, "samples", dir); code != 0 {
		t.Skipf("no samples: %s", errs)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		code, out, errs := run(t, "ls", "--json", "-r", p)
		if code != 0 {
			t.Errorf("ls %s: %d %s", e.Name(), code, errs)
			continue
		}
		var recs []struct {
			Path string `json:"path"`
			Kind string `json:"kind"`
		}
		json.Unmarshal([]byte(out), &recs)
		for _, r := range recs {
			code, _, errs := run(t, "info", "--json", p, r.Path)
			if code == 2 || (code == 1 && !errLineRE.MatchString(errs)) {
				t.Errorf("info %s %s: status %d %q", e.Name(), r.Path, code, errs)
			}
		}
		outDir := filepath.Join(dir, "out", e.Name())
		code, _, errs = run(t, "export", "--out", outDir, p)
		if code == 2 || (code == 1 && !strings.Contains(errs, "rummage: ")) {
			t.Errorf("export %s: status %d %q", e.Name(), code, errs)
		}
		// Exported textures hold exactly the decoded straight-alpha pixels.
		f, err := formats.Open(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if r.Kind != "texture" {
				continue
			}
			var segs []string
			for _, s := range strings.Split(r.Path, "/") {
				segs = append(segs, export.SafeName(s))
			}
			pngPath := filepath.Join(outDir, filepath.Join(segs...)+".png")
			n, err := formats.Resolve(f.Root, r.Path)
			im, ok := n.(formats.Imager)
			if err != nil || !ok {
				continue
			}
			want, err := im.Image(0)
			if err != nil {
				continue
			}
			fh, err := os.Open(pngPath)
			if err != nil {
				t.Errorf("%s %s: %v", e.Name(), r.Path, err)
				continue
			}
			got, err := png.Decode(fh)
			fh.Close()
			if err != nil {
				t.Errorf("%s: %v", pngPath, err)
				continue
			}
			if got.Bounds() != want.Bounds() {
				t.Errorf("%s: bounds %v, want %v", pngPath, got.Bounds(), want.Bounds())
				continue
			}
			b := want.Bounds()
		pixels:
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					g := color.NRGBAModel.Convert(got.At(x, y))
					w := color.NRGBAModel.Convert(want.At(x, y))
					if g != w {
						t.Errorf("%s (%d,%d) = %v, want %v", pngPath, x, y, g, w)
						break pixels
					}
				}
			}
		}
		f.Close()
		t.Logf("sample %s: %d nodes", e.Name(), len(recs))
	}
}
