package nres_test

// Opening at scale: a 1 GiB archive (a sparse file) with a few thousand
// entries, opened through formats.Open and listed the way the tree and
// `rummage ls` do (every child detected by its magic, then its name, kind
// and type). Only the header, the directory and each entry's first bytes
// are read, so the time depends on the entry count, not on the file size.
//
// This test binary registers only the nres format (importing formats/all
// here would change what the package's own tests see), so entries other
// than nested archives are raw nodes; cli/scale_test.go measures the same
// file with every format registered.
//
//	go test -run '^$' -bench Scale -benchtime 20x ./formats/nres/

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"

	"rummage/formats"
	"rummage/formats/nres"
	"rummage/samples"
)

// scaleEntry is one payload of the big archive: a real sample entry, so
// detection and opening do their usual work.
type scaleEntry struct {
	typeID, attr1, attr2, attr3 uint32
	data                        []byte
}

// sampleEntries collects the entries of the built-in NRes samples (textures,
// materials, wear tables, models), or plain bytes when there are none.
func sampleEntries(tb testing.TB) []scaleEntry {
	var out []scaleEntry
	for _, f := range samples.Files() {
		if !strings.HasPrefix(string(f.Data), nres.Magic) {
			continue
		}
		a, err := nres.Open(strings.NewReader(string(f.Data)), int64(len(f.Data)))
		if err != nil {
			tb.Fatalf("sample %s: %v", f.Name, err)
		}
		for i := 0; i < a.Len(); i++ {
			e := a.Entry(i)
			if a.EntryErr(i) != nil || int(e.Offset)+int(e.Size) > len(f.Data) {
				continue
			}
			out = append(out, scaleEntry{e.TypeID, e.Attr1, e.Attr2, e.Attr3, f.Data[e.Offset : e.Offset+e.Size]})
		}
	}
	if len(out) == 0 {
		out = append(out, scaleEntry{typeID: 1, data: []byte("plain entry bytes")})
	}
	return out
}

// writeSparseArchive writes an NRes archive of count entries spread over
// size bytes: the payloads (sample entries, cycled) sit every size/count
// bytes with holes in between, and the directory is at the end. The holes
// are never written, so the file takes a few MB on disk. Names are
// "entry_NNNNN" (already in case-insensitive order, so sort_index is the
// identity).
func writeSparseArchive(tb testing.TB, path string, size int64, count int) {
	src := sampleEntries(tb)
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	dirOff := size - int64(count)*nres.EntrySize
	stride := (dirOff - nres.HeaderSize) / int64(count) &^ (nres.Align - 1)
	dir := make([]byte, count*nres.EntrySize)
	for i := 0; i < count; i++ {
		e := src[i%len(src)]
		off := nres.HeaderSize + int64(i)*stride
		if int64(len(e.data)) > stride {
			tb.Fatalf("entry of %d bytes does not fit the stride %d", len(e.data), stride)
		}
		if _, err := f.WriteAt(e.data, off); err != nil {
			tb.Fatal(err)
		}
		r := dir[i*nres.EntrySize:]
		binary.LittleEndian.PutUint32(r[0:], e.typeID)
		binary.LittleEndian.PutUint32(r[4:], e.attr1)
		binary.LittleEndian.PutUint32(r[8:], e.attr2)
		binary.LittleEndian.PutUint32(r[12:], uint32(len(e.data)))
		binary.LittleEndian.PutUint32(r[16:], e.attr3)
		copy(r[20:20+nres.NameSize], fmt.Sprintf("entry_%05d", i))
		binary.LittleEndian.PutUint32(r[56:], uint32(off))
		binary.LittleEndian.PutUint32(r[60:], uint32(i))
	}
	if _, err := f.WriteAt(dir, dirOff); err != nil {
		tb.Fatal(err)
	}
	hdr := make([]byte, nres.HeaderSize)
	copy(hdr, nres.Magic)
	binary.LittleEndian.PutUint32(hdr[4:], nres.Version)
	binary.LittleEndian.PutUint32(hdr[8:], uint32(count))
	binary.LittleEndian.PutUint32(hdr[12:], uint32(size))
	if _, err := f.WriteAt(hdr, 0); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
}

// diskBytes is the space the file really takes (sparse files take less).
func diskBytes(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return -1
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Blocks * 512
	}
	return fi.Size()
}

const (
	scaleSize  = 1 << 30 // 1 GiB
	scaleCount = 4096
)

// openAndList opens path and lists its root like the tree does.
func openAndList(tb testing.TB, path string) (kinds map[formats.Kind]int) {
	f, err := formats.Open(path, nil)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	kids, err := f.Root.Children()
	if err != nil {
		tb.Fatal(err)
	}
	kinds = make(map[formats.Kind]int)
	for _, k := range kids {
		_ = k.Name()
		if t, ok := k.(formats.Typer); ok {
			_ = t.Type()
		}
		kinds[k.Kind()]++
	}
	if len(kids) != scaleCount {
		tb.Fatalf("%d children, want %d", len(kids), scaleCount)
	}
	return kinds
}

// TestScaleArchive checks the big archive once: it opens, every entry is
// there with the kind of the sample it copies, and the file really is 1 GiB.
func TestScaleArchive(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 1 GiB sparse file")
	}
	path := filepath.Join(t.TempDir(), "big.lib")
	writeSparseArchive(t, path, scaleSize, scaleCount)
	if fi, err := os.Stat(path); err != nil || fi.Size() != scaleSize {
		t.Fatalf("file size %v, %v", fi, err)
	}
	kinds := openAndList(t, path)
	var names []string
	for k, n := range kinds {
		names = append(names, fmt.Sprintf("%s=%d", k, n))
	}
	sort.Strings(names)
	t.Logf("1 GiB archive, %d entries, %d KiB on disk: %s", scaleCount, diskBytes(path)>>10, strings.Join(names, " "))
	if len(kinds) < 2 && len(sampleEntries(t)) > 1 {
		t.Errorf("all entries have one kind (%v): detection did not run", kinds)
	}
}

// BenchmarkScaleOpen1GiB is formats.Open plus listing the root of a 1 GiB
// archive with 4096 entries (cold directory parse and detection each time;
// the page cache is warm after the first run).
func BenchmarkScaleOpen1GiB(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.lib")
	writeSparseArchive(b, path, scaleSize, scaleCount)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		openAndList(b, path)
	}
	b.ReportMetric(float64(scaleCount), "entries")
}

// BenchmarkScaleOpenOnly is formats.Open alone (header and directory).
func BenchmarkScaleOpenOnly(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.lib")
	writeSparseArchive(b, path, scaleSize, scaleCount)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		f, err := formats.Open(path, nil)
		if err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
}
