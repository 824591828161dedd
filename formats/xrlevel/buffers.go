package xrlevel

import (
	"rummage/formats/binread"
	"rummage/formats/geom"
)

// VertexBuffer is one vertex buffer.
type VertexBuffer struct {
	Index  int
	Rel    int64 // offset in the (unpacked) chunk
	Format VertexFormat
	Count  int
	Data   []byte // Count × Format.Stride bytes
	Src    string // "level" or the level.geom path
}

// Position returns vertex i's position.
func (vb *VertexBuffer) Position(i int) geom.Vec3 { return vb.Format.position(vb.Data, i) }

// Vertex returns vertex i's bytes.
func (vb *VertexBuffer) Vertex(i int) []byte {
	s := vb.Format.Stride
	if i < 0 || i >= vb.Count || s == 0 {
		return nil
	}
	return vb.Data[i*s : (i+1)*s]
}

func (lv *Level) parseVBs(b []byte, l loc, decl bool) []*VertexBuffer {
	c := binread.NewCursor(b, 0)
	n := c.Count("vertex buffer", 8)
	if c.Err() != nil {
		lv.diagAt(l, 0, "%v", c.Err())
		return nil
	}
	n = lv.capItems(l, n, "vertex buffer")
	var out []*VertexBuffer
	for i := 0; i < n; i++ {
		rel := int64(c.Pos())
		vb := &VertexBuffer{Index: i, Rel: rel}
		if decl {
			f, used, err := ParseDecl(b[c.Pos():])
			if err != nil {
				lv.diagAt(l, rel, "vertex buffer %d: %v; the remaining buffers are not read", i, err)
				return out
			}
			c.Skip(used)
			vb.Format = f
		} else {
			fvf := c.U32()
			f, err := ParseFVF(fvf)
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
			lv.diagAt(l, int64(c.Pos()), "vertex buffer %d: %v; the remaining buffers are not read", i, c.Err())
			return out
		}
		vb.Count = cnt
		vb.Data = c.Take(cnt * vb.Format.Stride)
		out = append(out, vb)
	}
	if c.Len() > 0 {
		lv.diagAt(l, int64(c.Pos()), "%d bytes after the %d vertex buffers (the chunk should be exhausted)", c.Len(), n)
	}
	return out
}

// IndexBuffer is one index buffer (v9+).
type IndexBuffer struct {
	Rel     int64
	Indices []uint16
}

func (lv *Level) parseIBs(b []byte, l loc) []IndexBuffer {
	c := binread.NewCursor(b, 0)
	n := lv.capItems(l, c.Count("index buffer", 4), "index buffer")
	var out []IndexBuffer
	for i := 0; i < n && c.Err() == nil; i++ {
		rel := int64(c.Pos())
		k := c.Count("index", 2)
		if c.Err() != nil {
			break
		}
		out = append(out, IndexBuffer{Rel: rel, Indices: readU16s(c.Take(2 * k))})
	}
	if c.Err() != nil {
		lv.diagAt(l, int64(c.Pos()), "index buffers: %v", c.Err())
	}
	return out
}

// SWI is one sliding-window level of detail: a run of the index buffer.
type SWI struct {
	Offset   uint32 `json:"offset"`
	NumTris  uint16 `json:"triangles"`
	NumVerts uint16 `json:"vertices"`
}

func parseSWIList(c *binread.Cursor) []SWI {
	c.Skip(16)
	n := c.Count("sliding window", 8)
	out := make([]SWI, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, SWI{c.U32(), c.U16(), c.U16()})
	}
	return out
}

func (lv *Level) parseSWIs(b []byte, l loc) [][]SWI {
	c := binread.NewCursor(b, 0)
	n := lv.capItems(l, c.Count("SWI", 20), "SWI")
	var out [][]SWI
	for i := 0; i < n && c.Err() == nil; i++ {
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
