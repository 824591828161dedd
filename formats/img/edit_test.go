package img

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"rummage/formats"
)

func members(names ...string) []File {
	var fs []File
	for i, n := range names {
		fs = append(fs, File{Name: n, Data: bytes.Repeat([]byte{byte(i + 1)}, 100+i*3000)})
	}
	return fs
}

// A rebuild without edits is byte-identical: VER2 and version 1 (.img and
// .dir), sorted or not, and a VER2 whose entries keep both size fields.
func TestRebuildUnchangedIsIdentical(t *testing.T) {
	for _, names := range [][]string{{"a.txd", "B.dff", "c.col"}, {"zz.txd", "aa.dff", "mm.ifp"}} {
		v2, err := BuildVER2(members(names...))
		if err != nil {
			t.Fatal(err)
		}
		v2[8+6] = v2[8+4] // entry 0 also states its archive size
		a, err := ParseVER2(bytes.NewReader(v2), int64(len(v2)))
		if err != nil {
			t.Fatal(err)
		}
		ed, err := NewEditor(a, bytes.NewReader(v2), int64(len(v2)))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := ed.WriteTo(&buf); err != nil || !bytes.Equal(buf.Bytes(), v2) {
			t.Fatalf("VER2 %v: rebuilt %d bytes differ from %d (%v)", names, buf.Len(), len(v2), err)
		}
		img, dir, err := BuildV1(members(names...))
		if err != nil {
			t.Fatal(err)
		}
		a1, err := ParseDir(dir, int64(len(img)))
		if err != nil {
			t.Fatal(err)
		}
		ed1, _ := NewEditor(a1, bytes.NewReader(img), int64(len(img)))
		buf.Reset()
		ed1.WriteTo(&buf)
		if !bytes.Equal(buf.Bytes(), img) || !bytes.Equal(ed1.Dir(), dir) {
			t.Fatalf("v1 %v: rebuilt .img or .dir differs", names)
		}
	}
}

// contents reads every member of a VER2 archive (sector-padded data).
func contents(t *testing.T, b []byte) (names []string, data map[string][]byte) {
	t.Helper()
	a, err := ParseVER2(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	data = map[string][]byte{}
	end := int64(0)
	for _, e := range a.Entries {
		if e.Offset%SectorSize != 0 || e.Offset < end || e.Offset+e.Size > int64(len(b)) {
			t.Fatalf("%s at 0x%X (%d bytes) is misplaced", e.Name, e.Offset, e.Size)
		}
		end = e.Offset + e.Size
		names = append(names, e.Name)
		data[e.Name] = b[e.Offset : e.Offset+e.Size]
	}
	return names, data
}

// Add, replace, remove and rename give the archive they describe: sorted
// names, every member on a sector boundary with its data.
func TestEditsRebuild(t *testing.T) {
	v2, _ := BuildVER2(members("a.txd", "c.dff", "e.col"))
	a, _ := ParseVER2(bytes.NewReader(v2), int64(len(v2)))
	ed, _ := NewEditor(a, bytes.NewReader(v2), int64(len(v2)))
	big := bytes.Repeat([]byte{9}, 5000)
	steps := []error{ed.Add("b.ifp", []byte("new")), ed.Replace("C.DFF", big), ed.Remove("e.col"), ed.Rename("a.txd", "f.txd")}
	for i, err := range steps {
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	var buf bytes.Buffer
	ed.WriteTo(&buf)
	names, data := contents(t, buf.Bytes())
	if !reflect.DeepEqual(names, []string{"b.ifp", "c.dff", "f.txd"}) {
		t.Fatalf("names %v", names)
	}
	if !bytes.HasPrefix(data["b.ifp"], []byte("new")) || !bytes.HasPrefix(data["c.dff"], big) || len(data["c.dff"]) != 3*SectorSize ||
		data["f.txd"][0] != 1 {
		t.Fatal("member data wrong after the edits")
	}
	if buf.Len()%SectorSize != 0 {
		t.Fatalf("archive of %d bytes is not whole sectors", buf.Len())
	}
}

// Bad edits are errors naming the member.
func TestEditErrors(t *testing.T) {
	ed := NewArchiveEditor(2)
	if err := ed.Add("x.txd", nil); err != nil {
		t.Fatal(err)
	}
	for _, err := range []error{ed.Add("X.TXD", nil), ed.Add(strings.Repeat("n", 24), nil), ed.Replace("nope", nil),
		ed.Remove("nope"), ed.Rename("nope", "a"), ed.Add("big", make([]byte, 0x10000*SectorSize))} {
		if err == nil {
			t.Fatal("no error")
		}
	}
	if err := ed.Add("y.txd", nil); err != nil || fmt.Sprint(ed.Names()) != "[x.txd y.txd]" {
		t.Fatalf("%v %v", err, ed.Names())
	}
}

// Root.Editor starts from the archive as opened: unchanged it rebuilds the
// same bytes; an entry replaced through the tree comes out replaced.
func TestRootEditor(t *testing.T) {
	b, _ := BuildVER2(members("a.txd", "b.dff"))
	root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "x.img"})
	if err != nil {
		t.Fatal(err)
	}
	r := root.(*Root)
	ed, err := r.Editor()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	ed.WriteTo(&buf)
	if !bytes.Equal(buf.Bytes(), b) {
		t.Fatal("unchanged rebuild differs")
	}
	if err := r.replaceEntry(1, []byte("replaced")); err != nil {
		t.Fatal(err)
	}
	ed, _ = r.Editor()
	buf.Reset()
	ed.WriteTo(&buf)
	_, data := contents(t, buf.Bytes())
	if !bytes.HasPrefix(data["b.dff"], []byte("replaced")) || len(data["b.dff"]) != SectorSize {
		t.Fatal("replaced entry not in the rebuild")
	}
}

// Members of an original archive that share a name (ignoring case) keep
// their order when adds are sorted in among them.
func TestAddsKeepEqualNamesInOrder(t *testing.T) {
	v2, err := BuildVER2(members("a.txd", "b.txd", "c.col"))
	if err != nil {
		t.Fatal(err)
	}
	copy(v2[8+8:], "A.TXD") // entry 0 is now A.TXD, entry 1 renamed a.txd: equal keys
	copy(v2[8+EntrySize+8:], "a.txd")
	a, err := ParseVER2(bytes.NewReader(v2), int64(len(v2)))
	if err != nil {
		t.Fatal(err)
	}
	ed, err := NewEditor(a, bytes.NewReader(v2), int64(len(v2)))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for i := 199; i >= 0; i-- {
		name := fmt.Sprintf("%c%03d.dff", "0ab"[i%3], i)
		if err := ed.Add(name, []byte{1}); err != nil {
			t.Fatal(err)
		}
		want = append(want, name)
	}
	want = append(want, "A.TXD", "a.txd", "c.col")
	slices.SortStableFunc(want, func(x, y string) int { return strings.Compare(strings.ToLower(x), strings.ToLower(y)) })
	if got := ed.Names(); !reflect.DeepEqual(got, want) {
		t.Errorf("names %v\nwant %v", got, want)
	}
}
