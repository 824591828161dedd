package nres

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/binread"
)

// captured is what the test format saw when opening a "CAPT" entry.
var captured struct {
	replace  func([]byte) error
	siblings int
}

func init() {
	// A format that claims entries tagged "CAPT", to check what a format
	// inside an archive receives (Replace, Parent, Fields).
	formats.Register(formats.Format{
		Name:     "nres-test-capture",
		Priority: 20,
		Match:    func(p formats.Probe) bool { return p.Hint == "CAPT" },
		Open: func(s formats.Source) (formats.Node, error) {
			captured.replace = s.Replace
			kids, err := s.Parent.Children() // re-entrant: must not deadlock
			if err != nil {
				return nil, err
			}
			captured.siblings = len(kids)
			return formats.NewRaw(s, formats.KindText, "captured"), nil
		},
	})
}

func openRoot(t *testing.T, b []byte) *Node {
	t.Helper()
	n, err := formats.OpenFile(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "test.lib", Opts: &formats.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	root, ok := n.(*Node)
	if !ok {
		t.Fatalf("root is %T, want *nres.Node", n)
	}
	return root
}

func kids(t *testing.T, n formats.Node) []formats.Node {
	t.Helper()
	k, err := n.Children()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestNodeTree(t *testing.T) {
	b := fixture(t)
	root := openRoot(t, b)
	d, err := root.Describe()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"kind": "archive", "format": "nres", "version": 256, "entries": 8, "fileSize": int64(len(b))}
	if !reflect.DeepEqual(d, want) {
		t.Errorf("Describe = %v, want %v", d, want)
	}
	if !formats.Folds(root) || root.Kind() != formats.KindArchive || root.Type() != "NRes" {
		t.Error("root capabilities wrong")
	}
	var _ formats.Saver = root
	var _ formats.Rawer = root
	ks := kids(t, root)
	a := mustOpen(t, b)
	types := []string{"MAT0", "WEAR", "Texm", "MSH", "0xDEADBEEF", "CTLD", "MAT0", "MAT0"}
	for i, k := range ks {
		e := a.Entry(i)
		if k.Name() != e.Name() {
			t.Errorf("child %d name %q, want %q", i, k.Name(), e.Name())
		}
		if ty := k.(formats.Typer).Type(); ty != types[i] {
			t.Errorf("child %d type %q, want %q", i, ty, types[i])
		}
		r := k.(formats.Rawer)
		if r.Offset() != int64(e.Offset) || r.Size() != int64(e.Size) {
			t.Errorf("child %d at %d+%d, want %d+%d", i, r.Offset(), r.Size(), e.Offset, e.Size)
		}
		got, _ := io.ReadAll(r.Open())
		if data, _ := a.Data(i); !bytes.Equal(got, data) {
			t.Errorf("child %d bytes differ", i)
		}
		f := k.(formats.Fielder).ListFields()
		wantF := map[string]any{"attr1": e.Attr1, "attr2": e.Attr2, "attr3": e.Attr3, "sortIndex": e.SortIndex}
		if !reflect.DeepEqual(f, wantF) {
			t.Errorf("child %d fields %v, want %v", i, f, wantF)
		}
	}
	// Unknown data: a raw entry node with the type id in hex.
	raw, ok := ks[4].(*EntryNode)
	if !ok || raw.Kind() != formats.KindRaw {
		t.Fatalf("child 4 is %T", ks[4])
	}
	rd, _ := raw.Describe()
	if m := rd.(map[string]any); m["typeId"] != "0xDEADBEEF" || m["type"] != "0xDEADBEEF" || m["attr3"] != uint32(3) {
		t.Errorf("raw Describe = %v", m)
	}
	// The nested archive opens through the registry with absolute offsets.
	msh, ok := ks[3].(*Node)
	if !ok || msh.Type() != "MSH" {
		t.Fatalf("tank.msh is %T", ks[3])
	}
	inner := kids(t, msh)
	if len(inner) != 2 || inner[1].(formats.Typer).Type() != "3" {
		t.Fatalf("inner children %v", inner)
	}
	if off := inner[1].(formats.Rawer).Offset(); off != int64(a.Entry(3).Offset)+16+8*15 {
		t.Errorf("inner stream at %d", off)
	}
	// Paths resolve case-insensitively, duplicates by @N.
	for path, want := range map[string]formats.Node{"TANK.MSH/land@1": inner[1], "wood_01@4": ks[4], "abcd": ks[7]} {
		got, err := formats.Resolve(root, path)
		if err != nil || got != want {
			t.Errorf("Resolve(%q) = %v, %v", path, got, err)
		}
	}
	if root.Lookup("WOOD_01") != ks[0] || root.Lookup("nope") != nil {
		t.Error("node Lookup wrong")
	}
	// Cached once, rebuilt after an edit.
	if k2 := kids(t, root); &k2[0] != &ks[0] {
		t.Error("children rebuilt without an edit")
	}
	if err := root.Edit(func(a *Archive) error { return a.Rename(0, "Renamed") }); err != nil {
		t.Fatal(err)
	}
	if k3 := kids(t, root); k3[0].Name() != "Renamed" || !root.Edited() {
		t.Error("children not rebuilt after an edit")
	}
}

func TestNodeBrokenEntry(t *testing.T) {
	b := fixture(t)
	r := recOff(b, 2)
	put32(b, r+56, uint32(len(b))-4)
	root := openRoot(t, b)
	ks := kids(t, root)
	br, ok := ks[2].(formats.Broken)
	if !ok {
		t.Fatalf("child 2 is %T, want broken", ks[2])
	}
	var fe *binread.FormatError
	if !errors.As(br.Err(), &fe) || fe.Off != int64(r+56) {
		t.Fatalf("broken err %v", br.Err())
	}
	if ty := ks[2].(formats.Typer).Type(); ty != "Texm" {
		t.Errorf("broken type %q", ty)
	}
	if _, ok := ks[1].(formats.Broken); ok {
		t.Error("neighbour broken too")
	}
}

func TestNodeSourceAndNestedEdits(t *testing.T) {
	inner, err := Build([]Entry{{TypeID: TypeID("CAPT"), Name: "cap", Data: []byte("old")}, {TypeID: 5, Name: "x", Data: []byte("x")}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Build([]Entry{{TypeID: TypeID("CAPT"), Name: "top", Data: []byte("top")}, {TypeID: TypeID("MSH"), Name: "m.msh", Data: inner}})
	if err != nil {
		t.Fatal(err)
	}
	root := openRoot(t, b)
	ks := kids(t, root)
	if ks[0].Kind() != formats.KindText || captured.siblings != 2 {
		t.Fatalf("capture format: kind %s, siblings %d", ks[0].Kind(), captured.siblings)
	}
	// A foreign node built with NewRaw lists the entry's fields.
	if f := ks[0].(formats.Fielder).ListFields(); f["attr1"] != uint32(0) || f["sortIndex"] == nil {
		t.Errorf("foreign node fields %v", f)
	}
	if err := captured.replace([]byte("new top")); err != nil {
		t.Fatal(err)
	}
	if !root.Edited() {
		t.Fatal("Replace did not mark the archive edited")
	}
	// Replace inside the nested archive reaches the root.
	m := kids(t, root)[1].(*Node)
	kids(t, m)
	if err := captured.replace([]byte("new inner")); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := root.WriteTo(&out); err != nil {
		t.Fatal(err)
	}
	a := mustOpen(t, out.Bytes())
	top, _ := a.Data(0)
	mb, _ := a.Data(1)
	ia := mustOpen(t, mb)
	cap0, _ := ia.Data(0)
	if string(top) != "new top" || string(cap0) != "new inner" {
		t.Fatalf("after nested edit: %q %q", top, cap0)
	}
	// The rebuilt children show in-memory payloads at offset -1, and so do
	// the entries of a nested archive held in memory.
	if off := kids(t, root)[0].(formats.Rawer).Offset(); off != -1 {
		t.Errorf("replaced entry offset %d, want -1", off)
	}
	m2 := kids(t, root)[1].(*Node)
	if off := kids(t, m2)[1].(formats.Rawer).Offset(); m2.Offset() != -1 || off != -1 {
		t.Errorf("entry of an in-memory nested archive at %d (archive at %d), want -1", off, m2.Offset())
	}
}

type failSaver struct{}

func (failSaver) Edited() bool { return true }
func (failSaver) WriteTo(w io.Writer) (int64, error) {
	w.Write([]byte("partial"))
	return 7, errors.New("disk full")
}

func TestSaveFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "Test.lib")
	orig := fixture(t)
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := formats.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	root := f.Root.(*Node)
	if err := root.Edit(func(a *Archive) error { return a.Replace(a.Lookup("tank.wea"), []byte("2\r\n")) }); err != nil {
		t.Fatal(err)
	}
	if err := formats.SaveFile(path, root); err != nil {
		t.Fatal(err)
	}
	bak, _ := os.ReadFile(path + ".bak")
	if !bytes.Equal(bak, orig) {
		t.Error(".bak is not the original")
	}
	saved, _ := os.ReadFile(path)
	a := mustOpen(t, saved)
	if d, _ := a.Data(1); string(d) != "2\r\n" {
		t.Errorf("saved entry %q", d)
	}
	// A failing writer leaves the file and the folder as they were.
	if err := formats.SaveFile(path, failSaver{}); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("failing save: %v", err)
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, saved) {
		t.Error("failed save changed the file")
	}
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	if strings.Join(names, " ") != "Test.lib Test.lib.bak" {
		t.Errorf("folder after failed save: %v", names)
	}
}

// TestNodeConcurrent lists, looks up and edits from several goroutines
// (run with -race).
func TestNodeConcurrent(t *testing.T) {
	root := openRoot(t, fixture(t))
	done := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func() {
			for i := 0; i < 20; i++ {
				if g == 0 && i%5 == 0 {
					if err := root.Edit(func(a *Archive) error { return a.Replace(1, []byte{byte(i)}) }); err != nil {
						done <- err
						return
					}
				}
				ks, err := root.Children()
				if err != nil || len(ks) != 8 {
					done <- fmt.Errorf("children: %d, %v", len(ks), err)
					return
				}
				root.Lookup("abcd")
				root.Describe()
				root.Diagnostics()
			}
			done <- nil
		}()
	}
	for g := 0; g < 8; g++ {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}
