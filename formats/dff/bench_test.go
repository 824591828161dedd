package dff

import (
	"os"
	"testing"

	"rummage/formats"
)

// openAll opens a file as the CLI does and takes its facts and its
// textured clump mesh (dictionaries found, textures decoded).
func openAll(tb testing.TB, path string) {
	f, err := formats.Open(path, &formats.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	r := f.Root.(*Root)
	if _, err := r.Describe(); err != nil {
		tb.Fatal(path, err)
	}
	if _, err := r.Mesh(); err != nil {
		tb.Fatal(path, err)
	}
}

// BenchmarkRealLargest opens the largest real file (RUMMAGE_DFF_REAL).
func BenchmarkRealLargest(b *testing.B) {
	dir := os.Getenv("RUMMAGE_DFF_REAL")
	if dir == "" {
		b.Skip("RUMMAGE_DFF_REAL is not set")
	}
	var largest string
	var size int64
	for _, p := range realFiles(&testing.T{}) {
		if st, err := os.Stat(p); err == nil && st.Size() > size {
			largest, size = p, st.Size()
		}
	}
	b.Logf("%s (%d bytes)", largest, size)
	for b.Loop() {
		openAll(b, largest)
	}
}

// BenchmarkRealAll opens every real file once per iteration, in one process.
func BenchmarkRealAll(b *testing.B) {
	if os.Getenv("RUMMAGE_DFF_REAL") == "" {
		b.Skip("RUMMAGE_DFF_REAL is not set")
	}
	files := realFiles(&testing.T{})
	for b.Loop() {
		for _, p := range files {
			openAll(b, p)
		}
	}
}

// BenchmarkSampleCar opens the fixture clump from memory and builds its mesh.
func BenchmarkSampleCar(b *testing.B) {
	data := encode(b, fixture(b))
	for b.Loop() {
		f, err := formats.OpenBytes("car.dff", data, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := f.Root.(formats.Mesher).Mesh(); err != nil {
			b.Fatal(err)
		}
	}
}
