package xrlevel

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"rummage/formats"
	"rummage/formats/xray"
)

// lb builds little-endian payloads for hand-made fixtures.
type lb []byte

func (b lb) u16(v ...uint16) lb {
	for _, x := range v {
		b = binary.LittleEndian.AppendUint16(b, x)
	}
	return b
}
func (b lb) u32(v ...uint32) lb {
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	return b
}
func (b lb) f32(v ...float32) lb {
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}
func (b lb) chunk(id uint32, data []byte, comp bool) lb { return xray.AppendChunk(b, id, data, comp) }
func (b lb) str(s ...string) lb {
	b = b.u32(uint32(len(s)))
	for _, x := range s {
		b = append(append(b, x...), 0)
	}
	return b
}

// ogf3 makes an OGF v3 normal visual over VB 0 / IB 0, or a hierarchy.
func ogf3(typ uint8, tex uint32, vc, ic [3]uint32, children []uint32) []byte {
	var v lb
	v = v.chunk(1, []byte{3, typ, 0, 0}, false)
	v = v.chunk(3, lb{}.u32(tex, tex), false)
	v = v.chunk(6, lb{}.f32(0, 0, 0, 1, 1, 1), false)
	v = v.chunk(0xb, lb{}.f32(0.5, 0.5, 0.5, 1), false)
	if children != nil {
		v = v.chunk(0xc, lb{}.u32(uint32(len(children))).u32(children...), false)
	} else {
		v = v.chunk(0xa, lb{}.u32(vc[:]...), false)
		v = v.chunk(0x13, lb{}.u32(ic[:]...), false)
	}
	return v
}

// declVB is a D3D9 vertex-buffer list with one buffer of n FLOAT3+SHORT2 vertices.
func declVB(n int) []byte {
	b := lb{}.u32(1)
	b = append(b, 0, 0, 0, 0, TypeFloat3, 0, 0, 0)    // position
	b = append(b, 0, 0, 12, 0, TypeShort2, 0, 5, 0)   // texcoord0
	b = append(b, 0xFF, 0, 0, 0, TypeUnused, 0, 0, 0) // end
	b = b.u32(uint32(n))
	for i := 0; i < n; i++ {
		b = b.f32(float32(i), float32(i%2), 0).u16(uint16(i*100), 0)
	}
	return b
}

func TestVersion12WithCFormFile(t *testing.T) {
	var l lb
	l = l.chunk(1, lb{}.u16(12, 1), false)
	l = l.chunk(2, lb{}.str("", "default/stone,lmap#1"), false)
	var vis lb
	vis = vis.chunk(0, ogf3(0, 1, [3]uint32{0, 0, 4}, [3]uint32{0, 0, 6}, nil), false)
	vis = vis.chunk(1, ogf3(1, 1, [3]uint32{}, [3]uint32{}, []uint32{0}), false)
	l = l.chunk(3, vis, true)
	// portal: front, back, 6 vertices, count after (v8+)
	l = l.chunk(4, lb{}.u16(0, 0).f32(make([]float32, 18)...).u32(3), false)
	l = l.chunk(6, lb{}.u32(2).u32(1).f32(make([]float32, 25)...), false) // 108 bytes
	l = l.chunk(7, lb{}.f32(1, 2, 3, 0.5).u16(1), false)                  // 18 bytes
	sec := lb{}.chunk(2, lb{}.u32(1), false).chunk(1, lb{}.u16(0), false)
	l = l.chunk(8, lb{}.chunk(0, sec, false), true)
	l = l.chunk(9, lb{}.u32(1, 6).u16(0, 1, 2, 2, 1, 3), false)
	l = l.chunk(0xa, declVB(4), false)
	// level.cform, CFORM v4: 16-byte triangles, sector in bits 16..31
	cf := lb{}.u32(4, 3, 1).f32(0, 0, 0, 1, 1, 1).f32(0, 0, 0, 1, 0, 0, 0, 1, 0).u32(0, 1, 2, 0x5|1<<14)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "level"), l, 0o644)
	os.WriteFile(filepath.Join(dir, "level.cform"), cf, 0o644)

	f, err := formats.Open(filepath.Join(dir, "level"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lv, err := f.Root.(*LevelNode).Level()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range lv.Diags {
		t.Errorf("diag %+v", d)
	}
	tot := lv.Totals()
	if tot.Visuals != 2 || tot.VisualTriangles != 2 || tot.Vertices != 4 || tot.CFormTriangles != 1 || tot.Portals != 1 ||
		tot.Lights != 1 || tot.Glows != 1 || tot.Sectors != 1 {
		t.Errorf("totals %+v", tot)
	}
	if lv.Portals[0].Count != 3 || lv.Lights[0].Controller != 2 || lv.Glows[0].Shader != 1 || lv.Glows[0].Radius != 0.5 {
		t.Errorf("records %+v %+v %+v", lv.Portals[0], lv.Lights[0], lv.Glows[0])
	}
	tri := loadCForm(t, lv).Tris[0]
	if tri.Material != 5 || !tri.NoShadow || tri.NoMarks || tri.Sector != 0 {
		t.Errorf("cform tri %+v", tri)
	}
	if got := lv.BaseTexture(lv.Visuals[0]); got != "stone" {
		t.Errorf("texture %q", got)
	}
	m, _ := lv.SectorMesh(0)
	if m.Triangles() != 2+3 { // two triangles and a 3-edge portal outline
		t.Errorf("sector mesh %d triangles", m.Triangles())
	}
	uv := lv.VBs[0].Format.Find("texcoord", 0).Values(lv.VBs[0].Vertex(2))
	if uv[0] != 200 {
		t.Errorf("uv %v", uv)
	}
	kids, _ := f.Root.Children()
	names := map[string]bool{}
	for _, k := range kids {
		names[k.Name()] = true
	}
	for _, n := range []string{"header", "shaders", "visuals", "portals", "lights", "glows", "sectors", "index_buffers", "vertex_buffers", "cform"} {
		if !names[n] {
			t.Errorf("no child %s in %v", n, names)
		}
	}
}

func TestVersion8(t *testing.T) {
	var l lb
	name := make([]byte, 124)
	copy(name, "v8 test")
	l = l.chunk(1, append(lb{}.u16(8, 2), name...), false)
	l = l.chunk(2, lb{}.str("lmap#1,stone", "default"), false)
	// OGF v3 visual with its own INDICES and a VCONTAINER into an FVF buffer
	var v lb
	v = v.chunk(1, []byte{3, 0, 0, 0}, false)
	v = v.chunk(3, lb{}.u32(0, 1), false)
	v = v.chunk(6, lb{}.f32(0, 0, 0, 1, 1, 1), false)
	v = v.chunk(8, lb{}.u32(3).u16(0, 1, 2), false)
	v = v.chunk(0xa, lb{}.u32(0, 1, 3), false)
	l = l.chunk(3, lb{}.chunk(0, v, false), true)
	vb := lb{}.u32(1, 0x112, 4)
	for i := 0; i < 4; i++ {
		vb = vb.f32(float32(i), 0, 0, 0, 1, 0, 0, 0)
	}
	l = l.chunk(4, vb, true)
	cf := lb{}.u32(3, 3, 1).f32(0, 0, 0, 1, 1, 1).f32(0, 0, 0, 1, 0, 0, 0, 1, 0).u32(0, 1, 2, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF).u16(7, 0).u32(9)
	l = l.chunk(5, cf, true)
	light := lb{}.u32(1).f32(make([]float32, 25)...).u32(0, 5)
	light = append(light, make([]byte, 64)...)
	copy(light[112:], "lamp")
	l = l.chunk(7, light, false)
	l = l.chunk(0xa, lb{}.chunk(0, lb{}.chunk(2, lb{}.u32(0), false), false), false)
	lv, err := openBytes(t, l).Level()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range lv.Diags {
		t.Errorf("diag %+v", d)
	}
	if lv.Description != "v8 test" || lv.Quality != 2 {
		t.Errorf("header %q %d", lv.Description, lv.Quality)
	}
	if len(lv.Lights) != 1 || lv.Lights[0].Name != "lamp" || lv.Lights[0].Flags != 5 {
		t.Errorf("lights %+v", lv.Lights)
	}
	if lv.CForm == nil || loadCForm(t, lv).Tris[0].Material != 7 || loadCForm(t, lv).Tris[0].Dummy != 9 {
		t.Errorf("cform %+v", lv.CForm)
	}
	m, err := lv.VisualMesh(0)
	if err != nil || m.Triangles() != 1 || m.Positions[0][0] != 1 {
		t.Errorf("mesh %v %+v", err, m)
	}
	if got := lv.BaseTexture(lv.Visuals[0]); got != "stone" {
		t.Errorf("texture %q", got)
	}
}

func TestV14Geometry(t *testing.T) {
	n := openV14(t)
	lv, _ := n.Level()
	if lv.GeomFile == "" || lv.CFormFile == "" {
		t.Fatalf("side files not found: %q %q", lv.GeomFile, lv.CFormFile)
	}
	for i, vb := range lv.VBs {
		if vb.Format.Decl == nil || vb.Format.posAttr() == nil {
			t.Errorf("vb %d: %s", i, vb.Format.String())
		}
	}
	for i := range lv.Visuals {
		m, err := lv.VisualMesh(i)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range m.Indices {
			if int(x) >= len(m.Positions) {
				t.Fatalf("visual %d index out of range", i)
			}
		}
	}
	if lv.CForm.Version != 4 || lv.CForm.TriSize != 16 {
		t.Errorf("cform v%d %d", lv.CForm.Version, lv.CForm.TriSize)
	}
	st := lv.Stats()
	if len(st.Sectors) != 2 || st.Sectors[0].CFormTris+st.Sectors[1].CFormTris != 44 {
		t.Errorf("sectors %+v", st.Sectors)
	}
}
