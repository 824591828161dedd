package xrlevel

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"

	"rummage/formats/binread"
	"rummage/formats/xray"
)

// per-version ids of the chunks the reader decodes
type ogfIDs struct {
	texture, textureL, bbox, vertices, indices, vcontainer, bsphere, childrenL, icontainer, gcontainer, swidata, treedef, fastpath, material, sflink, childNames, pmap uint32
	nested                                                                                                                                                             uint32 // OGF_CHILDREN: the child visuals themselves (stand-alone models)
}

var ogfIDTable = map[int]ogfIDs{
	2: {texture: 2, textureL: 3, material: 4, childNames: 5, bbox: 6, vertices: 7, indices: 8, pmap: 9, sflink: 0xa, vcontainer: 0xb, bsphere: 0xc, childrenL: 0xd},
	3: {texture: 2, textureL: 3, childNames: 5, bbox: 6, vertices: 7, indices: 8, vcontainer: 0xa, bsphere: 0xb, childrenL: 0xc, icontainer: 0x13, treedef: 0x16, nested: 0x11},
	4: {texture: 2, vertices: 3, indices: 4, swidata: 6, vcontainer: 7, icontainer: 8, childrenL: 0xa, treedef: 0xc, gcontainer: 0x15, fastpath: 0x16, nested: 9},
}

func (lv *Level) parseVisuals(b []byte, l loc) []*Visual {
	list := xray.ScanN(b, 0, l.itemCap(MaxVisuals))
	for _, d := range list.Diags {
		lv.diagAt(l, d.Off, "visual list: %s", d.Msg)
	}
	out := make([]*Visual, 0, len(list.Chunks))
	for i, ch := range list.Chunks {
		if ch.ID != uint32(i) {
			lv.diagAt(l.item(i), ch.Off, "visual %d has chunk id %d (ids should count up from 0)", i, ch.ID)
		}
		body := b[ch.DataOff : ch.DataOff+ch.Avail]
		base := ch.DataOff
		if ch.Compressed {
			var err error
			if body, err = lv.decodeNested(body); err != nil {
				lv.diagAt(l.item(i), ch.Off, "visual %d: %v", i, err)
				out = append(out, &Visual{Index: i, Rel: ch.Off, TextureIndex: -1, ShaderIndex: -1, VB: -1, IB: -1})
				continue
			}
			base = ch.DataOff // offsets inside are approximate
			vl := l
			vl.buf = nil // the body is not a range of the visuals payload
			out = append(out, lv.parseVisual(i, body, base, ch, vl))
			continue
		}
		out = append(out, lv.parseVisual(i, body, base, ch, l))
	}
	return out
}

// visualReader decodes the OGF sub-chunks of one visual.
type visualReader struct {
	lv   *Level
	v    *Visual
	l    loc // the visuals chunk, at the visual's node path
	ids  ogfIDs
	body []byte // the visual's payload, whose byte 0 is at base
	base int64
}

// parseVisual decodes visual i, whose chunk ch has the payload body (byte 0
// at base in the visuals chunk): the header first, then each sub-chunk id
// once.
func (lv *Level) parseVisual(i int, body []byte, base int64, ch xray.Chunk, l loc) *Visual {
	v := &Visual{Index: i, Rel: ch.Off, Size: ch.Avail, TextureIndex: -1, ShaderIndex: -1, VB: -1, IB: -1}
	r := &visualReader{lv: lv, v: v, l: l.item(i), body: body, base: base}
	sub := xray.ScanN(body, base, maxSubChunks)
	v.Chunks = sub.Chunks
	for _, d := range sub.Diags {
		lv.diagAt(r.l, d.Off, "visual %d: %s", i, d.Msg)
	}
	if ch.Truncated() {
		v.cut = &cutChunk{what: "its chunk", c: ch, container: "the visuals chunk"}
	} else if n := len(sub.Chunks); n > 0 && sub.Chunks[n-1].Truncated() {
		v.cut = &cutChunk{what: fmt.Sprintf("its sub-chunk 0x%X", sub.Chunks[n-1].ID), c: sub.Chunks[n-1], container: "the visual"}
	}
	if !r.header(sub, ch) {
		return v
	}
	seen := map[uint32]bool{}
	for _, c := range sub.Chunks {
		if seen[c.ID] {
			continue
		}
		seen[c.ID] = true
		if p, ok := r.payload(c); ok {
			r.chunk(c, p)
		}
	}
	if !v.HasBBox && v.OGFVersion < 4 {
		lv.diagAt(r.l, ch.Off, "visual %d has no bounding box (the engine requires one)", i)
	}
	return v
}

// diag records a finding about sub-chunk c: "visual N" then the text.
func (r *visualReader) diag(c xray.Chunk, format string, args ...any) {
	r.lv.diagAt(r.l, c.Off, "visual %d"+format, append([]any{r.v.Index}, args...)...)
}

// keep holds on to sub-chunk c's raw payload p: as a range of the visuals
// chunk's payload, read again when asked (that payload is dropped after
// parsing), or, where there is no such range (a visual unpacked by
// itself, a model), as a copy.
func (r *visualReader) keep(c xray.Chunk, p []byte) ([]byte, lazyBytes) {
	if r.l.buf == nil || c.Compressed {
		return bytes.Clone(p), lazyBytes{}
	}
	ref, off := r.l.buf.data(c.DataOff, c.Avail)
	return nil, lazyBytes{ref, off, c.Avail}
}

// at returns sub-chunk c's payload as stored.
func (r *visualReader) at(c xray.Chunk) []byte {
	s := c.DataOff - r.base
	return r.body[s : s+c.Avail]
}

// payload returns sub-chunk c's payload, decompressed when it is stored
// compressed; false when it cannot be.
func (r *visualReader) payload(c xray.Chunk) ([]byte, bool) {
	p := r.at(c)
	if !c.Compressed || len(p) == 0 {
		return p, true
	}
	d, err := r.lv.decodeNested(p)
	if err != nil {
		r.diag(c, " sub-chunk 0x%X: %v", c.ID, err)
		return nil, false
	}
	return d, true
}

// header decodes the OGF header (sub-chunk 1): version, type, flags and, in
// OGF v4, the bounds. It reports whether the other sub-chunks can be read.
func (r *visualReader) header(sub *xray.List, ch xray.Chunk) bool {
	v := r.v
	hc, ok := sub.Find(1)
	if !ok {
		r.lv.diagAt(r.l, ch.Off, "visual %d has no OGF header chunk", v.Index)
		return false
	}
	h := r.at(hc)
	if len(h) < 4 {
		r.diag(hc, ": OGF header is %d bytes", len(h))
		return false
	}
	v.OGFVersion, v.Type, v.Flags = int(h[0]), int(h[1]), binary.LittleEndian.Uint16(h[2:])
	ids, known := ogfIDTable[v.OGFVersion]
	if !known {
		r.diag(hc, ": OGF version %d is not supported", v.OGFVersion)
		return false
	}
	r.ids = ids
	if v.OGFVersion == 4 {
		if len(h) >= 44 {
			c := binread.NewCursor(h[4:], 0)
			v.BBox[0], v.BBox[1] = vec3(c), vec3(c)
			v.Sphere = readSphere(c)
			v.HasBBox, v.HasSphere = true, true
		} else {
			r.diag(hc, ": OGF v4 header is %d bytes, want 44", len(h))
		}
	}
	return true
}

// short reports (with a finding) a sub-chunk payload shorter than want.
func (r *visualReader) short(c xray.Chunk, p []byte, want int) bool {
	if len(p) < want {
		r.diag(c, ": %s is %d bytes, want %d", OGFChunkName(r.v.OGFVersion, c.ID), len(p), want)
		return true
	}
	return false
}

// chunk decodes sub-chunk c (payload p) by its id for the OGF version.
func (r *visualReader) chunk(c xray.Chunk, p []byte) {
	v, ids := r.v, r.ids
	cur := binread.NewCursor(p, 0)
	switch c.ID {
	case 0:
		v.Unknown = append(v.Unknown, c.ID)
	case 1:
	case ids.textureL:
		if !r.short(c, p, 8) {
			v.TextureIndex, v.ShaderIndex = int(cur.U32()), int(cur.U32())
		}
	case ids.texture:
		v.TextureName, v.ShaderName = textureNames(p)
	case ids.bbox:
		if !r.short(c, p, 24) {
			v.BBox[0], v.BBox[1] = vec3(cur), vec3(cur)
			v.HasBBox = true
		}
	case ids.bsphere:
		if !r.short(c, p, 16) {
			v.Sphere, v.HasSphere = readSphere(cur), true
		}
	case ids.vcontainer:
		if !r.short(c, p, 12) {
			v.VB, v.VBase, v.VCount = readRange(cur)
		}
	case ids.icontainer:
		if !r.short(c, p, 12) {
			v.IB, v.IBase, v.ICount = readRange(cur)
		}
	case ids.gcontainer:
		if !r.short(c, p, 24) {
			v.VB, v.VBase, v.VCount = readRange(cur)
			v.IB, v.IBase, v.ICount = readRange(cur)
		}
	case ids.fastpath:
		r.fastPath(c, p)
	case ids.indices:
		r.indices(c, cur)
	case ids.vertices:
		r.vertices(c, cur)
	case ids.childrenL:
		r.children(c, cur)
	default:
		r.rareChunk(c, p, cur)
	}
}

// rareChunk decodes the sub-chunks few visuals have: SWIDATA, TREEDEF2, the
// OGF v2 MATERIAL, SF_LINK and P_MAP, and the child names; other ids are
// listed as unknown.
func (r *visualReader) rareChunk(c xray.Chunk, p []byte, cur *binread.Cursor) {
	v, ids := r.v, r.ids
	switch c.ID {
	case ids.swidata:
		if v.OGFVersion == 4 {
			cur.Skip(16)
			v.SWI = parseSWIList(cur)
			if cur.Err() != nil {
				r.diag(c, " SWIDATA: %v", cur.Err())
			}
		}
	case ids.treedef:
		if !r.short(c, p, 64) {
			var m [16]float32
			for k := range m {
				m[k] = cur.F32()
			}
			v.Xform = &m
		}
	case ids.material:
		if v.OGFVersion == 2 {
			v.Material, v.material = r.keep(c, p)
		}
	case ids.sflink:
		if v.OGFVersion == 2 {
			v.SFLink = cstr(p)
		}
	case ids.pmap:
		if v.OGFVersion == 2 {
			v.PMap, v.pmap = r.keep(c, p)
		}
	case ids.childNames:
		r.childNames(c, p, cur)
	case ids.nested:
		v.Nested = append(v.Nested, c)
	default:
		if strings.HasPrefix(OGFChunkName(v.OGFVersion, c.ID), "S_") {
			v.Skeleton = append(v.Skeleton, c) // read by the stand-alone model
			return
		}
		v.Unknown = append(v.Unknown, c.ID)
	}
}

// textureNames splits an OGF_TEXTURE payload: texture, NUL, shader.
func textureNames(p []byte) (texture, shader string) {
	parts := strings.SplitN(string(p), "\x00", 3)
	texture = latin1([]byte(parts[0]))
	if len(parts) >= 2 {
		shader = latin1([]byte(parts[1]))
	}
	return texture, shader
}

// readSphere reads a bounding sphere: centre and radius.
func readSphere(c *binread.Cursor) [4]float32 {
	return [4]float32{c.F32(), c.F32(), c.F32(), c.F32()}
}

// readRange reads a container reference: buffer, base, count.
func readRange(c *binread.Cursor) (buf, base, count int) {
	return int(c.U32()), int(c.U32()), int(c.U32())
}

// fastPath decodes FASTPATH: a nested chunk list holding a GCONTAINER into
// level.geomx.
func (r *visualReader) fastPath(c xray.Chunk, p []byte) {
	r.v.FastPath = true
	fl := xray.ScanN(p, 0, maxSubChunks)
	g, ok := fl.Find(r.ids.gcontainer)
	if !ok || g.Avail < 24 {
		r.diag(c, ": FASTPATH holds no 24-byte GCONTAINER")
		return
	}
	gc := binread.NewCursor(p[g.DataOff:g.DataOff+g.Avail], 0)
	var f [6]int
	for k := range f {
		f[k] = int(gc.U32())
	}
	r.v.Fast = &f
}

// indices decodes INDICES: a count and u16 indices.
func (r *visualReader) indices(c xray.Chunk, cur *binread.Cursor) {
	n := cur.Count("index", 2)
	if cur.Err() != nil {
		r.diag(c, " indices: %v", cur.Err())
		return
	}
	r.v.Indices = readU16s(cur.Take(2 * n))
	r.v.HasIndices = true
}

// vertices decodes VERTICES: an FVF, a count and the vertices.
func (r *visualReader) vertices(c xray.Chunk, cur *binread.Cursor) {
	vb := &VertexBuffer{Index: -1, Rel: c.Off}
	code := cur.U32()
	f, skinned := skinFormat(code, r.v.OGFVersion, skinnedVisual(r.v.OGFVersion, r.v.Type))
	var err error
	if !skinned {
		f, err = ParseFVF(code)
	}
	if err != nil {
		r.diag(c, " vertices: %v", err)
		return
	}
	if skinned {
		if rest := cur.Bytes()[cur.Pos():]; len(rest) >= 4 {
			f = shortLinkFormat(f, int(min(binary.LittleEndian.Uint32(rest), 1<<30)), len(rest)-4)
		}
	}
	vb.Format = f
	n := cur.Count("vertex", max(f.Stride, 1))
	if cur.Err() != nil {
		r.diag(c, " vertices: %v", cur.Err())
		return
	}
	vb.Count, vb.Data = n, bytes.Clone(cur.Take(n*f.Stride))
	r.v.OwnVertices = vb
}

// children decodes CHILDREN_L: a count and u32 visual indices.
func (r *visualReader) children(c xray.Chunk, cur *binread.Cursor) {
	n := cur.Count("child", 4)
	if cur.Err() != nil {
		r.diag(c, " children: %v", cur.Err())
		return
	}
	for k := 0; k < n; k++ {
		r.v.Children = append(r.v.Children, int(cur.U32()))
	}
}

// childNames decodes OGF v2 CHIELDS / v3 CHILD_REFS: a count and
// NUL-terminated file names.
func (r *visualReader) childNames(c xray.Chunk, p []byte, cur *binread.Cursor) {
	v := r.v
	if v.OGFVersion > 3 {
		v.Unknown = append(v.Unknown, c.ID)
		return
	}
	n := cur.Count("child name", 1)
	rest := p[cur.Pos():]
	for k := 0; k < n; k++ {
		end := 0
		for end < len(rest) && rest[end] != 0 {
			end++
		}
		if end >= len(rest) {
			r.diag(c, ": child name %d of %d is not terminated", k, n)
			break
		}
		v.ChildNames = append(v.ChildNames, latin1(rest[:end]))
		rest = rest[end+1:]
	}
}
