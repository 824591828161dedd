package export

import (
	"bufio"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"

	"rummage/formats/geom"
)

// The glTF 2.0 constants used here.
const (
	gltfFloat         = 5126
	gltfUint16        = 5123
	gltfUint32        = 5125
	gltfArrayBuffer   = 34962
	gltfElementBuffer = 34963
	gltfPoints        = 0
	gltfLines         = 1
	gltfTriangles     = 4
	glbMagic          = 0x46546C67 // "glTF"
	glbChunkJSON      = 0x4E4F534A // "JSON"
	glbChunkBIN       = 0x004E4942 // "BIN\0"
)

type gltfDoc struct {
	Asset       gltfAsset        `json:"asset"`
	Scene       int              `json:"scene"`
	Scenes      []gltfScene      `json:"scenes"`
	Nodes       []gltfNode       `json:"nodes"`
	Meshes      []gltfMesh       `json:"meshes,omitempty"`
	Materials   []gltfMaterial   `json:"materials,omitempty"`
	Accessors   []gltfAccessor   `json:"accessors,omitempty"`
	BufferViews []gltfBufferView `json:"bufferViews,omitempty"`
	Buffers     []gltfBuffer     `json:"buffers,omitempty"`
}

type gltfAsset struct {
	Version   string `json:"version"`
	Generator string `json:"generator"`
}

type gltfScene struct {
	Name  string `json:"name,omitempty"`
	Nodes []int  `json:"nodes"`
}

type gltfNode struct {
	Name string `json:"name,omitempty"`
	Mesh *int   `json:"mesh,omitempty"`
}

type gltfMesh struct {
	Name       string          `json:"name,omitempty"`
	Primitives []gltfPrimitive `json:"primitives"`
}

type gltfPrimitive struct {
	Attributes map[string]int `json:"attributes"`
	Indices    *int           `json:"indices,omitempty"`
	Material   *int           `json:"material,omitempty"`
	Mode       int            `json:"mode"`
	Extras     map[string]any `json:"extras,omitempty"`
}

type gltfMaterial struct {
	Name        string  `json:"name,omitempty"`
	PBR         gltfPBR `json:"pbrMetallicRoughness"`
	DoubleSided bool    `json:"doubleSided"`
}

type gltfPBR struct {
	BaseColorFactor [4]float32 `json:"baseColorFactor"`
	MetallicFactor  float32    `json:"metallicFactor"`
	RoughnessFactor float32    `json:"roughnessFactor"`
}

type gltfAccessor struct {
	BufferView    int       `json:"bufferView"`
	ByteOffset    int       `json:"byteOffset"`
	ComponentType int       `json:"componentType"`
	Count         int       `json:"count"`
	Type          string    `json:"type"`
	Min           []float32 `json:"min,omitempty"`
	Max           []float32 `json:"max,omitempty"`
}

type gltfBufferView struct {
	Buffer     int `json:"buffer"`
	ByteOffset int `json:"byteOffset"`
	ByteLength int `json:"byteLength"`
	Target     int `json:"target,omitempty"`
}

type gltfBuffer struct {
	ByteLength int    `json:"byteLength"`
	URI        string `json:"uri,omitempty"`
}

// maxGLTFBytes caps the binary buffer (glTF byte lengths are JSON
// integers, but GLB chunk lengths are uint32).
const maxGLTFBytes = math.MaxUint32 - 64

// buildGLTF lays out m as one glTF scene: a node with one mesh whose
// primitives are the groups (triangles, or lines for outline groups), each
// with its own material; positions Y-up in one float buffer view, all the
// indices in a second one (uint16 when they fit below 65535). It returns the document
// and the binary buffer (its length a multiple of 4).
func buildGLTF(m *geom.Mesh, name string) (*gltfDoc, []byte, error) {
	doc := &gltfDoc{
		Asset:  gltfAsset{Version: "2.0", Generator: "Rummage"},
		Scenes: []gltfScene{{Name: name, Nodes: []int{0}}},
		Nodes:  []gltfNode{{Name: name}},
	}
	nv := len(m.Positions)
	if nv == 0 {
		return doc, nil, nil
	}
	// glTF forbids the largest value of the index type (primitive
	// restart): uint16 indices only up to 65534
	small := nv <= math.MaxUint16
	isz := 4
	if small {
		isz = 2
	}
	parts, mats := splitParts(m, name)
	// count the indices first to bound the buffer
	total := 12 * nv
	for _, p := range parts {
		total += isz * 3 * len(p.tris)
	}
	if total+3 > maxGLTFBytes || nv > math.MaxInt32 {
		return nil, nil, fmt.Errorf("mesh %q is too big for glTF (%d bytes of buffer)", name, total)
	}
	bin := make([]byte, 0, total+3)
	// positions
	lo := [3]float32{float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(1))}
	hi := [3]float32{float32(math.Inf(-1)), float32(math.Inf(-1)), float32(math.Inf(-1))}
	for _, p := range m.Positions {
		q := yUp(p, m.Up)
		for k, v := range q {
			lo[k], hi[k] = min(lo[k], v), max(hi[k], v)
			bin = binary.LittleEndian.AppendUint32(bin, math.Float32bits(v))
		}
	}
	doc.BufferViews = append(doc.BufferViews, gltfBufferView{Buffer: 0, ByteOffset: 0, ByteLength: len(bin), Target: gltfArrayBuffer})
	doc.Accessors = append(doc.Accessors, gltfAccessor{BufferView: 0, ComponentType: gltfFloat, Count: nv, Type: "VEC3", Min: lo[:], Max: hi[:]})
	for _, mt := range mats {
		doc.Materials = append(doc.Materials, gltfMaterial{
			Name:        mt.name,
			PBR:         gltfPBR{BaseColorFactor: [4]float32{srgbToLinear(mt.color[0]), srgbToLinear(mt.color[1]), srgbToLinear(mt.color[2]), 1}, RoughnessFactor: 1},
			DoubleSided: true,
		})
	}
	// indices: one accessor per part in a shared element buffer view
	ivStart := len(bin)
	mesh := gltfMesh{Name: name}
	for _, p := range parts {
		start := len(bin)
		count := 0
		mode := gltfTriangles
		put := func(v uint32) {
			if small {
				bin = binary.LittleEndian.AppendUint16(bin, uint16(v))
			} else {
				bin = binary.LittleEndian.AppendUint32(bin, v)
			}
			count++
		}
		if p.lines {
			mode = gltfLines
		}
		for _, t := range p.tris {
			tri := m.Indices[3*t : 3*t+3]
			if !p.lines {
				put(tri[0])
				put(tri[1])
				put(tri[2])
				continue
			}
			vs := distinct(tri)
			for i := 0; i+1 < len(vs); i++ {
				put(vs[i])
				put(vs[i+1])
			}
			if len(vs) == 3 {
				put(vs[2])
				put(vs[0])
			}
		}
		if count == 0 {
			continue
		}
		acc := len(doc.Accessors)
		ctype := gltfUint32
		if small {
			ctype = gltfUint16
		}
		doc.Accessors = append(doc.Accessors, gltfAccessor{BufferView: 1, ByteOffset: start - ivStart, ComponentType: ctype, Count: count, Type: "SCALAR"})
		prim := gltfPrimitive{Attributes: map[string]int{"POSITION": 0}, Indices: &acc, Mode: mode, Extras: map[string]any{"name": p.name}}
		if p.material >= 0 {
			mi := p.material
			prim.Material = &mi
		}
		mesh.Primitives = append(mesh.Primitives, prim)
	}
	if len(bin) > ivStart {
		doc.BufferViews = append(doc.BufferViews, gltfBufferView{Buffer: 0, ByteOffset: ivStart, ByteLength: len(bin) - ivStart, Target: gltfElementBuffer})
	}
	if len(mesh.Primitives) == 0 {
		// positions only: show them as points
		mesh.Primitives = append(mesh.Primitives, gltfPrimitive{Attributes: map[string]int{"POSITION": 0}, Mode: gltfPoints})
	}
	for len(bin)%4 != 0 {
		bin = append(bin, 0)
	}
	doc.Buffers = []gltfBuffer{{ByteLength: len(bin)}}
	zero := 0
	doc.Meshes = []gltfMesh{mesh}
	doc.Nodes[0].Mesh = &zero
	return doc, bin, nil
}

// srgbToLinear turns a colour hint (sRGB) into glTF's linear base colour.
func srgbToLinear(c float32) float32 {
	v := float64(c)
	if v <= 0.04045 {
		return float32(v / 12.92)
	}
	return float32(math.Pow((v+0.055)/1.055, 2.4))
}

// WriteGLB writes m as a binary glTF 2.0 file (.glb): the 12-byte header,
// the JSON chunk padded with spaces and the BIN chunk padded with zeros.
// Groups become primitives with their own materials; Z-up meshes are
// turned Y-up.
func WriteGLB(w io.Writer, m *geom.Mesh, name string) error {
	doc, bin, err := buildGLTF(m, name)
	if err != nil {
		return err
	}
	js, err := json.Marshal(doc)
	if err != nil {
		return fmt.Errorf("glTF JSON of %q: %w", name, err)
	}
	for len(js)%4 != 0 {
		js = append(js, ' ')
	}
	total := 12 + 8 + len(js)
	if len(bin) > 0 {
		total += 8 + len(bin)
	}
	if total > math.MaxUint32 {
		return fmt.Errorf("mesh %q is too big for a GLB file", name)
	}
	bw := bufio.NewWriter(w)
	var hdr [12]byte
	binary.LittleEndian.PutUint32(hdr[0:], glbMagic)
	binary.LittleEndian.PutUint32(hdr[4:], 2)
	binary.LittleEndian.PutUint32(hdr[8:], uint32(total))
	bw.Write(hdr[:])
	chunk := func(typ uint32, data []byte) {
		var h [8]byte
		binary.LittleEndian.PutUint32(h[0:], uint32(len(data)))
		binary.LittleEndian.PutUint32(h[4:], typ)
		bw.Write(h[:])
		bw.Write(data)
	}
	chunk(glbChunkJSON, js)
	if len(bin) > 0 {
		chunk(glbChunkBIN, bin)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing GLB: %w", err)
	}
	return nil
}

// WriteGLTFEmbedded writes m as one self-contained glTF 2.0 JSON file
// (.gltf) with the buffer as a base64 data: URI; otherwise as WriteGLB.
func WriteGLTFEmbedded(w io.Writer, m *geom.Mesh, name string) error {
	doc, bin, err := buildGLTF(m, name)
	if err != nil {
		return err
	}
	if len(bin) > 0 {
		doc.Buffers[0].URI = "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(bin)
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("glTF JSON of %q: %w", name, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing glTF: %w", err)
	}
	return nil
}
