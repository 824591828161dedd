package cli

import (
	"encoding/binary"
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/img"
	"rummage/formats/nres"
	"rummage/formats/texm"
)

// TestBrokenTexmKeepsItsKind: a Texm whose header is valid but whose
// pixels are cut short lists as a texture with its error, and info and
// export exit 1 naming the offset instead of treating it as raw bytes.
func TestBrokenTexmKeepsItsKind(t *testing.T) {
	tex, err := texm.Build(image.NewNRGBA(image.Rect(0, 0, 16, 16)), 565, 1, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := nres.Build([]nres.Entry{
		{TypeID: nres.TypeTexm, Attr3: 1, Name: "good", Data: tex},
		{TypeID: nres.TypeTexm, Attr3: 1, Name: "cut", Data: tex[:len(tex)-100]},
	})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "Textures.lib")
	os.WriteFile(file, data, 0o644)
	_, out, _ := run(t, "ls", "--json", file)
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 2 {
		t.Fatalf("ls --json: %v %s", err, out)
	}
	if rows[1]["kind"] != "texture" || rows[0]["kind"] != "texture" {
		t.Errorf("kinds %v %v, want texture for both", rows[0]["kind"], rows[1]["kind"])
	}
	for _, args := range [][]string{
		{"info", file, "cut"},
		{"info", "--json", file, "cut"},
		{"export", "--as", "png", "--out", filepath.Join(dir, "out"), file, "cut"},
		{"export", "--out", filepath.Join(dir, "out2"), file},
	} {
		code, _, errs := run(t, args...)
		if code != 1 || !strings.Contains(errs, "cut: offset 0x") {
			t.Errorf("%v: status %d, %q; want 1 naming cut and an offset", args, code, errs)
		}
	}
	if code, _, errs := run(t, "export", "--out", filepath.Join(dir, "out3"), file, "good"); code != 0 {
		t.Errorf("the intact sibling: %d %s", code, errs)
	}
}

// TestInfoWarnings: what was read with a finding lists it in "warnings".
func TestInfoWarnings(t *testing.T) {
	tex, err := texm.Build(image.NewNRGBA(image.Rect(0, 0, 8, 8)), texm.FormatIndex8S, 1, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := nres.Build([]nres.Entry{{TypeID: nres.TypeTexm, Attr3: 1, Name: "ship", Data: tex}})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "t.lib")
	os.WriteFile(file, data, 0o644)
	code, out, errs := run(t, "info", "--json", file, "ship")
	var v struct{ Warnings []string }
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || len(v.Warnings) != 1 || !strings.Contains(v.Warnings[0], "external palette") {
		t.Errorf("status %d, warnings %q (%s)", code, v.Warnings, errs)
	}
}

// TestLsKeepsBrokenRows: a dictionary cut inside its second texture opens:
// ls lists both rows and exits 0, the broken one with its "error" and its
// real name (its name bytes are whole); info and export of it exit 1
// naming the offset, and export of the file still writes the intact one.
func TestLsKeepsBrokenRows(t *testing.T) {
	whole := dictOf(t, "wall", "roof")
	dir := t.TempDir()
	file := filepath.Join(dir, "cut.txd")
	os.WriteFile(file, whole[:len(whole)-100], 0o644)
	for _, args := range [][]string{{"ls", "--json", file}, {"ls", "-r", "--json", file}} {
		code, out, errs := run(t, args...)
		var rows []map[string]any
		if code != 0 || errs != "" || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 2 {
			t.Fatalf("%q: status %d, %s %s", args, code, out, errs)
		}
		if rows[0]["path"] != "wall" || rows[0]["error"] != nil {
			t.Errorf("%q: intact row %v", args, rows[0])
		}
		if msg, _ := rows[1]["error"].(string); rows[1]["path"] != "roof" || rows[1]["kind"] != "texture" || !strings.Contains(msg, "offset 0x") {
			t.Errorf("%q: broken row %v, want roof, a texture, with its error and offset", args, rows[1])
		}
	}
	if code, out, _ := run(t, "ls", file); code != 0 || !strings.Contains(out, "roof") || !strings.Contains(out, "broken: offset 0x") {
		t.Errorf("ls: status %d, %q", code, out)
	}
	for _, args := range [][]string{
		{"info", file, "roof"},
		{"info", "--json", file, "roof"},
		{"export", "--out", filepath.Join(dir, "o1"), file, "roof"},
	} {
		if code, _, errs := run(t, args...); code != 1 || !strings.Contains(errs, "roof: offset 0x") {
			t.Errorf("%q: status %d, %q; want 1 naming roof and its offset", args, code, errs)
		}
	}
	code, out, errs := run(t, "export", "--out", filepath.Join(dir, "o2"), file)
	if code != 1 || !strings.Contains(out, "wall.png") || strings.Contains(out, "roof") || !strings.Contains(errs, "roof: offset 0x") {
		t.Errorf("export of the file: status %d, wrote %q, %q", code, out, errs)
	}
}

// TestLsKeepsBrokenContainerRows: an IMG holding a dictionary whose count
// struct is broken lists it (and, with -r, its intact sibling's
// textures) with exit 0, the broken row carrying its error.
func TestLsKeepsBrokenContainerRows(t *testing.T) {
	bad := dictOf(t, "wall")
	binary.LittleEndian.PutUint32(bad[4:], 16) // the dictionary holds 16 bytes,
	binary.LittleEndian.PutUint32(bad[16:], 8) // but its count struct claims 8 + 12
	data, err := img.BuildVER2([]img.File{{Name: "bad.txd", Data: bad}, {Name: "good.txd", Data: dictOf(t, "roof")}})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "gta3.img")
	os.WriteFile(file, data, 0o644)
	code, out, errs := run(t, "ls", "-r", "--json", file)
	var rows []map[string]any
	if code != 0 || errs != "" || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 3 {
		t.Fatalf("ls -r: status %d, %s %s", code, out, errs)
	}
	if msg, _ := rows[0]["error"].(string); rows[0]["path"] != "bad.txd" || !strings.Contains(msg, "offset 0x") {
		t.Errorf("broken row %v", rows[0])
	}
	if rows[2]["path"] != "good.txd/roof" || rows[2]["error"] != nil {
		t.Errorf("sibling's texture %v", rows[2])
	}
	if code, _, errs := run(t, "info", file, "bad.txd"); code != 1 || !strings.Contains(errs, "bad.txd: offset 0x") {
		t.Errorf("info of the broken dictionary: status %d, %q", code, errs)
	}
}
