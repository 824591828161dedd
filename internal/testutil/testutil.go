// Package testutil holds small helpers shared by the tests of several
// packages: golden-file comparison, FormatError checks and directory
// listings. It is imported only from _test.go files.
package testutil

import (
	"bytes"
	"encoding/json"
	"errors"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"rummage/formats/binread"
	"rummage/internal/cputime"
)

// GoldenJSON marshals v as indented JSON with a trailing newline and
// compares it with testdata/name through GoldenBytes.
func GoldenJSON(t testing.TB, name string, v any, update bool) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	GoldenBytes(t, name, append(got, '\n'), update)
}

// GoldenBytes compares got with the file testdata/name. With update set
// it first (re)writes the file, creating testdata if needed. A difference
// is reported with t.Errorf and the new content.
func GoldenBytes(t testing.TB, name string, got []byte, update bool) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n%s", name, got)
	}
}

// WantFormatError checks that err is (or wraps) a *binread.FormatError at
// absolute offset base+off whose message contains want. It stops the test
// with t.Fatalf when err is not a FormatError.
func WantFormatError(t testing.TB, err error, base, off int64, want string) {
	t.Helper()
	var fe *binread.FormatError
	if !errors.As(err, &fe) {
		t.Fatalf("want a FormatError, got %v", err)
	}
	if fe.Off != base+off {
		t.Errorf("offset %d, want %d (%v)", fe.Off-base, off, err)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("%q does not mention %q", err, want)
	}
}

// ListFiles returns every regular file under dir as a slash-separated
// path relative to dir, sorted.
func ListFiles(t testing.TB, dir string) []string {
	t.Helper()
	var out []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// CheckPNG decodes the PNG file at path and checks that it is w×h pixels
// and that every pixel, as straight-alpha NRGBA, equals want(x, y).
func CheckPNG(t testing.TB, path string, w, h int, want func(x, y int) color.NRGBA) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if img.Bounds().Dx() != w || img.Bounds().Dy() != h {
		t.Fatalf("%s: %v, want %dx%d", path, img.Bounds(), w, h)
	}
	b := img.Bounds()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			got := color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
			if want := want(x, y); got != want {
				t.Errorf("%s (%d,%d) = %v, want %v", path, x, y, got, want)
			}
		}
	}
}

// MaxChannelDiff returns the largest absolute difference between the R, G,
// B and A channels of a and b.
func MaxChannelDiff(a, b color.NRGBA) int {
	d := 0
	for _, p := range [][2]byte{{a.R, b.R}, {a.G, b.G}, {a.B, b.B}, {a.A, b.A}} {
		v := int(p[0]) - int(p[1])
		if v < 0 {
			v = -v
		}
		d = max(d, v)
	}
	return d
}

// CPUTime is the process's user+system CPU time (cputime.Process), for
// benchmarks that report work per CPU second.
func CPUTime() time.Duration { return cputime.Process() }

// FileError checks an error a reader returned for a file of size bytes
// read from offset 0: nil, or a *binread.FormatError (or an error wrapping
// one) whose offset lies inside the file (0..size; size is the end, where a
// truncated file goes wrong), or a *binread.UnsupportedError whose offset
// is inside it or -1. The fuzz targets call it on every error they meet.
func FileError(t testing.TB, err error, size int64) {
	t.Helper()
	if err == nil {
		return
	}
	var fe *binread.FormatError
	var ue *binread.UnsupportedError
	switch {
	case errors.As(err, &fe):
		if fe.Off < 0 || fe.Off > size {
			t.Fatalf("error at offset %d, outside the %d-byte file: %v", fe.Off, size, err)
		}
	case errors.As(err, &ue):
		if ue.Off < -1 || ue.Off > size {
			t.Fatalf("unsupported at offset %d, outside the %d-byte file: %v", ue.Off, size, err)
		}
	default:
		t.Fatalf("error %T without an offset: %v", err, err)
	}
}
