package ide

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/table"
)

const mixed = "# definitions\n" +
	"objs\n" +
	"1000, house, housetex, 150, 4\n" + // San Andreas
	"1001, lamp, street, 1, 80, 0\n" + // Vice City, one mesh
	"1002, tower, street, 3, 50, 150.5, 300, 0x80\n" + // three meshes
	"1003, bad, street, 2, 50, 0\n" + // mesh count against the values
	"end\n" +
	"tobj\n1004, neon, street, 100, 0, 20, 6\nend\n" +
	"anim\n1005, door, housetex, dooranim, 60, 0\nend\n" +
	"cars\n400, landstal, landstal, car, LANDSTAL, LANDSTK, null, richfamily, 10, 0, 0, -1, 0.768, 0.768, -1\nend\n" +
	"txdp\nhousetex, street\nstreet, generic\ngeneric, housetex\nend\n" +
	"2dfx\n1, 2, 3\nend\n"

func TestParse(t *testing.T) {
	f, err := Parse([]byte(mixed), 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Objects) != 7 {
		t.Fatalf("%d objects", len(f.Objects))
	}
	want := []struct {
		id      int32
		model   string
		dist    float32
		flags   uint32
		on, off int
	}{{1000, "house", 150, 4, -1, -1}, {1001, "lamp", 80, 0, -1, -1}, {1002, "tower", 300, 0x80, -1, -1}, {1003, "bad", 0, 0, -1, -1},
		{1004, "neon", 100, 0, 20, 6}, {1005, "door", 60, 0, -1, -1}, {400, "landstal", 0, 0, -1, -1}}
	for i, w := range want {
		o := f.Objects[i]
		if o.ID != w.id || o.Model != w.model || o.DrawDist != w.dist || o.Flags != w.flags || o.TimeOn != w.on || o.TimeOff != w.off {
			t.Errorf("object %d = %+v, want %+v", i, o, w)
		}
	}
	if f.Objects[5].Anim != "dooranim" || f.Objects[6].Section != "cars" || len(f.Objects[6].Fields) != 15 {
		t.Errorf("anim %q, car %+v", f.Objects[5].Anim, f.Objects[6])
	}
	if len(f.Diags) != 1 || !strings.Contains(f.Diags[0].Msg, "line 6") || f.Diags[0].Off != int64(strings.Index(mixed, "1003")) {
		t.Errorf("diagnostics %v", f.Diags)
	}
	d := NewDefinitions()
	d.Add(f, "mixed.ide")
	if got := strings.Join(d.Dictionaries(d.ByName["house"]), " "); got != "housetex street generic" {
		t.Errorf("dictionaries of house: %s", got)
	}
	if d.ByID[1004].Model != "neon" || d.ByName["landstal"].ID != 400 {
		t.Error("lookups")
	}
}

func TestTextRoundTrip(t *testing.T) {
	objs := []Object{
		{ID: 7, Model: "a", TXD: "ta", DrawDist: 299.5, Flags: 2097152, Section: "objs"},
		{ID: 9, Model: "c", TXD: "tc", Section: "objs"},
		{ID: 8, Model: "b", TXD: "tb", DrawDist: 30, Section: "tobj", TimeOn: 22, TimeOff: 5},
	}
	f, err := Parse(Text(objs, [][2]string{{"ta", "tb"}}), 0)
	if err != nil || len(f.Diags) != 0 {
		t.Fatal(err, f.Diags)
	}
	for i, w := range objs {
		o := f.Objects[i]
		if o.ID != w.ID || o.Model != w.Model || o.TXD != w.TXD || o.DrawDist != w.DrawDist || o.Flags != w.Flags || o.Section != w.Section ||
			w.Section == "tobj" && (o.TimeOn != w.TimeOn || o.TimeOff != w.TimeOff) {
			t.Errorf("object %d = %+v, want %+v", i, o, w)
		}
	}
	if len(f.Parents) != 1 || f.Parents[0] != [2]string{"ta", "tb"} {
		t.Errorf("parents %v", f.Parents)
	}
}

// An .ide opens as an archive of its sections: the known ones tables
// whose rows are read as definitions, the others text.
func TestNode(t *testing.T) {
	fl, err := formats.OpenBytes("mixed.IDE", []byte(mixed), nil)
	if err != nil {
		t.Fatal(err)
	}
	kids, err := fl.Root.Children()
	if err != nil || len(kids) != 6 {
		t.Fatalf("%d children, %v", len(kids), err)
	}
	objs := kids[0].(*table.Node)
	if objs.Kind() != formats.KindTable || len(objs.Rows) != 4 || len(objs.Diags) != 1 {
		t.Errorf("objs: %d rows, %v", len(objs.Rows), objs.Diags)
	}
	facts, _ := objs.Describe()
	b, _ := json.Marshal(facts)
	if !strings.Contains(string(b), `{"drawDistance":300,"flags":128,"id":1002,"line":5,"model":"tower","offset":`) {
		t.Errorf("objs facts %s", b)
	}
	if k := kids[5]; k.Kind() != formats.KindText || k.Name() != "2dfx" {
		t.Errorf("2dfx is %s %q", k.Kind(), k.Name())
	}
	raw, _ := io.ReadAll(kids[4].(formats.Rawer).Open())
	if !bytes.HasPrefix(raw, []byte("txdp\n")) || !bytes.HasSuffix(raw, []byte("end\n")) {
		t.Errorf("txdp bytes %q", raw)
	}
	if !LooksIDE([]byte("objs\n"), 5, "X.IDE") || LooksIDE([]byte("inst\n"), 5, "x.ide") || LooksIDE([]byte("objs\n"), 5, "x.ipl") {
		t.Error("LooksIDE")
	}
}

// Every .ide of the San Andreas snapshot reads, when it is there.
func TestRealFiles(t *testing.T) {
	dir := "/work/scratch/real/Rikintosh+GTASAv4/DATA"
	var files []string
	filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err == nil && strings.EqualFold(filepath.Ext(p), ".ide") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skip("no San Andreas snapshot")
	}
	d := NewDefinitions()
	for _, p := range files {
		b, _ := os.ReadFile(p)
		f, err := Parse(b, 0)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		for _, g := range f.Diags {
			t.Logf("%s: %s", filepath.Base(p), g.Msg)
		}
		d.Add(f, p)
	}
	if o := d.ByName["multicarpark01_lvs"]; o == nil || o.ID != 8390 || o.TXD != "vegasemulticar" || o.DrawDist != 180 {
		t.Errorf("multicarpark01_lvS: %+v", o)
	}
	t.Logf("%d files, %d ids", len(files), len(d.ByID))
}

// For reads the .ide files beside a file first, then its game's data
// folder: the ones gta.dat names in its order (so the later-named file
// does not win an id the game reads from the earlier one), then the rest.
func TestFor(t *testing.T) {
	game := t.TempDir()
	maps := filepath.Join(game, "Data", "maps", "vegas")
	os.MkdirAll(maps, 0o755)
	write := func(dir, name string, objs ...Object) {
		os.WriteFile(filepath.Join(dir, name), Text(objs, nil), 0o644)
	}
	write(maps, "a.ide", Object{ID: 5, Model: "from_a", TXD: "t"}, Object{ID: 6, Model: "six", TXD: "t"})
	write(maps, "b.ide", Object{ID: 5, Model: "from_b", TXD: "t"})
	write(filepath.Join(game, "Data", "maps"), "zzz.ide", Object{ID: 7, Model: "seven", TXD: "t"})
	os.WriteFile(filepath.Join(game, "Data", "GTA.DAT"), []byte("IDE DATA\\MAPS\\VEGAS\\B.IDE\nIDE DATA\\MAPS\\VEGAS\\A.IDE\n"), 0o644)
	d := For(maps)
	if d.ByID[5].Model != "from_a" {
		t.Errorf("beside the file: id 5 is %s", d.ByID[5].Model)
	}
	d = For(filepath.Join(game, "elsewhere"))
	if d.ByID[5].Model != "from_b" || d.ByID[7] == nil || d.ByID[6] == nil || len(d.Files) != 3 {
		t.Errorf("from the game folder: id 5 is %v, %d files", d.ByID[5], len(d.Files))
	}
	if got := DataFolder(maps); got != filepath.Join(game, "Data") {
		t.Errorf("data folder %q", got)
	}
}
