package cli

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"rummage/formats/nres"
)

// TestExportKeepsExistingFiles: a second export into the same folder adds
// _2 names, --overwrite replaces, and an entry named ".bashrc" lands as a
// visible "_.bashrc" whatever the flags (`export --overwrite --out ~` must
// not replace ~/.bashrc).
func TestExportKeepsExistingFiles(t *testing.T) {
	data, err := nres.Build([]nres.Entry{
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: ".bashrc", Data: []byte("echo planted")},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "notes.txt", Data: []byte("v1")},
	})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "evil.lib")
	os.WriteFile(file, data, 0o644)
	out := filepath.Join(dir, "out")
	names := func() string {
		ents, _ := os.ReadDir(out)
		var n []string
		for _, e := range ents {
			n = append(n, e.Name())
		}
		sort.Strings(n)
		return strings.Join(n, " ")
	}
	for i, c := range []struct {
		args []string
		want string
	}{
		{nil, "_.bashrc notes.txt"},
		{nil, "_.bashrc _.bashrc_2 notes.txt notes_2.txt"},
		{[]string{"--overwrite"}, "_.bashrc _.bashrc_2 notes.txt notes_2.txt"},
	} {
		os.WriteFile(filepath.Join(out, "notes.txt"), []byte("mine"), 0o644)
		args := append([]string{"export", "--out", out, file}, c.args...)
		if code, _, errs := run(t, args...); code != 0 {
			t.Fatalf("run %d: status %d: %s", i, code, errs)
		}
		if got := names(); got != c.want {
			t.Errorf("run %d: folder %s, want %s", i, got, c.want)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(out, "notes.txt")); string(b) != "v1" {
		t.Errorf("--overwrite left notes.txt = %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "_.bashrc")); string(b) != "echo planted" {
		t.Errorf("--overwrite left _.bashrc = %q", b)
	}
}
