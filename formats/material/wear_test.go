package material

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/internal/testutil"
)

const wearWithLightmaps = "3\r\n0 HULL\r\n1 GLASS_M\r\n2 \xcc\xc0\xd2\r\n\r\nLIGHTMAPS\r\n1\r\n0 fr_l_bunker_00.0\r\n"

func TestParseWear(t *testing.T) {
	cases := []struct {
		name      string
		text      string
		rows      []string
		lightmaps []string
		findings  int
	}{
		{"plain", "2\r\n0 A\r\n1 B\r\n", []string{"A", "B"}, nil, 0},
		{"no final newline", "1\n0 A", []string{"A"}, nil, 0},
		{"trailing blank lines", "1\n0 A\n\n\n", []string{"A"}, nil, 0},
		{"lightmaps and cp1251", wearWithLightmaps, []string{"HULL", "GLASS_M", "МАТ"}, []string{"fr_l_bunker_00.0"}, 0},
		{"legacy id differs", "2\n5 A\n1 B\n", []string{"A", "B"}, nil, 1},
		{"tabs", "1\n0\tA_B\n", []string{"A_B"}, nil, 0},
		{"text after lightmaps", "1\n0 A\n\nLIGHTMAPS\n1\n0 L\nrubbish\n", []string{"A"}, []string{"L"}, 1},
		{"two blank lines before the marker", "1\n0 A\n\n\nLIGHTMAPS\n1\n0 L\n", []string{"A"}, []string{"L"}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, err := ParseWear([]byte(c.text), 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := names(w.Rows); strings.Join(got, ",") != strings.Join(c.rows, ",") {
				t.Errorf("rows %q, want %q", got, c.rows)
			}
			if got := names(w.Lightmaps); strings.Join(got, ",") != strings.Join(c.lightmaps, ",") {
				t.Errorf("lightmaps %q, want %q", got, c.lightmaps)
			}
			if len(w.Findings) != c.findings {
				t.Errorf("findings %v, want %d", w.Findings, c.findings)
			}
		})
	}
}

func names(rows []Row) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.Name)
	}
	return out
}

func TestParseWearBroken(t *testing.T) {
	cases := []struct {
		name string
		text string
		off  int64
		want string
	}{
		{"empty", "", 0, "empty"},
		{"not a count", "x\n0 A\n", 0, "expected the wear count"},
		{"zero count", "0\n", 0, "illegal wear length 0"},
		{"negative count", "-2\n0 A\n", 0, "illegal wear length -2"},
		{"count past the end", "3\n0 A\n1 B\n", 0, "count 3 but only 2 lines follow"},
		{"row without name", "1\n0\n", 2, "has no name"},
		{"row without id", "1\nA B\n", 2, "expected \"<legacyId> <name>\""},
		{"count too small", "1\n0 A\n1 B\n", 6, "expected a blank line"},
		{"empty row", "2\n0 A\n\n1 B\n", 6, "row 1 of 2 is empty"},
		{"missing separator", "1\n0 A\nLIGHTMAPS\n1\n0 L\n", 6, "expected a blank line"},
		{"missing marker", "1\n0 A\n\nLIGHTMAP\n1\n0 L\n", 7, "expected the LIGHTMAPS marker"},
		{"no lightmap count", "1\n0 A\n\nLIGHTMAPS\n", 17, "expected the lightmap"},
		{"zero lightmaps", "1\n0 A\n\nLIGHTMAPS\n0\n", 17, "illegal lightmaps length 0"},
		{"lightmap rows missing", "1\n0 A\n\nLIGHTMAPS\n2\n0 L\n", 17, "count 2 but only"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseWear([]byte(c.text), 0x40)
			testutil.WantFormatError(t, err, 0x40, c.off, c.want)
		})
	}
}

func TestWearEncode(t *testing.T) {
	w, err := ParseWear([]byte(wearWithLightmaps), 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := w.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != wearWithLightmaps {
		t.Errorf("encode: %q", b)
	}
}

// matNode makes a material entry node for library tests.
func matNode(t *testing.T, name string) formats.Node {
	n, err := NewNode(name, &Mat0{Phases: waterPhases[:1]}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func wearNode(t *testing.T, text string, loc Locator) *WearNode {
	w, err := ParseWear([]byte(text), 0)
	if err != nil {
		t.Fatal(err)
	}
	return &WearNode{Raw: formats.Raw{NodeName: "x.wea", NodeKind: formats.KindWear, Tag: "WEAR", R: bytes.NewReader([]byte(text)), N: int64(len(text))}, Wear: w, Loc: loc}
}

func TestResolve(t *testing.T) {
	text := "4\n0 hull\n1 NOPE\n2 GLASS\n3 other\n\nLIGHTMAPS\n2\n0 LM_A\n1 LM_B\n"
	withDefault := &formats.Folder{NodeName: "m.lib", Items: []formats.Node{matNode(t, "FIRST"), matNode(t, "HULL"), matNode(t, "DEFAULT"), matNode(t, "glass"), matNode(t, "OTHER")}}
	noDefault := &formats.Folder{NodeName: "m.lib", Items: []formats.Node{matNode(t, "FIRST"), matNode(t, "HULL")}}
	empty := &formats.Folder{NodeName: "m.lib"}
	cases := []struct {
		name   string
		parent formats.Node
		want   []string // resolved/via
	}{
		{"default", withDefault, []string{"HULL/name", "DEFAULT/default", "glass/name", "OTHER/name"}},
		{"first", noDefault, []string{"HULL/name", "FIRST/first", "FIRST/first", "FIRST/first"}},
		{"missing", empty, []string{"/missing", "/missing", "/missing", "/missing"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := wearNode(t, text, Locator{Parent: c.parent})
			res := w.Resolve()
			for i, r := range res {
				if got := r.Name + "/" + r.Via; got != c.want[i] {
					t.Errorf("row %d: %s, want %s", i, got, c.want[i])
				}
			}
			if s := w.LightmapSlots(); s[0] != -1 || s[1] != -1 {
				t.Errorf("lightmap slots %v", s)
			}
		})
	}
}

func TestDescribeWearGolden(t *testing.T) {
	lib := &formats.Folder{NodeName: "Material.lib", Items: []formats.Node{matNode(t, "DEFAULT"), matNode(t, "HULL")}}
	w := wearNode(t, wearWithLightmaps, Locator{Parent: lib})
	d, err := w.Describe()
	if err != nil {
		t.Fatal(err)
	}
	testutil.GoldenJSON(t, "wear.json", d, *update)
}

// TestLibraryOnDisk finds Material.lib in a parent folder, case-insensitively.
func TestLibraryOnDisk(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "models", "tanks")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "MATERIAL.LIB"), []byte("not an archive"), 0o644); err != nil {
		t.Fatal(err)
	}
	if p := findFold(dir, LibMaterials); !strings.HasSuffix(p, "MATERIAL.LIB") {
		t.Errorf("findFold: %q", p)
	}
	// The file is not an archive, so no library comes back (and nothing breaks).
	if lib := (Locator{Path: filepath.Join(sub, "t.wea")}).Library(LibMaterials); lib != nil {
		t.Errorf("library from a non-archive: %+v", lib)
	}
}

func FuzzWear(f *testing.F) {
	f.Add([]byte(wearWithLightmaps))
	f.Add([]byte("2\n0 A\n1 B\n"))
	f.Add([]byte("1\n0 A\n\nLIGHTMAPS\n1\n0 L\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := ParseWear(data, 0)
		testutil.FileError(t, err, int64(len(data)))
		if err != nil {
			return
		}
		if len(w.Rows) == 0 {
			t.Fatal("a table without rows parsed")
		}
		b, err := w.Encode()
		if err != nil {
			return
		}
		w2, err := ParseWear(b, 0)
		if err != nil {
			t.Fatalf("re-encoded table does not parse: %v\n%q", err, b)
		}
		if len(w2.Rows) != len(w.Rows) || len(w2.Lightmaps) != len(w.Lightmaps) {
			t.Fatalf("re-encoded table differs")
		}
	})
}

// TestLightmapSlots: a lightmap row resolves to its index among the
// library's textures (here the WEAR's own archive), a missing one to -1.
func TestLightmapSlots(t *testing.T) {
	tex := func(name string) formats.Node {
		return &formats.Raw{NodeName: name, NodeKind: formats.KindTexture, Tag: "Texm", R: bytes.NewReader(nil), Abs: -1}
	}
	lib := &formats.Folder{NodeName: "models.lib", Items: []formats.Node{matNode(t, "HULL"), tex("other.0"), tex("FR_L_BUNKER_00.0")}}
	text := "1\r\n0 HULL\r\n\r\nLIGHTMAPS\r\n2\r\n0 fr_l_bunker_00.0\r\n1 gone.0\r\n"
	w := wearNode(t, text, Locator{Parent: lib})
	if s := w.LightmapSlots(); len(s) != 2 || s[0] != 1 || s[1] != -1 {
		t.Errorf("slots %v, want [1 -1]", s)
	}
	d, _ := w.Describe()
	lms := d.(map[string]any)["lightmaps"].([]lightmapJSON)
	if lms[0].Slot != 1 || lms[1].Slot != -1 || lms[1].Name != "gone.0" || lms[1].LegacyID != 1 {
		t.Errorf("lightmaps %+v", lms)
	}
}

// FuzzFindFold: the side-file lookup finds only a regular file directly in
// its folder whose name matches, whatever the name asked for.
func FuzzFindFold(f *testing.F) {
	dir := f.TempDir()
	os.WriteFile(filepath.Join(dir, "MATERIAL.LIB"), []byte("x"), 0o644)
	os.Mkdir(filepath.Join(dir, "Textures.lib"), 0o755)
	os.WriteFile(filepath.Join(filepath.Dir(dir), "outside.lib"), []byte("x"), 0o644)
	for _, s := range []string{"material.lib", "Textures.lib", "../outside.lib", "..", ".", "", "a/b", `a\b`, "MATERIAL.LIB\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		p := findFold(dir, name)
		if p == "" {
			return
		}
		st, err := os.Stat(p)
		if filepath.Dir(p) != dir || !strings.EqualFold(filepath.Base(p), name) || err != nil || !st.Mode().IsRegular() {
			t.Errorf("findFold(%q) = %q", name, p)
		}
	})
}
