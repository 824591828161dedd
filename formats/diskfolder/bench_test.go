package diskfolder

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"rummage/formats"
)

// The first level of a folder of 10,000 files (a third of them no game
// file): the whole level listed and sniffed (ns/op, budget 100 ms) and the
// first report, which the window shows at once ("first-ms").
func BenchmarkFirstLevel10k(b *testing.B) {
	dir := manyFiles(b, 10_000)
	var first time.Duration
	for b.Loop() {
		start := time.Now()
		seen := false
		New(dir, nil).List(context.Background(), func([]formats.Node) {
			if !seen {
				seen = true
				first += time.Since(start)
			}
		})
	}
	b.ReportMetric(float64(first.Microseconds())/1000/float64(b.N), "first-ms")
}

// A whole tree listed folder by folder, as the window's background walk
// does for the filter: RUMMAGE_BENCH_TREE names a big tree to walk (a
// generated one of 500,000 files, say); without it a tree of 20,000 files
// in 100 folders is made.
func BenchmarkWholeTree(b *testing.B) {
	dir := os.Getenv("RUMMAGE_BENCH_TREE")
	if dir == "" {
		dir = b.TempDir()
		txd := sample(b, "rumbler.txd")[:256]
		for d := range 100 {
			sub := filepath.Join(dir, fmt.Sprintf("d%03d", d))
			os.MkdirAll(sub, 0o755)
			for i := range 200 {
				os.WriteFile(filepath.Join(sub, fmt.Sprintf("f%04d.txd", i)), txd, 0o644)
			}
		}
	}
	files := 0
	for b.Loop() {
		files = walk(New(dir, nil))
	}
	b.ReportMetric(float64(files), "files")
	b.ReportMetric(float64(files)*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}

func walk(f *Folder) int {
	kids, _ := f.Entries()
	n := 0
	for _, k := range kids {
		if sub, ok := k.(*Folder); ok {
			n += walk(sub)
		} else {
			n++
		}
	}
	return n
}
