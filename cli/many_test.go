package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"rummage/internal/testutil"
)

// corpus writes a folder tree of fixture files: two texture containers
// (one nested a level down, with a same-named twin), a file no format
// recognises, an empty file and a corrupt container.
func corpus(t *testing.T) (dir string, good []string) {
	t.Helper()
	dir = t.TempDir()
	pack := func(names ...string) []byte {
		var es []fakeEntry
		for _, n := range names {
			es = append(es, fakeEntry{name: n, tag: "TEXR", data: fakeTexture(2, 2, 1, brickPix)})
		}
		es = append(es, fakeEntry{name: "notes", tag: "TXT", data: []byte("hi")})
		return buildFake(es)
	}
	write := func(rel string, data []byte) string {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good = []string{
		write("a.test", pack("Brick", "tree")),
		write("deep/er/b.test", pack("grass")),
		write("twin/a.test", pack("Stone")),
	}
	write("readme.txt", []byte("not a game file"))
	write("empty.bin", nil)
	return dir, good
}

// jsonLines decodes one JSON object per line.
func jsonLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var recs []map[string]any
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not a JSON line: %q: %v", l, err)
		}
		recs = append(recs, m)
	}
	return recs
}

func TestLsManyFilesJSONLines(t *testing.T) {
	dir, good := corpus(t)
	code, out, errs := run(t, "ls", "--json", dir)
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	if errs != "rummage ls: skipped 2 files that no format recognises\n" {
		t.Errorf("stderr %q: want the note about the 2 skipped files", errs)
	}
	recs := jsonLines(t, out)
	if len(recs) != 3 {
		t.Fatalf("%d records, want 3:\n%s", len(recs), out)
	}
	for i, r := range recs {
		entries, _ := r["entries"].([]any)
		if r["file"] != good[i] || len(entries) == 0 {
			t.Errorf("record %d: file %v, %d entries; want %s", i, r["file"], len(entries), good[i])
		}
		first, _ := entries[0].(map[string]any)
		if first["kind"] != "texture" || first["path"] == nil {
			t.Errorf("record %d: first entry %v", i, first)
		}
	}
	// -q keeps the note off; the same records.
	if code, out2, errs := run(t, "ls", "--json", "-q", dir); code != 0 || errs != "" || out2 != out {
		t.Errorf("-q: status %d, stderr %q", code, errs)
	}
	// One FILE is the single-file form: an indented array, as before.
	code, out, _ = run(t, "ls", "--json", good[0])
	var rows []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 3 {
		t.Errorf("single file: status %d, %q", code, out)
	}
	// Two files given by name: JSON lines in the order given.
	_, out, _ = run(t, "ls", "--json", good[2], good[0])
	if recs := jsonLines(t, out); len(recs) != 2 || recs[0]["file"] != good[2] || recs[1]["file"] != good[0] {
		t.Errorf("two files: %s", out)
	}
}

func TestManyFilesErrorsGoOn(t *testing.T) {
	dir, good := corpus(t)
	bad := filepath.Join(dir, "bad.test")
	os.WriteFile(bad, []byte("TEST\xff\xff\x00\x00junk"), 0o644)
	missing := filepath.Join(dir, "missing.test")
	for _, cmd := range []string{"ls", "info"} {
		code, out, errs := run(t, cmd, "--json", good[0], bad, missing, good[1])
		if code != 1 {
			t.Errorf("%s: status %d, want 1", cmd, code)
		}
		lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
		if len(lines) != 2 || !strings.Contains(lines[0], "bad.test: offset 0x4") || !strings.Contains(lines[1], "missing.test") {
			t.Errorf("%s: stderr %q: want one line per bad file, with the offset", cmd, errs)
		}
		recs := jsonLines(t, out)
		if len(recs) != 2 || recs[0]["file"] != good[0] || recs[1]["file"] != good[1] {
			t.Errorf("%s: the good files are not all there: %s", cmd, out)
		}
	}
	// A file given by name that no format recognises is an error, not skipped.
	if code, _, errs := run(t, "ls", good[0], filepath.Join(dir, "readme.txt")); code != 1 || !strings.Contains(errs, "not a recognised format") {
		t.Errorf("unrecognised file by name: status %d, %q", code, errs)
	}
}

func TestInfoManyFiles(t *testing.T) {
	dir, good := corpus(t)
	code, out, _ := run(t, "info", "--json", "-q", dir)
	recs := jsonLines(t, out)
	if code != 0 || len(recs) != 3 {
		t.Fatalf("status %d, %d records", code, len(recs))
	}
	for i, r := range recs {
		if r["file"] != good[i] || r["kind"] == nil {
			t.Errorf("record %d: %v", i, r)
		}
	}
	// Text: a "file:" line starts each file's facts.
	_, out, _ = run(t, "info", "-q", good[0], good[1])
	if strings.Count(out, "file: ") != 2 || !strings.HasPrefix(out, "file: "+good[0]+"\n") {
		t.Errorf("text: %q", out)
	}
	if code, _, errs := run(t, "info", "--json", "--at", "5", good[0], good[1]); code != 2 || !strings.Contains(errs, "--at") {
		t.Errorf("--at with two files: status %d, %q", code, errs)
	}
}

// NODE words only follow one FILE, and only when the first is not on disk.
func TestNodeOrFile(t *testing.T) {
	_, good := corpus(t)
	code, out, _ := run(t, "ls", "--json", good[0], "Brick")
	if code != 0 || !strings.HasPrefix(out, "[") {
		t.Errorf("FILE NODE: status %d, %q", code, out)
	}
	code, out, _ = run(t, "ls", "--json", good[0], good[1])
	if code != 0 || len(jsonLines(t, out)) != 2 {
		t.Errorf("FILE FILE: status %d, %q", code, out)
	}
	if code, _, errs := run(t, "ls", good[0], "Brick", "tree"); code != 2 || !strings.Contains(errs, "too many arguments") {
		t.Errorf("ls FILE NODE NODE: status %d, %q", code, errs)
	}
}

func TestExportManyFilesLayoutAndFilters(t *testing.T) {
	dir, _ := corpus(t)
	out := t.TempDir()
	code, stdout, errs := run(t, "export", "--json", "--out", out, dir)
	if code != 0 || errs != "rummage export: skipped 2 files that no format recognises\n" {
		t.Fatalf("status %d, stderr %q", code, errs)
	}
	var written []string
	if err := json.Unmarshal([]byte(stdout), &written); err != nil {
		t.Fatalf("--json: %v: %q", err, stdout)
	}
	want := []string{"a.test/Brick.png", "a.test/notes", "a.test/tree.png", "a.test_2/Stone.png", "a.test_2/notes",
		"b.test/grass.png", "b.test/notes"}
	if got := testutil.ListFiles(t, out); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("files\n got %q\nwant %q", got, want)
	}
	if len(written) != len(want) {
		t.Errorf("--json listed %d files, want %d", len(written), len(want))
	}
	checkExported(t, out, written)

	// Filters: each kind of filter must match, any value of one kind.
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--kind", "texture"}, []string{"a.test/Brick.png", "a.test/tree.png", "a.test_2/Stone.png", "b.test/grass.png"}},
		{[]string{"--kind", "texture", "--name", "^[bB]", "--name", "tree"}, []string{"a.test/Brick.png", "a.test/tree.png"}},
		{[]string{"--type", "txt"}, []string{"a.test/notes", "a.test_2/notes", "b.test/notes"}},
		{[]string{"--kind", "raw", "--name", "Brick"}, nil},
	} {
		o := t.TempDir()
		code, stdout, errs := run(t, append(append([]string{"export", "-q", "--out", o}, c.args...), dir)...)
		got := testutil.ListFiles(t, o)
		if code != 0 || errs != "" || strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%q: status %d, stderr %q, files %q, want %q", c.args, code, errs, got, c.want)
		}
		if lines := strings.Fields(stdout); len(lines) != len(c.want) {
			t.Errorf("%q: printed %q", c.args, stdout)
		}
	}
	for _, bad := range [][]string{{"--kind", "picture"}, {"--name", "("}, {"--png-level", "9"}} {
		if code, _, errs := run(t, append(append([]string{"export", "--out", out}, bad...), dir)...); code != 2 || !strings.Contains(errs, bad[0]) {
			t.Errorf("%q: status %d, %q; want a usage error", bad, code, errs)
		}
	}
}

// A second export never replaces a file: it writes NAME_2; --overwrite replaces.
func TestExportManyNoOverwrite(t *testing.T) {
	_, good := corpus(t)
	out := t.TempDir()
	for i := 0; i < 2; i++ {
		if code, _, errs := run(t, "export", "--out", out, "--kind", "texture", good[0], good[1]); code != 0 {
			t.Fatalf("run %d: status %d: %s", i, code, errs)
		}
	}
	want := []string{"a.test/Brick.png", "a.test/Brick_2.png", "a.test/tree.png", "a.test/tree_2.png", "b.test/grass.png", "b.test/grass_2.png"}
	if got := testutil.ListFiles(t, out); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("after two exports\n got %q\nwant %q", got, want)
	}
	code, stdout, _ := run(t, "export", "--overwrite", "--out", out, "--kind", "texture", good[0], good[1])
	if got := testutil.ListFiles(t, out); code != 0 || len(got) != len(want) || strings.Count(stdout, "\n") != 3 {
		t.Errorf("--overwrite: status %d, files %q, printed %q", code, got, stdout)
	}
	// A file in the way of a file's folder: the folder goes beside it.
	out2 := t.TempDir()
	os.WriteFile(filepath.Join(out2, "a.test"), []byte("mine"), 0o644)
	run(t, "export", "--out", out2, "--kind", "texture", good[0], good[1])
	if b, _ := os.ReadFile(filepath.Join(out2, "a.test")); string(b) != "mine" {
		t.Error("the file in the way was replaced")
	}
	if _, err := os.Stat(filepath.Join(out2, "a.test_2", "Brick.png")); err != nil {
		t.Errorf("folder beside the file: %v", err)
	}
}

// A bad file in a many-file export is its one line; the rest is written
// and the status is 1.
func TestExportManyFailures(t *testing.T) {
	dir, good := corpus(t)
	fix, _ := fixture(t)
	bad := filepath.Join(dir, "bad.test")
	os.WriteFile(bad, []byte("TEST\xff\xff\x00\x00junk"), 0o644)
	out := t.TempDir()
	// The fixture's "bad" texture passes the filter and fails; "boom"
	// (which panics) does not pass it, so it is not tried.
	code, stdout, errs := run(t, "export", "--name", "^(Brick|bad)$", "--out", out, good[0], bad, fix)
	if code != 1 {
		t.Errorf("status %d, want 1", code)
	}
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	sort.Strings(lines)
	if len(lines) != 2 || !strings.Contains(lines[0], "bad.test: offset 0x4") || !strings.Contains(lines[1], "fixture.test: bad: offset 0x") {
		t.Errorf("stderr %q: want the bad file and the fixture's broken texture, one line each", errs)
	}
	if !strings.Contains(stdout, filepath.Join(out, "a.test", "Brick.png")) || !strings.Contains(stdout, filepath.Join(out, "fixture.test", "Sub", "Brick.png")) {
		t.Errorf("stdout %q", stdout)
	}
}

// On a terminal a many-file export shows files, nodes, bytes, rate and
// ETA on one line, erased at the end; -q or no terminal shows nothing.
func TestManyProgressLine(t *testing.T) {
	dir, _ := corpus(t)
	var o, e bytes.Buffer
	if code := runWith([]string{"export", "--out", t.TempDir(), dir}, &o, &e, asTerminal(&e, 100)); code != 0 {
		t.Fatalf("status %d: %s", code, e.String())
	}
	s := e.String()
	if !strings.Contains(s, "\rexporting 3/3 files, 7 nodes, ") || !strings.Contains(s, "\r\x1b[K") {
		t.Errorf("progress %q", s)
	}
	e.Reset()
	runWith([]string{"export", "-q", "--out", t.TempDir(), dir}, &o, &e, asTerminal(&e, 100))
	if e.Len() != 0 {
		t.Errorf("-q: %q", e.String())
	}
	m := manyProgress{files: 1, totalFiles: 4, nodes: 9, bytes: 2_000_000, totalBytes: 8_000_000, elapsed: 2 * time.Second}
	if got := m.text(); got != "exporting 1/4 files, 9 nodes, 2.0/8.0 MB, 1.0 MB/s, ETA 0:06" {
		t.Errorf("text %q", got)
	}
	m.elapsed = 0
	if got := m.text(); strings.Contains(got, "ETA") {
		t.Errorf("no rate yet: %q", got)
	}
}
