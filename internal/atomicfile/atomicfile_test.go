package atomicfile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// both runs f with unnamed files (where the system has them) and with
// temporary names, as other systems write.
func both(t *testing.T, f func(t *testing.T)) {
	t.Run("unnamed", f)
	t.Run("named", func(t *testing.T) {
		namedOnly = true
		defer func() { namedOnly = false }()
		f(t)
	})
}

func names(t *testing.T, dir string) string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func TestReplaceKeepsMode(t *testing.T) {
	both(t, func(t *testing.T) {
		dir := t.TempDir()
		p := filepath.Join(dir, "game.txd")
		os.WriteFile(p, []byte("old"), 0o640)
		os.Chmod(p, 0o640)
		if err := WriteFile(p, []byte("new"), Options{Policy: Replace, Sync: true}); err != nil {
			t.Fatal(err)
		}
		st, _ := os.Stat(p)
		if b, _ := os.ReadFile(p); string(b) != "new" || st.Mode().Perm() != 0o640 {
			t.Errorf("%q, mode %v; want new, 0640", b, st.Mode().Perm())
		}
		if got := names(t, dir); got != "game.txd" {
			t.Errorf("folder: %s", got)
		}
	})
}

func TestNoReplaceRefuses(t *testing.T) {
	both(t, func(t *testing.T) {
		dir := t.TempDir()
		p := filepath.Join(dir, "a.png")
		os.WriteFile(p, []byte("mine"), 0o644)
		err := WriteFile(p, []byte("theirs"), Options{})
		if !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), p) {
			t.Errorf("error %v, want fs.ErrExist naming %s", err, p)
		}
		// A name taken while the file is written is refused too.
		q := filepath.Join(dir, "b.png")
		err = Write(q, Options{}, func(w io.Writer) error {
			os.WriteFile(q, []byte("raced"), 0o644)
			_, err := w.Write([]byte("late"))
			return err
		})
		if !errors.Is(err, fs.ErrExist) {
			t.Errorf("raced name: %v", err)
		}
		if b, _ := os.ReadFile(p); string(b) != "mine" {
			t.Errorf("a.png = %q", b)
		}
		if b, _ := os.ReadFile(q); string(b) != "raced" {
			t.Errorf("b.png = %q", b)
		}
		if got := names(t, dir); got != "a.png b.png" {
			t.Errorf("folder: %s", got)
		}
	})
}

func TestReplaceLinkNotTarget(t *testing.T) {
	both(t, func(t *testing.T) {
		dir, outside := t.TempDir(), t.TempDir()
		keep := filepath.Join(outside, "keep")
		os.WriteFile(keep, []byte("mine"), 0o644)
		link := filepath.Join(dir, "x")
		os.Symlink(keep, link)
		if err := WriteFile(link, []byte("new"), Options{Policy: Replace}); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(keep); string(b) != "mine" {
			t.Errorf("the link's target changed: %q", b)
		}
		if st, _ := os.Lstat(link); !st.Mode().IsRegular() {
			t.Error("the link was not replaced by a file")
		}
		os.Mkdir(filepath.Join(dir, "sub"), 0o755)
		if err := WriteFile(filepath.Join(dir, "sub"), []byte("x"), Options{Policy: Replace}); err == nil {
			t.Error("a folder was replaced")
		}
	})
}

func TestFailedFillLeavesNothing(t *testing.T) {
	both(t, func(t *testing.T) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "old"), []byte("old"), 0o644)
		for _, pol := range []Policy{NoReplace, Replace} {
			for _, name := range []string{"new", "old"} {
				err := Write(filepath.Join(dir, name), Options{Policy: pol}, func(w io.Writer) error {
					w.Write(bytes.Repeat([]byte("x"), 1<<20))
					return errors.New("disk full")
				})
				if err == nil {
					t.Errorf("policy %d, %s: no error", pol, name)
				}
			}
		}
		placeErr := errors.New("backup failed")
		if err := Write(filepath.Join(dir, "old"), Options{Policy: Replace, BeforePlace: func() error { return placeErr }},
			func(w io.Writer) error { return nil }); !errors.Is(err, placeErr) {
			t.Errorf("BeforePlace error: %v", err)
		}
		if got := names(t, dir); got != "old" {
			t.Errorf("folder: %s", got)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "old")); string(b) != "old" {
			t.Errorf("old = %q", b)
		}
	})
}

func TestBadNames(t *testing.T) {
	d, err := OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, n := range []string{"", ".", "..", "a/b", `a\b`} {
		if err := d.WriteFile(n, nil, Options{}); err == nil {
			t.Errorf("%q accepted", n)
		}
	}
}

func TestInRootStaysInside(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	os.Symlink(outside, filepath.Join(dir, "out"))
	r, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	both(t, func(t *testing.T) {
		if err := InRoot(r, "out").WriteFile("x", []byte("x"), Options{}); err == nil {
			t.Error("wrote through a link leaving the root")
		}
	})
	if got := names(t, outside); got != "" {
		t.Errorf("outside: %s", got)
	}
}

func TestTempPID(t *testing.T) {
	for n, want := range map[string]int{
		".a.png.rummage-123-4.tmp":       123,
		".x.rummage-y.rummage-77-1.tmp":  77,
		".a.png.rummage-123.tmp":         0,
		"a.png.rummage-123-4.tmp":        0,
		".a.png.rummage-12x-4.tmp":       0,
		".a.png.rummage-123-4.tmp.extra": 0,
	} {
		got, ok := tempPID(n)
		if ok != (want != 0) || got != want {
			t.Errorf("tempPID(%q) = %d, %v", n, got, ok)
		}
	}
}

// TestOpenInRoot: a folder kept open takes many files, refuses a taken
// name, replaces one keeping its mode and gives Options.Mode to a new
// file, in both ways of writing, and leaves no other name behind.
func TestOpenInRoot(t *testing.T) {
	both(t, func(t *testing.T) {
		dir := t.TempDir()
		os.Mkdir(filepath.Join(dir, "sub"), 0o755)
		r, err := os.OpenRoot(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		d, err := OpenInRoot(r, "sub")
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []string{"a.png", "b.png", "c.png"} {
			if err := d.WriteFile(n, []byte(n), Options{}); err != nil {
				t.Fatal(err)
			}
		}
		sub := filepath.Join(dir, "sub")
		if err := d.WriteFile("a.png", []byte("again"), Options{}); !errors.Is(err, fs.ErrExist) {
			t.Errorf("taken name: %v", err)
		}
		os.Chmod(filepath.Join(sub, "b.png"), 0o640)
		if err := d.WriteFile("b.png", []byte("new"), Options{Policy: Replace}); err != nil {
			t.Fatal(err)
		}
		if err := d.WriteFile("d.png", []byte("d"), Options{Mode: 0o600}); err != nil {
			t.Fatal(err)
		}
		d.Close()
		for n, want := range map[string]string{"a.png": "a.png", "b.png": "new", "c.png": "c.png", "d.png": "d"} {
			if b, _ := os.ReadFile(filepath.Join(sub, n)); string(b) != want {
				t.Errorf("%s = %q, want %q", n, b, want)
			}
		}
		for n, want := range map[string]fs.FileMode{"b.png": 0o640, "d.png": 0o600} {
			if st, _ := os.Stat(filepath.Join(sub, n)); st.Mode().Perm() != want {
				t.Errorf("%s: mode %v, want %v", n, st.Mode().Perm(), want)
			}
		}
		if got := names(t, sub); got != "a.png b.png c.png d.png" {
			t.Errorf("folder: %s", got)
		}
		if _, err := OpenInRoot(r, "missing"); err == nil {
			t.Error("a missing folder opened")
		}
	})
}
