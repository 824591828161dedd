package binread

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestCursorReadsLittleEndian(t *testing.T) {
	c := NewCursor([]byte{1, 0x34, 0x12, 0x78, 0x56, 0x34, 0x12, 0, 0, 0x80, 0x3f, 'a', 'b', 0, 'z'}, 100)
	if got := c.U8(); got != 1 {
		t.Fatalf("U8 = %d", got)
	}
	if got := c.U16(); got != 0x1234 {
		t.Fatalf("U16 = %#x", got)
	}
	if got := c.U32(); got != 0x12345678 {
		t.Fatalf("U32 = %#x", got)
	}
	if got := c.F32(); got != 1 {
		t.Fatalf("F32 = %v", got)
	}
	if got := c.CString(4); got != "ab" {
		t.Fatalf("CString = %q", got)
	}
	if c.Err() != nil || c.Len() != 0 || c.Off() != 115 {
		t.Fatalf("err %v len %d off %d", c.Err(), c.Len(), c.Off())
	}
}

func TestCursorShortReadRecordsAbsoluteOffset(t *testing.T) {
	c := NewCursor([]byte{1, 2, 3}, 0x40)
	c.U16()
	if c.U32() != 0 {
		t.Fatal("short read returned data")
	}
	var fe *FormatError
	if !errors.As(c.Err(), &fe) || fe.Off != 0x42 {
		t.Fatalf("err = %v, want FormatError at 0x42", c.Err())
	}
	if c.U8() != 0 || c.Err() != fe {
		t.Fatal("reads after an error must return zero and keep the first error")
	}
	if !strings.Contains(fe.Error(), "0x42") {
		t.Fatalf("error text %q lacks the offset", fe.Error())
	}
}

func TestCountRejectsOversizedCounts(t *testing.T) {
	c := NewCursor([]byte{0xff, 0xff, 0xff, 0x7f, 1, 2, 3, 4}, 0)
	if n := c.Count("entry", 4); n != 0 || c.Err() == nil {
		t.Fatalf("Count = %d, err %v", n, c.Err())
	}
	c = NewCursor([]byte{2, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8}, 0)
	if n := c.Count("entry", 4); n != 2 || c.Err() != nil {
		t.Fatalf("Count = %d, err %v", n, c.Err())
	}
	if err := CheckCount(8, "x", -1, 1, 10); err == nil {
		t.Fatal("negative count accepted")
	}
}

func TestReadAtChecksBeforeAllocating(t *testing.T) {
	r := bytes.NewReader([]byte("hello world"))
	if b, err := ReadAt(r, 0, 6, 5, 11); err != nil || string(b) != "world" {
		t.Fatalf("ReadAt = %q, %v", b, err)
	}
	if _, err := ReadAt(r, 0, 6, 1<<40, 11); err == nil {
		t.Fatal("a huge read was accepted")
	}
	if _, err := ReadAt(r, 0, 12, 1, 11); err == nil {
		t.Fatal("a read past the end was accepted")
	}
	// The reader is shorter than the size we were told.
	if _, err := ReadAt(r, 1000, 8, 8, 20); err == nil || !strings.Contains(err.Error(), "0x3F3") {
		t.Fatalf("short reader: err = %v", err)
	}
}

func TestSeekPastEnd(t *testing.T) {
	c := NewCursor(make([]byte, 4), 0)
	c.Seek(4)
	if c.Err() != nil {
		t.Fatal(c.Err())
	}
	c.Seek(5)
	if c.Err() == nil {
		t.Fatal("seek past the end accepted")
	}
}

// TestUnwrap: a %w operand is the cause errors.Is and errors.As find; the
// message is fmt.Errorf's, and a FormatError without one has no cause.
func TestUnwrap(t *testing.T) {
	_, err := ReadAt(bytes.NewReader(make([]byte, 4)), 0x100, 0, 8, 8) // 8 claimed, 4 there
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Off != 0x104 || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("short read: %v, want a FormatError at 0x104 wrapping io.ErrUnexpectedEOF", err)
	}
	inner := Errorf(8, "inner")
	outer := Errorf(2, "chunk 3: %w", inner)
	if outer.Msg != "chunk 3: offset 0x8 (8): inner" || errors.Unwrap(outer) != inner {
		t.Errorf("outer %q, cause %v", outer.Msg, errors.Unwrap(outer))
	}
	both := Errorf(0, "%w and %w", io.EOF, inner)
	if !errors.Is(both, io.EOF) || !errors.Is(both, inner) {
		t.Errorf("two causes: %v", both)
	}
	if Errorf(0, "plain %v", io.EOF).Unwrap() != nil {
		t.Error("a plain verb made a cause")
	}
	if u := Unsupportedf(-1, "platform: %w", io.EOF); !errors.Is(u, io.EOF) || u.Error() != "unsupported: platform: EOF" {
		t.Errorf("unsupported %v", u)
	}
}
