package dff

import (
	"encoding/binary"
	"errors"
	"image/color"
	"testing"

	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/rw"
)

// ps2Attr is one broken-out attribute of the test instance data.
type ps2Attr struct {
	slot uint32
	cmd  uint32 // UNPACK command byte: 0x6D V4_16, 0x65 V2_16, 0x6E V4_8
	size int    // bytes per element
	data []byte // every vertex of the split, in strip order
}

// ps2Instance lays out a split's instance data as RenderWare's PS2
// pipeline does for broken-out attributes: per batch a DMA ref per
// attribute (STCYCL + UNPACK in the tag), then ITOP and MSCALF; strip
// batches of batch vertices overlapping by two.
func ps2Instance(n, batch int, attrs []ps2Attr) []byte {
	var nb int
	for done := 0; ; nb++ {
		done += batch - 2
		if done+2 >= n {
			nb++
			break
		}
	}
	tagQW := nb * (2*len(attrs) + 2)
	var tags []byte
	q32 := func(w ...uint32) {
		for _, x := range w {
			tags = binary.LittleEndian.AppendUint32(tags, x)
		}
	}
	pos := make([]int, len(attrs))
	at := tagQW
	for i, a := range attrs {
		pos[i] = at
		at += (len(a.data) + 15) / 16
	}
	for j, first := 0, 0; j < nb; j, first = j+1, first+batch-2 {
		nv := min(batch, n-first)
		for i, a := range attrs {
			qwc := (nv*a.size + 15) / 16
			num := qwc * 16 / a.size
			q32(0x30000000|uint32(qwc), uint32(pos[i]+first*a.size/16), 0x01000104, a.cmd<<24|uint32(num)<<16|0x8000|a.slot)
			q32(0x10000000, 0, 0, 0)
		}
		tag := uint32(0x10000001)
		if j == nb-1 {
			tag = 0x60000001
		}
		q32(tag, 0, 0, 0)
		q32(0x04000000|uint32(nv), 0x15000000, 0, 0)
	}
	out := tags
	for _, a := range attrs {
		d := append([]byte(nil), a.data...)
		for len(d)%16 != 0 {
			d = append(d, 0)
		}
		out = append(out, d...)
	}
	return out
}

// ps2Fixture is a clump with one native PS2 geometry: a strip of 10
// vertices in batches of 6, the car pipeline (positions ×1024), one UV
// set, normals, and the ADC bit set on vertex 5.
func ps2Fixture(t testing.TB) ([]byte, []geom.Vec3) {
	t.Helper()
	const n = 10
	var xyz, uv, nrm []byte
	var want []geom.Vec3
	for i := 0; i < n; i++ {
		p := [4]int16{int16(i/2) * 1024, int16(i%2) * 512, int16(i), 0}
		if i == 5 {
			p[3] = 1
		}
		for _, c := range p {
			xyz = binary.LittleEndian.AppendUint16(xyz, uint16(c))
		}
		want = append(want, geom.Vec3{float32(i / 2), float32(i%2) / 2, float32(i) / 1024})
		uv = binary.LittleEndian.AppendUint16(uv, uint16(i*409))
		uv = binary.LittleEndian.AppendUint16(uv, 4096)
		nrm = append(nrm, 0, 0, 127, 0)
	}
	inst := ps2Instance(n, 6, []ps2Attr{{0, 0x6D, 8, xyz}, {1, 0x65, 4, uv}, {3, 0x6E, 4, nrm}})
	b := NewBuilder(stampSA)
	root := b.AddFrame("thing", -1, geom.Vec3{})
	g := &Geometry{Stamp: stampSA, Flags: FlagNative | FlagTriStrip | FlagPositions | FlagNormals | FlagTextured | 1<<16, NumTris: 7, NumVerts: n,
		Morph: []MorphTarget{{Sphere: [4]float32{2, 0.25, 0, 3}}}}
	m := &Material{Stamp: stampSA, Color: color.NRGBA{255, 255, 255, 255}, Surface: &[3]float32{1, 1, 1},
		Ext: []Ext{{Type: 0x1F, Stamp: stampSA, Data: u32s(pdsPlugin, 0x53F20000|pipeCar)}}}
	g.MatList = MaterialList{Stamp: stampSA, Indices: []int32{-1}, Own: []*Material{m}}
	native := u32s(PlatformPS2, uint32(len(inst)), 0)
	native = append(native, inst...)
	g.Ext = []Ext{
		{Type: IDBinMesh, Stamp: stampSA, Data: u32s(1, 1, n, n, 0)},
		{Type: IDNativeData, Stamp: stampSA, Data: rw.Chunk(IDStruct, stampSA, native)},
	}
	b.c.Geometries = append(b.c.Geometries, g)
	b.AddAtomic(root, 0)
	return encode(t, b.File()), want
}

func TestPS2Native(t *testing.T) {
	data, want := ps2Fixture(t)
	f, err := Parse(data, 0)
	if err != nil {
		t.Fatal(err)
	}
	if again := encode(t, f); string(again) != string(data) {
		t.Fatal("the native clump does not re-encode to its bytes")
	}
	g := f.Clump.Geometries[0]
	m, err := g.Mesh(nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Positions) != len(want) {
		t.Fatalf("%d vertices, want %d", len(m.Positions), len(want))
	}
	for i, p := range want {
		if m.Positions[i] != p {
			t.Fatalf("vertex %d at %v, want %v", i, m.Positions[i], p)
		}
	}
	if len(m.UVs) != 1 || m.UVs[0][3] != (geom.Vec2{float32(3*409) / 4096, 1}) || len(m.Normals) != 10 || m.Normals[0] != (geom.Vec3{0, 0, 1}) {
		t.Fatalf("uvs %v normals %v", m.UVs, m.Normals)
	}
	// Strip triangles j = 0..7, without the one ending at vertex 5 (ADC).
	wantTris := [][3]uint32{{0, 1, 2}, {2, 1, 3}, {2, 3, 4}, {4, 5, 6}, {6, 5, 7}, {6, 7, 8}, {8, 7, 9}}
	if m.Triangles() != len(wantTris) {
		t.Fatalf("%d triangles, want %d: %v", m.Triangles(), len(wantTris), m.Indices)
	}
	for i, w := range wantTris {
		if got := m.Indices[3*i : 3*i+3]; !sameTriangle(got, [3]uint16{uint16(w[0]), uint16(w[1]), uint16(w[2])}) {
			t.Fatalf("triangle %d = %v, want %v", i, got, w)
		}
	}
	if n, _ := g.Triangles(); n != int(g.NumTris) {
		t.Fatalf("Triangles() = %d, stored %d", n, g.NumTris)
	}
}

// TestPS2Broken: cut or mutated instance data fails with an offset inside
// the file, never a panic.
func TestPS2Broken(t *testing.T) {
	data, _ := ps2Fixture(t)
	f, _ := Parse(data, 0)
	nat := f.Clump.Geometries[0].Native
	start := int(nat.Off) + 2*rw.HeaderSize + 12
	for off := start; off+4 <= len(data)-rw.HeaderSize*2; off += 4 {
		for _, v := range []uint32{0, 0xFFFFFFFF, 0x3000FFFF, 0x6DFF8000} {
			b := mutate(data, off, v)
			pf, err := Parse(b, 0)
			if err != nil {
				continue
			}
			_, err = pf.Clump.Geometries[0].Mesh(nil)
			var fe *binread.FormatError
			var ue *binread.UnsupportedError
			if err != nil && !errors.As(err, &fe) && !errors.As(err, &ue) {
				t.Fatalf("mutation at 0x%X: %v is not a FormatError", off, err)
			}
		}
	}
	// Another platform is named, not decoded.
	other := mutate(data, int(nat.Off)+2*rw.HeaderSize, PlatformXbox)
	pf, err := Parse(other, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = pf.Clump.Geometries[0].Mesh(nil)
	var ue *binread.UnsupportedError
	if !errors.As(err, &ue) {
		t.Fatalf("Xbox native data: %v", err)
	}
}
