package col

import (
	"encoding/binary"

	"rummage/formats/binread"
	"rummage/formats/geom"
)

// HeaderSize is a model's fixed header: tag, size, name[22], model id.
const HeaderSize = 32

// headerSizes is, per version, the bytes from the byte after the tag to
// the end of the header's counts and offsets (the offsets count from the
// byte after the tag).
var headerSizes = [...]int{2: 104, 3: 116, 4: 120}

// ParseModel reads one model from b (its 8-byte tag and size, then the
// size bytes the size says; b may be longer), whose byte 0 sits at file
// offset base.
func ParseModel(b []byte, base int64) (*Model, error) {
	if len(b) < HeaderSize {
		return nil, binread.Errorf(base, "collision model of %d bytes is shorter than its %d-byte header", len(b), HeaderSize)
	}
	v := versionOf(b[:4])
	if v == 0 {
		return nil, binread.Errorf(base, "collision model tag %q (COLL, COL2, COL3 or COL4 expected)", b[:4])
	}
	cur := binread.NewCursor(b, base)
	cur.Skip(4)
	size := int64(cur.U32())
	if size < HeaderSize-8 || size > int64(len(b)-8) {
		return nil, binread.Errorf(base+4, "collision model size %d runs past the %d bytes that remain", size, len(b)-8)
	}
	m := &Model{Version: v, Name: cur.CString(22), ModelID: cur.U16()}
	body := b[:8+size]
	var err error
	if v == 1 {
		err = m.readBody1(binread.NewCursor(body[HeaderSize:], base+HeaderSize))
	} else {
		err = m.readBody(body, base)
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// ParseBody1 reads a headerless COLL body (the bounds, spheres, boxes,
// vertices and faces of a version 1 model), as San Andreas PS2 stores a
// vehicle's collision in its clump.
func ParseBody1(b []byte, base int64, name string) (*Model, error) {
	m := &Model{Version: 1, Name: name}
	if err := m.readBody1(binread.NewCursor(b, base)); err != nil {
		return nil, err
	}
	return m, nil
}

// readBounds reads a model's bounds: COLL's radius, centre, min, max;
// the later versions' min, max, centre, radius.
func readBounds(cur *binread.Cursor, version int) Bounds {
	var b Bounds
	if version == 1 {
		b.Radius, b.Center, b.Min, b.Max = cur.F32(), vec(cur), vec(cur), vec(cur)
	} else {
		b.Min, b.Max, b.Center, b.Radius = vec(cur), vec(cur), vec(cur), cur.F32()
	}
	return b
}

// ReadBounds reads only the name and bounds of the model at the start of
// b (its header and the bounds after it), for a reader that wants the
// size of many models without their faces (a scene's missing models).
func ReadBounds(b []byte, base int64) (string, Bounds, error) {
	if len(b) < HeaderSize+40 {
		return "", Bounds{}, binread.Errorf(base, "collision model of %d bytes is shorter than its header and bounds", len(b))
	}
	v := versionOf(b[:4])
	if v == 0 {
		return "", Bounds{}, binread.Errorf(base, "collision model tag %q (COLL, COL2, COL3 or COL4 expected)", b[:4])
	}
	cur := binread.NewCursor(b, base)
	cur.Seek(8)
	name := cur.CString(22)
	cur.Seek(HeaderSize)
	return name, readBounds(cur, v), cur.Err()
}

func vec(cur *binread.Cursor) geom.Vec3 { return geom.Vec3{cur.F32(), cur.F32(), cur.F32()} }

func surface(cur *binread.Cursor) Surface {
	return Surface{cur.U8(), cur.U8(), cur.U8(), cur.U8()}
}

// readBody1 reads a COLL body: bounds (radius, centre, min, max), then
// counted spheres (radius, centre, surface), lines (none), boxes, float
// vertices and faces of three u32 indices and a surface.
func (m *Model) readBody1(cur *binread.Cursor) error {
	m.Bounds = readBounds(cur, 1)
	n := cur.Count("sphere", 20)
	m.Spheres = make([]Sphere, n)
	for i := range m.Spheres {
		s := &m.Spheres[i]
		s.Radius, s.Center, s.Surface = cur.F32(), vec(cur), surface(cur)
	}
	at := cur.Off()
	if lines := cur.U32(); lines != 0 && cur.Err() == nil {
		return binread.Errorf(at, "COLL model says %d lines; real files have none and their layout is not known", lines)
	}
	n = cur.Count("box", 28)
	m.Boxes = make([]Box, n)
	for i := range m.Boxes {
		x := &m.Boxes[i]
		x.Min, x.Max, x.Surface = vec(cur), vec(cur), surface(cur)
	}
	n = cur.Count("vertex", 12)
	m.Vertices = make([]geom.Vec3, n)
	for i := range m.Vertices {
		m.Vertices[i] = vec(cur)
	}
	n = cur.Count("face", 16)
	m.Faces = make([]Face, n)
	for i := range m.Faces {
		at := cur.Off()
		f := &m.Faces[i]
		f.A, f.B, f.C, f.Surface = cur.U32(), cur.U32(), cur.U32(), surface(cur)
		if cur.Err() == nil && max(f.A, f.B, f.C) >= uint32(len(m.Vertices)) {
			return binread.Errorf(at, "face %d uses vertex %d of %d", i, max(f.A, f.B, f.C), len(m.Vertices))
		}
	}
	if err := cur.Err(); err != nil {
		return err
	}
	if cur.Len() != 0 {
		return binread.Errorf(cur.Off(), "%d bytes left over after the COLL model's faces", cur.Len())
	}
	return nil
}

// offsets are a COL2+ model's section offsets, from the byte after the
// tag.
type offsets struct {
	spheres, boxes, lines, verts, faces, planes uint32
	shadowFaces                                 int
	shadowVerts, shadowFaceOff                  uint32
}

// readBody reads a COL2, COL3 or COL4 model: bounds (min, max, centre,
// radius), u16 counts of spheres, boxes and faces, u8 lines, u32 flags,
// u32 offsets of the sections (from the byte after the tag), COL3's
// shadow mesh count and offsets and COL4's extra u32; then the sections,
// vertices as int16 × 1/128 (their count is one more than the largest
// index a face uses).
func (m *Model) readBody(body []byte, base int64) error {
	cur := binread.NewCursor(body, base)
	cur.Seek(HeaderSize)
	m.Bounds = readBounds(cur, m.Version)
	nSpheres, nBoxes, nFaces := int(cur.U16()), int(cur.U16()), int(cur.U16())
	m.Lines = int(cur.U8())
	cur.Skip(1)
	m.Flags = cur.U32()
	var o offsets
	o.spheres, o.boxes, o.lines, o.verts, o.faces, o.planes = cur.U32(), cur.U32(), cur.U32(), cur.U32(), cur.U32(), cur.U32()
	if m.Version >= 3 {
		o.shadowFaces, o.shadowVerts, o.shadowFaceOff = int(cur.U32()), cur.U32(), cur.U32()
	}
	if m.Version >= 4 {
		m.Extra = cur.U32()
	}
	if err := cur.Err(); err != nil {
		return err
	}
	s := section{body: body, base: base}
	if err := m.readSpheresBoxes(s, o, nSpheres, nBoxes); err != nil {
		return err
	}
	var err error
	if m.Faces, err = s.faces(o.faces, nFaces, "face", 0x64); err != nil {
		return err
	}
	if m.Vertices, err = s.vertices(o.verts, m.Faces, "vertex", 0x60); err != nil {
		return err
	}
	if m.Flags&FlagFaceGroups != 0 && nFaces > 0 {
		if m.FaceGroups, err = s.faceGroups(o.faces, nFaces); err != nil {
			return err
		}
	}
	if m.Version >= 3 && m.Flags&FlagShadow != 0 {
		if m.ShadowFaces, err = s.faces(o.shadowFaceOff, o.shadowFaces, "shadow face", 0x74); err != nil {
			return err
		}
		if m.ShadowVertices, err = s.vertices(o.shadowVerts, m.ShadowFaces, "shadow vertex", 0x70); err != nil {
			return err
		}
	}
	return nil
}

// readSpheresBoxes reads the spheres (centre, radius, surface) and boxes.
func (m *Model) readSpheresBoxes(s section, o offsets, nSpheres, nBoxes int) error {
	cur, err := s.at(o.spheres, nSpheres, 20, "sphere", 0x54)
	if err != nil {
		return err
	}
	m.Spheres = make([]Sphere, nSpheres)
	for i := range m.Spheres {
		sp := &m.Spheres[i]
		sp.Center, sp.Radius, sp.Surface = vec(cur), cur.F32(), surface(cur)
	}
	if cur, err = s.at(o.boxes, nBoxes, 28, "box", 0x58); err != nil {
		return err
	}
	m.Boxes = make([]Box, nBoxes)
	for i := range m.Boxes {
		x := &m.Boxes[i]
		x.Min, x.Max, x.Surface = vec(cur), vec(cur), surface(cur)
	}
	return nil
}

// section reads the sections of a COL2+ model's body.
type section struct {
	body []byte
	base int64
}

// at returns a cursor over n items of size bytes at offset off (from the
// byte after the tag); field is where the header keeps the offset, for
// the error.
func (s section) at(off uint32, n, size int, what string, field int64) (*binread.Cursor, error) {
	if n == 0 {
		return binread.NewCursor(nil, s.base), nil
	}
	start := int64(off) + 4
	if off == 0 || start < HeaderSize || start > int64(len(s.body)) {
		return nil, binread.Errorf(s.base+field, "%s offset %d is outside the model's %d bytes", what, off, len(s.body)-4)
	}
	if err := binread.CheckCount(s.base+field, what, int64(n), int64(size), int64(len(s.body))-start); err != nil {
		return nil, err
	}
	return binread.NewCursor(s.body[start:start+int64(n*size)], s.base+start), nil
}

// faces reads n faces (u16 a, b, c, u8 material, u8 light).
func (s section) faces(off uint32, n int, what string, field int64) ([]Face, error) {
	cur, err := s.at(off, n, 8, what, field)
	if err != nil {
		return nil, err
	}
	b := cur.Bytes() // exactly n*8 bytes (checked by at)
	le := binary.LittleEndian
	out := make([]Face, n)
	for i := range out {
		r := b[8*i : 8*i+8]
		out[i] = Face{A: uint32(le.Uint16(r)), B: uint32(le.Uint16(r[2:])), C: uint32(le.Uint16(r[4:])), Surface: Surface{Material: r[6], Light: r[7]}}
	}
	return out, nil
}

// vertices reads as many int16 vertices as faces use.
func (s section) vertices(off uint32, faces []Face, what string, field int64) ([]geom.Vec3, error) {
	n := 0
	for _, f := range faces {
		n = max(n, int(max(f.A, f.B, f.C))+1)
	}
	cur, err := s.at(off, n, 6, what, field)
	if err != nil {
		return nil, err
	}
	b := cur.Bytes() // exactly n*6 bytes
	le := binary.LittleEndian
	out := make([]geom.Vec3, n)
	for i := range out {
		r := b[6*i : 6*i+6]
		out[i] = geom.Vec3{float32(int16(le.Uint16(r))) / 128, float32(int16(le.Uint16(r[2:]))) / 128, float32(int16(le.Uint16(r[4:]))) / 128}
	}
	return out, nil
}

// faceGroups reads the face groups that end just before the faces: a u32
// count at faces-4, the groups (min, max, u16 start, u16 end) before it.
func (s section) faceGroups(facesOff uint32, nFaces int) ([]FaceGroup, error) {
	countAt := int64(facesOff) // +4 for the tag, -4 for the count
	if countAt < HeaderSize || countAt+4 > int64(len(s.body)) {
		return nil, binread.Errorf(s.base+0x64, "face group count before the faces (offset %d) is outside the model", facesOff)
	}
	n := binread.NewCursor(s.body[countAt:], s.base+countAt).U32()
	if err := binread.CheckCount(s.base+countAt, "face group", int64(n), 28, countAt-HeaderSize); err != nil {
		return nil, err
	}
	start := countAt - 28*int64(n)
	cur := binread.NewCursor(s.body[start:countAt], s.base+start)
	out := make([]FaceGroup, n)
	for i := range out {
		at := cur.Off()
		g := &out[i]
		g.Min, g.Max, g.Start, g.End = vec(cur), vec(cur), cur.U16(), cur.U16()
		if int(g.End) >= nFaces || g.Start > g.End {
			return nil, binread.Errorf(at+24, "face group %d runs over faces %d..%d of %d", i, g.Start, g.End, nFaces)
		}
	}
	return out, nil
}
