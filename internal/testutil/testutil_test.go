package testutil

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/binread"
)

// recorder is a testing.TB that records failures instead of reporting them.
type recorder struct {
	testing.TB
	errs  []string
	fatal bool
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
	r.fatal = true
	panic(r)
}
func (r *recorder) Fatal(args ...any) { r.Fatalf("%s", fmt.Sprint(args...)) }

// try runs f against a fresh recorder, catching its Fatal.
func try(t *testing.T, f func(tb testing.TB)) *recorder {
	r := &recorder{TB: t}
	func() {
		defer func() {
			if p := recover(); p != nil && p != r {
				panic(p)
			}
		}()
		f(r)
	}()
	return r
}

func TestWantFormatError(t *testing.T) {
	fe := &binread.FormatError{Off: 0x14, Msg: "bad magic"}
	wrapped := fmt.Errorf("open: %w", fe)
	cases := []struct {
		name  string
		err   error
		off   int64
		want  string
		nerrs int
		fatal bool
	}{
		{"match", wrapped, 4, "bad magic", 0, false},
		{"wrong offset", wrapped, 5, "bad magic", 1, false},
		{"wrong text", fe, 4, "trailing", 1, false},
		{"both wrong", fe, 0, "trailing", 2, false},
		{"not a FormatError", os.ErrNotExist, 4, "bad magic", 1, true},
		{"nil", nil, 4, "bad magic", 1, true},
	}
	for _, c := range cases {
		r := try(t, func(tb testing.TB) { WantFormatError(tb, c.err, 0x10, c.off, c.want) })
		if len(r.errs) != c.nerrs || r.fatal != c.fatal {
			t.Errorf("%s: errors %q (fatal %v), want %d (fatal %v)", c.name, r.errs, r.fatal, c.nerrs, c.fatal)
		}
	}
}

func TestGolden(t *testing.T) {
	t.Chdir(t.TempDir())
	v := map[string]int{"a": 1}
	if r := try(t, func(tb testing.TB) { GoldenJSON(tb, "x.json", v, false) }); !r.fatal || !strings.Contains(r.errs[0], "-update") {
		t.Errorf("missing golden file: %q", r.errs)
	}
	if r := try(t, func(tb testing.TB) { GoldenJSON(tb, "x.json", v, true) }); len(r.errs) != 0 {
		t.Errorf("update: %q", r.errs)
	}
	if b, err := os.ReadFile(filepath.Join("testdata", "x.json")); err != nil || string(b) != "{\n  \"a\": 1\n}\n" {
		t.Errorf("written %q, %v", b, err)
	}
	if r := try(t, func(tb testing.TB) { GoldenJSON(tb, "x.json", v, false) }); len(r.errs) != 0 {
		t.Errorf("same value: %q", r.errs)
	}
	v["a"] = 2
	if r := try(t, func(tb testing.TB) { GoldenJSON(tb, "x.json", v, false) }); len(r.errs) != 1 || r.fatal {
		t.Errorf("changed value: %q", r.errs)
	}
	if r := try(t, func(tb testing.TB) { GoldenJSON(tb, "y.json", func() {}, false) }); !r.fatal {
		t.Errorf("unmarshalable value not reported: %q", r.errs)
	}
}

func TestListFiles(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"b", "a/z", "a/c/d"} {
		p = filepath.Join(dir, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(dir, "empty"), 0o755)
	if got := strings.Join(ListFiles(t, dir), " "); got != "a/c/d a/z b" {
		t.Errorf("ListFiles = %q", got)
	}
}

func TestCheckPNG(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	px := func(x, y int) color.NRGBA { return color.NRGBA{uint8(x * 100), uint8(y), 7, uint8(50 + x)} }
	img.SetNRGBA(0, 0, px(0, 0))
	img.SetNRGBA(1, 0, px(1, 0))
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "a.png")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := try(t, func(tb testing.TB) { CheckPNG(tb, path, 2, 1, px) }); len(r.errs) != 0 {
		t.Errorf("matching image: %q", r.errs)
	}
	off := func(x, y int) color.NRGBA {
		if x == 1 {
			return color.NRGBA{}
		}
		return px(x, y)
	}
	if r := try(t, func(tb testing.TB) { CheckPNG(tb, path, 2, 1, off) }); len(r.errs) != 1 || r.fatal {
		t.Errorf("one wrong pixel: %q", r.errs)
	}
	if r := try(t, func(tb testing.TB) { CheckPNG(tb, path, 2, 2, px) }); !r.fatal {
		t.Errorf("wrong size: %q", r.errs)
	}
	if r := try(t, func(tb testing.TB) { CheckPNG(tb, path+"x", 2, 1, px) }); !r.fatal {
		t.Errorf("missing file: %q", r.errs)
	}
}

func TestMaxChannelDiff(t *testing.T) {
	for _, c := range []struct {
		a, b color.NRGBA
		want int
	}{
		{color.NRGBA{1, 2, 3, 4}, color.NRGBA{1, 2, 3, 4}, 0},
		{color.NRGBA{10, 2, 3, 4}, color.NRGBA{1, 2, 3, 4}, 9},
		{color.NRGBA{0, 0, 0, 0}, color.NRGBA{0, 0, 0, 255}, 255},
		{color.NRGBA{5, 9, 3, 4}, color.NRGBA{7, 2, 3, 4}, 7},
	} {
		if got := MaxChannelDiff(c.a, c.b); got != c.want {
			t.Errorf("MaxChannelDiff(%v, %v) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := MaxChannelDiff(c.b, c.a); got != c.want {
			t.Errorf("MaxChannelDiff(%v, %v) = %d, want %d", c.b, c.a, got, c.want)
		}
	}
}

func TestFileError(t *testing.T) {
	for _, c := range []struct {
		name  string
		err   error
		fatal bool
	}{
		{"nil", nil, false},
		{"inside", binread.Errorf(10, "x"), false},
		{"at the end", fmt.Errorf("open: %w", binread.Errorf(100, "x")), false},
		{"past the end", binread.Errorf(101, "x"), true},
		{"negative", binread.Errorf(-1, "x"), true},
		{"unsupported without offset", binread.Unsupportedf(-1, "x"), false},
		{"unsupported past the end", binread.Unsupportedf(200, "x"), true},
		{"no offset", os.ErrNotExist, true},
	} {
		if r := try(t, func(tb testing.TB) { FileError(tb, c.err, 100) }); r.fatal != c.fatal {
			t.Errorf("%s: fatal %v, want %v (%q)", c.name, r.fatal, c.fatal, r.errs)
		}
	}
}
