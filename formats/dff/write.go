package dff

import (
	"encoding/binary"
	"fmt"
	"math"

	"rummage/formats/rw"
)

// Bytes encodes the file from its fields: the sections around the clump
// as they were stored, the clump rebuilt. A parsed PC file that was not
// changed encodes to the same bytes, unless its reading skipped chunks
// (File.Diags), which are not written back.
func (f *File) Bytes() ([]byte, error) {
	var out []byte
	for _, c := range f.Before {
		out = append(out, rw.Chunk(c.Type, c.Stamp, c.Data)...)
	}
	cb, err := f.Clump.Bytes()
	if err != nil {
		return nil, err
	}
	out = append(out, cb...)
	for _, c := range f.After {
		out = append(out, rw.Chunk(c.Type, c.Stamp, c.Data)...)
	}
	return append(out, f.Trailer...), nil
}

// Bytes encodes the clump chunk.
func (c *Clump) Bytes() ([]byte, error) {
	st := u32s(c.NumAtomics)
	if !c.OldStruct {
		st = u32s(c.NumAtomics, c.NumLights, c.NumCameras)
	}
	body := rw.Chunk(IDStruct, c.Stamp, st)
	body = append(body, c.frameList()...)
	gl := rw.Chunk(IDStruct, c.GeomListStamp, u32s(uint32(len(c.Geometries))))
	for i, g := range c.Geometries {
		gb, err := g.Bytes()
		if err != nil {
			return nil, fmt.Errorf("geometry %d: %w", i, err)
		}
		gl = append(gl, gb...)
	}
	body = append(body, rw.Chunk(IDGeometryList, c.GeomListStamp, gl)...)
	for _, a := range c.Atomics {
		ab := rw.Chunk(IDStruct, a.Stamp, u32s(uint32(a.Frame), uint32(a.Geometry), a.Flags, a.Unused))
		body = append(body, rw.Chunk(IDAtomic, a.Stamp, ab, extChunk(a.Ext, a.Stamp))...)
	}
	for _, x := range c.Extra {
		body = append(body, rw.Chunk(x.Type, x.Stamp, x.Data)...)
	}
	body = append(body, extChunk(c.Ext, c.Stamp)...)
	return rw.Chunk(IDClump, c.Stamp, body), nil
}

func (c *Clump) frameList() []byte {
	st := u32s(uint32(len(c.Frames)))
	for _, f := range c.Frames {
		for _, v := range f.Rot {
			st = binary.LittleEndian.AppendUint32(st, math.Float32bits(v))
		}
		st = appendF32(st, f.Pos[:]...)
		st = binary.LittleEndian.AppendUint32(st, uint32(f.Parent))
		st = binary.LittleEndian.AppendUint32(st, f.Flags)
	}
	body := rw.Chunk(IDStruct, c.FrameListStamp, st)
	for _, f := range c.Frames {
		ext := f.Ext
		if e := findExt(ext, IDFrameName); e != nil && string(e.Data) != f.Name {
			ext = append([]Ext(nil), ext...)
			findExt(ext, IDFrameName).Data = []byte(f.Name)
		} else if e == nil && f.Name != "" {
			ext = append(append([]Ext{}, ext...), Ext{Type: IDFrameName, Stamp: c.FrameListStamp, Off: -1, Data: []byte(f.Name)})
		}
		if ext == nil {
			ext = []Ext{}
		}
		body = append(body, extChunk(ext, c.FrameListStamp)...)
	}
	return rw.Chunk(IDFrameList, c.FrameListStamp, body)
}

// Bytes encodes the geometry chunk. A native geometry is written with its
// native data as stored.
func (g *Geometry) Bytes() ([]byte, error) {
	st := u32s(g.Flags, uint32(g.NumTris), uint32(g.NumVerts), uint32(len(g.Morph)))
	if g.Surface != nil {
		st = appendF32(st, g.Surface[:]...)
	}
	if !g.IsNative() {
		var err error
		if st, err = g.appendVertexData(st); err != nil {
			return nil, err
		}
	}
	for _, m := range g.Morph {
		st = appendF32(st, m.Sphere[:]...)
		st = u32sTo(st, b2u(m.HasPositions), b2u(m.HasNormals))
		if m.HasPositions {
			if len(m.Positions) != int(g.NumVerts) {
				return nil, fmt.Errorf("%d positions for %d vertices", len(m.Positions), g.NumVerts)
			}
			for _, p := range m.Positions {
				st = appendF32(st, p[:]...)
			}
		}
		if m.HasNormals {
			if len(m.Normals) != int(g.NumVerts) {
				return nil, fmt.Errorf("%d normals for %d vertices", len(m.Normals), g.NumVerts)
			}
			for _, n := range m.Normals {
				st = appendF32(st, n[:]...)
			}
		}
	}
	body := rw.Chunk(IDStruct, g.Stamp, st)
	body = append(body, g.materialList()...)
	ext := g.Ext
	if g.BinMesh != nil && !g.BinMesh.Native {
		ext = withExt(ext, Ext{Type: IDBinMesh, Stamp: g.Stamp, Off: -1, Data: g.BinMesh.bytes()})
	}
	body = append(body, extChunk(ext, g.Stamp)...)
	return rw.Chunk(IDGeometry, g.Stamp, body), nil
}

func (g *Geometry) appendVertexData(st []byte) ([]byte, error) {
	nv := int(g.NumVerts)
	if g.Flags&FlagPrelit != 0 {
		if len(g.Prelit) != nv {
			return nil, fmt.Errorf("%d prelit colours for %d vertices", len(g.Prelit), nv)
		}
		for _, c := range g.Prelit {
			st = append(st, c.R, c.G, c.B, c.A)
		}
	}
	if len(g.UVs) != g.UVSets() {
		return nil, fmt.Errorf("%d UV sets where the flags say %d", len(g.UVs), g.UVSets())
	}
	for _, set := range g.UVs {
		if len(set) != nv {
			return nil, fmt.Errorf("%d texture coordinates for %d vertices", len(set), nv)
		}
		for _, uv := range set {
			st = appendF32(st, uv[:]...)
		}
	}
	if len(g.Tris) != int(g.NumTris) {
		return nil, fmt.Errorf("%d triangles where the count says %d", len(g.Tris), g.NumTris)
	}
	for _, t := range g.Tris {
		st = binary.LittleEndian.AppendUint16(st, t.B)
		st = binary.LittleEndian.AppendUint16(st, t.A)
		st = binary.LittleEndian.AppendUint16(st, t.Mat)
		st = binary.LittleEndian.AppendUint16(st, t.C)
	}
	return st, nil
}

func (g *Geometry) materialList() []byte {
	st := u32s(uint32(len(g.MatList.Indices)))
	for _, i := range g.MatList.Indices {
		st = binary.LittleEndian.AppendUint32(st, uint32(i))
	}
	body := rw.Chunk(IDStruct, g.MatList.Stamp, st)
	for _, m := range g.MatList.Own {
		body = append(body, m.bytes()...)
	}
	return rw.Chunk(IDMaterialList, g.MatList.Stamp, body)
}

func (m *Material) bytes() []byte {
	st := u32s(m.Flags)
	st = append(st, m.Color.R, m.Color.G, m.Color.B, m.Color.A)
	st = u32sTo(st, uint32(m.Unused), uint32(m.Textured))
	if m.Surface != nil {
		st = appendF32(st, m.Surface[:]...)
	}
	body := rw.Chunk(IDStruct, m.Stamp, st)
	if m.Textured != 0 && m.Texture != nil {
		body = append(body, m.Texture.bytes()...)
	}
	body = append(body, extChunk(m.Ext, m.Stamp)...)
	return rw.Chunk(IDMaterial, m.Stamp, body)
}

func (t *Texture) bytes() []byte {
	name, mask := t.NameRaw, t.MaskRaw
	nid, mid := t.NameID, t.MaskID
	if name == nil || cstr(name) != t.Name || nid == 0 {
		name, nid = padString(t.Name), IDString
	}
	if mask == nil || cstr(mask) != t.Mask || mid == 0 {
		mask, mid = padString(t.Mask), IDString
	}
	body := rw.Chunk(IDStruct, t.Stamp, u32s(t.Filter))
	body = append(body, rw.Chunk(nid, t.Stamp, name)...)
	body = append(body, rw.Chunk(mid, t.Stamp, mask)...)
	body = append(body, extChunk(t.Ext, t.Stamp)...)
	return rw.Chunk(IDTexture, t.Stamp, body)
}

func (bm *BinMesh) bytes() []byte {
	flags := uint32(0)
	if bm.Strip {
		flags = 1
	}
	out := u32s(flags, uint32(len(bm.Splits)), bm.Total)
	for _, s := range bm.Splits {
		out = u32sTo(out, uint32(len(s.Indices)), s.Material)
		out = u32sTo(out, s.Indices...)
	}
	return out
}

// withExt returns list with the extension of e's type replaced by e (or e
// added at the end).
func withExt(list []Ext, e Ext) []Ext {
	out := append([]Ext{}, list...)
	for i := range out {
		if out[i].Type == e.Type {
			e.Stamp = out[i].Stamp
			out[i] = e
			return out
		}
	}
	return append(out, e)
}

// extChunk encodes an Extension chunk; nil writes none (the object had no
// extension), an empty list an empty one.
func extChunk(list []Ext, stamp uint32) []byte {
	if list == nil {
		return nil
	}
	var body []byte
	for _, e := range list {
		body = append(body, rw.Chunk(e.Type, e.Stamp, e.Data)...)
	}
	return rw.Chunk(IDExtension, stamp, body)
}

// padString is a string payload: zero-terminated, padded to 4 bytes.
func padString(s string) []byte {
	b := make([]byte, (len(s)+4)&^3)
	copy(b, s)
	return b
}

func u32s(v ...uint32) []byte { return u32sTo(nil, v...) }

func u32sTo(b []byte, v ...uint32) []byte {
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	return b
}

func appendF32(b []byte, v ...float32) []byte {
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}
