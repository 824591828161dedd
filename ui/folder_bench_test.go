package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"rummage/samples"
)

// BenchmarkFolderRootFirstLevel opens a folder of 10,000 files (a third
// of them no game file) as a folder root and shows its first level:
// listed and sniffed in the background, 6,667 rows added to the tree
// (budget: 100 ms).
func BenchmarkFolderRootFirstLevel(b *testing.B) {
	dir := manyFiles(b, 10_000)
	w := newTestWindow(b)
	for b.Loop() {
		for _, f := range slices.Clone(w.opened.files) {
			w.opened.removeFile(f)
		}
		<-w.opened.openPaths([]string{dir}, false).done
		w.waitJobs()
	}
	if n := len(w.nav.model.childUIDs(w.opened.files[0].uid)); n != 1+6667 {
		b.Fatalf("%d rows", n)
	}
}

// BenchmarkFolderRootFilterWholeTree is one search of the filter (what a
// key typed in the filter box costs the UI goroutine) over every row of a
// folder root listed whole: RUMMAGE_BENCH_TREE names a big tree (make one
// of 500,000 files with `go test -run TestMakeBenchTree`), else a tree of
// 20,000 files in 100 folders is made.
func BenchmarkFolderRootFilterWholeTree(b *testing.B) {
	dir := os.Getenv("RUMMAGE_BENCH_TREE")
	if dir == "" {
		dir = b.TempDir()
		if err := makeTree(dir, 100, 200); err != nil {
			b.Fatal(err)
		}
	}
	w := newTestWindow(b)
	<-w.opened.openPaths([]string{dir}, false).done
	w.waitJobs()
	w.filter.SetText("f0042") // lists every folder in the background
	w.waitJobs()
	w.filter.apply()
	rows := w.nav.model.filter.rows
	for b.Loop() {
		w.filter.apply()
	}
	b.ReportMetric(float64(rows), "rows")
}

// makeTree writes folders × files copies of a dictionary's first 256
// bytes (every third a file no format recognises) under dir.
func makeTree(dir string, folders, files int) error {
	var txd []byte
	for _, f := range samples.Files() {
		if f.Name == "rumbler.txd" {
			txd = f.Data[:256]
		}
	}
	for d := range folders {
		sub := filepath.Join(dir, fmt.Sprintf("d%04d", d))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return err
		}
		for i := range files {
			b := txd
			if i%3 == 1 {
				b = []byte("not a game file")
			}
			if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("f%04d.txd", i)), b, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestMakeBenchTree writes the tree of 500,000 files that
// BenchmarkFolderRootFilterWholeTree walks into RUMMAGE_MAKE_BENCH_TREE
// (skipped without it).
func TestMakeBenchTree(t *testing.T) {
	dir := os.Getenv("RUMMAGE_MAKE_BENCH_TREE")
	if dir == "" {
		t.Skip("RUMMAGE_MAKE_BENCH_TREE names where to write the tree")
	}
	if err := makeTree(dir, 500, 1000); err != nil {
		t.Fatal(err)
	}
}
