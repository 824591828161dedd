package ui

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"rummage/formats"
)

// countingReaderAt counts reads, to check rows are read lazily.
type countingReaderAt struct {
	r     io.ReaderAt
	reads int
	bytes int
}

func (c *countingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	c.reads++
	c.bytes += len(p)
	return c.r.ReadAt(p, off)
}

func TestHexRows(t *testing.T) {
	data := append(seq(20), []byte("Hi!")...)
	h, err := newHexData(rawNode("n", formats.KindRaw, "", data, 0x1A40))
	if err != nil {
		t.Fatal(err)
	}
	if h.rows() != 2 {
		t.Fatalf("rows = %d, want 2", h.rows())
	}
	want0 := "00001A40  00 01 02 03 04 05 06 07  08 09 0A 0B 0C 0D 0E 0F  ................"
	if got := h.row(0); got != want0 {
		t.Errorf("row 0\n got %q\nwant %q", got, want0)
	}
	want1 := "00001A50  10 11 12 13 48 69 21" + strings.Repeat("   ", 1) + "  " + strings.Repeat("   ", 8) + " ....Hi!"
	if got := h.row(1); got != want1 {
		t.Errorf("row 1\n got %q\nwant %q", got, want1)
	}
	if r := h.rowOf(0x1A55); r != 1 {
		t.Errorf("rowOf(0x1A55) = %d", r)
	}
	if r := h.rowOf(0x1A3F); r != -1 {
		t.Errorf("offset before the node gives row %d", r)
	}
	if !strings.HasPrefix(h.header(), "Offset    00 01") {
		t.Errorf("header %q", h.header())
	}
}

func TestHexReadsLazily(t *testing.T) {
	const size = 8 << 20 // an 8 MiB entry
	cr := &countingReaderAt{r: bytes.NewReader(make([]byte, size))}
	n := &formats.Raw{NodeName: "big", NodeKind: formats.KindRaw, R: cr, N: size, Abs: -1}
	h, err := newHexData(n)
	if err != nil {
		t.Fatal(err)
	}
	if cr.bytes != 0 {
		t.Fatalf("opening the hex view read %d bytes", cr.bytes)
	}
	if h.rows() != size/16 {
		t.Fatalf("rows %d", h.rows())
	}
	last := h.row(h.rows() - 1)
	if !strings.HasPrefix(last, "007FFFF0  00 00") {
		t.Errorf("last row %q (offsets relative without a base)", last)
	}
	for i := 0; i < 100; i++ {
		h.row(i)
	}
	if cr.bytes > 2*hexBlock {
		t.Errorf("showing 101 rows read %d bytes", cr.bytes)
	}
}

// streamNode is a Rawer whose reader is not an io.ReaderAt.
type streamNode struct{ formats.Raw }

func (s *streamNode) Open() io.Reader {
	return io.MultiReader(strings.NewReader("abc"), strings.NewReader("def"))
}

func TestHexFromStream(t *testing.T) {
	n := &streamNode{Raw: *rawNode("s", formats.KindRaw, "", []byte("abcdef"), -1)}
	h, err := newHexData(n)
	if err != nil {
		t.Fatal(err)
	}
	if got := h.row(0); !strings.HasSuffix(got, " abcdef") || !strings.HasPrefix(got, "00000000  61 62 63") {
		t.Errorf("row %q", got)
	}
}

func TestHexNoBytes(t *testing.T) {
	if _, err := newHexData(&formats.Folder{NodeName: "f"}); err == nil {
		t.Error("a folder has no hex view")
	}
}

func TestParseOffset(t *testing.T) {
	for in, want := range map[string]int64{"0x1A40": 0x1A40, "1a40h": 0x1A40, "6720": 6720, "ff": 255} {
		if got, err := parseOffset(in); err != nil || got != want {
			t.Errorf("parseOffset(%q) = %d, %v", in, got, err)
		}
	}
	if _, err := parseOffset("zz"); err == nil {
		t.Error("bad offset accepted")
	}
}
