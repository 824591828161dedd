package msh

import (
	"encoding/binary"
	"fmt"

	"rummage/formats/binread"
)

// The per-vertex streams beside the positions (docs/formats/parkan.md, MSH):
//
//	4  normal  int8 x, y, z over 127 (clamped to ±1), one more byte kept
//	5  UV0     int16 u, v over 1024; (0, 0) is the texture's top left
//
// ParkanPlayground's MshLib/Msh0x04.cs and Msh0x05.cs read them so (4-byte
// elements, sbyte/127 and int16/1024); openparkan's mesh.py reads stream 5
// as uint16/1024 after tracing the engine's 1/1024 scale. The two readings
// differ only for raw values ≥ 0x8000: signed keeps a triangle that
// crosses u = 0 continuous, so signed it is.

// readNormals decodes the optional stream 4.
func (m *Model) readNormals(b []byte, base int64, _ Stream) error {
	if len(b)%NormalSize != 0 {
		return binread.Errorf(base, "MSH: normal stream of %d bytes is not a multiple of %d", len(b), NormalSize)
	}
	m.Normals = make([][4]int8, len(b)/NormalSize)
	for i := range m.Normals {
		for k := 0; k < 4; k++ {
			m.Normals[i][k] = int8(b[NormalSize*i+k])
		}
	}
	return nil
}

// readUV0 decodes the optional stream 5.
func (m *Model) readUV0(b []byte, base int64, _ Stream) error {
	if len(b)%UVSize != 0 {
		return binread.Errorf(base, "MSH: UV stream of %d bytes is not a multiple of %d", len(b), UVSize)
	}
	m.UV0 = make([][2]int16, len(b)/UVSize)
	for i := range m.UV0 {
		m.UV0[i] = [2]int16{int16(binary.LittleEndian.Uint16(b[UVSize*i:])), int16(binary.LittleEndian.Uint16(b[UVSize*i+2:]))}
	}
	return nil
}

// Normal returns vertex i's normal: each component over 127, clamped to
// ±1 (-128 reads as -1).
func (m *Model) Normal(i int) [3]float32 {
	n := m.Normals[i]
	var out [3]float32
	for k := 0; k < 3; k++ {
		out[k] = max(-1, float32(n[k])/NormalScale)
	}
	return out
}

// UV returns vertex i's texture coordinate: u and v over 1024.
func (m *Model) UV(i int) [2]float32 {
	return [2]float32{float32(m.UV0[i][0]) / UVScale, float32(m.UV0[i][1]) / UVScale}
}

// HasNormals reports whether stream 4 holds one normal per position.
func (m *Model) HasNormals() bool {
	return len(m.Normals) > 0 && len(m.Normals) == len(m.Positions)
}

// HasUVs reports whether stream 5 holds one UV per position.
func (m *Model) HasUVs() bool { return len(m.UV0) > 0 && len(m.UV0) == len(m.Positions) }

// VertexFindings notes a normal or UV stream whose count differs from the
// positions': the mesh then goes without it (the streams are per vertex,
// so a shifted count cannot be matched up).
func (m *Model) VertexFindings() []Finding {
	var out []Finding
	for _, s := range []struct {
		st   uint32
		n    int
		what string
	}{{StreamNormals, len(m.Normals), "normal"}, {StreamUV0, len(m.UV0), "UV"}} {
		if s.n > 0 && s.n != len(m.Positions) {
			out = append(out, Finding{Off: m.RecordOffset(s.st, 0, 4, 0), Msg: fmt.Sprintf("MSH: the %s stream holds %d entries for %d positions; the mesh is shown without it", s.what, s.n, len(m.Positions))})
		}
	}
	return out
}

// Finding is something a model decoded with but lacks or does not match:
// the mesh is still built. Off is the file offset it is about, -1 when
// none.
type Finding struct {
	Off int64
	Msg string
}
