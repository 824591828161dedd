package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"rummage/formats/nres"
)

// BenchmarkLsJSON10k lists a 10,000-entry NRes archive with `ls --json`
// through Run (open, list, count children, encode).
func BenchmarkLsJSON10k(b *testing.B) {
	entries := make([]nres.Entry, 10000)
	for i := range entries {
		entries[i] = nres.Entry{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: fmt.Sprintf("entry_%05d.txt", i), Data: []byte("x")}
	}
	data, err := nres.Build(entries)
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "big.lib")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if code := Run([]string{"ls", "--json", path}, io.Discard, io.Discard); code != 0 {
			b.Fatalf("status %d", code)
		}
	}
}
