package xrlevel

import (
	"encoding/binary"
	"io"

	"rummage/formats/binread"
)

// atCursor reads little-endian values from the n bytes of an io.ReaderAt
// (a chunk of the file, or an unpacked payload) one field at a time, so
// that the buffer lists (vertex and index buffers, SWIs) are walked by
// their headers without their data being read (design.md: headers first).
// Errors are FormatErrors at the offset in those bytes.
type atCursor struct {
	r   io.ReaderAt
	n   int64
	pos int64
	err error
}

func newAtCursor(r io.ReaderAt, n int64) *atCursor { return &atCursor{r: r, n: n} }

// Err returns the first error met, or nil.
func (c *atCursor) Err() error { return c.err }

// Pos returns the position.
func (c *atCursor) Pos() int64 { return c.pos }

// Len returns the bytes that remain.
func (c *atCursor) Len() int64 { return c.n - c.pos }

func (c *atCursor) fail(err error) {
	if c.err == nil {
		c.err = err
	}
	c.pos = c.n
}

// read returns the next k bytes (a few: a field, a declaration).
func (c *atCursor) read(k int) []byte {
	if c.err != nil {
		return nil
	}
	if int64(k) > c.Len() {
		c.fail(binread.Errorf(c.pos, "need %d bytes, %d remain", k, c.Len()))
		return nil
	}
	b := make([]byte, k)
	if m, err := c.r.ReadAt(b, c.pos); m < k {
		c.fail(binread.Errorf(c.pos+int64(m), "read %d of %d bytes: %v", m, k, err))
		return nil
	}
	c.pos += int64(k)
	return b
}

// Take returns the next k bytes, read in one call.
func (c *atCursor) Take(k int) []byte { return c.read(k) }

// Skip advances k bytes without reading them.
func (c *atCursor) Skip(k int64) {
	if c.err != nil {
		return
	}
	if k < 0 || k > c.Len() {
		c.fail(binread.Errorf(c.pos, "need %d bytes, %d remain", k, c.Len()))
		return
	}
	c.pos += k
}

// U16 reads a uint16.
func (c *atCursor) U16() uint16 {
	if b := c.read(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

// U32 reads a uint32.
func (c *atCursor) U32() uint32 {
	if b := c.read(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

// Count reads a u32 count and checks that count items of elem bytes fit
// in what remains; on failure it records the error and returns 0.
func (c *atCursor) Count(what string, elem int) int {
	off := c.pos
	n := int64(c.U32())
	if c.err != nil {
		return 0
	}
	if err := binread.CheckCount(off, what, n, int64(elem), c.Len()); err != nil {
		c.fail(err)
		return 0
	}
	return int(n)
}

// Peek returns up to k bytes from the position without moving (fewer at
// the end).
func (c *atCursor) Peek(k int) []byte {
	k = int(min(int64(k), c.Len()))
	if c.err != nil || k <= 0 {
		return nil
	}
	b := make([]byte, k)
	m, _ := c.r.ReadAt(b, c.pos)
	return b[:m]
}
