package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/internal/testutil"
	"rummage/samples"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// brickPix is the fixture texture: colour kept under zero and partial alpha.
func brickPix(x, y, l int) color.NRGBA {
	return color.NRGBA{R: uint8(200 - 10*x - 50*l), G: uint8(100 + 20*y), B: 50, A: uint8(x * 85 * (1 - l))}
}

// fixture returns the test container used by most tests and writes it to
// a temporary folder.
func fixture(t testing.TB) (path string, data []byte) {
	t.Helper()
	sub := buildFake([]fakeEntry{
		{name: "water", tag: "MATL", data: []byte("m0")},
		{name: "cube", tag: "MESH", data: []byte("mesh")},
		{name: "Brick", tag: "TEXR", data: fakeTexture(2, 2, 2, brickPix)},
	})
	data = buildFake([]fakeEntry{
		{name: "readme.txt", tag: "TXT", data: []byte("hello"), attr: 7},
		{name: "Brick", tag: "TEXR", data: fakeTexture(2, 2, 2, brickPix), attr: 1},
		{name: "dup", data: []byte("one")},
		{name: "DUP", data: []byte("two")},
		{name: "", data: []byte("empty")},
		{name: "Sub", tag: "TEST", data: sub},
		{name: "bad", tag: "TEXR", data: []byte{4, 0, 4, 0, 1, 9, 9}},
		{name: "boom", tag: "PANC", data: []byte("!")},
	})
	path = filepath.Join(t.TempDir(), "fixture.test")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, data
}

// run calls Run in-process and returns the status and both outputs.
func run(t testing.TB, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// lsRecord is the `ls --json` record with every field typed as the contract says.
type lsRecord struct {
	Path     string `json:"path"`
	Name     string `json:"name"`
	Kind     string `json:"kind"`
	Type     string `json:"type"`
	Size     int64  `json:"size"`
	Offset   int64  `json:"offset"`
	Children int    `json:"children"`
}

func lsJSON(t *testing.T, args ...string) []lsRecord {
	t.Helper()
	code, out, errs := run(t, args...)
	if code != 0 {
		t.Fatalf("%v: status %d, stderr %q", args, code, errs)
	}
	var recs []lsRecord
	if err := json.Unmarshal([]byte(out), &recs); err != nil {
		t.Fatalf("%v: output is not an array of records: %v\n%s", args, err, out)
	}
	return recs
}

// infoJSON runs "info --json file node" and decodes the object it prints.
// A non-zero status is reported with t.Errorf and gives ok false; the
// decoding is not checked (a bad object fails the caller's field checks).
func infoJSON(t *testing.T, file, node string) (obj map[string]any, ok bool) {
	t.Helper()
	code, out, errs := run(t, "info", "--json", file, node)
	if code != 0 {
		t.Errorf("info %s: status %d: %s", node, code, errs)
		return nil, false
	}
	json.Unmarshal([]byte(out), &obj)
	return obj, true
}

func TestLsJSONPathsAndFields(t *testing.T) {
	file, data := fixture(t)
	recs := lsJSON(t, "ls", "--json", file)
	wantPaths := []string{"readme.txt", "Brick", "dup@2", "DUP@3", "@4", "Sub", "bad", "boom"}
	var got []string
	for _, r := range recs {
		got = append(got, r.Path)
	}
	if strings.Join(got, ",") != strings.Join(wantPaths, ",") {
		t.Fatalf("paths = %q, want %q", got, wantPaths)
	}
	for _, r := range recs {
		if r.Offset < 0 || r.Offset+r.Size > int64(len(data)) {
			t.Errorf("%s: offset %d size %d outside the %d-byte file", r.Path, r.Offset, r.Size, len(data))
		}
	}
	readme := recs[0]
	if readme.Kind != "raw" || readme.Type != "TXT" || readme.Size != 5 || readme.Children != 0 ||
		string(data[readme.Offset:readme.Offset+readme.Size]) != "hello" {
		t.Errorf("readme record %+v does not point at its bytes", readme)
	}
	if recs[5].Kind != "archive" || recs[5].Children != 3 {
		t.Errorf("Sub record %+v: want an archive with 3 children", recs[5])
	}
	if recs[1].Kind != "texture" || recs[1].Type != "TEXR" {
		t.Errorf("Brick record %+v: want a TEXR texture", recs[1])
	}
	if recs[6].Kind != "raw" || recs[6].Type != "TEXR" {
		t.Errorf("broken record %+v: want a raw TEXR entry", recs[6])
	}

	// JSON types and the Fielder fields, checked on the raw objects.
	_, out, _ := run(t, "ls", "--json", file)
	var raw []map[string]any
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	for _, r := range raw {
		for _, k := range []string{"path", "name", "kind", "type"} {
			if _, ok := r[k].(string); !ok {
				t.Errorf("%v: %q is %T, want a string", r["path"], k, r[k])
			}
		}
		for _, k := range []string{"size", "offset", "children", "attr1"} {
			if _, ok := r[k].(float64); !ok {
				t.Errorf("%v: %q is %T, want a number", r["path"], k, r[k])
			}
		}
	}
	if raw[0]["attr1"] != float64(7) {
		t.Errorf("readme attr1 = %v, want 7", raw[0]["attr1"])
	}
	// Field order: the contract's keys first.
	if i, j := strings.Index(out, `"path"`), strings.Index(out, `"children"`); i < 0 || j < i || strings.Index(out, `"attr1"`) < j {
		t.Errorf("fields out of order:\n%s", out[:min(len(out), 300)])
	}
}

func TestLsGolden(t *testing.T) {
	file, _ := fixture(t)
	code, out, errs := run(t, "ls", "--json", "-r", file)
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	testutil.GoldenBytes(t, "ls_r.json", []byte(out), *update)
}

func TestLsRecursiveResolvesEveryPath(t *testing.T) {
	file, _ := fixture(t)
	recs := lsJSON(t, "ls", file, "-r", "--json") // flags after the arguments
	if len(recs) != 11 {
		t.Fatalf("got %d records, want 11 (8 entries + 3 in Sub)", len(recs))
	}
	// Depth first: Sub's children follow Sub.
	if recs[5].Path != "Sub" || recs[6].Path != "Sub/water" || recs[8].Path != "Sub/Brick" || recs[9].Path != "bad" {
		t.Errorf("not depth first: %v %v %v %v", recs[5].Path, recs[6].Path, recs[8].Path, recs[9].Path)
	}
	for _, r := range recs {
		code, out, errs := run(t, "info", "--json", file, r.Path)
		if r.Path == "bad" || r.Path == "boom" {
			if code != 1 {
				t.Errorf("info %s: status %d, want 1", r.Path, code)
			}
			continue
		}
		if code != 0 {
			t.Errorf("info %s: status %d: %s", r.Path, code, errs)
			continue
		}
		var obj map[string]any
		if err := json.Unmarshal([]byte(out), &obj); err != nil || obj["kind"] != r.Kind {
			t.Errorf("info %s: kind %v (err %v), want %q", r.Path, obj["kind"], err, r.Kind)
		}
	}
}

func TestLsNodeCaseInsensitive(t *testing.T) {
	file, _ := fixture(t)
	for _, node := range []string{"Sub", "sub", "SUB", "/Sub/", "sub@5"} {
		recs := lsJSON(t, "ls", "--json", file, node)
		if len(recs) != 3 || recs[0].Path != "Sub/water" || recs[2].Path != "Sub/Brick" {
			t.Errorf("ls %q: %+v, want Sub's three children with canonical paths", node, recs)
		}
	}
	for node, want := range map[string]string{"dup@2": "one", "DUP@3": "two", "dup@3": "two", "@4": "empty", "README.TXT": "hello"} {
		obj, ok := infoJSON(t, file, node)
		if !ok {
			continue
		}
		if obj["size"] != float64(len(want)) {
			t.Errorf("info %s: size %v, want %d", node, obj["size"], len(want))
		}
	}
	// A leaf lists as an empty array.
	if recs := lsJSON(t, "ls", "--json", file, "Sub/water"); len(recs) != 0 {
		t.Errorf("ls of a leaf: %v, want []", recs)
	}
}

func TestLsPlainTable(t *testing.T) {
	file, _ := fixture(t)
	code, out, _ := run(t, "ls", file)
	if code != 0 {
		t.Fatalf("status %d", code)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 9 || !strings.HasPrefix(lines[0], "PATH") {
		t.Fatalf("want a header and 8 rows, got:\n%s", out)
	}
	// Columns line up: KIND starts at the same place on every line.
	col := strings.Index(lines[0], "KIND")
	for _, l := range lines[1:] {
		if len(l) <= col || l[col-1] != ' ' || l[col] == ' ' {
			t.Errorf("row not aligned under KIND: %q", l)
		}
	}
	if !strings.Contains(out, "broken: offset 0x") {
		t.Errorf("broken entry not marked with its offset:\n%s", out)
	}
}

var errLineRE = regexp.MustCompile(`^rummage: [^\n]+\n$`)

func TestExitStatuses(t *testing.T) {
	file, data := fixture(t)
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.bin")
	os.WriteFile(garbage, []byte("this is not an asset file at all"), 0o644)
	truncated := filepath.Join(dir, "truncated.test")
	os.WriteFile(truncated, data[:280], 0o644) // directory intact, data cut after readme.txt
	short := filepath.Join(dir, "short.test")
	os.WriteFile(short, []byte("TEST\x01\x00"), 0o644)
	badCount := filepath.Join(dir, "count.test")
	os.WriteFile(badCount, append([]byte("TEST\xff\xff\xff\x7f"), make([]byte, 40)...), 0o644)

	cases := []struct {
		args []string
		code int
		want []string // substrings of stderr
	}{
		{[]string{"ls", file}, 0, nil},
		{[]string{"ls", filepath.Join(dir, "missing.lib")}, 1, []string{"missing.lib", "no such file"}},
		{[]string{"ls", garbage}, 1, []string{"garbage.bin", "not a recognised format"}},
		{[]string{"ls", truncated}, 0, nil},
		{[]string{"info", truncated, "brick"}, 1, []string{"truncated.test: Brick: offset 0x3C (60): entry data"}},
		{[]string{"ls", short}, 1, []string{"short.test: offset 0x0 (0):"}},
		{[]string{"info", badCount}, 1, []string{"count.test", "offset 0x4 (4)", "entry count"}},
		{[]string{"ls", file, "nothing"}, 1, []string{"fixture.test", "nothing", `no node "nothing"`}},
		{[]string{"ls", file, "Sub/nothing"}, 1, []string{"Sub/nothing", `no node "nothing" in Sub`}},
		{[]string{"ls", file, "dup"}, 1, []string{`"dup" names 2 nodes: use dup@2 or DUP@3`}}, // ambiguous: must use @N
		{[]string{"info", file, "bad"}, 1, []string{"fixture.test: bad: offset 0x", "texture pixels"}},
		{[]string{"info", "--json", file, "boom"}, 1, []string{"internal error", "fake decoder bug"}},
		{[]string{"info", "--json", "--at", "5", file, "readme.txt"}, 1, []string{"readme.txt", "cannot be sampled"}},
		{[]string{"info", "--json", "--at", "5", "--block", "3", file, "Sub/water"}, 1, []string{"Sub/water", "offset 0x"}},
		{[]string{"ls", "--materials", filepath.Join(dir, "nomat.lib"), file}, 1, []string{"nomat.lib"}},
		{[]string{"ls"}, 2, []string{"missing FILE", "usage: rummage ls"}},
		{[]string{"ls", "--bogus", file}, 2, []string{"unknown flag --bogus"}},
		{[]string{"ls", file, "a", "b"}, 2, []string{"too many arguments"}},
		{[]string{"info", file, "--at"}, 2, []string{"--at needs a value"}},
		{[]string{"info", "--at", "soon", file}, 2, []string{"--at"}},
		{[]string{"info", "--at", "99999999999", file}, 2, []string{"larger than"}},
		{[]string{"info", "--block", "1", file}, 2, []string{"--block needs --at"}},
		{[]string{"export", "--as", "bmp", file}, 2, []string{"--as"}},
		{[]string{"samples"}, 2, []string{"missing DIR"}},
		{[]string{"frobnicate"}, 2, []string{"unknown command"}},
		{[]string{}, 2, []string{"usage"}},
		{[]string{"help"}, 0, nil},
		{[]string{"ls", "--help"}, 0, nil},
		{[]string{"help", "export"}, 0, nil},
	}
	for _, c := range cases {
		code, out, errs := run(t, c.args...)
		if code != c.code {
			t.Errorf("%q: status %d, want %d (stderr %q)", c.args, code, c.code, errs)
		}
		if c.code == 0 {
			if errs != "" {
				t.Errorf("%q: unexpected stderr %q", c.args, errs)
			}
			continue
		}
		if !errLineRE.MatchString(errs) && !(c.code == 2 && strings.Count(errs, "\n") == 1) {
			t.Errorf("%q: stderr is not one line: %q", c.args, errs)
		}
		if strings.Contains(errs, "goroutine") || strings.Contains(errs, "panic:") {
			t.Errorf("%q: stderr has a panic trace: %q", c.args, errs)
		}
		if out != "" {
			t.Errorf("%q: failed but wrote stdout %q", c.args, out)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%q: stderr %q does not contain %q", c.args, errs, w)
			}
		}
	}
}

func TestBrokenEntryOffsetMatchesFile(t *testing.T) {
	// The "bad" entry's data sits where ls says; its error names that offset.
	file, _ := fixture(t)
	recs := lsJSON(t, "ls", "--json", file)
	bad := recs[6]
	_, _, errs := run(t, "info", file, "bad")
	want := fmt.Sprintf("offset 0x%X (%d): ", bad.Offset+5, bad.Offset+5)
	if !strings.Contains(errs, want) {
		t.Errorf("error %q does not name the pixel offset %s", errs, want)
	}
}

func TestInfo(t *testing.T) {
	file, data := fixture(t)
	code, out, errs := run(t, "info", "--json", file)
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	var root map[string]any
	if err := json.Unmarshal([]byte(out), &root); err != nil {
		t.Fatal(err)
	}
	if root["kind"] != "archive" || root["entries"] != float64(8) || root["fileSize"] != float64(len(data)) {
		t.Errorf("root info = %v", root)
	}
	// A node without Describe still gets the basic facts, with "kind".
	code, out, _ = run(t, "info", file, "readme.txt", "--json")
	var raw map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &raw) != nil || raw["kind"] != "raw" || raw["size"] != float64(5) {
		t.Errorf("raw info (%d) = %s", code, out)
	}
	// Plain output: key: value lines, nested keys dotted.
	code, out, _ = run(t, "info", file, "Sub/water")
	if code != 0 {
		t.Fatalf("plain info: status %d", code)
	}
	for _, want := range []string{"kind:", "material", "blend.src:", "ONE", "phases[0].additive:", "[1, 0, 0.25]", "blend.alphaTest:", "null"} {
		if !strings.Contains(out, want) {
			t.Errorf("plain info lacks %q:\n%s", want, out)
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.Contains(l, ": ") {
			t.Errorf("plain info line %q is not key: value", l)
		}
	}
}

func TestInfoSample(t *testing.T) {
	file, _ := fixture(t)
	code, out, errs := run(t, "info", "--json", "--at", "1500", "--start", "500", "--random", "9", file, "sub/WATER")
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(out), &obj); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if obj["kind"] != "material" || obj["name"] != "water" {
		t.Errorf("the Describe object is missing: %v", obj)
	}
	s, ok := obj["sample"].(map[string]any)
	if !ok {
		t.Fatalf("no sample object: %s", out)
	}
	if s["localMs"] != float64(1000) || s["random"] != float64(9) || s["block"] != float64(0) {
		t.Errorf("sample = %v, want localMs 1000 random 9 block 0", s)
	}
	// --at=MS form and hex.
	code, out, _ = run(t, "info", "--json", "--at=0x10", file, "Sub/water")
	if code != 0 || !strings.Contains(out, `"localMs": 16`) {
		t.Errorf("--at=0x10: %d %s", code, out)
	}
}

func TestExport(t *testing.T) {
	file, _ := fixture(t)
	out := t.TempDir()
	code, stdout, errs := run(t, "export", "--out", out, file)
	// A broken entry ("bad") and one whose children panic ("boom") are
	// reported with their errors and not written; the rest is, and the
	// status is 1 at the end.
	if code != 1 || !strings.Contains(errs, "bad: offset 0x1BD (445): texture pixels need 64 bytes") || !strings.Contains(errs, "boom: ") {
		t.Errorf("status %d: %s", code, errs)
	}
	want := []string{"readme.txt", "Brick.png", "dup@2", "DUP@3", "@4", "Sub/water.json", "Sub/Brick.png"}
	want = append(want, "Sub/cube.obj")
	for _, w := range want {
		p := filepath.Join(out, filepath.FromSlash(w))
		if _, err := os.Stat(p); err != nil {
			t.Errorf("missing %s", w)
		}
		if !strings.Contains(stdout, p+"\n") {
			t.Errorf("stdout does not list %s", p)
		}
	}
	// Nothing else, and no temporary files.
	for _, f := range testutil.ListFiles(t, out) {
		if strings.Contains(f, ".tmp") {
			t.Errorf("temporary file left: %s", f)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(out, "DUP@3")); string(b) != "two" {
		// dup@2 and DUP@3 differ; the second is only renamed if the file system folds case... it never does here.
		t.Logf("DUP@3 contents %q", b)
	}
	checkPNG(t, filepath.Join(out, "Brick.png"), 0)
	if b, _ := os.ReadFile(filepath.Join(out, "readme.txt")); string(b) != "hello" {
		t.Errorf("raw export = %q, want hello", b)
	}
}

func checkPNG(t *testing.T, path string, level int) {
	t.Helper()
	w := max(2>>level, 1)
	testutil.CheckPNG(t, path, w, w, func(x, y int) color.NRGBA { return brickPix(x, y, level) })
}

func TestExportNodes(t *testing.T) {
	file, _ := fixture(t)
	out := t.TempDir()
	code, _, errs := run(t, "export", file, "sub/brick", "--all-mips", "--out", out, "Brick", "readme.txt")
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	// Two nodes named Brick from different folders: the second is renamed.
	for _, f := range []string{"Brick_mip0.png", "Brick_mip1.png", "Brick_2_mip0.png", "Brick_2_mip1.png", "readme.txt"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing %s", f)
		}
	}
	checkPNG(t, filepath.Join(out, "Brick_mip1.png"), 1)

	// A container keeps its folder; --as json makes JSON where it can.
	code, _, errs = run(t, "export", "--as", "json", "--out", out, file, "Sub")
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	for _, f := range []string{"Sub/water.json", "Sub/Brick.json"} {
		b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(f)))
		if err != nil {
			t.Errorf("missing %s", f)
			continue
		}
		var v map[string]any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}

	// A named node that cannot be exported as asked: one line, status 1.
	code, _, errs = run(t, "export", "--as", "png", "--out", out, file, "readme.txt")
	if code != 1 || !strings.Contains(errs, "readme.txt") || !strings.Contains(errs, "as png") || strings.Count(errs, "\n") != 1 {
		t.Errorf("readme as png: %d %q", code, errs)
	}
	// A bad node: nothing is written.
	out2 := t.TempDir()
	code, _, errs = run(t, "export", "--out", out2, file, "Brick", "nope")
	if code != 1 || !strings.Contains(errs, "nope") {
		t.Errorf("bad node: %d %q", code, errs)
	}
	if ents, _ := os.ReadDir(out2); len(ents) != 0 {
		t.Errorf("a bad node still wrote %d files", len(ents))
	}
}

func TestSamplesDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "folder")
	code, out, errs := run(t, "samples", dir)
	files := samples.Files()
	if len(files) == 0 {
		if code != 1 {
			t.Errorf("no samples: status %d, want 1", code)
		}
		t.Skip("this build has no sample files yet")
	}
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f.Name))
		if err != nil || !bytes.Equal(b, f.Data) {
			t.Errorf("%s not written as embedded (%v)", f.Name, err)
		}
		if !strings.Contains(out, f.Name) {
			t.Errorf("stdout does not list %s", f.Name)
		}
	}
	// Every sample opens and lists.
	for _, f := range files {
		if code, _, errs := run(t, "ls", "--json", "-r", filepath.Join(dir, f.Name)); code != 0 {
			t.Errorf("ls %s: status %d: %s", f.Name, code, errs)
		}
	}
}

func TestParseArgs(t *testing.T) {
	spec := map[string]bool{"json": false, "r": false, "out": true}
	cases := []struct {
		in   []string
		pos  string
		json bool
		out  string
		err  bool
	}{
		{in: []string{"f", "--json"}, pos: "f", json: true},
		{in: []string{"-json", "f", "n"}, pos: "f n", json: true},
		{in: []string{"--out", "d", "f"}, pos: "f", out: "d"},
		{in: []string{"--out=d", "f"}, pos: "f", out: "d"},
		{in: []string{"--json=false", "f"}, pos: "f"},
		{in: []string{"f", "--", "--json"}, pos: "f --json"},
		{in: []string{"-", "f"}, pos: "- f"},
		{in: []string{"--out"}, err: true},
		{in: []string{"--json=maybe"}, err: true},
		{in: []string{"--nope"}, err: true},
		{in: []string{"---json"}, err: true},
	}
	for _, c := range cases {
		a, err := parseArgs(c.in, spec)
		if (err != nil) != c.err {
			t.Errorf("%q: err %v, want error %v", c.in, err, c.err)
			continue
		}
		if err != nil {
			continue
		}
		if strings.Join(a.pos, " ") != c.pos || a.bools["json"] != c.json || a.vals["out"] != c.out {
			t.Errorf("%q: pos %q json %v out %q", c.in, a.pos, a.bools["json"], a.vals["out"])
		}
	}
}

func TestErrLine(t *testing.T) {
	fe := binread.Errorf(0x40, "bad magic")
	if got := errLine("sample.lib", "entry/x", fe); got != "rummage: sample.lib: entry/x: offset 0x40 (64): bad magic" {
		t.Errorf("errLine = %q", got)
	}
	wrapped := &formats.NodeError{Path: "p", Err: fe}
	if got := errLine("f", "", wrapped); got != "rummage: f: p: offset 0x40 (64): bad magic" {
		t.Errorf("wrapped errLine = %q", got)
	}
	if got := errLine("f", "n", &multiLine{}); strings.Contains(got, "\n") {
		t.Errorf("errLine kept a newline: %q", got)
	}
}

type multiLine struct{}

func (multiLine) Error() string { return "first\nsecond\n" }

func TestMaterialsOption(t *testing.T) {
	file, _ := fixture(t)
	lib := filepath.Join(t.TempDir(), "Material.lib")
	os.WriteFile(lib, []byte("any"), 0o644)
	for _, args := range [][]string{
		{"info", "--json", "--materials", lib, file, "Sub/water"},
		{"info", "--json", file, "Sub/water", "--materials=" + lib},
	} {
		code, out, errs := run(t, args...)
		var v map[string]any
		if code != 0 || json.Unmarshal([]byte(out), &v) != nil || v["library"] != lib {
			t.Errorf("%q: %d %q %q: the format did not get Options.Materials", args, code, out, errs)
		}
	}
	if code, out, _ := run(t, "info", "--json", file, "Sub/water"); code != 0 || !strings.Contains(out, `"library": ""`) {
		t.Errorf("without --materials: %d %s", code, out)
	}
	out := t.TempDir()
	if code, _, errs := run(t, "export", "--materials", lib, "--out", out, file, "Sub/water"); code != 0 {
		t.Errorf("export --materials: %d %s", code, errs)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "water.json")); !strings.Contains(string(b), lib) {
		t.Errorf("export did not pass --materials: %s", b)
	}
	if code, _, _ := run(t, "ls", "--materials", lib, file); code != 0 {
		t.Errorf("ls --materials: status %d", code)
	}
	if code, _, errs := run(t, "ls", "--materials", t.TempDir(), file); code != 1 || !strings.Contains(errs, "folder") {
		t.Errorf("--materials DIR: %d %q", code, errs)
	}
}

func TestPlainGolden(t *testing.T) {
	file, _ := fixture(t)
	var got strings.Builder
	for _, args := range [][]string{{"ls", file}, {"ls", "-r", file, "sub"}, {"info", file}, {"info", file, "Sub/water", "--at", "250"}} {
		code, out, errs := run(t, args...)
		if code != 0 {
			t.Fatalf("%q: %d %s", args, code, errs)
		}
		shown := strings.ReplaceAll(strings.Join(args, " "), file, "fixture.test")
		fmt.Fprintf(&got, "$ rummage %s\n%s", shown, out)
	}
	golden := filepath.Join("testdata", "plain.txt")
	if *update {
		os.WriteFile(golden, []byte(got.String()), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil || got.String() != string(want) {
		t.Errorf("plain output differs from %s (%v):\n%s", golden, err, got.String())
	}
}

// Single letters group ("-rq" is "-r -q"); a single-dash long flag keeps
// its meaning; a word both ways is ambiguous; anything else is unknown.
func TestShortFlagGroups(t *testing.T) {
	spec := map[string]bool{"json": false, "r": false, "q": false, "o": true, "rq": false}
	for _, c := range []struct {
		in   []string
		want string // "r q json o=V pos=P" facts, or "error"
	}{
		{[]string{"-r", "-q", "f"}, "r q pos=f"},
		{[]string{"-qr", "f"}, "r q pos=f"},
		{[]string{"f", "-json"}, "json pos=f"},
		{[]string{"-ro", "d", "f"}, "r o=d pos=f"},
		{[]string{"-or", "f"}, "error"}, // a letter that takes a value must end the group
		{[]string{"-rx", "f"}, "error"},
		{[]string{"-rq", "f"}, "error"}, // the long flag rq, or -r -q
		{[]string{"--rq", "f"}, "pos=f"},
		{[]string{"-rh"}, "r help"},
		{[]string{"--", "-rq"}, "pos=-rq"},
	} {
		a, err := parseArgs(c.in, spec)
		got := "error"
		if err == nil {
			var facts []string
			for _, f := range []string{"r", "q", "json"} {
				if a.bools[f] {
					facts = append(facts, f)
				}
			}
			if a.help {
				facts = append(facts, "help")
			}
			if v, ok := a.vals["o"]; ok {
				facts = append(facts, "o="+v)
			}
			if len(a.pos) > 0 {
				facts = append(facts, "pos="+strings.Join(a.pos, ","))
			}
			got = strings.Join(facts, " ")
		} else if !strings.Contains(err.Error(), c.in[0]) && !strings.Contains(err.Error(), "-x") {
			t.Errorf("%q: error %q does not name the flag", c.in, err)
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
	// The real commands: ls -rq lists the subtree quietly, as ls -r -q does.
	file, _ := fixture(t)
	_, grouped, _ := run(t, "ls", "-rq", file)
	code, apart, _ := run(t, "ls", "-r", "-q", file)
	if code != 0 || grouped != apart || strings.Count(apart, "\n") < 3 {
		t.Errorf("ls -rq differs from ls -r -q:\n%s\n--\n%s", grouped, apart)
	}
}
