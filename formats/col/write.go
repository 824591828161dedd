package col

import (
	"encoding/binary"
	"fmt"
	"math"

	"rummage/formats/geom"
)

// Bytes writes the model as its version lays it out: the header, then for
// COLL the counted sections, for COL2+ the spheres, boxes, vertices, face
// groups with their count, faces and the shadow mesh, at the offsets the
// header gives. Vertices of COL2+ are stored as int16 × 1/128 (rounded,
// clamped). Flags of COL2+ are written as stored, with FlagNotEmpty,
// FlagFaceGroups and FlagShadow set to match the model.
func (m *Model) Bytes() ([]byte, error) {
	if m.Version < 1 || m.Version > 4 {
		return nil, fmt.Errorf("collision model version %d (1..4)", m.Version)
	}
	if len(m.Name) > 21 {
		return nil, fmt.Errorf("collision model name %q is longer than 21 bytes", m.Name)
	}
	var body []byte
	var err error
	if m.Version == 1 {
		body = m.body1(nil)
	} else if body, err = m.body(); err != nil {
		return nil, err
	}
	out := append([]byte(Tags[m.Version]), le32(uint32(len(body)+24))...)
	name := make([]byte, 22)
	copy(name, m.Name)
	out = append(out, name...)
	out = binary.LittleEndian.AppendUint16(out, m.ModelID)
	return append(out, body...), nil
}

// Body1 writes the headerless COLL body a San Andreas PS2 clump embeds.
func (m *Model) Body1() []byte { return m.body1(nil) }

func le32(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }

func appendF(b []byte, v ...float32) []byte {
	for _, f := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(f))
	}
	return b
}

func appendVec(b []byte, v geom.Vec3) []byte { return appendF(b, v[0], v[1], v[2]) }

func appendSurface(b []byte, s Surface) []byte {
	return append(b, s.Material, s.Flag, s.Brightness, s.Light)
}

// body1 appends the COLL body to b.
func (m *Model) body1(b []byte) []byte {
	bd := m.Bounds
	b = appendF(b, bd.Radius)
	b = appendVec(appendVec(appendVec(b, bd.Center), bd.Min), bd.Max)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(m.Spheres)))
	for _, s := range m.Spheres {
		b = appendSurface(appendVec(appendF(b, s.Radius), s.Center), s.Surface)
	}
	b = binary.LittleEndian.AppendUint32(b, 0) // lines
	b = binary.LittleEndian.AppendUint32(b, uint32(len(m.Boxes)))
	for _, x := range m.Boxes {
		b = appendSurface(appendVec(appendVec(b, x.Min), x.Max), x.Surface)
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(m.Vertices)))
	for _, v := range m.Vertices {
		b = appendVec(b, v)
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(m.Faces)))
	for _, f := range m.Faces {
		b = binary.LittleEndian.AppendUint32(b, f.A)
		b = binary.LittleEndian.AppendUint32(b, f.B)
		b = binary.LittleEndian.AppendUint32(b, f.C)
		b = appendSurface(b, f.Surface)
	}
	return b
}

// body writes a COL2+ body (everything after the name and model id).
func (m *Model) body() ([]byte, error) {
	if len(m.Spheres) > 0xFFFF || len(m.Boxes) > 0xFFFF || len(m.Faces) > 0xFFFF || len(m.ShadowFaces) > 0xFFFF || m.Lines > 0xFF {
		return nil, fmt.Errorf("collision model %q has more elements than COL%d counts hold", m.Name, m.Version)
	}
	hdr := headerSizes[m.Version] // bytes from after the tag to the sections
	var sec []byte
	off := func() uint32 { return uint32(hdr + len(sec)) }
	var o offsets
	o.spheres = off()
	for _, s := range m.Spheres {
		sec = appendSurface(appendF(appendVec(sec, s.Center), s.Radius), s.Surface)
	}
	o.boxes = off()
	for _, x := range m.Boxes {
		sec = appendSurface(appendVec(appendVec(sec, x.Min), x.Max), x.Surface)
	}
	o.verts = off()
	sec = appendVerts(sec, m.Vertices)
	if len(m.FaceGroups) > 0 {
		for _, g := range m.FaceGroups {
			sec = appendVec(appendVec(sec, g.Min), g.Max)
			sec = binary.LittleEndian.AppendUint16(binary.LittleEndian.AppendUint16(sec, g.Start), g.End)
		}
		sec = binary.LittleEndian.AppendUint32(sec, uint32(len(m.FaceGroups)))
	}
	o.faces = off()
	sec = appendFaces(sec, m.Faces)
	shadow := m.Version >= 3 && len(m.ShadowFaces) > 0
	if shadow {
		o.shadowVerts = off()
		sec = appendVerts(sec, m.ShadowVertices)
		o.shadowFaceOff = off()
		sec = appendFaces(sec, m.ShadowFaces)
	}
	return append(m.header2(o, shadow), sec...), nil
}

// header2 writes the COL2+ bounds, counts, flags and offsets.
func (m *Model) header2(o offsets, shadow bool) []byte {
	bd := m.Bounds
	b := appendF(appendVec(appendVec(appendVec(nil, bd.Min), bd.Max), bd.Center), bd.Radius)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(m.Spheres)))
	b = binary.LittleEndian.AppendUint16(b, uint16(len(m.Boxes)))
	b = binary.LittleEndian.AppendUint16(b, uint16(len(m.Faces)))
	b = append(b, uint8(m.Lines), 0)
	flags := m.Flags &^ (FlagNotEmpty | FlagFaceGroups | FlagShadow)
	if len(m.Spheres)+len(m.Boxes)+len(m.Faces) > 0 {
		flags |= FlagNotEmpty
	}
	if len(m.FaceGroups) > 0 {
		flags |= FlagFaceGroups
	}
	if shadow {
		flags |= FlagShadow
	}
	b = binary.LittleEndian.AppendUint32(b, flags)
	for _, v := range []uint32{o.spheres, o.boxes, 0, o.verts, o.faces, 0} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	if m.Version >= 3 {
		n := 0
		if shadow {
			n = len(m.ShadowFaces)
		}
		for _, v := range []uint32{uint32(n), o.shadowVerts, o.shadowFaceOff} {
			b = binary.LittleEndian.AppendUint32(b, v)
		}
	}
	if m.Version >= 4 {
		b = binary.LittleEndian.AppendUint32(b, m.Extra)
	}
	return b
}

// appendVerts appends vertices as int16 × 1/128.
func appendVerts(b []byte, vs []geom.Vec3) []byte {
	for _, v := range vs {
		for _, c := range v {
			q := math.Round(float64(c) * 128)
			b = binary.LittleEndian.AppendUint16(b, uint16(int16(max(min(q, math.MaxInt16), math.MinInt16))))
		}
	}
	return b
}

// appendFaces appends COL2+ faces (u16 indices, material, light).
func appendFaces(b []byte, fs []Face) []byte {
	for _, f := range fs {
		for _, i := range []uint32{f.A, f.B, f.C} {
			b = binary.LittleEndian.AppendUint16(b, uint16(i))
		}
		b = append(b, f.Surface.Material, f.Surface.Light)
	}
	return b
}
