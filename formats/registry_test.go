package formats

import (
	"bytes"
	"errors"
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
