package msh

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/nres"
)

// TestVertexStreamsRoundTrip: normals (with their fourth byte) and UVs
// written by Encode read back as they were, and re-encode to the same
// bytes.
func TestVertexStreamsRoundTrip(t *testing.T) {
	want := twoQuads()
	data := encode(t, want)
	m, err := NewModel(bytes.NewReader(data), 0, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Normals) != len(want.Normals) || len(m.UV0) != len(want.UV0) {
		t.Fatalf("%d normals %d UVs", len(m.Normals), len(m.UV0))
	}
	for i := range want.Normals {
		if m.Normals[i] != want.Normals[i] || m.UV0[i] != want.UV0[i] {
			t.Errorf("vertex %d: normal %v UV %v, want %v %v", i, m.Normals[i], m.UV0[i], want.Normals[i], want.UV0[i])
		}
	}
	if again := encode(t, m); !bytes.Equal(again, data) {
		t.Error("re-encoding the decoded model changes its bytes")
	}
	for _, e := range streams(t, data) {
		if (e.TypeID == StreamNormals || e.TypeID == StreamUV0) && (e.Attr1 != 12 || e.Attr3 != 4) {
			t.Errorf("stream %d: attr1 %d attr3 %d, want 12 and 4", e.TypeID, e.Attr1, e.Attr3)
		}
	}
}

// TestVertexStreamLayout pins the byte reading: stream 4 is int8/127
// clamped (so -128 is -1), stream 5 is little-endian int16/1024 (0xFE00 is
// -0.5, not 63.5).
func TestVertexStreamLayout(t *testing.T) {
	ents := streams(t, encode(t, twoQuads()))
	for _, e := range ents {
		switch e.TypeID {
		case StreamNormals:
			copy(e.Data[0:4], []byte{0x81, 0x7F, 0x80, 0x55})
		case StreamUV0:
			copy(e.Data[0:4], []byte{0x00, 0x04, 0x00, 0xFE})
		}
	}
	b, err := nres.Build(ents)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewModel(bytes.NewReader(b), 0, int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	if n := m.Normal(0); n != [3]float32{-1, 1, -1} || m.Normals[0][3] != 0x55 {
		t.Errorf("normal 0 %v (raw %v)", n, m.Normals[0])
	}
	if uv := m.UV(0); uv != [2]float32{1, -0.5} {
		t.Errorf("UV 0 %v", uv)
	}
}

// TestMeshNormalsAndUVs: the mesh carries one normal and one UV per
// vertex; the child's +X normal turns with its node (90° about Z) and is
// not moved by the node's translation.
func TestMeshNormalsAndUVs(t *testing.T) {
	data := encode(t, twoQuads())
	m, err := NewModel(bytes.NewReader(data), 0, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	mesh, err := m.Mesh(nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(mesh.Normals) != len(mesh.Positions) || len(mesh.UVs) != 1 || len(mesh.UVs[0]) != len(mesh.Positions) {
		t.Fatalf("%d positions, %d normals, UV sets %d", len(mesh.Positions), len(mesh.Normals), len(mesh.UVs))
	}
	turned := 0
	for i, p := range mesh.Positions {
		n := mesh.Normals[i]
		if p[2] > 4 { // the child, lifted by 5
			if math.Abs(float64(n[0])) > 1e-5 || math.Abs(float64(n[1]-1)) > 1e-5 || math.Abs(float64(n[2])) > 1e-5 {
				t.Errorf("child normal %v, want (0,1,0)", n)
			}
			turned++
		} else if n != [3]float32{0, 0, 1} {
			t.Errorf("root normal %v", n)
		}
		if uv := mesh.UVs[0][i]; (uv[0] != 0 && uv[0] != 1) || (uv[1] != 0 && uv[1] != 1) {
			t.Errorf("UV %v off the unit square's corners", uv)
		}
	}
	if turned != 4 {
		t.Errorf("%d child vertices", turned)
	}
}

// TestVertexStreamsBroken: a stream of a size that is not whole records
// is an error at its offset; a stream of the wrong count is a finding and
// the mesh goes without it.
func TestVertexStreamsBroken(t *testing.T) {
	edit := func(st uint32, f func([]byte) []byte) []byte {
		ents := streams(t, encode(t, twoQuads()))
		for i := range ents {
			if ents[i].TypeID == st {
				ents[i].Data = f(ents[i].Data)
			}
		}
		b, err := nres.Build(ents)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, st := range []uint32{StreamNormals, StreamUV0} {
		b := edit(st, func(d []byte) []byte { return d[:len(d)-1] })
		_, err := NewModel(bytes.NewReader(b), 0, int64(len(b)))
		if err == nil || !strings.Contains(err.Error(), "multiple of 4") || formats.ErrorOffset(err) < 0 {
			t.Errorf("stream %d cut by a byte: %v", st, err)
		}
		b = edit(st, func(d []byte) []byte { return d[:len(d)-4] })
		m, err := NewModel(bytes.NewReader(b), 0, int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		mesh, err := m.Mesh(nil)
		if err != nil {
			t.Fatal(err)
		}
		fs := m.VertexFindings()
		if len(fs) != 1 || fs[0].Off < 0 || !strings.Contains(fs[0].Msg, "11 entries for 12 positions") {
			t.Errorf("stream %d short by one: findings %+v", st, fs)
		}
		if (st == StreamNormals) != (mesh.Normals == nil) || (st == StreamUV0) != (mesh.UVs == nil) {
			t.Errorf("stream %d short by one: mesh has %d normals, %d UV sets", st, len(mesh.Normals), len(mesh.UVs))
		}
	}
}
