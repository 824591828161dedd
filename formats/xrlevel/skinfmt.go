package xrlevel

import "fmt"

// Skinned vertex formats: stand-alone skeleton models (OGF v3 and v4)
// store their vertices with bone links instead of an FVF code. The code
// word of OGF_VERTICES then names one of these layouts.
const (
	// SkinFVF1L is one bone per vertex (OGF_VERTEXFORMAT_FVF_1L).
	SkinFVF1L = 0x12071980
	// SkinFVF2L is two bones per vertex with a weight (OGF_VERTEXFORMAT_FVF_2L).
	SkinFVF2L = 0x240e3300
)

// skinFormat returns the layout of a skinned vertex code for an OGF
// version, false when code is not a skinned format. OGF v4 vertices carry
// a tangent and binormal; OGF v3 ones do not.
//
//	1L v4: position, normal, tangent, binormal, uv, u32 bone  (60 bytes)
//	2L v4: u16 bone0, u16 bone1, position, normal, tangent, binormal, f32 weight, uv (64 bytes)
//	1L v3: position, normal, uv, u32 bone (36 bytes)
//	2L v3: u16 bone0, u16 bone1, position, normal, f32 weight, uv (40 bytes)
func skinFormat(code uint32, ogfVersion int) (VertexFormat, bool) {
	f := VertexFormat{FVF: code, Skin: true}
	frame := func() {
		f.add("position", 0, TypeFloat3)
		f.add("normal", 0, TypeFloat3)
		if ogfVersion >= 4 {
			f.add("tangent", 0, TypeFloat3)
			f.add("binormal", 0, TypeFloat3)
		}
	}
	switch code {
	case SkinFVF1L:
		frame()
		f.add("texcoord", 0, TypeFloat2)
		f.add("blendindices", 0, TypeUByte4)
	case SkinFVF2L:
		f.add("blendindices", 0, TypeShort2)
		frame()
		f.add("blendweight", 0, TypeFloat1)
		f.add("texcoord", 0, TypeFloat2)
	default:
		return f, false
	}
	return f, true
}

// skinName names a skinned vertex code for a format's description.
func skinName(code uint32) string {
	switch code {
	case SkinFVF1L:
		return "skinned, 1 bone"
	case SkinFVF2L:
		return "skinned, 2 bones"
	}
	return fmt.Sprintf("skinned 0x%X", code)
}
