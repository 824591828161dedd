package export

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/png"
	"math"
	"testing"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"rummage/export/glbtest"
	"rummage/formats/geom"
)

// GLB container constants (glTF 2.0 section 4.4).
const (
	glbMagic     = 0x46546C67 // "glTF"
	glbChunkJSON = 0x4E4F534A // "JSON"
	glbChunkBIN  = 0x004E4942 // "BIN\0"
)

// sceneGLB writes s as GLB, hands the file to the validator run of `make
// test` (glbtest.Keep), checks the container and the document (checkDoc)
// and returns the document decoded.
func sceneGLB(t *testing.T, s *Scene) *gltf.Document {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteSceneGLB(&buf, s); err != nil {
		t.Fatal(err)
	}
	glbtest.Keep(t, s.Name, buf.Bytes())
	return decodeGLB(t, buf.Bytes())
}

// meshGLB is sceneGLB of one mesh, through WriteGLB.
func meshGLB(t *testing.T, m *geom.Mesh, name string) *gltf.Document {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteGLB(&buf, m, name); err != nil {
		t.Fatal(err)
	}
	glbtest.Keep(t, name, buf.Bytes())
	return decodeGLB(t, buf.Bytes())
}

// decodeGLB checks the GLB container (header length, 4-byte aligned
// chunks, JSON then at most one BIN) and decodes and checks the document.
func decodeGLB(t *testing.T, data []byte) *gltf.Document {
	t.Helper()
	if len(data) < 20 || binary.LittleEndian.Uint32(data) != glbMagic || binary.LittleEndian.Uint32(data[4:]) != 2 {
		t.Fatal("bad GLB header")
	}
	if n := binary.LittleEndian.Uint32(data[8:]); int(n) != len(data) {
		t.Fatalf("header length %d, file %d", n, len(data))
	}
	var types []uint32
	for off := 12; off < len(data); {
		n := int(binary.LittleEndian.Uint32(data[off:]))
		if off+8 > len(data) || n%4 != 0 || off+8+n > len(data) {
			t.Fatalf("chunk of %d bytes at %d: truncated or not padded", n, off)
		}
		types = append(types, binary.LittleEndian.Uint32(data[off+4:]))
		off += 8 + n
	}
	if len(types) == 0 || types[0] != glbChunkJSON || len(types) > 2 || len(types) == 2 && types[1] != glbChunkBIN {
		t.Fatalf("chunk types %x", types)
	}
	var doc gltf.Document
	if err := gltf.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		t.Fatalf("decoding GLB: %v", err)
	}
	checkDoc(t, &doc)
	return &doc
}

// checkDoc checks the rules a writer must keep: views inside the buffer,
// accessors inside their views and aligned, POSITION min/max exact, unit
// normals, one value per vertex in every attribute, index ranges without
// the restart value, index counts fitting the mode, existing materials,
// textures and samplers, and images that decode as PNG.
func checkDoc(t *testing.T, doc *gltf.Document) {
	t.Helper()
	if doc.Asset.Version != "2.0" || len(doc.Scenes) != 1 || doc.Scene == nil || *doc.Scene != 0 {
		t.Fatalf("bad document head: %+v", doc.Asset)
	}
	if len(doc.Buffers) > 1 {
		t.Fatalf("%d buffers", len(doc.Buffers))
	}
	for i, v := range doc.BufferViews {
		if v.Buffer != 0 || v.ByteLength < 1 || v.ByteOffset+v.ByteLength > doc.Buffers[0].ByteLength {
			t.Fatalf("bufferView %d out of its buffer: %+v", i, v)
		}
	}
	for i, a := range doc.Accessors {
		v := doc.BufferViews[*a.BufferView]
		cs := a.ComponentType.ByteSize()
		if (v.ByteOffset+a.ByteOffset)%cs != 0 || a.ByteOffset+a.Count*gltf.SizeOfElement(a.ComponentType, a.Type) > v.ByteLength {
			t.Fatalf("accessor %d misaligned or past its view", i)
		}
	}
	for _, gm := range doc.Meshes {
		for _, p := range gm.Primitives {
			checkPrimitive(t, doc, p)
		}
	}
	for _, tx := range doc.Textures {
		if tx.Source == nil || *tx.Source >= len(doc.Images) || tx.Sampler == nil || *tx.Sampler >= len(doc.Samplers) {
			t.Fatalf("texture %+v", tx)
		}
	}
	for i := range doc.Images {
		pngOf(t, doc, i)
	}
}

// checkPrimitive checks one primitive's attributes and indices.
func checkPrimitive(t *testing.T, doc *gltf.Document, p *gltf.Primitive) {
	t.Helper()
	pa := doc.Accessors[p.Attributes[gltf.POSITION]]
	pos := readVec3(t, doc, pa)
	lo, hi := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}, [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, q := range pos {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], float64(q[k])), max(hi[k], float64(q[k]))
		}
	}
	if len(pa.Min) != 3 || len(pa.Max) != 3 || [3]float64(pa.Min) != lo || [3]float64(pa.Max) != hi {
		t.Fatalf("POSITION min/max %v %v, data %v %v", pa.Min, pa.Max, lo, hi)
	}
	for name, ai := range p.Attributes {
		if doc.Accessors[ai].Count != pa.Count {
			t.Fatalf("%s has %d values for %d vertices", name, doc.Accessors[ai].Count, pa.Count)
		}
	}
	if ni, ok := p.Attributes[gltf.NORMAL]; ok {
		for i, n := range readVec3(t, doc, doc.Accessors[ni]) {
			if l := math.Sqrt(float64(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])); math.Abs(l-1) > 1e-5 {
				t.Fatalf("normal %d %v has length %g", i, n, l)
			}
		}
	}
	if p.Material != nil && *p.Material >= len(doc.Materials) {
		t.Fatal("primitive with a missing material")
	}
	if p.Indices == nil {
		return
	}
	ia := doc.Accessors[*p.Indices]
	idx, err := modeler.ReadIndices(doc, ia, nil)
	if err != nil {
		t.Fatal(err)
	}
	if doc.BufferViews[*ia.BufferView].Target != gltf.TargetElementArrayBuffer {
		t.Fatal("index view without ELEMENT_ARRAY_BUFFER target")
	}
	if p.Mode == gltf.PrimitiveTriangles && len(idx)%3 != 0 || p.Mode == gltf.PrimitiveLines && len(idx)%2 != 0 {
		t.Fatalf("mode %v with %d indices", p.Mode, len(idx))
	}
	restart := uint32(math.MaxUint32)
	if ia.ComponentType == gltf.ComponentUshort {
		restart = math.MaxUint16
	}
	for _, ix := range idx {
		if int(ix) >= pa.Count || ix == restart {
			t.Fatalf("index %d: out of %d vertices or the restart value", ix, pa.Count)
		}
	}
}

func readVec3(t *testing.T, doc *gltf.Document, a *gltf.Accessor) [][3]float32 {
	t.Helper()
	v, err := modeler.ReadPosition(doc, a, nil)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// pngOf decodes image i of doc.
func pngOf(t *testing.T, doc *gltf.Document, i int) image.Image {
	t.Helper()
	im := doc.Images[i]
	if im.MimeType != "image/png" || im.BufferView == nil {
		t.Fatalf("image %d: %+v", i, im)
	}
	data, err := modeler.ReadBufferView(doc, doc.BufferViews[*im.BufferView])
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("image %d: %v", i, err)
	}
	return img
}
