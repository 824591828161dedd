package xrlevel

import (
	"bytes"
	"encoding/binary"
	"io"

	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/xray"
)

// VertexBuffer is one vertex buffer.
type VertexBuffer struct {
	Index  int
	Rel    int64 // offset in the (unpacked) chunk
	Format VertexFormat
	Count  int
	// Data is the vertex bytes (Count × Format.Stride) of a buffer made in
	// memory; a buffer read from a file leaves it nil and reads them when
	// asked (Bytes), so a level holds no buffer it is not drawing.
	Data []byte
	Src  string // "level" or the level.geom path

	src *payloadRef // where the bytes are read from (nil: Data)
	off int64       // their offset in src
}

// Bytes returns the vertex bytes (Count × Format.Stride), reading them
// (and unpacking their chunk) when they are not in memory; nil when they
// cannot be read.
func (vb *VertexBuffer) Bytes() []byte {
	if vb.Data != nil || vb.src == nil {
		return vb.Data
	}
	return vb.src.slice(vb.off, int64(vb.Count)*int64(vb.Format.Stride))
}

// Position returns vertex i's position.
func (vb *VertexBuffer) Position(i int) geom.Vec3 { return vb.Format.position(vb.Bytes(), i) }

// Vertex returns vertex i's bytes.
func (vb *VertexBuffer) Vertex(i int) []byte { return vb.vertexIn(vb.Bytes(), i) }

// vertexIn returns vertex i's bytes in data (the buffer's Bytes).
func (vb *VertexBuffer) vertexIn(data []byte, i int) []byte {
	s := vb.Format.Stride
	if i < 0 || i >= vb.Count || s == 0 || (i+1)*s > len(data) {
		return nil
	}
	return data[i*s : (i+1)*s]
}

// bufSource is where a buffer list's bytes are: r holds n bytes whose
// headers are walked, and data says where the n bytes at rel are read from
// again when a buffer's contents are asked for.
type bufSource struct {
	r    io.ReaderAt
	n    int64
	data func(rel, n int64) (*payloadRef, int64)
}

// memBuf is the bufSource of a payload held by ref (unpacked, or in
// memory): buffers refer to ranges of it.
func memBuf(b []byte, ref *payloadRef) *bufSource {
	return &bufSource{r: bytes.NewReader(b), n: int64(len(b)), data: func(rel, _ int64) (*payloadRef, int64) { return ref, rel }}
}

// fileBuf is the bufSource of a chunk stored plain in the file r (byte 0
// at base, size bytes): its headers are read in place and each buffer's
// bytes are read from the file when asked, nothing before.
func (lv *Level) fileBuf(r io.ReaderAt, base, size int64, c xray.Chunk) *bufSource {
	start := c.DataOff - base
	return &bufSource{r: io.NewSectionReader(r, start, c.Avail), n: c.Avail, data: func(rel, n int64) (*payloadRef, int64) {
		return lv.track(newPayload(func() ([]byte, error) { return binread.ReadAt(r, base, start+rel, n, size) }, n)), 0
	}}
}

func (lv *Level) parseVBs(src *bufSource, l loc, decl bool) []*VertexBuffer {
	c := newAtCursor(src.r, src.n)
	n := c.Count("vertex buffer", 8)
	if c.Err() != nil {
		lv.diagAt(l, 0, "%v", c.Err())
		return nil
	}
	n = lv.capItems(l, n, "vertex buffer")
	var out []*VertexBuffer
	for i := 0; i < n; i++ {
		rel := c.Pos()
		vb := &VertexBuffer{Index: i, Rel: rel}
		if decl {
			f, used, err := ParseDecl(c.Peek(8 * (MaxDeclElements + 1)))
			if err != nil {
				lv.diagAt(l, rel, "vertex buffer %d: %v; the remaining buffers are not read", i, err)
				return out
			}
			c.Skip(int64(used))
			vb.Format = f
		} else {
			f, err := ParseFVF(c.U32())
			if err != nil {
				lv.diagAt(l, rel, "vertex buffer %d: %v; the remaining buffers are not read", i, err)
				return out
			}
			vb.Format = f
		}
		if vb.Format.Stride == 0 || vb.Format.posAttr() == nil {
			lv.diagAt(l, rel, "vertex buffer %d: layout without a float position (%s)", i, vb.Format.String())
		}
		cnt := c.Count("vertex", max(vb.Format.Stride, 1))
		if c.Err() != nil {
			lv.diagAt(l, c.Pos(), "vertex buffer %d: %v; the remaining buffers are not read", i, c.Err())
			return out
		}
		vb.Count = cnt
		size := int64(cnt) * int64(vb.Format.Stride)
		vb.src, vb.off = src.data(c.Pos(), size)
		c.Skip(size)
		out = append(out, vb)
	}
	if c.Len() > 0 {
		lv.diagAt(l, c.Pos(), "%d bytes after the %d vertex buffers (the chunk should be exhausted)", c.Len(), n)
	}
	return out
}

// IndexBuffer is one index buffer (v9+).
type IndexBuffer struct {
	Rel   int64
	Count int // indices
	// Indices holds the indices of a buffer made in memory; one read from
	// a file leaves it nil and reads them when asked (span).
	Indices []uint16

	src *payloadRef
	off int64
}

// NewIndexBuffer is an index buffer made in memory.
func NewIndexBuffer(idx []uint16) IndexBuffer { return IndexBuffer{Count: len(idx), Indices: idx} }

// span returns indices start..end (within 0..Count), read when they are
// not in memory; nil when they cannot be read.
func (ib *IndexBuffer) span(start, end int) []uint16 {
	if ib.Indices != nil || ib.src == nil {
		if end > len(ib.Indices) {
			return nil
		}
		return ib.Indices[start:end]
	}
	b := ib.src.slice(ib.off+2*int64(start), 2*int64(end-start))
	if b == nil {
		return nil
	}
	return readU16s(b)
}

func (lv *Level) parseIBs(src *bufSource, l loc) []IndexBuffer {
	c := newAtCursor(src.r, src.n)
	n := lv.capItems(l, c.Count("index buffer", 4), "index buffer")
	var out []IndexBuffer
	for i := 0; i < n && c.Err() == nil; i++ {
		rel := c.Pos()
		k := c.Count("index", 2)
		if c.Err() != nil {
			break
		}
		ib := IndexBuffer{Rel: rel, Count: k}
		ib.src, ib.off = src.data(c.Pos(), 2*int64(k))
		c.Skip(2 * int64(k))
		out = append(out, ib)
	}
	if c.Err() != nil {
		lv.diagAt(l, c.Pos(), "index buffers: %v", c.Err())
	}
	return out
}

// SWI is one sliding-window level of detail: a run of the index buffer.
type SWI struct {
	Offset   uint32 `json:"offset"`
	NumTris  uint16 `json:"triangles"`
	NumVerts uint16 `json:"vertices"`
}

// parseSWIList reads a SWI list after its 16 bytes of header (which the
// caller skips).
func parseSWIList(c swiCursor) []SWI {
	n := c.Count("sliding window", 8)
	b := c.Take(8 * n) // one read: the records are kept anyway
	if b == nil {
		return nil
	}
	out := make([]SWI, n)
	for i := range out {
		r := b[8*i:]
		out[i] = SWI{binary.LittleEndian.Uint32(r), binary.LittleEndian.Uint16(r[4:]), binary.LittleEndian.Uint16(r[6:])}
	}
	return out
}

// swiCursor reads SWI lists from memory (an OGF's SWIDATA) or through an
// io.ReaderAt (a level's SWI chunk).
type swiCursor interface {
	Count(what string, elem int) int
	Take(n int) []byte
}

func (lv *Level) parseSWIs(src *bufSource, l loc) [][]SWI {
	c := newAtCursor(src.r, src.n)
	n := lv.capItems(l, c.Count("SWI", 20), "SWI")
	var out [][]SWI
	for i := 0; i < n && c.Err() == nil; i++ {
		c.Skip(16)
		s := parseSWIList(c)
		if c.Err() == nil {
			out = append(out, s)
		}
	}
	if c.Err() != nil {
		lv.diagAt(l, int64(c.Pos()), "SWIs: %v", c.Err())
	}
	return out
}
