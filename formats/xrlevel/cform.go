package xrlevel

import (
	"fmt"

	"rummage/formats/binread"
	"rummage/formats/geom"
)

// CForm is the collision mesh.
type CForm struct {
	Version int
	BBox    [2]geom.Vec3
	// Verts and Tris are the vertices and triangles of a CForm made in
	// memory; a CForm read from a file keeps only their counts and where
	// they are, and Load reads them.
	Verts   []geom.Vec3
	Tris    []CFTri
	TriSize int // 32 (v2/v3) or 16 (v4)

	numVerts, numTris int         // read from a file: the counts (cut to what the chunk holds)
	bySector          map[int]int // read from a file: triangles per sector
	firstIn           map[int]int // read from a file: the first triangle of each sector
	src               *payloadRef // read from a file: its payload
}

// Counts returns the vertex and triangle counts.
func (cf *CForm) Counts() (verts, tris int) {
	if cf.src == nil {
		return len(cf.Verts), len(cf.Tris)
	}
	return cf.numVerts, cf.numTris
}

// Sectors returns the triangles per sector, and the first triangle of each.
func (cf *CForm) Sectors() (count, first map[int]int) {
	if cf.src != nil {
		return cf.bySector, cf.firstIn
	}
	count, first = map[int]int{}, map[int]int{}
	for i, t := range cf.Tris {
		if _, ok := count[int(t.Sector)]; !ok {
			first[int(t.Sector)] = i
		}
		count[int(t.Sector)]++
	}
	return count, first
}

// Load returns the CForm with its vertices and triangles: cf itself when
// it holds them, else a copy read (and unpacked) from its chunk again.
func (cf *CForm) Load() (*CForm, error) {
	if cf.src == nil {
		return cf, nil
	}
	b, err := cf.src.get()
	if b == nil {
		return nil, fmt.Errorf("reading the collision mesh again: %v", err)
	}
	out := &CForm{Version: cf.Version, BBox: cf.BBox, TriSize: cf.TriSize, Verts: make([]geom.Vec3, cf.numVerts), Tris: make([]CFTri, cf.numTris)}
	c := binread.NewCursor(b, 0)
	c.Skip(36)
	for i := range out.Verts {
		out.Verts[i] = vec3(c)
	}
	for i := range out.Tris {
		readCFTri(&out.Tris[i], c, cf.TriSize)
	}
	if c.Err() != nil {
		return nil, c.Err()
	}
	return out, nil
}

// CFTri is one collision triangle. v2/v3 (32 bytes): vertex indices,
// adjacency, u16 material, u16 sector, u32 dummy. v4 (16 bytes): vertex
// indices and a u32 of bits (material 0–13, suppress shadows 14, suppress
// wallmarks 15, sector 16–31).
type CFTri struct {
	V        [3]uint32
	Adj      [3]uint32 // 0xFFFFFFFF = open edge (v2/v3 only)
	Material uint16
	Sector   uint16
	Dummy    uint32 // v2/v3: the last u32 (BXR reads it as the material)
	Bits     uint32 // v4: the raw bits
	NoShadow bool   // v4 bit 14
	NoMarks  bool   // v4 bit 15
}

func (lv *Level) parseCForm(b []byte, l loc) *CForm {
	c := binread.NewCursor(b, 0)
	cf := &CForm{Version: int(c.U32())}
	nv := int64(c.U32())
	nf := int64(c.U32())
	cf.BBox[0], cf.BBox[1] = vec3(c), vec3(c)
	if c.Err() != nil {
		lv.diagAt(l, 0, "CFORM header: %v", c.Err())
		return nil
	}
	rest := int64(c.Len())
	if nv > rest/12 {
		lv.diagAt(l, 4, "CFORM declares %d vertices; only %d bytes remain", nv, rest)
		return cf
	}
	if !lv.cformTriSize(cf, nv, nf, rest, l) {
		return cf
	}
	if want := 36 + 12*nv + int64(cf.TriSize)*nf; want != int64(len(b)) {
		lv.diagAt(l, 0, "CFORM is %d bytes; version %d with %d vertices and %d triangles needs %d", len(b), cf.Version, nv, nf, want)
	}
	c.Skip(int(12 * nv))
	if nf > int64(c.Len())/int64(cf.TriSize) {
		lv.diagAt(l, 8, "CFORM declares %d triangles; only %d fit", nf, c.Len()/cf.TriSize)
		nf = int64(c.Len() / cf.TriSize)
	}
	cf.numVerts, cf.numTris = int(nv), int(nf)
	lv.scanCFormTris(cf, c, l)
	// The arrays are read again when drawn (Load): the parsed level keeps
	// the counts, not a copy as big as the chunk.
	if l.buf != nil {
		cf.src, _ = l.buf.data(0, int64(len(b)))
	} else {
		cf.src = heldPayload(b)
	}
	return cf
}

// cformTriSize sets the triangle record size from the CFORM version, or
// for an unknown version from the bytes left after nv vertices (rest bytes
// follow the header) when they hold nf whole 16- or 32-byte triangles. It
// reports whether the size is known.
func (lv *Level) cformTriSize(cf *CForm, nv, nf, rest int64, l loc) bool {
	switch cf.Version {
	case 2, 3:
		cf.TriSize = 32
	case 4:
		cf.TriSize = 16
	default:
		if nf > 0 && (rest-12*nv)%nf == 0 && ((rest-12*nv)/nf == 16 || (rest-12*nv)/nf == 32) {
			cf.TriSize = int((rest - 12*nv) / nf)
		} else {
			lv.diagAt(l, 0, "unknown CFORM version %d", cf.Version)
			return false
		}
		lv.diagAt(l, 0, "unknown CFORM version %d: reading %d-byte triangles", cf.Version, cf.TriSize)
	}
	return true
}

// scanCFormTris walks the triangles after the vertices, counting them per
// sector, and reports the first ones whose vertex or neighbour indices are
// out of range.
func (lv *Level) scanCFormTris(cf *CForm, c *binread.Cursor, l loc) {
	nv, nf := int64(cf.numVerts), int64(cf.numTris)
	cf.bySector, cf.firstIn = map[int]int{}, map[int]int{}
	bad := 0
	var tri CFTri
	for i := 0; i < cf.numTris; i++ {
		t := &tri
		readCFTri(t, c, cf.TriSize)
		if _, ok := cf.bySector[int(t.Sector)]; !ok {
			cf.firstIn[int(t.Sector)] = i
		}
		cf.bySector[int(t.Sector)]++
		if t.V[0] >= uint32(nv) || t.V[1] >= uint32(nv) || t.V[2] >= uint32(nv) {
			if bad < 5 {
				lv.diagAt(l, 36+12*nv+int64(i*cf.TriSize), "CFORM triangle %d has vertex indices %v, vertex count %d", i, t.V, nv)
			}
			bad++
		}
		for _, a := range t.Adj {
			if cf.TriSize == 32 && a != 0xFFFFFFFF && a >= uint32(nf) && bad < 5 {
				lv.diagAt(l, 36+12*nv+int64(i*cf.TriSize), "CFORM triangle %d has neighbour %d, triangle count %d", i, a, nf)
				bad++
			}
		}
	}
	if bad > 5 {
		lv.diagAt(l, 36+12*nv, "%d CFORM triangles with indices out of range in all", bad)
	}
}

// readCFTri reads one triangle record of size bytes (32: v2/v3, 16: v4).
func readCFTri(t *CFTri, c *binread.Cursor, size int) {
	t.V = [3]uint32{c.U32(), c.U32(), c.U32()}
	if size == 32 {
		t.Adj = [3]uint32{c.U32(), c.U32(), c.U32()}
		t.Material = c.U16()
		t.Sector = c.U16()
		t.Dummy = c.U32()
		return
	}
	t.Bits = c.U32()
	t.Material = uint16(t.Bits & 0x3FFF)
	t.NoShadow = t.Bits&(1<<14) != 0
	t.NoMarks = t.Bits&(1<<15) != 0
	t.Sector = uint16(t.Bits >> 16)
}
