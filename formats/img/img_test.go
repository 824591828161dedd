package img

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/txd"
)

func sampleTXD(t testing.TB) []byte {
	tex, err := txd.NewD3D(txd.PlatformD3D9, imageOf(8, 8), txd.Options{Name: "inner", Format: txd.Fmt8888})
	if err != nil {
		t.Fatal(err)
	}
	d := txd.NewDictionary(txd.StampSA, 2)
	d.Add(tex)
	b, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestVER2WithTXD(t *testing.T) {
	files := []File{{"a.txd", sampleTXD(t)}, {"notes.dat", []byte("hello")}, {"A.TXD", sampleTXD(t)}}
	b, err := BuildVER2(files)
	if err != nil {
		t.Fatal(err)
	}
	root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "gta3.img"})
	if err != nil {
		t.Fatal(err)
	}
	kids, _ := root.Children()
	if len(kids) != 3 {
		t.Fatalf("%d entries", len(kids))
	}
	names := formats.ChildNames(kids, formats.Folds(root))
	if names[0] != "a.txd@0" || names[1] != "notes.dat" || names[2] != "A.TXD@2" {
		t.Fatalf("names %v", names)
	}
	n, err := formats.Resolve(root, "a.txd@0/inner")
	if err != nil {
		t.Fatal(err)
	}
	im, err := n.(formats.Imager).Image(0)
	if err != nil || im.Bounds().Dx() != 8 {
		t.Fatalf("image %v %v", im, err)
	}
	if r := n.(formats.Rawer); r.Offset() <= 2048 {
		t.Fatalf("inner offset %d is not absolute", r.Offset())
	}
	raw, _ := formats.Resolve(root, "notes.dat")
	if raw.Kind() != formats.KindRaw || raw.(formats.Rawer).Size() != 2048 {
		t.Fatalf("raw entry %v %d", raw.Kind(), raw.(formats.Rawer).Size())
	}
}

func TestV1NeedsDir(t *testing.T) {
	imgData, dirData, err := BuildV1([]File{{"x.txd", sampleTXD(t)}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "gta3.img")
	os.WriteFile(p, imgData, 0o644)
	if _, err := formats.Open(p, nil); err == nil {
		t.Fatal("v1 IMG opened without its .dir")
	}
	os.WriteFile(filepath.Join(dir, "gta3.dir"), dirData, 0o644)
	f, err := formats.Open(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, err := formats.Resolve(f.Root, "x.txd/inner")
	if err != nil {
		t.Fatal(err)
	}
	if n.Kind() != formats.KindTexture {
		t.Fatal(n.Kind())
	}
}

// A huge claimed count reads nothing past the file; an entry past the
// end is a broken entry, not a broken archive.
func TestBrokenDirectories(t *testing.T) {
	a, err := ParseVER2(bytes.NewReader([]byte("VER2\xff\xff\xff\x7f")), 8)
	if err != nil || len(a.Entries) != 0 || a.Unlisted != 0x7FFFFFFF {
		t.Fatalf("huge count: %v, %d entries, %d unlisted", err, len(a.Entries), a.Unlisted)
	}
	if _, err := ParseDir(make([]byte, 31), 0); err == nil {
		t.Fatal("odd .dir accepted")
	}
	bad := make([]byte, 64)
	bad[0] = 0xFF
	copy(bad[40:], "ok.dat")
	a, err = ParseDir(bad, 2048)
	if err != nil || len(a.Entries) != 2 || a.Entries[0].Err == nil || a.Entries[1].Err != nil {
		t.Fatalf("entry past the end: %v %+v", err, a)
	}
}

func FuzzIMG(f *testing.F) {
	b, _ := BuildVER2([]File{{"a.txd", sampleTXD(f)}, {"b", []byte{1}}})
	f.Add(b[:4096])
	f.Add(b)
	_, dir, _ := BuildV1([]File{{"a.txd", sampleTXD(f)}, {"b", []byte{1}}})
	f.Add(dir)
	f.Fuzz(func(t *testing.T, data []byte) {
		// The same bytes as a version 1 .dir for an archive of 4× their size.
		if v1, err := ParseDir(data, 4*int64(len(data))); err == nil {
			for _, e := range v1.Entries {
				if e.Err == nil && e.Offset > 4*int64(len(data)) {
					t.Fatalf("entry %q at %d past the archive", e.Name, e.Offset)
				}
			}
		}
		a, err := ParseVER2(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		root := newRoot(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "f.img"}, a)
		kids, _ := root.Children()
		for _, k := range kids {
			k.Children()
		}
	})
}

func TestVER2SaveEditedTXD(t *testing.T) {
	big := sampleTXD(t)
	files := []File{{"a.txd", sampleTXD(t)}, {"mid.dat", bytes.Repeat([]byte{7}, 3000)}, {"z.txd", big}}
	b, _ := BuildVER2(files)
	root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "gta3.img"})
	if err != nil {
		t.Fatal(err)
	}
	s := root.(formats.Saver)
	var out bytes.Buffer
	s.WriteTo(&out)
	if s.Edited() || !bytes.Equal(out.Bytes(), b) {
		t.Fatal("untouched save differs")
	}
	n, _ := formats.Resolve(root, "a.txd/inner")
	tn := n.(*txd.TexNode)
	nt, err := txd.Replace(tn.Texture(), imageOf(3, 3))
	if err != nil {
		t.Fatal(err)
	}
	// Make the entry grow past one sector by replacing with a mipmapped copy in a bigger dictionary.
	d := txd.NewDictionary(txd.StampSA, 2)
	grown, _ := txd.NewD3D(txd.PlatformD3D9, imageOf(32, 32), txd.Options{Name: "inner", Format: txd.Fmt8888})
	d.Add(grown)
	gb, _ := d.Marshal()
	if len(gb) <= SectorSize {
		t.Fatal("fixture too small")
	}
	if _, err := tn.Set(nt); err != nil {
		t.Fatal(err)
	}
	if !s.Edited() {
		t.Fatal("IMG not marked edited")
	}
	// Replace the other TXD wholesale through its Source.Replace (as the TXD root does).
	out.Reset()
	if _, err := s.WriteTo(&out); err != nil {
		t.Fatal(err)
	}
	re, err := formats.OpenFile(formats.Source{R: bytes.NewReader(out.Bytes()), Size: int64(out.Len()), Name: "gta3.img"})
	if err != nil {
		t.Fatal(err)
	}
	m, err := formats.Resolve(re, "z.txd/inner")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.(formats.Imager).Image(0); err != nil {
		t.Fatal(err)
	}
	mid, _ := formats.Resolve(re, "mid.dat")
	raw := make([]byte, 3000)
	mid.(formats.Rawer).Open().Read(raw)
	if !bytes.Equal(raw, bytes.Repeat([]byte{7}, 3000)) {
		t.Fatal("untouched entry moved wrongly")
	}
	// Grow the first entry past one sector: the entries after it move.
	if err := root.(*Root).replaceEntry(0, gb); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	s.WriteTo(&out)
	re, err = formats.OpenFile(formats.Source{R: bytes.NewReader(out.Bytes()), Size: int64(out.Len()), Name: "gta3.img"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := formats.Resolve(re, "a.txd/inner")
	if err != nil {
		t.Fatal(err)
	}
	if im, _ := g.(formats.Imager).Image(0); im.Bounds().Dx() != 32 {
		t.Fatal("grown entry not saved")
	}
	mid, _ = formats.Resolve(re, "mid.dat")
	mid.(formats.Rawer).Open().Read(raw)
	if !bytes.Equal(raw, bytes.Repeat([]byte{7}, 3000)) || mid.(formats.Rawer).Offset() <= int64(len(b))-2*SectorSize-3*SectorSize {
		t.Fatal("entry after the grown one is wrong")
	}
	if _, err := formats.Resolve(re, "z.txd/inner"); err != nil {
		t.Fatal(err)
	}
}

func TestV1SaveInPlace(t *testing.T) {
	imgData, dirData, _ := BuildV1([]File{{"x.txd", sampleTXD(t)}, {"y.dat", []byte("yyyy")}})
	dir := t.TempDir()
	p := filepath.Join(dir, "gta3.img")
	os.WriteFile(p, imgData, 0o644)
	os.WriteFile(filepath.Join(dir, "gta3.dir"), dirData, 0o644)
	f, err := formats.Open(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, _ := formats.Resolve(f.Root, "x.txd/inner")
	tn := n.(*txd.TexNode)
	nt, _ := txd.Rename(tn.Texture(), "outer", "")
	if _, err := tn.Set(nt); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := f.Root.(formats.Saver).WriteTo(&out); err != nil {
		t.Fatal(err)
	}
	if out.Len() != len(imgData) {
		t.Fatalf("size %d, want %d", out.Len(), len(imgData))
	}
	os.WriteFile(p, out.Bytes(), 0o644)
	g, err := formats.Open(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if _, err := formats.Resolve(g.Root, "x.txd/outer"); err != nil {
		t.Fatal(err)
	}
	y, _ := formats.Resolve(g.Root, "y.dat")
	b := make([]byte, 4)
	y.(formats.Rawer).Open().Read(b)
	if string(b) != "yyyy" {
		t.Fatal("other entry changed")
	}
	// Growing past the entry's sectors is refused.
	root := g.Root.(*Root)
	root.replaceEntry(0, make([]byte, 5*SectorSize))
	if _, err := root.WriteTo(&out); err == nil {
		t.Fatal("a grown v1 entry was written")
	}
}

func TestEntryOverDirectoryIsNotOpened(t *testing.T) {
	b, _ := BuildVER2([]File{{"self.img", []byte("x")}})
	binary.LittleEndian.PutUint32(b[8:], 0) // the entry now starts at the archive itself
	binary.LittleEndian.PutUint16(b[12:], uint16(len(b)/SectorSize))
	root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "a.img"})
	if err != nil {
		t.Fatal(err)
	}
	kids, _ := root.Children()
	if br, ok := kids[0].(formats.Broken); !ok || br.Err() == nil {
		t.Fatalf("self-referencing entry opened as %T", kids[0])
	}
}

// An edited TXD inside an archive hands the archive its new bytes without
// the old sector padding (the archive pads again), so a dictionary that
// grew a little still takes the sectors it needs and no more; the other
// entries keep their bytes.
func TestEditedTXDDropsOldPadding(t *testing.T) {
	tex, _ := txd.NewPS2(imageOf(16, 16), txd.Options{Name: "a", Format: txd.FmtPal4 | txd.Fmt8888})
	d := txd.NewDictionary(txd.StampSA, 6)
	d.Add(tex)
	tb, _ := d.Marshal()
	other := bytes.Repeat([]byte{5}, 100)
	b, _ := BuildVER2([]File{{"t.txd", tb}, {"o.dat", other}})
	root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "x.img"})
	if err != nil {
		t.Fatal(err)
	}
	n, err := formats.Resolve(root, "t.txd/a")
	if err != nil {
		t.Fatal(err)
	}
	tn := n.(*txd.TexNode)
	nt, _ := txd.Rename(tn.Texture(), "longer_name", "")
	if _, err := tn.Set(nt); err != nil {
		t.Fatal(err)
	}
	r := root.(*Root)
	got := r.repl[0]
	if len(got) != len(tb)+8 {
		t.Fatalf("replacement of %d bytes, want the renamed dictionary's %d (no old padding)", len(got), len(tb)+8)
	}
	var out bytes.Buffer
	if _, err := r.WriteTo(&out); err != nil {
		t.Fatal(err)
	}
	re, _ := formats.OpenFile(formats.Source{R: bytes.NewReader(out.Bytes()), Size: int64(out.Len()), Name: "x.img"})
	if _, err := formats.Resolve(re, "t.txd/longer_name"); err != nil {
		t.Fatal(err)
	}
	o, _ := formats.Resolve(re, "o.dat")
	raw := make([]byte, 100)
	o.(formats.Rawer).Open().Read(raw)
	if !bytes.Equal(raw, other) {
		t.Fatal("the other entry changed")
	}
	if out.Len() != len(b) {
		t.Fatalf("archive size %d, want %d (the entry still fits its sector)", out.Len(), len(b))
	}
}

// TestSharedPayloads: a crafted VER2 archive whose 200 entries all point at
// one TXD opens the first and marks the others broken, instead of decoding
// the same bytes 200 times.
func TestSharedPayloads(t *testing.T) {
	data, err := BuildVER2([]File{{"a.txd", sampleTXD(t)}})
	if err != nil {
		t.Fatal(err)
	}
	const n = 200
	// Rewrite the directory: n entries, all with the first one's range.
	first := append([]byte(nil), data[8:8+EntrySize]...)
	dir := make([]byte, 0, n*EntrySize)
	for i := 0; i < n; i++ {
		e := append([]byte(nil), first...)
		copy(e[8:], fmt.Sprintf("e%03d.txd\x00", i))
		dir = append(dir, e...)
	}
	payloadAt := int64(binary.LittleEndian.Uint32(first[0:4])) * SectorSize
	payload := data[payloadAt:]
	out := binary.LittleEndian.AppendUint32([]byte("VER2"), n)
	out = append(out, dir...)
	start := (len(out) + SectorSize - 1) / SectorSize * SectorSize
	out = append(out, make([]byte, start-len(out))...)
	out = append(out, payload...)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(out[8+i*EntrySize:], uint32(start/SectorSize))
	}
	root, err := OpenVER2(formats.Source{R: bytes.NewReader(out), Size: int64(len(out)), Name: "crafted.img"})
	if err != nil {
		t.Fatal(err)
	}
	kids, _ := root.Children()
	broken := 0
	for _, k := range kids {
		if b, ok := k.(formats.Broken); ok && b.Err() != nil && strings.Contains(b.Err().Error(), "shares its bytes with entry \"e000.txd\"") {
			broken++
		}
	}
	if len(kids) != n || broken != n-1 || kids[0].Kind() != formats.KindArchive {
		t.Errorf("%d children, %d broken as shared, first %s", len(kids), broken, kids[0].Kind())
	}
}

// TestOpenDir: opening a version 1 .dir opens the .img beside it, or says
// which .img is missing.
func TestOpenDir(t *testing.T) {
	imgData, dirData, err := BuildV1([]File{{"x.txd", sampleTXD(t)}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	dirPath := filepath.Join(dir, "gta3.dir")
	os.WriteFile(dirPath, dirData, 0o644)
	f, err := formats.Open(dirPath, nil)
	if err == nil || !strings.Contains(err.Error(), "gta3.img is not beside it") {
		t.Errorf("lone .dir: %v", err)
	}
	f.Close()
	os.WriteFile(filepath.Join(dir, "gta3.img"), imgData, 0o644)
	f, err = formats.Open(dirPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Path != filepath.Join(dir, "gta3.img") || f.Root.Name() != "gta3.img" {
		t.Errorf("opened %s as %s", f.Path, f.Root.Name())
	}
	if kids, _ := f.Root.Children(); len(kids) != 1 {
		t.Errorf("%d entries", len(kids))
	}
}
