package img

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strconv"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/binread"
)

func openIMG(t *testing.T, b []byte) formats.Node {
	t.Helper()
	f, err := formats.OpenBytes("gta3.img", b, nil)
	if err != nil {
		t.Fatal(err)
	}
	return f.Root
}

// A header that claims more entries than fit before the data keeps every
// readable entry; each record that lies in the data is a broken entry at
// its own offset, and the archive says what happened.
func TestOverstatedEntryCount(t *testing.T) {
	files := []File{{"a.txd", sampleTXD(t)}, {"b.dat", []byte("bee")}}
	b, err := BuildVER2(files)
	if err != nil {
		t.Fatal(err)
	}
	// The directory ends at 8+64 bytes; the data starts at sector 1.
	// 61 more records fit in the first sector's padding (zeros: empty
	// entries), 63 in all; the 64th straddles a.txd's first byte.
	const claimed = 70
	binary.LittleEndian.PutUint32(b[4:], claimed)
	root := openIMG(t, b)
	kids, err := root.Children()
	if err != nil || len(kids) != claimed {
		t.Fatalf("%d children, err %v", len(kids), err)
	}
	if kids[0].Name() != "a.txd" || kids[0].Kind() != formats.KindArchive || kids[1].Name() != "b.dat" {
		t.Fatalf("real entries: %s %s %s", kids[0].Name(), kids[0].Kind(), kids[1].Name())
	}
	for i := 63; i < claimed; i++ {
		br, ok := kids[i].(formats.Broken)
		at := int64(8 + i*EntrySize)
		if !ok || formats.ErrorOffset(br.Err()) != at || !strings.Contains(br.Err().Error(), "lies in the data of entry \"a.txd\"") || kids[i].Name() != "entry_"+strconv.Itoa(i) {
			t.Fatalf("record %d: %s %v, want broken at 0x%X", i, kids[i].Name(), kids[i], at)
		}
	}
	d, _ := root.(formats.Describer).Describe()
	if m := d.(map[string]any); m["claimed"] != int64(claimed) || m["unreadable"] != int64(claimed-63) {
		t.Fatalf("facts %v", m)
	}
	if g := formats.SafeDiagnostics(root); len(g) != 1 || g[0].Off != 4 || !strings.Contains(g[0].Msg, "claims 70 entries, but only 63") {
		t.Fatalf("findings %v", g)
	}
	// Edits are not saved over a directory that cannot be read.
	if err := root.(*Root).replaceEntry(1, []byte("new")); err == nil {
		t.Fatal("an edit was taken")
	}
}

// A count past the end of the file is one broken node for the records
// that are not there; nothing past the file is read.
func TestCountPastTheEnd(t *testing.T) {
	b, _ := BuildVER2([]File{{"b.dat", []byte("bee")}})
	binary.LittleEndian.PutUint32(b[4:], 0xFFFFFFFF)
	b = b[:2048] // the directory sector alone: no data
	root := openIMG(t, b)
	kids, _ := root.Children()
	last := kids[len(kids)-1]
	br, ok := last.(formats.Broken)
	if !ok || !strings.HasPrefix(last.Name(), "entries_") || !strings.Contains(br.Err().Error(), "cannot be read") {
		t.Fatalf("last child %s %v", last.Name(), last)
	}
	if len(kids) > maxBadEntries+64 {
		t.Fatalf("%d children", len(kids))
	}
}

// Bytes after the last entry: zeros are padding, anything else a warning
// at the end of the last entry's sectors.
func TestIMGTrailer(t *testing.T) {
	b, _ := BuildVER2([]File{{"b.dat", []byte("bee")}})
	if g := formats.SafeDiagnostics(openIMG(t, append(bytes.Clone(b), make([]byte, 4096)...))); g != nil {
		t.Fatalf("zero padding warned: %v", g)
	}
	g := formats.SafeDiagnostics(openIMG(t, append(bytes.Clone(b), "tail"...)))
	if len(g) != 1 || g[0].Off != int64(len(b)) || !strings.Contains(g[0].Msg, "4 bytes after the last entry") {
		t.Fatalf("findings %v", g)
	}
}

// A version 1 entry past the end of the .img is a broken entry; its
// siblings open.
func TestV1EntryPastTheEnd(t *testing.T) {
	imgData, dirData, _ := BuildV1([]File{{"a.dat", []byte("a")}, {"b.dat", []byte("b")}})
	binary.LittleEndian.PutUint32(dirData[32:], 999)
	a, err := ParseDir(dirData, int64(len(imgData)))
	if err != nil {
		t.Fatal(err)
	}
	root := newRoot(formats.Source{R: bytes.NewReader(imgData), Size: int64(len(imgData)), Name: "gta3.img"}, a)
	kids, _ := root.Children()
	if _, ok := kids[0].(formats.Broken); ok {
		t.Fatal("a.dat broken")
	}
	var fe *binread.FormatError
	if br, ok := kids[1].(formats.Broken); !ok || !errors.As(br.Err(), &fe) || fe.Off != 32 {
		t.Fatalf("b.dat: %v", kids[1])
	}
}
