package cli

import (
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/nres"
	"rummage/formats/txd"
)

// TestNonUTF8NamesResolve: a TXD texture whose name is not UTF-8 prints
// with %XX escapes, and the printed path works with info and export.
func TestNonUTF8NamesResolve(t *testing.T) {
	tex, err := txd.NewD3D(txd.PlatformD3D9, image.NewNRGBA(image.Rect(0, 0, 4, 4)), txd.Options{Name: "caf\xe9", Format: txd.Fmt8888})
	if err != nil {
		t.Fatal(err)
	}
	d := txd.NewDictionary(txd.StampSA, 2)
	d.Add(tex)
	data, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "names.txd")
	os.WriteFile(file, data, 0o644)
	code, out, errs := run(t, "ls", "--json", file)
	var rows []lsRecord
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 1 {
		t.Fatalf("ls: %d %s %s", code, out, errs)
	}
	if rows[0].Path != "caf%E9" {
		t.Fatalf("path %q, want caf%%E9", rows[0].Path)
	}
	if code, _, errs := run(t, "info", "--json", file, rows[0].Path); code != 0 {
		t.Errorf("info on the printed path: %d %s", code, errs)
	}
	out2 := filepath.Join(dir, "out")
	if code, _, errs := run(t, "export", "--out", out2, file, rows[0].Path); code != 0 {
		t.Errorf("export on the printed path: %d %s", code, errs)
	}
}

// TestTerminalSafeText: entry names with escape sequences and CR reach no
// text output or error line raw.
func TestTerminalSafeText(t *testing.T) {
	data, err := nres.Build([]nres.Entry{
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "a\x1b]0;pwned\x07b", Data: []byte("x")},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "c\rd", Data: []byte("y")},
	})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "evil.lib")
	os.WriteFile(file, data, 0o644)
	for _, args := range [][]string{
		{"ls", file}, {"ls", "-r", file}, {"info", file, "a%1B]0;pwned%07b"}, {"info", file, "c%0Dd"},
		{"info", file, "no\x1b[2Jnode"}, {"info", file + "\x1b[2J"},
	} {
		_, out, errs := run(t, args...)
		if strings.ContainsAny(out+errs, "\x1b\x07\r") {
			t.Errorf("%q printed a raw control character: %q %q", args, out, errs)
		}
	}
}

// TestNonUTF8NamesInJSON: RenderWare names that are not UTF-8 keep their
// bytes in info --json and ls --json as the %XX escape the paths use, so a
// script can match a model's material texture to its TXD entry.
func TestNonUTF8NamesInJSON(t *testing.T) {
	dir := t.TempDir()
	p, tris := unitBox()
	writeClump(t, filepath.Join(dir, "car.dff"), clumpFile(t, clumpSpec{positions: p, tris: tris, textures: []string{"caf\xe9"}}))
	writeDict(t, dir, "car.txd", "caf\xe9", "100%41")
	code, out, errs := run(t, "info", "--json", filepath.Join(dir, "car.dff"))
	var facts struct {
		Materials []struct{ Texture, Found string }
	}
	if code != 0 || json.Unmarshal([]byte(out), &facts) != nil || len(facts.Materials) != 1 {
		t.Fatalf("info: %d %s %s", code, out, errs)
	}
	if m := facts.Materials[0]; m.Texture != "caf%E9" || m.Found != "car.txd/caf%E9" {
		t.Errorf("material texture %q found %q, want caf%%E9 in car.txd/caf%%E9", m.Texture, m.Found)
	}
	rows := lsJSON(t, "ls", "--json", filepath.Join(dir, "car.txd"))
	if len(rows) != 2 || rows[0].Path != facts.Materials[0].Texture || rows[0].Name != "caf%E9" || rows[1].Path != "100%2541" {
		t.Errorf("ls rows %+v", rows)
	}
	for _, r := range rows {
		obj, ok := infoJSON(t, filepath.Join(dir, "car.txd"), r.Path)
		if !ok || obj["name"] != r.Path {
			t.Errorf("info of %s: name %q, want the path segment", r.Path, obj["name"])
		}
	}
}

// TestKeepBytes: the JSON safety net escapes strings that are not UTF-8
// wherever Describe puts them, and leaves the rest alone.
func TestKeepBytes(t *testing.T) {
	v := keepBytes(map[string]any{"a": "caf\xe9", "b": []map[string]any{{"n": "\xff%41"}}, "c": []string{"ok", "\x80"}, "d": 7, "e": "50%41 fine"})
	b, err := marshal(v)
	if want := `{"a":"caf%E9","b":[{"n":"%FF%2541"}],"c":["ok","%80"],"d":7,"e":"50%41 fine"}`; err != nil || string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
}
