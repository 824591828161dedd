package xray

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"

	"rummage/formats"
	"rummage/formats/binread"
)

// Chunk id flag bits.
const (
	FlagCompressed uint32 = 1 << 31 // CFS_CompressMark: payload is LZHUF
	FlagAligned    uint32 = 1 << 30 // CFS_AlignMark (2001–02): not seen in levels, flagged
	IDMask         uint32 = FlagAligned - 1
)

// Chunk is one entry of a chunk list, as stored.
type Chunk struct {
	RawID      uint32 // the id as stored, flag bits included
	ID         uint32 // RawID without the flag bits
	Compressed bool   // bit 31
	Aligned    bool   // bit 30 (flagged in the diagnostics)
	Off        int64  // absolute offset of the 8-byte header
	DataOff    int64  // absolute offset of the payload
	Size       uint32 // payload size as declared
	Avail      int64  // payload bytes actually present (< Size when clamped)
	Index      int    // position in its list
}

// Truncated reports whether the payload runs past the end of its list.
func (c Chunk) Truncated() bool { return c.Avail < int64(c.Size) }

// List is a parsed chunk list.
type List struct {
	Chunks []Chunk
	Diags  []formats.Diagnostic
	Tail   int64 // bytes after the last chunk (padding or garbage), 0 normally
}

// Find returns the first chunk with the id (flag bits ignored), as the
// engine's find_chunk does.
func (l *List) Find(id uint32) (Chunk, bool) {
	for _, c := range l.Chunks {
		if c.ID == id {
			return c, true
		}
	}
	return Chunk{}, false
}

// ByID returns the first chunk of each id, keyed by id: one pass instead of
// the engine's open_chunk(i) loop.
func (l *List) ByID() map[uint32]Chunk {
	m := make(map[uint32]Chunk, len(l.Chunks))
	for _, c := range l.Chunks {
		if _, dup := m[c.ID]; !dup {
			m[c.ID] = c
		}
	}
	return m
}

// MaxChunks caps the entries of one list (each costs at least 8 bytes).
const MaxChunks = 1 << 22

// ScanAt reads the chunk headers of the list held by r[0:size]; base is the
// absolute offset of r's byte 0. Only the 8-byte headers are read. A chunk
// that runs past the end is clamped, reported in Diags, and ends the list;
// a remainder shorter than a header is recorded in Tail.
func ScanAt(r io.ReaderAt, base, size int64) (*List, error) {
	return ScanAtN(r, base, size, MaxChunks)
}

// ScanAtN is ScanAt for a list of at most max chunks: the rest is not
// read, and a diagnostic says so.
func ScanAtN(r io.ReaderAt, base, size int64, max int) (*List, error) {
	l := &List{}
	var hdr [8]byte
	pos := int64(0)
	max = min(max, MaxChunks)
	for size-pos >= 8 {
		if len(l.Chunks) >= max {
			l.Diags = append(l.Diags, formats.Diagnostic{Off: base + pos, Msg: fmt.Sprintf("more than %d chunks: list cut short", max)})
			return l, nil
		}
		if n, err := r.ReadAt(hdr[:], pos); n < 8 {
			if err == nil || err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return l, binread.Errorf(base+pos, "chunk header: %w", err)
		}
		raw := binary.LittleEndian.Uint32(hdr[:])
		sz := binary.LittleEndian.Uint32(hdr[4:])
		c := Chunk{
			RawID: raw, ID: raw & IDMask,
			Compressed: raw&FlagCompressed != 0, Aligned: raw&FlagAligned != 0,
			Off: base + pos, DataOff: base + pos + 8, Size: sz, Avail: int64(sz),
			Index: len(l.Chunks),
		}
		if c.Aligned {
			l.Diags = append(l.Diags, formats.Diagnostic{Off: c.Off, Msg: fmt.Sprintf("chunk 0x%X has the 2001–02 alignment bit (0x40000000) set; payload read unaligned", c.ID)})
		}
		rest := size - pos - 8
		if int64(sz) > rest {
			c.Avail = rest
			l.Chunks = append(l.Chunks, c)
			l.Diags = append(l.Diags, formats.Diagnostic{Off: c.Off, Msg: fmt.Sprintf("chunk 0x%X declares %d bytes but only %d remain: clamped, list ends here", c.ID, sz, rest)})
			return l, nil
		}
		l.Chunks = append(l.Chunks, c)
		pos += 8 + int64(sz)
	}
	if pos < size {
		l.Tail = size - pos
		l.Diags = append(l.Diags, formats.Diagnostic{Off: base + pos, Msg: fmt.Sprintf("%d trailing bytes after the last chunk (shorter than a chunk header)", size-pos)})
	}
	return l, nil
}

// Scan parses the chunk list held in b, whose byte 0 sits at absolute
// offset base (use a negative base for decompressed data: offsets are then
// relative to b).
func Scan(b []byte, base int64) *List {
	return ScanN(b, base, MaxChunks)
}

// ScanN is Scan for a list of at most max chunks.
func ScanN(b []byte, base int64, max int) *List {
	l, _ := ScanAtN(bytes.NewReader(b), base, int64(len(b)), max)
	return l
}

// MaxUnpacked and MaxRatio bound what a compressed chunk may declare
// (design.md, "Memory"): more than 1 GiB, or more than 64 × its packed
// bytes, is refused with the chunk's offset before anything is allocated.
const (
	MaxUnpacked = 1 << 30
	MaxRatio    = 64
)

// ReadRaw returns the payload bytes as stored (clamped to what exists).
// r holds the list whose byte 0 sits at absolute offset base.
func ReadRaw(r io.ReaderAt, base int64, c Chunk) ([]byte, error) {
	return binread.ReadAt(r, base, c.DataOff-base, c.Avail, c.DataOff-base+c.Avail)
}

// Payload returns the chunk's data: the stored bytes, or their LZHUF
// decompression when the chunk is compressed. A truncated payload is an
// error (with the chunk's offset) for compressed chunks; for plain chunks
// the present bytes are returned together with the error.
func Payload(r io.ReaderAt, base int64, c Chunk) ([]byte, error) {
	raw, err := ReadRaw(r, base, c)
	if err != nil {
		return nil, err
	}
	if !c.Compressed {
		if c.Truncated() {
			return raw, binread.Errorf(c.Off, "chunk 0x%X is truncated: %d of %d bytes", c.ID, c.Avail, c.Size)
		}
		return raw, nil
	}
	if len(raw) == 0 {
		return raw, nil // an empty compressed chunk is empty
	}
	if c.Truncated() {
		return nil, binread.Errorf(c.Off, "compressed chunk 0x%X is truncated: %d of %d bytes", c.ID, c.Avail, c.Size)
	}
	if n, ok := UnpackedSize(raw); ok && int64(n) > MaxUnpacked {
		return nil, binread.Errorf(c.DataOff, "chunk 0x%X declares %d unpacked bytes, more than the %d a chunk may unpack to", c.ID, n, MaxUnpacked)
	} else if ok && int64(n) > MaxRatio*int64(len(raw)) {
		return nil, binread.Errorf(c.DataOff, "chunk 0x%X declares %d unpacked bytes from %d packed, more than %d× (no LZHUF stream packs so tight)", c.ID, n, len(raw), MaxRatio)
	}
	out, err := Decode(raw, MaxUnpacked)
	if err != nil {
		if de, ok := err.(*DecodeError); ok {
			return nil, binread.Errorf(c.DataOff+de.Off, "chunk 0x%X: %s", c.ID, de.Msg)
		}
		return nil, binread.Errorf(c.DataOff, "chunk 0x%X: %w", c.ID, err)
	}
	return out, nil
}

// AppendChunk appends one chunk (header and payload) to dst, compressing
// the payload with Encode when compress is set.
func AppendChunk(dst []byte, id uint32, data []byte, compress bool) []byte {
	if compress {
		data = Encode(data)
		id |= FlagCompressed
	}
	dst = binary.LittleEndian.AppendUint32(dst, id)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(data)))
	return append(dst, data...)
}
