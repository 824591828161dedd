package formats

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A format whose Open panics, for data starting with "BOOM".
func init() {
	Register(Format{Name: "boom", Priority: 10,
		Match: func(p Probe) bool { return bytes.HasPrefix(p.Head, []byte("BOOM")) },
		Open:  func(s Source) (Node, error) { panic("decoder bug") }})
}

func TestOpenSource(t *testing.T) {
	// Unknown data is a raw node over the same bytes, never an error.
	n := OpenSource(src("plain bytes", "entry", "ZZZZ", 100))
	r, ok := n.(*Raw)
	if !ok || r.Kind() != KindRaw || r.Type() != "ZZZZ" || r.Offset() != 100 || r.Size() != 11 || r.Name() != "entry" {
		t.Fatalf("unknown data opened as %#v", n)
	}
	var buf bytes.Buffer
	buf.ReadFrom(r.Open())
	if buf.String() != "plain bytes" {
		t.Errorf("raw bytes = %q", buf.String())
	}
	// A failing format gives a broken node that keeps the bytes and the error offset.
	n = OpenSource(src("REGT\x01\x00\x00\x00", "bad", "", 0x200))
	b, ok := n.(Broken)
	if !ok {
		t.Fatalf("corrupt data opened as %T, want a broken node", n)
	}
	if off := ErrorOffset(b.Err()); off != 0x204 {
		t.Errorf("broken node error %v at %d, want 0x204", b.Err(), off)
	}
	if rw, ok := n.(Rawer); !ok || rw.Size() != 8 || rw.Offset() != 0x200 {
		t.Errorf("broken node lost its byte range")
	}
	if _, err := n.(Describer).Describe(); err == nil {
		t.Error("a broken node describes without its error")
	}
	// Hints pick hint-only formats; empty data is fine.
	if n := OpenSource(src("", "empty", "HINT", 0)); n.Kind() != KindTable {
		t.Errorf("hinted empty data opened as %s", n.Kind())
	}
	if n := OpenSource(src("", "empty", "", -1)); n.Kind() != KindRaw {
		t.Errorf("empty data opened as %s", n.Kind())
	}
}

func TestOpenFile(t *testing.T) {
	if _, err := OpenFile(src("plain", "f", "", 0)); !errors.Is(err, ErrUnknownFormat) || !strings.Contains(err.Error(), "70 6C 61 69 6E") {
		t.Errorf("unknown file: %v", err)
	}
	if _, err := OpenFile(src("REGT\x00\x00\x00\x01", "f", "", 0)); ErrorOffset(err) != 4 {
		t.Errorf("corrupt file: %v, want an error at offset 4", err)
	}
	if _, err := OpenFile(src("REGT", "f", "", 0)); ErrorOffset(err) != 0 {
		t.Errorf("short file: %v, want an error at offset 0", err)
	}
	n, err := OpenFile(src("REGT\x00\x00\x00\x00", "f", "", 0))
	if err != nil || n.Name() != "f" {
		t.Errorf("good file: %v, %v", n, err)
	}
}

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.regt")
	os.WriteFile(good, []byte("REGT\x00\x00\x00\x00"), 0o644)
	f, err := Open(good, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.Root.Name() != "good.regt" || f.Path != good {
		t.Errorf("root %q path %q", f.Root.Name(), f.Path)
	}
	if err := f.Close(); err != nil {
		t.Error(err)
	}
	if _, err := Open(filepath.Join(dir, "missing"), nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Open(dir, nil); err == nil || !strings.Contains(err.Error(), "folder") {
		t.Errorf("folder: %v", err)
	}
	unknown := filepath.Join(dir, "unknown.bin")
	os.WriteFile(unknown, []byte("nothing"), 0o644)
	if _, err := Open(unknown, &Options{Materials: "m.lib"}); !errors.Is(err, ErrUnknownFormat) {
		t.Errorf("unknown file: %v", err)
	}
}

// TestOpenBrokenRoot checks that every file that cannot be opened still
// gives a File whose root is a broken node carrying the error.
func TestOpenBrokenRoot(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct {
		path  string
		is    error  // the error wraps this, when not nil
		want  string // substring of the error
		bytes int64  // bytes the broken root still shows (-1: none)
	}{
		{write("unknown.bin", "nothing"), ErrUnknownFormat, "6E 6F 74 68", 7},
		{write("empty.bin", ""), ErrUnknownFormat, "empty file (0 bytes)", 0},
		{write("corrupt.regt", "REGT\x00\x00\x00\x01"), nil, "offset 0x4 (4): reserved word", 8},
		{write("panic.bin", "BOOM"), nil, "internal error: decoder bug", 4},
		{filepath.Join(dir, "missing"), os.ErrNotExist, "no such file", -1},
		{dir, nil, "is a folder", -1},
	}
	for _, c := range cases {
		f, err := Open(c.path, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) || (c.is != nil && !errors.Is(err, c.is)) {
			t.Errorf("%s: error %v, want %q", c.path, err, c.want)
		}
		if f == nil {
			t.Fatalf("%s: no File", c.path)
		}
		b, ok := f.Root.(Broken)
		if !ok || b.Err() != err || f.Root.Name() != filepath.Base(c.path) || f.Path != c.path {
			t.Errorf("%s: root %#v is not a broken node named after the file carrying %v", c.path, f.Root, err)
		}
		if c.bytes >= 0 {
			r := f.Root.(Rawer)
			got, _ := io.ReadAll(r.Open())
			if r.Size() != c.bytes || int64(len(got)) != c.bytes || r.Offset() != 0 {
				t.Errorf("%s: broken root shows %d of %d bytes at %d", c.path, len(got), r.Size(), r.Offset())
			}
		} else if r := f.Root.(Rawer); r.Size() != 0 || r.Offset() != -1 {
			t.Errorf("%s: unreadable root has bytes %d at %d", c.path, r.Size(), r.Offset())
		}
		if err := f.Close(); err != nil {
			t.Errorf("%s: close: %v", c.path, err)
		}
		if err := f.Close(); err != nil {
			t.Errorf("%s: second close: %v", c.path, err)
		}
	}
}

func TestOpenBytes(t *testing.T) {
	f, err := OpenBytes("good.regt", []byte("REGT\x00\x00\x00\x00"), nil)
	if err != nil || f.Root.Name() != "good.regt" || f.Path != "" || f.Close() != nil {
		t.Errorf("good data: %v, %v", f.Root, err)
	}
	f, err = OpenBytes("bad", []byte("BOOM"), nil)
	var pe *PanicError
	if !errors.As(err, &pe) || pe.Where != "open bad" {
		t.Errorf("panicking format: %v", err)
	}
	if b, ok := f.Root.(Broken); !ok || b.Err() != err {
		t.Errorf("panicking format gives root %#v", f.Root)
	}
}
