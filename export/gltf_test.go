package export

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"rummage/formats/geom"
)

// readGLB splits a GLB file into its JSON and BIN chunks, checking the
// container rules of the glTF 2.0 specification (section 4.4).
func readGLB(t *testing.T, data []byte) ([]byte, []byte) {
	t.Helper()
	if len(data) < 20 || binary.LittleEndian.Uint32(data) != glbMagic || binary.LittleEndian.Uint32(data[4:]) != 2 {
		t.Fatal("bad GLB header")
	}
	if n := binary.LittleEndian.Uint32(data[8:]); int(n) != len(data) {
		t.Fatalf("header length %d, file %d", n, len(data))
	}
	var chunks [][]byte
	var types []uint32
	for off := 12; off < len(data); {
		if off+8 > len(data) {
			t.Fatal("truncated chunk header")
		}
		n := int(binary.LittleEndian.Uint32(data[off:]))
		typ := binary.LittleEndian.Uint32(data[off+4:])
		if n%4 != 0 || off+8+n > len(data) {
			t.Fatalf("chunk of %d bytes at %d: not padded or past the end", n, off)
		}
		chunks = append(chunks, data[off+8:off+8+n])
		types = append(types, typ)
		off += 8 + n
	}
	if len(chunks) == 0 || types[0] != glbChunkJSON {
		t.Fatal("first chunk is not JSON")
	}
	if len(chunks) > 2 || (len(chunks) == 2 && types[1] != glbChunkBIN) {
		t.Fatalf("chunk types %x", types)
	}
	if len(chunks) == 1 {
		return chunks[0], nil
	}
	return chunks[0], chunks[1]
}

// checkGLTF validates the document against the rules a writer must keep
// (buffer and view ranges, accessor bounds and alignment, POSITION min/max,
// index ranges, primitive counts) and returns it with the positions read
// back from the buffer.
func checkGLTF(t *testing.T, js, bin []byte, embedded bool) (*gltfDoc, [][3]float32) {
	t.Helper()
	var doc gltfDoc
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("JSON: %v", err)
	}
	if doc.Asset.Version != "2.0" || len(doc.Scenes) != 1 || doc.Scene != 0 || len(doc.Nodes) != 1 {
		t.Fatalf("bad document head: %+v", doc)
	}
	if embedded && len(doc.Buffers) == 1 {
		uri, ok := strings.CutPrefix(doc.Buffers[0].URI, "data:application/octet-stream;base64,")
		if !ok {
			t.Fatalf("buffer uri %.40q", doc.Buffers[0].URI)
		}
		var err error
		if bin, err = base64.StdEncoding.DecodeString(uri); err != nil {
			t.Fatal(err)
		}
		if len(bin) != doc.Buffers[0].ByteLength {
			t.Fatalf("data uri holds %d bytes, byteLength %d", len(bin), doc.Buffers[0].ByteLength)
		}
	}
	for _, b := range doc.Buffers {
		if !embedded && b.URI != "" {
			t.Fatal("GLB buffer with a uri")
		}
		// GLB: the BIN chunk may exceed byteLength by its padding only.
		if b.ByteLength < 1 || b.ByteLength > len(bin) || len(bin)-b.ByteLength > 3 {
			t.Fatalf("buffer byteLength %d, BIN %d bytes", b.ByteLength, len(bin))
		}
	}
	for i, v := range doc.BufferViews {
		if v.Buffer != 0 || v.ByteOffset < 0 || v.ByteLength < 1 || v.ByteOffset+v.ByteLength > doc.Buffers[0].ByteLength {
			t.Fatalf("bufferView %d out of its buffer: %+v", i, v)
		}
	}
	sizes := map[int]int{gltfFloat: 4, gltfUint16: 2, gltfUint32: 4}
	comps := map[string]int{"SCALAR": 1, "VEC3": 3}
	for i, a := range doc.Accessors {
		cs, n := sizes[a.ComponentType], comps[a.Type]
		if cs == 0 || n == 0 || a.Count < 1 || a.BufferView >= len(doc.BufferViews) {
			t.Fatalf("accessor %d: %+v", i, a)
		}
		v := doc.BufferViews[a.BufferView]
		if a.ByteOffset%cs != 0 || (v.ByteOffset+a.ByteOffset)%cs != 0 {
			t.Fatalf("accessor %d misaligned", i)
		}
		if a.ByteOffset+a.Count*cs*n > v.ByteLength {
			t.Fatalf("accessor %d runs past its view (%d+%d*%d > %d)", i, a.ByteOffset, a.Count, cs*n, v.ByteLength)
		}
	}
	if len(doc.Meshes) == 0 {
		return &doc, nil
	}
	// POSITION: accessor 0 of every primitive, min and max exact
	pa := doc.Accessors[0]
	if pa.Type != "VEC3" || pa.ComponentType != gltfFloat || len(pa.Min) != 3 || len(pa.Max) != 3 {
		t.Fatalf("POSITION accessor %+v", pa)
	}
	pv := doc.BufferViews[pa.BufferView]
	pos := make([][3]float32, pa.Count)
	lo, hi := [3]float32{float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(1))}, [3]float32{float32(math.Inf(-1)), float32(math.Inf(-1)), float32(math.Inf(-1))}
	for i := range pos {
		for k := 0; k < 3; k++ {
			pos[i][k] = math.Float32frombits(binary.LittleEndian.Uint32(bin[pv.ByteOffset+pa.ByteOffset+12*i+4*k:]))
			lo[k], hi[k] = min(lo[k], pos[i][k]), max(hi[k], pos[i][k])
		}
	}
	for k := 0; k < 3; k++ {
		if pa.Min[k] != lo[k] || pa.Max[k] != hi[k] {
			t.Fatalf("POSITION min/max %v %v, data %v %v", pa.Min, pa.Max, lo, hi)
		}
	}
	for _, p := range doc.Meshes[0].Primitives {
		if p.Attributes["POSITION"] != 0 {
			t.Fatal("primitive without POSITION 0")
		}
		if p.Material != nil && *p.Material >= len(doc.Materials) {
			t.Fatal("primitive with a missing material")
		}
		if p.Indices == nil {
			continue
		}
		a := doc.Accessors[*p.Indices]
		if a.Type != "SCALAR" || (a.ComponentType != gltfUint16 && a.ComponentType != gltfUint32) {
			t.Fatalf("index accessor %+v", a)
		}
		if v := doc.BufferViews[a.BufferView]; v.Target != gltfElementBuffer {
			t.Fatal("index view without ELEMENT_ARRAY_BUFFER target")
		}
		if (p.Mode == gltfTriangles && a.Count%3 != 0) || (p.Mode == gltfLines && a.Count%2 != 0) {
			t.Fatalf("mode %d with %d indices", p.Mode, a.Count)
		}
		for i := 0; i < a.Count; i++ {
			off := doc.BufferViews[a.BufferView].ByteOffset + a.ByteOffset
			var ix int
			if a.ComponentType == gltfUint16 {
				ix = int(binary.LittleEndian.Uint16(bin[off+2*i:]))
			} else {
				ix = int(binary.LittleEndian.Uint32(bin[off+4*i:]))
			}
			if ix >= pa.Count {
				t.Fatalf("index %d >= vertex count %d", ix, pa.Count)
			}
			// 3.7.2.1: no primitive restart value
			if (a.ComponentType == gltfUint16 && ix == math.MaxUint16) || (a.ComponentType == gltfUint32 && ix == math.MaxUint32) {
				t.Fatalf("index %d is the primitive restart value of its type", ix)
			}
		}
	}
	return &doc, pos
}

func TestGLBRoundTrip(t *testing.T) {
	m := testMesh()
	var buf bytes.Buffer
	if err := WriteGLB(&buf, m, "torus"); err != nil {
		t.Fatal(err)
	}
	js, bin := readGLB(t, buf.Bytes())
	doc, pos := checkGLTF(t, js, bin, false)
	if len(pos) != len(m.Positions) {
		t.Fatalf("%d positions, want %d", len(pos), len(m.Positions))
	}
	for i, q := range m.Positions {
		if want := [3]float32{q[0], q[2], -q[1]}; pos[i] != want {
			t.Fatalf("position %d: %v, want %v", i, pos[i], want)
		}
	}
	prims := doc.Meshes[0].Primitives
	if len(prims) != 4 || prims[2].Mode != gltfLines || prims[0].Mode != gltfTriangles {
		t.Fatalf("primitives %+v", prims)
	}
	tris := 0
	for _, p := range prims {
		if p.Mode == gltfTriangles {
			tris += doc.Accessors[*p.Indices].Count / 3
		}
	}
	if want := m.Triangles() - 3; tris != want { // minus the outline pair and the invalid one
		t.Fatalf("%d triangles, want %d", tris, want)
	}
}

func TestGLTFEmbeddedAndBig(t *testing.T) {
	// more than 65536 vertices: uint32 indices
	m := geom.Torus(3, 1, 400, 200, 3, geom.YUp)
	var buf bytes.Buffer
	if err := WriteGLTFEmbedded(&buf, m, "big"); err != nil {
		t.Fatal(err)
	}
	doc, pos := checkGLTF(t, buf.Bytes(), nil, true)
	if len(pos) != len(m.Positions) || pos[1234] != m.Positions[1234] {
		t.Fatalf("positions differ")
	}
	if a := doc.Accessors[*doc.Meshes[0].Primitives[0].Indices]; a.ComponentType != gltfUint32 {
		t.Fatalf("index type %d for %d vertices", a.ComponentType, len(pos))
	}
}

// 65535 and 65536 vertices: the last index must not be the uint16
// primitive restart value, so both need uint32 indices; 65535 vertices
// (last index 65534) still fit uint16.
func TestGLBIndexTypeBoundary(t *testing.T) {
	for _, c := range []struct{ nv, want int }{{65535, gltfUint16}, {65536, gltfUint32}, {65537, gltfUint32}} {
		m := &geom.Mesh{Positions: make([]geom.Vec3, c.nv)}
		for i := range m.Positions {
			m.Positions[i] = geom.Vec3{float32(i), float32(i % 7), 0}
		}
		last := uint32(c.nv - 1)
		m.Indices = []uint32{0, 1, last, last, 2, 3}
		var buf bytes.Buffer
		if err := WriteGLB(&buf, m, "edge"); err != nil {
			t.Fatal(err)
		}
		js, bin := readGLB(t, buf.Bytes())
		doc, _ := checkGLTF(t, js, bin, false)
		if a := doc.Accessors[*doc.Meshes[0].Primitives[0].Indices]; a.ComponentType != c.want {
			t.Errorf("%d vertices: index type %d, want %d", c.nv, a.ComponentType, c.want)
		}
	}
}

func TestGLBEdgeCases(t *testing.T) {
	nan := float32(math.NaN())
	for _, m := range []*geom.Mesh{
		{},
		{Positions: []geom.Vec3{{1, 2, 3}}}, // no triangles: points
		{Positions: []geom.Vec3{{nan, 0, 0}, {1, 1, 1}, {2, 0, 1}}, Indices: []uint32{0, 1, 2}}, // NaN becomes 0
		{Positions: []geom.Vec3{{0, 0, 0}, {1, 1, 1}}, Indices: []uint32{0, 1, 7}},              // only an invalid triangle
	} {
		var buf bytes.Buffer
		if err := WriteGLB(&buf, m, "x"); err != nil {
			t.Fatal(err)
		}
		js, bin := readGLB(t, buf.Bytes())
		checkGLTF(t, js, bin, false)
	}
}
