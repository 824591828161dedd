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
func (w *wbuf) chunk(id uint32, data []byte, compress bool) {
	w.b = xray.AppendChunk(w.b, id, data, compress)
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

	// 0x1 header
	h := &wbuf{}
	h.u32(4)
	desc := toBytes(lv.Description)
	if len(desc) > 123 {
		return nil, fmt.Errorf("description is %d bytes; at most 123 fit", len(desc))
	}
	name := make([]byte, 124)
	copy(name, desc)
	h.b = append(h.b, name...)
	out.chunk(1, h.b, false)

	strs := func(list []string) []byte {
		w := &wbuf{}
		w.u32(uint32(len(list)))
		for _, s := range list {
			w.zstr(s)
		}
		return w.b
	}
	out.chunk(2, strs(lv.Textures), false)
	out.chunk(3, strs(lv.Shaders), false)

	// 0x4 visuals: a chunk list of OGF v2 bodies
	vis := &wbuf{}
	for i, v := range lv.Visuals {
		b, err := writeVisualV2(v)
		if err != nil {
			return nil, fmt.Errorf("visual %d: %w", i, err)
		}
		vis.chunk(uint32(i), b, false)
	}
	out.chunk(4, vis.b, comp)

	// 0x5 vertex buffers
	vb := &wbuf{}
	vb.u32(uint32(len(lv.VBs)))
	for i, b := range lv.VBs {
		if b.Format.FVF == 0 || b.Format.Decl != nil {
			return nil, fmt.Errorf("vertex buffer %d has no FVF (declarations need version 9+)", i)
		}
		if len(b.Data) != b.Count*b.Format.Stride {
			return nil, fmt.Errorf("vertex buffer %d: %d bytes for %d × %d", i, len(b.Data), b.Count, b.Format.Stride)
		}
		vb.u32(b.Format.FVF)
		vb.u32(uint32(b.Count))
		vb.b = append(vb.b, b.Data...)
	}
	out.chunk(5, vb.b, comp)

	// 0x6 CFORM v2
	if cf := lv.CForm; cf != nil {
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
		out.chunk(6, w.b, comp)
	}

	// 0x7 portals (count before the vertices)
	pw := &wbuf{}
	for _, p := range lv.Portals {
		pw.u16(p.Front)
		pw.u16(p.Back)
		pw.u32(p.Count)
		for _, v := range p.Verts {
			pw.vec(v)
		}
	}
	out.chunk(7, pw.b, false)

	// 0x8 lights (124 bytes)
	lw := &wbuf{}
	for _, l := range lv.Lights {
		writeFlight(lw, l.Flight)
		lw.u32(l.Frame)
		lw.u16(uint16(l.Flags))
		lw.u16(0)
		lw.f32(l.PTime)
		lw.f32(l.PSpeed)
		lw.u16(l.KeyStart)
		lw.u16(l.KeyCount)
	}
	out.chunk(8, lw.b, false)

	if len(lv.LightKeys) > 0 {
		kw := &wbuf{}
		for _, k := range lv.LightKeys {
			writeFlight(kw, k)
		}
		out.chunk(9, kw.b, false)
	}

	// 0xa glows (24 bytes)
	gw := &wbuf{}
	for _, g := range lv.Glows {
		gw.vec(g.Position)
		gw.f32(g.Radius)
		gw.u32(uint32(g.Texture))
		gw.u32(uint32(g.Shader))
	}
	out.chunk(0xa, gw.b, false)

	// 0xb sectors: chunk list; sub-chunks in xrLC's order Root, Portals,
	// Occluders, Glows, Lights
	sw := &wbuf{}
	u16s := func(s []uint16) []byte {
		w := &wbuf{}
		for _, v := range s {
			w.u16(v)
		}
		return w.b
	}
	for i, s := range lv.Sectors {
		w := &wbuf{}
		if s.Root >= 0 {
			r := &wbuf{}
			r.u32(uint32(s.Root))
			w.chunk(2, r.b, false)
		}
		w.chunk(1, u16s(s.Portals), false)
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
			w.chunk(4, u16s(s.Glows), false)
		}
		if len(s.Lights) > 0 {
			w.chunk(5, u16s(s.Lights), false)
		}
		sw.chunk(uint32(i), w.b, false)
	}
	out.chunk(0xb, sw.b, comp)
	return out.b, nil
}

// writeVisualV2 writes one OGF v2 visual body.
func writeVisualV2(v *Visual) ([]byte, error) {
	w := &wbuf{}
	h := &wbuf{}
	h.u8(2)
	h.u8(uint8(v.Type))
	h.u16(v.Flags)
	w.chunk(1, h.b, false)
	if v.TextureName != "" || v.ShaderName != "" {
		t := &wbuf{}
		t.zstr(v.TextureName)
		t.zstr(v.ShaderName)
		w.chunk(2, t.b, false)
	}
	if v.TextureIndex >= 0 || v.ShaderIndex >= 0 {
		t := &wbuf{}
		t.u32(uint32(v.TextureIndex))
		t.u32(uint32(v.ShaderIndex))
		w.chunk(3, t.b, false)
	}
	if v.Material != nil {
		w.chunk(4, v.Material, false)
	}
	if v.ChildNames != nil {
		b := &wbuf{}
		b.u32(uint32(len(v.ChildNames)))
		for _, n := range v.ChildNames {
			b.zstr(n)
		}
		w.chunk(5, b.b, false)
	}
	if v.HasBBox {
		b := &wbuf{}
		b.vec(v.BBox[0])
		b.vec(v.BBox[1])
		w.chunk(6, b.b, false)
	}
	if ov := v.OwnVertices; ov != nil {
		b := &wbuf{}
		b.u32(ov.Format.FVF)
		b.u32(uint32(ov.Count))
		b.b = append(b.b, ov.Data...)
		w.chunk(7, b.b, false)
	}
	if v.HasIndices {
		if len(v.Indices)%3 != 0 {
			return nil, fmt.Errorf("%d indices is not a multiple of 3", len(v.Indices))
		}
		b := &wbuf{}
		b.u32(uint32(len(v.Indices)))
		for _, x := range v.Indices {
			b.u16(x)
		}
		w.chunk(8, b.b, false)
	}
	if v.PMap != nil {
		w.chunk(9, v.PMap, false)
	}
	if v.SFLink != "" {
		b := &wbuf{}
		b.zstr(v.SFLink)
		w.chunk(0xa, b.b, false)
	}
	if v.VB >= 0 {
		b := &wbuf{}
		b.u32(uint32(v.VB))
		b.u32(uint32(v.VBase))
		b.u32(uint32(v.VCount))
		w.chunk(0xb, b.b, false)
	}
	if v.HasSphere {
		b := &wbuf{}
		for _, f := range v.Sphere {
			b.f32(f)
		}
		w.chunk(0xc, b.b, false)
	}
	if len(v.Children) > 0 {
		b := &wbuf{}
		b.u32(uint32(len(v.Children)))
		for _, c := range v.Children {
			b.u32(uint32(c))
		}
		w.chunk(0xd, b.b, false)
	}
	return w.b, nil
}
