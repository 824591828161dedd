package export

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"

	"rummage/formats/geom"
)

// A plain mesh (no normals, UVs, colours or materials): Z-up positions
// turned Y-up, one primitive per group, outlines as lines, colour-hint
// materials that are opaque and double-sided.
func TestGLBPlainMesh(t *testing.T) {
	m := testMesh()
	doc := meshGLB(t, m, "torus")
	pos := readVec3(t, doc, doc.Accessors[doc.Meshes[0].Primitives[0].Attributes[gltf.POSITION]])
	if len(pos) != len(m.Positions) {
		t.Fatalf("%d positions, want %d", len(pos), len(m.Positions))
	}
	for i, q := range m.Positions {
		if want := [3]float32{q[0], q[2], -q[1]}; pos[i] != want {
			t.Fatalf("position %d: %v, want %v", i, pos[i], want)
		}
	}
	prims := doc.Meshes[0].Primitives
	if len(prims) != 4 || prims[2].Mode != gltf.PrimitiveLines || prims[0].Mode != gltf.PrimitiveTriangles {
		t.Fatalf("primitives %+v", prims)
	}
	tris := 0
	for _, p := range prims {
		if len(p.Attributes) != 1 {
			t.Errorf("a plain mesh has attributes %v", p.Attributes)
		}
		if p.Mode == gltf.PrimitiveTriangles {
			tris += doc.Accessors[*p.Indices].Count / 3
		}
	}
	if want := m.Triangles() - 3; tris != want { // minus the outline pair and the invalid one
		t.Fatalf("%d triangles, want %d", tris, want)
	}
	if len(doc.Materials) != 4 || len(doc.Images) != 0 || len(doc.Nodes) != 1 || doc.Nodes[0].Name != "torus" {
		t.Fatalf("%d materials, %d images, %d nodes", len(doc.Materials), len(doc.Images), len(doc.Nodes))
	}
	for _, mt := range doc.Materials {
		if mt.AlphaMode != gltf.AlphaOpaque || !mt.DoubleSided || mt.PBRMetallicRoughness.BaseColorTexture != nil {
			t.Errorf("material %s: %v, double-sided %v", mt.Name, mt.AlphaMode, mt.DoubleSided)
		}
	}
	// the outline's red hint, linear
	if f := doc.Materials[2].PBRMetallicRoughness.BaseColorFactor; f == nil || *f != [4]float64{1, 0, 0, 1} {
		t.Errorf("outline base colour %v", f)
	}
}

func TestGLTFEmbeddedAndBig(t *testing.T) {
	// more than 65536 vertices: uint32 indices
	m := geom.Torus(3, 1, 400, 200, 3, geom.YUp)
	var buf bytes.Buffer
	if err := WriteGLTFEmbedded(&buf, m, "big"); err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Buffers []struct{ URI string } `json:"buffers"`
	}
	if err := json.Unmarshal(buf.Bytes(), &raw); err != nil || len(raw.Buffers) != 1 || !strings.HasPrefix(raw.Buffers[0].URI, "data:application/octet-stream;base64,") {
		t.Fatalf("not one embedded buffer (%v)", err)
	}
	var doc gltf.Document
	if err := gltf.NewDecoder(&buf).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	checkDoc(t, &doc)
	pos := readVec3(t, &doc, doc.Accessors[0])
	if len(pos) != len(m.Positions) || pos[1234] != m.Positions[1234] {
		t.Fatalf("positions differ")
	}
	if a := doc.Accessors[*doc.Meshes[0].Primitives[0].Indices]; a.ComponentType != gltf.ComponentUint {
		t.Fatalf("index type %v for %d vertices", a.ComponentType, len(pos))
	}
}

// 65535 and 65536 vertices: the last index must not be the uint16
// primitive restart value, so both need uint32 indices; 65535 vertices
// (last index 65534) still fit uint16.
func TestGLBIndexTypeBoundary(t *testing.T) {
	for _, c := range []struct {
		nv   int
		want gltf.ComponentType
	}{{65535, gltf.ComponentUshort}, {65536, gltf.ComponentUint}, {65537, gltf.ComponentUint}} {
		m := &geom.Mesh{Positions: make([]geom.Vec3, c.nv)}
		for i := range m.Positions {
			m.Positions[i] = geom.Vec3{float32(i), float32(i % 7), 0}
		}
		last := uint32(c.nv - 1)
		m.Indices = []uint32{0, 1, last, last, 2, 3}
		doc := meshGLB(t, m, "edge")
		if a := doc.Accessors[*doc.Meshes[0].Primitives[0].Indices]; a.ComponentType != c.want {
			t.Errorf("%d vertices: index type %v, want %v", c.nv, a.ComponentType, c.want)
		}
	}
}

func TestGLBEdgeCases(t *testing.T) {
	nan := float32(math.NaN())
	for i, c := range []struct {
		m      *geom.Mesh
		meshes int
		mode   gltf.PrimitiveMode
	}{
		{&geom.Mesh{}, 0, 0}, // a node without a mesh
		{&geom.Mesh{Positions: []geom.Vec3{{1, 2, 3}}}, 1, gltf.PrimitivePoints},                                                        // no triangles
		{&geom.Mesh{Positions: []geom.Vec3{{nan, 0, 0}, {1, 1, 1}, {2, 0, 1}}, Indices: []uint32{0, 1, 2}}, 1, gltf.PrimitiveTriangles}, // NaN becomes 0
		{&geom.Mesh{Positions: []geom.Vec3{{0, 0, 0}, {1, 1, 1}}, Indices: []uint32{0, 1, 7}}, 1, gltf.PrimitivePoints},                 // only an invalid triangle
	} {
		doc := meshGLB(t, c.m, "x")
		if len(doc.Meshes) != c.meshes || len(doc.Nodes) != 1 {
			t.Fatalf("case %d: %d meshes, %d nodes", i, len(doc.Meshes), len(doc.Nodes))
		}
		if c.meshes > 0 && doc.Meshes[0].Primitives[0].Mode != c.mode {
			t.Errorf("case %d: mode %v, want %v", i, doc.Meshes[0].Primitives[0].Mode, c.mode)
		}
	}
}
