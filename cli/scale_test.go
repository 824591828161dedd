package cli

// Opening at scale with every format registered: `rummage ls --json` of a
// 1 GiB archive (a sparse file) with 4096 entries copied from the built-in
// NRes samples, so textures, materials, wear tables and models are
// detected and opened as in real use. formats/nres/scale_test.go measures
// the archive alone.
//
//	go test -run '^$' -bench Scale -benchtime 10x ./cli/

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/nres"
	"rummage/samples"
)

const (
	scaleSize  = 1 << 30
	scaleCount = 4096
)

// writeScaleArchive writes the sparse archive: payloads every size/count
// bytes, holes between them, the directory at the end.
func writeScaleArchive(tb testing.TB, path string) {
	type ent struct {
		typeID, a1, a2, a3 uint32
		data               []byte
	}
	var src []ent
	for _, f := range samples.Files() {
		if !bytes.HasPrefix(f.Data, []byte(nres.Magic)) {
			continue
		}
		a, err := nres.Open(bytes.NewReader(f.Data), int64(len(f.Data)))
		if err != nil {
			tb.Fatal(err)
		}
		for i := 0; i < a.Len(); i++ {
			e := a.Entry(i)
			if a.EntryErr(i) == nil && int(e.Offset)+int(e.Size) <= len(f.Data) {
				src = append(src, ent{e.TypeID, e.Attr1, e.Attr2, e.Attr3, f.Data[e.Offset : e.Offset+e.Size]})
			}
		}
	}
	if len(src) == 0 {
		tb.Skip("no NRes samples")
	}
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	dirOff := int64(scaleSize - scaleCount*nres.EntrySize)
	stride := (dirOff - nres.HeaderSize) / scaleCount &^ (nres.Align - 1)
	dir := make([]byte, scaleCount*nres.EntrySize)
	for i := 0; i < scaleCount; i++ {
		e := src[i%len(src)]
		off := nres.HeaderSize + int64(i)*stride
		if _, err := f.WriteAt(e.data, off); err != nil {
			tb.Fatal(err)
		}
		r := dir[i*nres.EntrySize:]
		for j, v := range []uint32{e.typeID, e.a1, e.a2, uint32(len(e.data)), e.a3} {
			binary.LittleEndian.PutUint32(r[4*j:], v)
		}
		copy(r[20:20+nres.NameSize], fmt.Sprintf("entry_%05d", i))
		binary.LittleEndian.PutUint32(r[56:], uint32(off))
		binary.LittleEndian.PutUint32(r[60:], uint32(i))
	}
	hdr := make([]byte, nres.HeaderSize)
	copy(hdr, nres.Magic)
	binary.LittleEndian.PutUint32(hdr[4:], nres.Version)
	binary.LittleEndian.PutUint32(hdr[8:], scaleCount)
	binary.LittleEndian.PutUint32(hdr[12:], scaleSize)
	for _, w := range []struct {
		b   []byte
		off int64
	}{{dir, dirOff}, {hdr, 0}} {
		if _, err := f.WriteAt(w.b, w.off); err != nil {
			tb.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
}

func TestLsScaleArchive(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 1 GiB sparse file")
	}
	path := filepath.Join(t.TempDir(), "big.lib")
	writeScaleArchive(t, path)
	code, out, errs := run(t, "ls", "--json", path)
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	var recs []lsRecord
	if err := json.Unmarshal([]byte(out), &recs); err != nil {
		t.Fatal(err)
	}
	if len(recs) != scaleCount {
		t.Fatalf("%d records, want %d", len(recs), scaleCount)
	}
	kinds := map[string]int{}
	for _, r := range recs {
		kinds[r.Kind]++
	}
	if kinds["texture"] == 0 || kinds["material"] == 0 {
		t.Errorf("kinds %v: the sample textures and materials were not detected", kinds)
	}
	if !strings.HasPrefix(recs[scaleCount-1].Path, "entry_04095") || recs[scaleCount-1].Offset >= scaleSize {
		t.Errorf("last record %+v", recs[scaleCount-1])
	}
}

// BenchmarkScaleLs1GiB is `rummage ls --json` of the 1 GiB archive: open,
// detect and open all 4096 entries, count their children, encode JSON.
func BenchmarkScaleLs1GiB(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.lib")
	writeScaleArchive(b, path)
	b.ReportAllocs()
	for b.Loop() {
		if code := Run([]string{"ls", "--json", path}, io.Discard, io.Discard); code != 0 {
			b.Fatalf("status %d", code)
		}
	}
}
