package xrlevel

import (
	"fmt"

	"rummage/formats/geom"
)

// SkinVertex is one skinned vertex for SkinnedBuffer: position, normal,
// texture coordinates and up to four bone links.
type SkinVertex struct {
	Pos, Normal geom.Vec3
	UV          geom.Vec2
	Bones       [4]uint16
	// Weights are the links' weights; the layout stores all but one of
	// them (see SkinLinks) and the reader makes the missing one up.
	Weights [4]float32
}

// SkinnedBuffer encodes skinned vertices in the layout of code (SkinFVF1L,
// SkinFVF2L or SkinLinks1..4) for an OGF version; short asks for the
// 36-byte one-link layout without tangent and binormal.
func SkinnedBuffer(code uint32, ogfVersion int, short bool, vs []SkinVertex) (*VertexBuffer, error) {
	f, ok := skinFormat(code, ogfVersion, true)
	if !ok {
		return nil, fmt.Errorf("vertex code 0x%X is not a skinned layout of OGF v%d", code, ogfVersion)
	}
	if short {
		if f.Links.Count != 1 {
			return nil, fmt.Errorf("the short layout has one link, code 0x%X has %d", code, f.Links.Count)
		}
		f = linkFormat(code, 1, false)
	}
	w := &wbuf{}
	for _, v := range vs {
		appendSkinVertex(w, &f, v)
	}
	return &VertexBuffer{Index: -1, Format: f, Count: len(vs), Data: w.b}, nil
}

// appendSkinVertex writes one vertex in layout f.
func appendSkinVertex(w *wbuf, f *VertexFormat, v SkinVertex) {
	l := f.Links
	frame := func() {
		w.vec(v.Pos)
		w.vec(v.Normal)
		if f.hasTangents() {
			w.vec(geom.Vec3{1, 0, 0})
			w.vec(geom.Vec3{0, 0, 1})
		}
	}
	if l.Count == 1 {
		frame()
		w.f32(v.UV[0])
		w.f32(v.UV[1])
		w.u32(uint32(v.Bones[0]))
		return
	}
	for k := 0; k < l.Count; k++ {
		w.u16(v.Bones[k])
	}
	frame()
	if l.Count == 2 {
		w.f32(v.Weights[1])
	} else {
		for k := 0; k < l.Count-1; k++ {
			w.f32(v.Weights[k])
		}
	}
	w.f32(v.UV[0])
	w.f32(v.UV[1])
}
