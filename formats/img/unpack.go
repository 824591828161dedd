package img

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/pierrec/lz4/v4"

	"rummage/formats"
	"rummage/formats/binread"
)

// maxRatio is the most bytes a packed byte may unpack to (design.md's
// memory rule: over 64 × packed is refused).
const maxRatio = 64

// checkRatio refuses, at the entry's size fields (at), an unpacked size
// over 64 × the packed size or over the 1 GiB cap, before anything is
// allocated.
func checkRatio(e *Entry, at int64) error {
	switch {
	case e.Unpacked > binread.MaxAlloc:
		return binread.Errorf(at, "entry %q unpacks to %d bytes, over the %d-byte cap", e.Name, e.Unpacked, binread.MaxAlloc)
	case e.Unpacked > maxRatio*e.Size:
		return binread.Errorf(at, "entry %q unpacks to %d bytes from %d packed: over %d times its packed size", e.Name, e.Unpacked, e.Size, maxRatio)
	}
	return nil
}

// packed reads a compressed entry's unpacked bytes. Detection reads only
// its head, decoded on its own (and let go); the whole entry is unpacked
// on the first read past the head, charged to the file's budget.
type packed struct {
	src        io.ReaderAt
	packedSize int64
	size       int64 // unpacked, as the directory says
	comp       int
	at         int64 // absolute offset of the packed bytes, for errors
	name       string
	budget     *formats.Budget

	headOnce sync.Once
	head     []byte
	headErr  error

	once sync.Once
	data []byte
	err  error
}

// ReadAt reads the unpacked bytes at off.
func (p *packed) ReadAt(b []byte, off int64) (int, error) {
	if off < 0 {
		return 0, fmt.Errorf("entry %q: negative offset %d", p.name, off)
	}
	src, err := p.bytes(off + int64(len(b)))
	if err != nil {
		return 0, err
	}
	if off >= int64(len(src)) {
		return 0, io.EOF
	}
	n := copy(b, src[off:])
	if n < len(b) {
		return n, io.EOF
	}
	return n, nil
}

// bytes returns the head when end is within it, else the whole entry.
func (p *packed) bytes(end int64) ([]byte, error) {
	if end <= formats.HeadSize {
		p.headOnce.Do(func() { p.head, p.headErr = p.unpack(min(p.size, formats.HeadSize)) })
		return p.head, p.headErr
	}
	p.once.Do(func() {
		if err := p.budget.Take(p.size); err != nil {
			p.err = binread.Errorf(p.at, "entry %q: %v", p.name, err)
			return
		}
		p.data, p.err = p.unpack(p.size)
	})
	return p.data, p.err
}

// unpack returns the first n unpacked bytes (n == size: all of them, and
// the stream must hold exactly size).
func (p *packed) unpack(n int64) ([]byte, error) {
	src, err := binread.ReadAt(p.src, p.at, 0, p.packedSize, p.packedSize)
	if err != nil {
		return nil, err
	}
	var out []byte
	switch {
	case p.comp == CompLZ4 && !lz4Frame(src):
		out, err = lz4Block(src, p.size)
		out = out[:min(int64(len(out)), n)]
	case p.comp == CompLZ4:
		out, err = readStream(lz4.NewReader(bytes.NewReader(src)), n, n == p.size)
	default:
		var zr io.ReadCloser
		if zr, err = zlibOrFlate(src); err == nil {
			out, err = readStream(zr, n, n == p.size)
		}
	}
	if err != nil {
		return nil, binread.Errorf(p.at, "entry %q (%s, %d bytes packed, %d unpacked): %v", p.name, compNames[p.comp], p.packedSize, p.size, err)
	}
	return out, nil
}

// lz4Frame reports an LZ4 frame (its magic 0x184D2204) rather than a
// bare block.
func lz4Frame(b []byte) bool { return len(b) >= 4 && binary.LittleEndian.Uint32(b) == 0x184D2204 }

// lz4Block unpacks an LZ4 block that must give exactly size bytes.
func lz4Block(src []byte, size int64) ([]byte, error) {
	out := make([]byte, size)
	n, err := lz4.UncompressBlock(src, out)
	if err != nil {
		return nil, fmt.Errorf("LZ4 block: %w", err)
	}
	if int64(n) != size {
		return nil, fmt.Errorf("LZ4 block gives %d bytes", n)
	}
	return out, nil
}

// zlibOrFlate reads a zlib stream, or raw deflate when the two bytes of a
// zlib header are not there.
func zlibOrFlate(src []byte) (io.ReadCloser, error) {
	if len(src) >= 2 && src[0]&0x0F == 8 && (uint16(src[0])<<8|uint16(src[1]))%31 == 0 {
		return zlib.NewReader(bytes.NewReader(src))
	}
	return flate.NewReader(bytes.NewReader(src)), nil
}

// readStream reads n bytes of r; with all, the stream must end there.
func readStream(r io.Reader, n int64, all bool) ([]byte, error) {
	out := make([]byte, n)
	if k, err := io.ReadFull(r, out); err != nil {
		return nil, fmt.Errorf("the stream ends after %d bytes: %w", k, err)
	}
	if all {
		var one [1]byte
		if k, err := r.Read(one[:]); k > 0 || err != nil && !errors.Is(err, io.EOF) {
			if err == nil {
				err = errors.New("it holds more than the directory says")
			}
			return nil, err
		}
	}
	return out, nil
}
