// Package binread is a bounded little-endian reader for binary formats, with
// the error types every parser returns and the allocation caps they obey.
//
// A Cursor never reads past its bytes: a short read records a *FormatError
// with the absolute offset and every later read returns zero values, so a
// parser can read a whole header and check Err once.
package binread

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
)

// FormatError reports corrupt input: what was expected, and the absolute
// byte offset in the file where it went wrong.
type FormatError struct {
	Off int64  // absolute byte offset in the file
	Msg string // what was expected or found (with the cause's text, if any)
	Err error  // the cause (a read error, an inner error), or nil
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("offset 0x%X (%d): %s", e.Off, e.Off, e.Msg)
}

// Unwrap returns the cause, so that errors.Is and errors.As see through
// the FormatError (io.ErrUnexpectedEOF of a short read, for example).
func (e *FormatError) Unwrap() error { return e.Err }

// Errorf makes a *FormatError at off. As with fmt.Errorf, a %w verb makes
// its operand the cause.
func Errorf(off int64, format string, args ...any) *FormatError {
	msg, cause := wrapf(format, args...)
	return &FormatError{Off: off, Msg: msg, Err: cause}
}

// wrapf formats like fmt.Errorf and returns the text and the cause: the
// one %w operand, the error wrapping them all for several, nil for none.
func wrapf(format string, args ...any) (string, error) {
	err := fmt.Errorf(format, args...)
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		return err.Error(), u.Unwrap()
	case interface{ Unwrap() []error }:
		return err.Error(), err
	}
	return err.Error(), nil
}

// UnsupportedError reports valid input that Rummage does not decode yet
// (an unknown TXD platform, for example).
type UnsupportedError struct {
	Off int64  // absolute byte offset of the unsupported thing, or -1
	Msg string // what is not supported
	Err error  // the cause, or nil
}

// Unwrap returns the cause.
func (e *UnsupportedError) Unwrap() error { return e.Err }

func (e *UnsupportedError) Error() string {
	if e.Off < 0 {
		return "unsupported: " + e.Msg
	}
	return fmt.Sprintf("offset 0x%X (%d): unsupported: %s", e.Off, e.Off, e.Msg)
}

// Unsupportedf makes an *UnsupportedError at off (-1 for none); a %w
// verb makes its operand the cause.
func Unsupportedf(off int64, format string, args ...any) *UnsupportedError {
	msg, cause := wrapf(format, args...)
	return &UnsupportedError{Off: off, Msg: msg, Err: cause}
}

// MaxAlloc is the largest single buffer a parser may allocate on the word
// of a size field when the bytes behind it are not in memory yet (1 GiB).
const MaxAlloc = 1 << 30

// CheckCount verifies that count items of elemSize bytes fit in the
// remaining bytes; off is where the count was read, for the error.
func CheckCount(off int64, what string, count int64, elemSize int64, remaining int64) error {
	if count < 0 {
		return Errorf(off, "%s count %d is negative", what, count)
	}
	if elemSize > 0 && count > remaining/elemSize {
		return Errorf(off, "%s count %d × %d bytes exceeds the %d bytes that remain", what, count, elemSize, remaining)
	}
	return nil
}

// ReadAt reads n bytes at off from r, checking n against size (the bytes
// r holds) before allocating. base is added to offsets in errors.
func ReadAt(r io.ReaderAt, base, off, n, size int64) ([]byte, error) {
	if off < 0 || n < 0 || off > size || n > size-off {
		return nil, Errorf(base+off, "%d bytes at offset 0x%X run past the end (size %d)", n, base+off, size)
	}
	if n > MaxAlloc {
		return nil, Errorf(base+off, "%d bytes is larger than the %d-byte cap", n, MaxAlloc)
	}
	buf := make([]byte, n)
	got, err := r.ReadAt(buf, off)
	if got == int(n) {
		return buf, nil
	}
	if err == nil || err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return nil, Errorf(base+off+int64(got), "read %d of %d bytes: %w", got, n, err)
}

// Cursor reads little-endian values from a byte slice. Base is the absolute
// file offset of b[0], used in errors.
type Cursor struct {
	b    []byte
	pos  int
	Base int64
	err  error
}

// NewCursor returns a cursor over b whose byte 0 sits at file offset base.
func NewCursor(b []byte, base int64) *Cursor { return &Cursor{b: b, Base: base} }

// Err returns the first error met, or nil.
func (c *Cursor) Err() error { return c.err }

// Pos returns the position relative to the start of the slice.
func (c *Cursor) Pos() int { return c.pos }

// Off returns the absolute file offset of the position.
func (c *Cursor) Off() int64 { return c.Base + int64(c.pos) }

// Len returns the bytes that remain.
func (c *Cursor) Len() int { return len(c.b) - c.pos }

// Bytes returns the whole underlying slice.
func (c *Cursor) Bytes() []byte { return c.b }

// Fail records err (the first one wins) and stops all further reads.
func (c *Cursor) Fail(err error) {
	if c.err == nil {
		c.err = err
	}
	c.pos = len(c.b)
}

// Failf records a *FormatError at the current offset.
func (c *Cursor) Failf(format string, args ...any) {
	if c.err == nil {
		c.Fail(Errorf(c.Off(), format, args...))
	}
}

// Seek moves to pos (relative to the slice start); past the end is an error.
func (c *Cursor) Seek(pos int) {
	if c.err != nil {
		return
	}
	if pos < 0 || pos > len(c.b) {
		c.Fail(Errorf(c.Base+int64(pos), "seek to offset 0x%X past the end of %d bytes", c.Base+int64(pos), len(c.b)))
		return
	}
	c.pos = pos
}

// Take returns the next n bytes (aliasing the slice) or nil after an error.
func (c *Cursor) Take(n int) []byte {
	if c.err != nil {
		return nil
	}
	if n < 0 || n > len(c.b)-c.pos {
		c.Fail(Errorf(c.Off(), "need %d bytes, %d remain", n, len(c.b)-c.pos))
		return nil
	}
	s := c.b[c.pos : c.pos+n : c.pos+n]
	c.pos += n
	return s
}

// Skip advances n bytes.
func (c *Cursor) Skip(n int) { c.Take(n) }

// U8 reads one byte.
func (c *Cursor) U8() uint8 {
	if s := c.Take(1); s != nil {
		return s[0]
	}
	return 0
}

// U16 reads a little-endian uint16.
func (c *Cursor) U16() uint16 {
	if s := c.Take(2); s != nil {
		return binary.LittleEndian.Uint16(s)
	}
	return 0
}

// U32 reads a little-endian uint32.
func (c *Cursor) U32() uint32 {
	if s := c.Take(4); s != nil {
		return binary.LittleEndian.Uint32(s)
	}
	return 0
}

// U64 reads a little-endian uint64.
func (c *Cursor) U64() uint64 {
	if s := c.Take(8); s != nil {
		return binary.LittleEndian.Uint64(s)
	}
	return 0
}

// I16 reads a little-endian int16.
func (c *Cursor) I16() int16 { return int16(c.U16()) }

// I32 reads a little-endian int32.
func (c *Cursor) I32() int32 { return int32(c.U32()) }

// F32 reads a little-endian IEEE float32.
func (c *Cursor) F32() float32 { return math.Float32frombits(c.U32()) }

// Count reads a u32 count and checks that count items of elemSize bytes fit
// in what remains; on failure it records the error and returns 0.
func (c *Cursor) Count(what string, elemSize int) int {
	off := c.Off()
	n := c.U32()
	if c.err != nil {
		return 0
	}
	if err := CheckCount(off, what, int64(n), int64(elemSize), int64(c.Len())); err != nil {
		c.Fail(err)
		return 0
	}
	return int(n)
}

// CString reads a fixed n-byte field and returns the bytes before the first
// NUL (all n when there is none).
func (c *Cursor) CString(n int) string {
	s := c.Take(n)
	for i, b := range s {
		if b == 0 {
			return string(s[:i])
		}
	}
	return string(s)
}

// ErrorAt is Errorf at off, or a plain error when off is unknown (< 0):
// data read from a side file or from memory has no offset to name.
func ErrorAt(off int64, format string, args ...any) error {
	if off < 0 {
		return fmt.Errorf(format, args...)
	}
	return Errorf(off, format, args...)
}
