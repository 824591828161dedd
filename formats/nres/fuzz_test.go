package nres

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime/metrics"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/binread"
)

func FuzzNRes(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*.nres"))
	for _, p := range seeds {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		// Large allocations are counted at once by the runtime metric
		// (small ones only when a span is refilled, hence the slack).
		// The smaller of two runs, so that the fuzzer's own goroutines
		// allocating meanwhile do not count.
		sample := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
		var a *Archive
		var err error
		alloc := uint64(math.MaxUint64)
		for range 2 {
			metrics.Read(sample)
			before := sample[0].Value.Uint64()
			a, err = Open(bytes.NewReader(b), int64(len(b)))
			metrics.Read(sample)
			alloc = min(alloc, sample[0].Value.Uint64()-before)
		}
		if alloc > uint64(2*len(b))+256<<10 {
			t.Fatalf("Open of %d bytes allocated %d bytes", len(b), alloc)
		}
		if err != nil {
			var fe *binread.FormatError
			if !errors.As(err, &fe) || fe.Off < 0 || fe.Off > int64(len(b)) {
				t.Fatalf("error %v is not a FormatError inside the file", err)
			}
			return
		}
		broken := false
		for i := 0; i < a.Len(); i++ {
			e := a.Entry(i)
			d, err := a.Data(i)
			if err == nil && len(d) != int(e.Size) {
				t.Fatalf("entry %d: %d bytes, size %d", i, len(d), e.Size)
			}
			if err != nil {
				broken = true
			}
			if j := a.Lookup(e.Name()); j < 0 || j > i || CompareFold(a.ents[j].NameBytes(), a.ents[i].NameBytes()) != 0 {
				t.Fatalf("Lookup(%q) = %d for entry %d", e.Name(), j, i)
			}
		}
		out, err := a.Bytes()
		if err != nil || !bytes.Equal(out, b) {
			t.Fatalf("untouched write: %v, identical %v", err, bytes.Equal(out, b))
		}
		// The node tree (nested archives included) opens without trouble.
		root, err := OpenNode(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "fuzz"})
		if err != nil {
			t.Fatal(err)
		}
		walk(t, root, 0)
		// Edit and reopen.
		if broken || a.Len() == 0 {
			return
		}
		if err := a.Rename(0, "fuzzed"); err != nil {
			t.Fatal(err)
		}
		if err := a.Replace(a.Len()-1, []byte("new payload")); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Add(Entry{TypeID: 1, Name: "Added", Data: []byte{1, 2, 3}}); err != nil {
			t.Fatal(err)
		}
		if a.Len() > 2 {
			if err := a.Remove(1); err != nil {
				t.Fatal(err)
			}
		}
		out, err = a.Bytes()
		if err != nil {
			if strings.Contains(err.Error(), "does not fit") {
				return
			}
			t.Fatal(err)
		}
		a2, err := Open(bytes.NewReader(out), int64(len(out)))
		if err != nil {
			t.Fatalf("reopening the edited archive: %v", err)
		}
		if a2.Len() != a.Len() || a2.Name(0) != "fuzzed" || !a2.SortValid() {
			t.Fatalf("edited archive: %d entries, first %q, sort %v", a2.Len(), a2.Name(0), a2.SortValid())
		}
		for i := 0; i < a2.Len(); i++ {
			d1, err1 := a.Data(i)
			d2, err2 := a2.Data(i)
			if err1 != nil || err2 != nil || !bytes.Equal(d1, d2) {
				t.Fatalf("entry %d after edit: %v %v", i, err1, err2)
			}
		}
	})
}

func walk(t *testing.T, n formats.Node, depth int) {
	if depth > 64 {
		t.Fatal("nesting deeper than 64")
	}
	if d, ok := n.(formats.Describer); ok {
		d.Describe()
	}
	ks, err := n.Children()
	if err != nil {
		return
	}
	for _, k := range ks {
		walk(t, k, depth+1)
	}
}

// big builds an archive of n small entries with mixed-case names.
func big(tb testing.TB, n int) []byte {
	tb.Helper()
	entries := make([]Entry, n)
	for i := range entries {
		name := fmt.Sprintf("Entry_%05d.tex", (i*7919)%n)
		if i%3 == 0 {
			name = strings.ToUpper(name)
		}
		entries[i] = Entry{TypeID: TypeTexm, Attr3: 1, Name: name, Data: []byte{byte(i), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}
	}
	b, err := Build(entries)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// BenchmarkOpenList10k opens a 10,000-entry archive (header and directory
// only) and lists every entry's name, type, size and offset. Budget: 10 ms
// and memory ≤ 2 × the directory (640,000 bytes).
func BenchmarkOpenList10k(b *testing.B) {
	data := big(b, 10000)
	r := bytes.NewReader(data)
	b.ReportAllocs()
	b.ReportMetric(10000*EntrySize, "dir-bytes")
	for b.Loop() {
		a, err := Open(r, int64(len(data)))
		if err != nil {
			b.Fatal(err)
		}
		var total int
		for i := 0; i < a.Len(); i++ {
			e := a.Entry(i)
			total += len(e.Name()) + len(FourCC(e.TypeID)) + int(e.Size) + int(a.EntryOffset(i))
		}
		if total == 0 {
			b.Fatal("nothing listed")
		}
	}
}

// BenchmarkOpenList10kFile is BenchmarkOpenList10k over an *os.File.
func BenchmarkOpenList10kFile(b *testing.B) {
	data := big(b, 10000)
	path := filepath.Join(b.TempDir(), "big.lib")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	fh, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer fh.Close()
	b.ReportAllocs()
	for b.Loop() {
		a, err := Open(fh, int64(len(data)))
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < a.Len(); i++ {
			_ = a.Name(i)
		}
	}
}

// BenchmarkChildren10k is the node-level listing (`rummage ls`): open the
// archive through the registry and build all 10,000 child nodes, each
// detected by its first bytes.
func BenchmarkChildren10k(b *testing.B) {
	data := big(b, 10000)
	r := bytes.NewReader(data)
	b.ReportAllocs()
	for b.Loop() {
		n, err := OpenNode(formats.Source{R: r, Size: int64(len(data)), Name: "big.lib"})
		if err != nil {
			b.Fatal(err)
		}
		ks, err := n.Children()
		if err != nil || len(ks) != 10000 {
			b.Fatal(err)
		}
	}
}

// BenchmarkLookup10k looks names up through the sort_index binary search.
func BenchmarkLookup10k(b *testing.B) {
	data := big(b, 10000)
	a, err := Open(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		b.Fatal(err)
	}
	names := make([]string, 64)
	for i := range names {
		names[i] = strings.ToLower(a.Name(i * 150))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if a.Lookup(names[i%len(names)]) < 0 {
			b.Fatal("not found")
		}
		i++
	}
}
