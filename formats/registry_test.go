package formats

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/binread"
)

// Test formats: "REGT" by magic (priority 10), a hint-only format for the
// "HINT" tag (priority 5), a catch-all guess (priority 0) that only takes
// data starting with "guess", and "REGT" files whose second word is
// non-zero fail to open with a FormatError at offset 4.
func init() {
	Register(Format{Name: "regt-guess", Priority: 0,
		Match: func(p Probe) bool {
			return bytes.HasPrefix(p.Head, []byte("guess")) || bytes.HasPrefix(p.Head, []byte("REGT"))
		},
		Open: func(s Source) (Node, error) { return NewRaw(s, KindText, "guess"), nil }})
	Register(Format{Name: "regt", Priority: 10,
		Match: func(p Probe) bool { return bytes.HasPrefix(p.Head, []byte("REGT")) },
		Open: func(s Source) (Node, error) {
			b, err := binread.ReadAt(s.R, s.Base, 0, 8, s.Size)
			if err != nil {
				return nil, err
			}
			if c := binread.NewCursor(b[4:], s.Base+4); c.U32() != 0 {
				return nil, binread.Errorf(s.Base+4, "reserved word is not zero")
			}
			return &Folder{NodeName: s.Name, Tag: "REGT"}, nil
		}})
	Register(Format{Name: "regt-hint", Priority: 5,
		Match: func(p Probe) bool { return p.Hint == "HINT" },
		Open:  func(s Source) (Node, error) { return NewRaw(s, KindTable, "HINT"), nil }})
}

func src(data, name, hint string, base int64) Source {
	return Source{R: strings.NewReader(data), Size: int64(len(data)), Base: base, Name: name, Hint: hint}
}

func TestRegisteredOrder(t *testing.T) {
	last := 1 << 30
	names := map[string]bool{}
	for _, f := range Registered() {
		if f.Priority > last {
			t.Errorf("%s (priority %d) after a lower priority", f.Name, f.Priority)
		}
		last = f.Priority
		names[f.Name] = true
	}
	for _, n := range []string{"regt", "regt-hint", "regt-guess"} {
		if !names[n] {
			t.Errorf("%s not registered", n)
		}
	}
}

func TestDetect(t *testing.T) {
	cases := []struct {
		head, hint string
		want       string
	}{
		{"REGT\x00\x00\x00\x00", "", "regt"}, // priority 10 wins over the guess registered first
		{"guess what", "", "regt-guess"},
		{"plain", "HINT", "regt-hint"},
		{"REGT", "HINT", "regt"},
		{"plain", "", ""},
		{"", "", ""},
	}
	for _, c := range cases {
		f := Detect(Probe{Head: []byte(c.head), Size: int64(len(c.head)), Hint: c.hint})
		got := ""
		if f != nil {
			got = f.Name
		}
		if got != c.want {
			t.Errorf("Detect(%q, hint %q) = %q, want %q", c.head, c.hint, got, c.want)
		}
	}
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

func TestErrorOffset(t *testing.T) {
	fe := binread.Errorf(0x40, "bad magic")
	cases := []struct {
		err  error
		want int64
	}{
		{nil, -1},
		{errors.New("plain"), -1},
		{fe, 0x40},
		{&NodeError{Path: "a/b", Err: fe}, 0x40},
		{errors.Join(errors.New("x"), fe), 0x40},
		{binread.Unsupportedf(12, "platform"), 12},
		{binread.Unsupportedf(-1, "platform"), -1},
	}
	for _, c := range cases {
		if got := ErrorOffset(c.err); got != c.want {
			t.Errorf("ErrorOffset(%v) = %d, want %d", c.err, got, c.want)
		}
	}
	if got := fe.Error(); got != "offset 0x40 (64): bad magic" {
		t.Errorf("FormatError text %q", got)
	}
}
