package gtadat_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats"
	_ "rummage/formats/all"
	"rummage/formats/binread"
	"rummage/formats/gtadat"
	"rummage/formats/ide"
	"rummage/formats/img"
)

const list = "# a level list\r\nIMG MODELS\\GTA3.IMG\r\n\r\nIDE DATA\\MAPS\\Test.IDE # defs\r\nCOLFILE 0 MODELS\\COLL\\WEAPONS.COL\r\n" +
	"SPLASH loadsc2\r\nIPL DATA\\MAPS\\missing.ipl\r\nBOGUS x\r\nIDE\r\nIDE DATA\\GTA.DAT\r\nEXIT\r\n"

func TestParse(t *testing.T) {
	f, err := gtadat.Parse([]byte(list), 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range f.Entries {
		got = append(got, e.Directive+" "+e.Zone+" "+e.Path)
	}
	want := []string{"IMG  MODELS\\GTA3.IMG", "IDE  DATA\\MAPS\\Test.IDE", "COLFILE 0 MODELS\\COLL\\WEAPONS.COL", "SPLASH  loadsc2",
		"IPL  DATA\\MAPS\\missing.ipl", "IDE  DATA\\GTA.DAT", "EXIT  "}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("entries\n%s", strings.Join(got, "\n"))
	}
	if len(f.Diags) != 2 || f.Diags[0].Off != int64(strings.Index(list, "BOGUS")) || !strings.Contains(f.Diags[1].Msg, "IDE names no file") {
		t.Errorf("diagnostics %v", f.Diags)
	}
	if _, err := gtadat.Parse([]byte("# nothing\n"), 5); !errors.As(err, new(*binread.FormatError)) {
		t.Errorf("an empty list: %v", err)
	}
	for _, c := range []struct {
		head, name string
		want       bool
	}{{"", "GTA.DAT", true}, {"IDE data\\x.ide\n", "mine.dat", true}, {"# c\nIPL x\n", "a.DAT", true},
		{"col\n", "carcols.dat", false}, {"IDE x\n", "x.txt", false}, {"SPLASH x\n", "a.dat", false}} {
		if got := gtadat.Looks([]byte(c.head), c.name); got != c.want {
			t.Errorf("Looks(%q, %q) = %v", c.head, c.name, got)
		}
	}
}

// A list in data/ opens the files it names from the folder above it, in
// any letter case; a missing file is a broken child saying which line
// named it, the list itself is not opened again.
func TestNode(t *testing.T) {
	game := t.TempDir()
	os.MkdirAll(filepath.Join(game, "data", "maps"), 0o755)
	os.MkdirAll(filepath.Join(game, "models", "coll"), 0o755)
	os.WriteFile(filepath.Join(game, "data", "maps", "test.ide"), ide.Text([]ide.Object{{ID: 1, Model: "a", TXD: "b"}}, nil), 0o644)
	arch, err := img.BuildVER2([]img.File{{Name: "a.txt", Data: []byte("hello")}})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(game, "models", "gta3.img"), arch, 0o644)
	path := filepath.Join(game, "data", "gta.dat")
	os.WriteFile(path, []byte(list), 0o644)
	f, err := formats.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, _ := f.Root.(formats.Counter).ChildCount()
	kids, err := f.Root.Children()
	if err != nil || len(kids) != 5 || n != 5 {
		t.Fatalf("%d children (count %d), %v", len(kids), n, err)
	}
	if kids[0].Name() != "gta3.img" || kids[0].Kind() != formats.KindArchive || kids[1].Kind() != formats.KindArchive || kids[1].Name() != "test.ide" {
		t.Errorf("children %s %s, %s %s", kids[0].Name(), kids[0].Kind(), kids[1].Name(), kids[1].Kind())
	}
	for i, want := range map[int]string{2: "line 5: COLFILE MODELS\\COLL\\WEAPONS.COL: no such file", 3: "line 7: IPL", 4: "names itself"} {
		b, ok := kids[i].(formats.Broken)
		if !ok || !strings.Contains(b.Err().Error(), want) {
			t.Errorf("child %d (%s): want an error with %q, got %v", i, kids[i].Name(), want, kids[i])
		}
	}
	facts, _ := f.Root.(formats.Describer).Describe()
	if m := facts.(map[string]any); m["gameFolder"] != game {
		t.Errorf("game folder %v", m["gameFolder"])
	}
}

// San Andreas' own gta.dat, when the snapshot is there: every IDE and
// the VEGASE.IPL it names open, the IMG archives it names are not in the
// snapshot and say so.
func TestRealList(t *testing.T) {
	path := "/work/scratch/real/Rikintosh+GTASAv4/DATA/GTA.DAT"
	if _, err := os.Stat(path); err != nil {
		t.Skip("no San Andreas snapshot")
	}
	f, err := formats.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	kids, _ := f.Root.Children()
	ides, broken := 0, 0
	for _, k := range kids {
		if _, ok := k.(*ide.Root); ok {
			ides++
		}
		if _, ok := k.(formats.Broken); ok {
			broken++
			t.Logf("%s: %v", k.Name(), k.(formats.Broken).Err())
		}
	}
	t.Logf("%d files named, %d IDE, %d not opened", len(kids), ides, broken)
	if ides < 40 {
		t.Errorf("%d IDE files opened", ides)
	}
}

// FuzzParse reads mutated level lists: no panic, every entry on a line of
// the text.
func FuzzParse(f *testing.F) {
	f.Add([]byte(list))
	f.Fuzz(func(t *testing.T, b []byte) {
		gtadat.Looks(b[:min(len(b), 64)], "a.dat") // the registry's check, on any bytes
		pf, err := gtadat.Parse(b, 0)
		if err != nil {
			return
		}
		for _, e := range pf.Entries {
			if e.Off < 0 || e.Off >= int64(len(b)) || !gtadat.IsDirective(e.Directive) {
				t.Fatalf("entry %+v of %d bytes", e, len(b))
			}
		}
	})
}
