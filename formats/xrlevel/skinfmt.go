package xrlevel

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Skinned vertex formats: the skinned visuals of stand-alone skeleton
// models (OGF v3 and v4) store their vertices with bone links instead of
// an FVF code. The code word of OGF_VERTICES then names one of these
// layouts. Shadow of Chernobyl writes the two big codes; Clear Sky and
// Call of Pripyat write the link count itself (1 to 4).
const (
	// SkinFVF1L is one bone per vertex (OGF_VERTEXFORMAT_FVF_1L).
	SkinFVF1L = 0x12071980
	// SkinFVF2L is two bones per vertex with a weight (OGF_VERTEXFORMAT_FVF_2L).
	SkinFVF2L = 0x240e3300
	// SkinLinks1 .. SkinLinks4 are the Clear Sky / Call of Pripyat codes:
	// 1 to 4 bones per vertex.
	SkinLinks1 = 1
	SkinLinks2 = 2
	SkinLinks3 = 3
	SkinLinks4 = 4
)

// typeUShort3 is a layout-only attribute type for the three u16 bone
// indices of a 3-link vertex (Direct3D has no such type; it never occurs
// in a stored declaration).
const typeUShort3 = TypeUnused + 1

// SkinLinks says where a skinned layout keeps a vertex's bone links:
// Count bone indices of BoneSize bytes (4 for one u32, else u16) at
// BoneOff, and Count−1 float weights at WeightOff. The weights of the
// first Count−1 bones are stored and the last bone gets 1 − their sum,
// except in the 2-link layout, where the one stored weight is the second
// bone's and the first gets 1 − w (the engine lerps from bone 0 to bone 1).
type SkinLinks struct {
	Count     int
	BoneOff   int
	BoneSize  int
	WeightOff int
}

// skinnedVisual reports whether a visual of this OGF version and type
// holds skinned geometry (skeleton_geomdef_pm or skeleton_geomdef_st),
// whose vertex code is a link layout even when it is a small number.
func skinnedVisual(ogfVersion, typ int) bool {
	switch ogfVersion {
	case 4:
		return typ == 4 || typ == 5
	case 3:
		return typ == 3 || typ == 7
	}
	return false
}

// skinFormat returns the layout of a skinned vertex code for an OGF
// version, false when code is not a skinned format. The small Clear Sky
// codes 1..4 are skinned layouts only in a skinned visual (skinned says
// so); elsewhere they are Direct3D FVF codes. OGF v4 vertices carry a
// tangent and binormal; OGF v3 ones do not.
//
//	1L v4: position, normal, tangent, binormal, uv, u32 bone  (60 bytes)
//	2L v4: u16 bone0, u16 bone1, position, normal, tangent, binormal, f32 weight, uv (64 bytes)
//	3L v4: u16 bones[3], position, normal, tangent, binormal, f32 weights[2], uv (70 bytes)
//	4L v4: u16 bones[4], position, normal, tangent, binormal, f32 weights[3], uv (76 bytes)
//	1L v3: position, normal, uv, u32 bone (36 bytes; also found in v4 files)
//	2L v3: u16 bone0, u16 bone1, position, normal, f32 weight, uv (40 bytes)
func skinFormat(code uint32, ogfVersion int, skinned bool) (VertexFormat, bool) {
	links := 0
	switch {
	case code == SkinFVF1L:
		links = 1
	case code == SkinFVF2L:
		links = 2
	case skinned && code >= SkinLinks1 && code <= SkinLinks4 && ogfVersion >= 4:
		links = int(code)
	default:
		return VertexFormat{}, false
	}
	return linkFormat(code, links, ogfVersion >= 4), true
}

// linkFormat builds the layout of a links-bone vertex, with or without
// the tangent and binormal.
func linkFormat(code uint32, links int, tangents bool) VertexFormat {
	f := VertexFormat{FVF: code, Skin: true}
	frame := func() {
		f.add("position", 0, TypeFloat3)
		f.add("normal", 0, TypeFloat3)
		if tangents {
			f.add("tangent", 0, TypeFloat3)
			f.add("binormal", 0, TypeFloat3)
		}
	}
	if links == 1 {
		frame()
		f.add("texcoord", 0, TypeFloat2)
		f.Links = &SkinLinks{Count: 1, BoneOff: f.Stride, BoneSize: 4, WeightOff: -1}
		f.add("blendindices", 0, TypeUByte4)
		return f
	}
	f.Links = &SkinLinks{Count: links, BoneOff: 0, BoneSize: 2}
	f.add("blendindices", 0, [...]int{TypeShort2, typeUShort3, TypeShort4}[links-2])
	frame()
	f.Links.WeightOff = f.Stride
	f.add("blendweight", 0, [...]int{TypeFloat1, TypeFloat2, TypeFloat3}[links-2])
	f.add("texcoord", 0, TypeFloat2)
	return f
}

// shortLinkFormat returns the 36-byte one-link layout (no tangent and
// binormal) some OGF v4 files store under a one-link code: the layout
// whose stride fits the chunk is the one the file holds.
func shortLinkFormat(f VertexFormat, count, bytes int) VertexFormat {
	if f.Links == nil || f.Links.Count != 1 || !f.hasTangents() || count <= 0 {
		return f
	}
	if bytes == count*36 && bytes != count*f.Stride {
		return linkFormat(f.FVF, 1, false)
	}
	return f
}

func (f *VertexFormat) hasTangents() bool { return f.Find("tangent", 0) != nil }

// skinName names a skinned vertex code for a format's description.
func skinName(code uint32, f *VertexFormat) string {
	n := 0
	if f.Links != nil {
		n = f.Links.Count
	}
	switch {
	case n == 1:
		return "skinned, 1 bone"
	case n > 1:
		return fmt.Sprintf("skinned, %d bones", n)
	}
	return fmt.Sprintf("skinned 0x%X", code)
}

// Links returns vertex i's bone indices and weights (n of them, n ≤ 4):
// the stored weights and the last one that makes them sum to 1. ok is
// false when the buffer has no links or i is out of range.
func (vb *VertexBuffer) Links(i int) (bones [4]uint16, weights [4]float32, n int, ok bool) {
	l := vb.Format.Links
	v := vb.Vertex(i)
	if l == nil || v == nil {
		return bones, weights, 0, false
	}
	n = l.Count
	for k := 0; k < n; k++ {
		if l.BoneSize == 4 {
			bones[k] = uint16(min(binary.LittleEndian.Uint32(v[l.BoneOff:]), math.MaxUint16))
		} else {
			bones[k] = binary.LittleEndian.Uint16(v[l.BoneOff+2*k:])
		}
	}
	if n == 1 {
		weights[0] = 1
		return bones, weights, n, true
	}
	w := func(k int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(v[l.WeightOff+4*k:])) }
	if n == 2 {
		weights[1] = w(0)
		weights[0] = 1 - weights[1]
		return bones, weights, n, true
	}
	var sum float32
	for k := 0; k < n-1; k++ {
		weights[k] = w(k)
		sum += weights[k]
	}
	weights[n-1] = 1 - sum
	return bones, weights, n, true
}
