package xrlevel

import (
	"encoding/binary"
	"fmt"
	"math"

	"rummage/formats/geom"
	"rummage/formats/xray"
)

// WriteOptions controls WriteV4.
type WriteOptions struct {
	// Plain stores every chunk uncompressed (xrLC compresses visuals, vertex
	// buffers, CFORM and sectors).
	Plain bool
}

type wbuf struct{ b []byte }

func (w *wbuf) u8(v uint8)    { w.b = append(w.b, v) }
func (w *wbuf) u16(v uint16)  { w.b = binary.LittleEndian.AppendUint16(w.b, v) }
func (w *wbuf) u32(v uint32)  { w.b = binary.LittleEndian.AppendUint32(w.b, v) }
func (w *wbuf) f32(v float32) { w.u32(math.Float32bits(v)) }
func (w *wbuf) vec(v geom.Vec3) {
	w.f32(v[0])
	w.f32(v[1])
	w.f32(v[2])
}
func (w *wbuf) zstr(s string) {
	w.b = append(w.b, toBytes(s)...)
	w.b = append(w.b, 0)
}
func (w *wbuf) u32s(v ...uint32) {
	for _, x := range v {
		w.u32(x)
	}
}
func (w *wbuf) chunk(id uint32, data []byte, compress bool) {
	w.b = xray.AppendChunk(w.b, id, data, compress)
}

// sub appends a stored sub-chunk id whose payload fill writes.
func (w *wbuf) sub(id uint32, fill func(b *wbuf)) {
	b := &wbuf{}
	fill(b)
	w.chunk(id, b.b, false)
}

// toBytes turns a string read by latin1 back into its bytes.
func toBytes(s string) []byte {
	out := make([]byte, 0, len(s))
	for _, r := range s {
		if r < 256 {
			out = append(out, byte(r))
		} else {
			out = append(out, '?')
		}
	}
	return out
}

func writeFlight(w *wbuf, f Flight) {
	w.u32(f.Type)
	for _, c := range [][4]float32{f.Diffuse, f.Specular, f.Ambient} {
		for _, v := range c {
			w.f32(v)
		}
	}
	w.vec(f.Position)
	w.vec(f.Direction)
	for _, v := range []float32{f.Range, f.Falloff, f.Attenuation0, f.Attenuation1, f.Attenuation2, f.Theta, f.Phi} {
		w.f32(v)
	}
}

// WriteV4 writes lv as a version 4 (build 749) level: every chunk and
// record kind the reader decodes. Chunk 9 (light keys) is written only when
// there are keys.
func WriteV4(lv *Level, opt WriteOptions) ([]byte, error) {
	comp := !opt.Plain
	out := &wbuf{}
	h, err := headerV4(lv.Description)
	if err != nil {
		return nil, err
	}
	out.chunk(1, h, false)
	out.chunk(2, stringList(lv.Textures), false)
	out.chunk(3, stringList(lv.Shaders), false)
	vis, err := visualsV4(lv.Visuals)
	if err != nil {
		return nil, err
	}
	out.chunk(4, vis, comp)
	vb, err := vertexBuffersV4(lv.VBs)
	if err != nil {
		return nil, err
	}
	out.chunk(5, vb, comp)
	if lv.CForm != nil {
		cf, err := lv.CForm.Load()
		if err != nil {
			return nil, err
		}
		out.chunk(6, cformV2(cf), comp)
	}
	out.chunk(7, portalsV4(lv.Portals), false)
	out.chunk(8, lightsV4(lv.Lights), false)
	if len(lv.LightKeys) > 0 {
		kw := &wbuf{}
		for _, k := range lv.LightKeys {
			writeFlight(kw, k)
		}
		out.chunk(9, kw.b, false)
	}
	out.chunk(0xa, glowsV4(lv.Glows), false)
	out.chunk(0xb, sectorsV4(lv.Sectors), comp)
	return out.b, nil
}

// headerV4 is chunk 0x1: the u32 version 4 and the 124-byte description.
func headerV4(description string) ([]byte, error) {
	h := &wbuf{}
	h.u32(4)
	desc := toBytes(description)
	if len(desc) > 123 {
		return nil, fmt.Errorf("description is %d bytes; at most 123 fit", len(desc))
	}
	name := make([]byte, 124)
	copy(name, desc)
	h.b = append(h.b, name...)
	return h.b, nil
}

// stringList is a count and NUL-terminated strings (textures, shaders).
func stringList(list []string) []byte {
	w := &wbuf{}
	w.u32(uint32(len(list)))
	for _, s := range list {
		w.zstr(s)
	}
	return w.b
}

// visualsV4 is chunk 0x4: a chunk list of OGF v2 bodies.
func visualsV4(visuals []*Visual) ([]byte, error) {
	vis := &wbuf{}
	for i, v := range visuals {
		b, err := writeVisualV2(v)
		if err != nil {
			return nil, fmt.Errorf("visual %d: %w", i, err)
		}
		vis.chunk(uint32(i), b, false)
	}
	return vis.b, nil
}

// vertexBuffersV4 is chunk 0x5: a count, then FVF, count and vertices per
// buffer.
func vertexBuffersV4(vbs []*VertexBuffer) ([]byte, error) {
	vb := &wbuf{}
	vb.u32(uint32(len(vbs)))
	for i, b := range vbs {
		if b.Format.FVF == 0 || b.Format.Decl != nil {
			return nil, fmt.Errorf("vertex buffer %d has no FVF (declarations need version 9+)", i)
		}
		data := b.Bytes()
		if len(data) != b.Count*b.Format.Stride {
			return nil, fmt.Errorf("vertex buffer %d: %d bytes for %d × %d", i, len(data), b.Count, b.Format.Stride)
		}
		vb.u32(b.Format.FVF)
		vb.u32(uint32(b.Count))
		vb.b = append(vb.b, data...)
	}
	return vb.b, nil
}

// cformV2 is chunk 0x6, a version 2 CFORM: 32-byte triangles.
func cformV2(cf *CForm) []byte {
	w := &wbuf{}
	w.u32(2)
	w.u32(uint32(len(cf.Verts)))
	w.u32(uint32(len(cf.Tris)))
	w.vec(cf.BBox[0])
	w.vec(cf.BBox[1])
	for _, v := range cf.Verts {
		w.vec(v)
	}
	for _, t := range cf.Tris {
		for _, x := range t.V {
			w.u32(x)
		}
		for _, x := range t.Adj {
			w.u32(x)
		}
		w.u16(t.Material)
		w.u16(t.Sector)
		w.u32(t.Dummy)
	}
	return w.b
}

// portalsV4 is chunk 0x7 (the count before the vertices).
func portalsV4(portals []Portal) []byte {
	pw := &wbuf{}
	for _, p := range portals {
		pw.u16(p.Front)
		pw.u16(p.Back)
		pw.u32(p.Count)
		for _, v := range p.Verts {
			pw.vec(v)
		}
	}
	return pw.b
}

// lightsV4 is chunk 0x8: 124-byte records.
func lightsV4(lights []Light) []byte {
	lw := &wbuf{}
	for _, l := range lights {
		writeFlight(lw, l.Flight)
		lw.u32(l.Frame)
		lw.u16(uint16(l.Flags))
		lw.u16(0)
		lw.f32(l.PTime)
		lw.f32(l.PSpeed)
		lw.u16(l.KeyStart)
		lw.u16(l.KeyCount)
	}
	return lw.b
}

// glowsV4 is chunk 0xa: 24-byte records.
func glowsV4(glows []Glow) []byte {
	gw := &wbuf{}
	for _, g := range glows {
		gw.vec(g.Position)
		gw.f32(g.Radius)
		gw.u32(uint32(g.Texture))
		gw.u32(uint32(g.Shader))
	}
	return gw.b
}

// sectorsV4 is chunk 0xb: a chunk list; sub-chunks in xrLC's order Root,
// Portals, Occluders, Glows, Lights.
func sectorsV4(sectors []*Sector) []byte {
	sw := &wbuf{}
	for i, s := range sectors {
		w := &wbuf{}
		if s.Root >= 0 {
			r := &wbuf{}
			r.u32(uint32(s.Root))
			w.chunk(2, r.b, false)
		}
		w.chunk(1, u16List(s.Portals), false)
		if len(s.Occluders) > 0 {
			o := &wbuf{}
			for _, oc := range s.Occluders {
				o.u16(oc.Sector)
				o.u16(oc.Count)
				for _, v := range oc.Verts {
					o.vec(v)
				}
			}
			w.chunk(3, o.b, false)
		}
		if len(s.Glows) > 0 {
			w.chunk(4, u16List(s.Glows), false)
		}
		if len(s.Lights) > 0 {
			w.chunk(5, u16List(s.Lights), false)
		}
		sw.chunk(uint32(i), w.b, false)
	}
	return sw.b
}

// u16List is the u16 elements of s.
func u16List(s []uint16) []byte {
	w := &wbuf{}
	for _, v := range s {
		w.u16(v)
	}
	return w.b
}

// writeVisualV2 writes an OGF v2 body: header, material references and
// bounds, then the geometry (writeGeometryV2).
func writeVisualV2(v *Visual) ([]byte, error) {
	w := &wbuf{}
	w.sub(1, func(h *wbuf) {
		h.u8(2)
		h.u8(uint8(v.Type))
		h.u16(v.Flags)
	})
	if v.TextureName != "" || v.ShaderName != "" {
		w.sub(2, func(t *wbuf) {
			t.zstr(v.TextureName)
			t.zstr(v.ShaderName)
		})
	}
	if v.TextureIndex >= 0 || v.ShaderIndex >= 0 {
		w.sub(3, func(t *wbuf) { t.u32s(uint32(v.TextureIndex), uint32(v.ShaderIndex)) })
	}
	if m := v.MaterialBytes(); m != nil {
		w.chunk(4, m, false)
	}
	if v.ChildNames != nil {
		w.sub(5, func(b *wbuf) {
			b.u32(uint32(len(v.ChildNames)))
			for _, n := range v.ChildNames {
				b.zstr(n)
			}
		})
	}
	if v.HasBBox {
		w.sub(6, func(b *wbuf) {
			b.vec(v.BBox[0])
			b.vec(v.BBox[1])
		})
	}
	if err := writeGeometryV2(w, v); err != nil {
		return nil, err
	}
	return w.b, nil
}

// writeGeometryV2 writes an OGF v2 body's sub-chunks 7 to 0xd: vertices,
// indices, progressive map, link, vertex container, sphere and children.
func writeGeometryV2(w *wbuf, v *Visual) error {
	if ov := v.OwnVertices; ov != nil {
		w.sub(7, func(b *wbuf) {
			b.u32s(ov.Format.FVF, uint32(ov.Count))
			b.b = append(b.b, ov.Data...)
		})
	}
	if v.HasIndices {
		if len(v.Indices)%3 != 0 {
			return fmt.Errorf("%d indices is not a multiple of 3", len(v.Indices))
		}
		w.sub(8, func(b *wbuf) {
			b.u32(uint32(len(v.Indices)))
			b.b = append(b.b, u16List(v.Indices)...)
		})
	}
	if p := v.PMapBytes(); p != nil {
		w.chunk(9, p, false)
	}
	if v.SFLink != "" {
		w.sub(0xa, func(b *wbuf) { b.zstr(v.SFLink) })
	}
	if v.VB >= 0 {
		w.sub(0xb, func(b *wbuf) { b.u32s(uint32(v.VB), uint32(v.VBase), uint32(v.VCount)) })
	}
	if v.HasSphere {
		w.sub(0xc, func(b *wbuf) {
			for _, f := range v.Sphere {
				b.f32(f)
			}
		})
	}
	if len(v.Children) > 0 {
		w.sub(0xd, func(b *wbuf) {
			b.u32(uint32(len(v.Children)))
			for _, c := range v.Children {
				b.u32(uint32(c))
			}
		})
	}
	return nil
}
