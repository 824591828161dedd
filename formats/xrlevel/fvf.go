package xrlevel

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"rummage/formats/geom"
)

// D3D9 declaration types (D3DDECLTYPE).
const (
	TypeFloat1    = 0
	TypeFloat2    = 1
	TypeFloat3    = 2
	TypeFloat4    = 3
	TypeD3DColor  = 4
	TypeUByte4    = 5
	TypeShort2    = 6
	TypeShort4    = 7
	TypeUByte4N   = 8
	TypeShort2N   = 9
	TypeShort4N   = 10
	TypeUShort2N  = 11
	TypeUShort4N  = 12
	TypeUDec3     = 13
	TypeDec3N     = 14
	TypeFloat16x2 = 15
	TypeFloat16x4 = 16
	TypeUnused    = 17
)

// The sizes and names of the declaration types, and after UNUSED the
// layout-only types of skinned OGF vertices (typeUShort3).
var declTypeSize = [...]int{4, 8, 12, 16, 4, 4, 4, 8, 4, 4, 8, 4, 8, 4, 4, 4, 8, 0, 6}

var declTypeName = [...]string{"FLOAT1", "FLOAT2", "FLOAT3", "FLOAT4", "D3DCOLOR", "UBYTE4", "SHORT2", "SHORT4",
	"UBYTE4N", "SHORT2N", "SHORT4N", "USHORT2N", "USHORT4N", "UDEC3", "DEC3N", "FLOAT16_2", "FLOAT16_4", "UNUSED", "USHORT3"}

// D3D9 declaration usages (D3DDECLUSAGE).
var usageName = [...]string{"position", "blendweight", "blendindices", "normal", "psize", "texcoord", "tangent",
	"binormal", "tessfactor", "positiont", "color", "fog", "depth", "sample"}

// Attr is one vertex component: where it sits in a vertex and how it is stored.
type Attr struct {
	Usage string `json:"usage"` // position, normal, diffuse, specular, texcoord, blendweight, ...
	Index int    `json:"index"` // usage index (texture set number, colour number)
	Off   int    `json:"offset"`
	Type  int    `json:"-"` // D3DDECLTYPE
	TName string `json:"type"`
}

// DeclElement is one D3DVERTEXELEMENT9 as stored.
type DeclElement struct {
	Stream, Offset                  uint16
	Type, Method, Usage, UsageIndex uint8
}

// VertexFormat describes a vertex layout, from an FVF code or a D3D9
// declaration.
type VertexFormat struct {
	FVF    uint32        // 0 for a declaration; the format code of a skinned layout
	Decl   []DeclElement // nil for an FVF
	Skin   bool          // a skinned OGF layout (FVF holds its code), not a D3D FVF
	Links  *SkinLinks    // where a skinned layout keeps its bone links (nil otherwise)
	Stride int
	Attrs  []Attr
}

func (f *VertexFormat) add(usage string, index, typ int) {
	f.Attrs = append(f.Attrs, Attr{Usage: usage, Index: index, Off: f.Stride, Type: typ, TName: declTypeName[typ]})
	f.Stride += declTypeSize[typ]
}

// Find returns the first attribute with the usage and index, or nil.
func (f *VertexFormat) Find(usage string, index int) *Attr {
	for i := range f.Attrs {
		if f.Attrs[i].Usage == usage && f.Attrs[i].Index == index {
			return &f.Attrs[i]
		}
	}
	return nil
}

// TexSets returns the number of texture-coordinate sets.
func (f *VertexFormat) TexSets() int {
	n := 0
	for _, a := range f.Attrs {
		if a.Usage == "texcoord" {
			n++
		}
	}
	return n
}

// String describes the layout ("FVF 0x212: XYZ NORMAL TEX2", "decl: ...").
func (f *VertexFormat) String() string {
	var parts []string
	for _, a := range f.Attrs {
		s := a.Usage
		if a.Usage == "texcoord" || a.Usage == "color" || a.Index > 0 {
			s += fmt.Sprint(a.Index)
		}
		parts = append(parts, s+":"+a.TName)
	}
	if f.Skin {
		return fmt.Sprintf("%s (0x%X), %d bytes: %s", skinName(f.FVF, f), f.FVF, f.Stride, strings.Join(parts, " "))
	}
	if f.Decl != nil {
		return fmt.Sprintf("D3D9 declaration, %d bytes: %s", f.Stride, strings.Join(parts, " "))
	}
	return fmt.Sprintf("FVF 0x%X, %d bytes: %s", f.FVF, f.Stride, strings.Join(parts, " "))
}

// FVF bits.
const (
	fvfPositionMask   = 0x400E
	fvfXYZ            = 0x002
	fvfXYZRHW         = 0x004
	fvfXYZW           = 0x4002
	fvfNormal         = 0x010
	fvfPSize          = 0x020
	fvfDiffuse        = 0x040
	fvfSpecular       = 0x080
	fvfLastBetaUByte4 = 0x1000
	fvfLastBetaColor  = 0x8000
	fvfReserved0      = 0x001
	fvfReserved2      = 0x2000
)

// ParseFVF decodes any valid D3D7/8/9 flexible vertex format code into its
// layout. Components are in D3D's fixed order; colours are D3DCOLOR (bytes
// B,G,R,A). Reserved bits or impossible combinations are an error.
func ParseFVF(fvf uint32) (VertexFormat, error) {
	f := VertexFormat{FVF: fvf}
	// Bits 16..31 are the texture-coordinate sizes of sets 0..7: none of
	// them is reserved.
	if fvf&fvfReserved0 != 0 || fvf&fvfReserved2 != 0 {
		return f, fmt.Errorf("FVF 0x%X has reserved bits set", fvf)
	}
	betas, err := f.addPosition(fvf)
	if err != nil {
		return f, err
	}
	if err := f.addBlend(fvf, betas); err != nil {
		return f, err
	}
	if fvf&fvfNormal != 0 {
		f.add("normal", 0, TypeFloat3)
	}
	if fvf&fvfPSize != 0 {
		f.add("psize", 0, TypeFloat1)
	}
	if fvf&fvfDiffuse != 0 {
		f.add("diffuse", 0, TypeD3DColor)
	}
	if fvf&fvfSpecular != 0 {
		f.add("specular", 0, TypeD3DColor)
	}
	n := int(fvf>>8) & 0xF
	if n > 8 {
		return f, fmt.Errorf("FVF 0x%X declares %d texture sets (at most 8)", fvf, n)
	}
	for i := 0; i < n; i++ {
		f.add("texcoord", i, [4]int{TypeFloat2, TypeFloat3, TypeFloat4, TypeFloat1}[(fvf>>(16+2*uint(i)))&3])
	}
	return f, nil
}

// addPosition adds the position of an FVF and returns how many blend
// weights follow it.
func (f *VertexFormat) addPosition(fvf uint32) (betas int, err error) {
	switch pos := fvf & fvfPositionMask; {
	case pos == 0:
	case pos == fvfXYZ:
		f.add("position", 0, TypeFloat3)
	case pos == fvfXYZRHW:
		if fvf&fvfNormal != 0 {
			return 0, fmt.Errorf("FVF 0x%X combines XYZRHW with NORMAL", fvf)
		}
		f.add("positiont", 0, TypeFloat4)
	case pos == fvfXYZW:
		f.add("position", 0, TypeFloat4)
	case pos&0x4000 == 0 && pos >= 0x006 && pos <= 0x00E:
		f.add("position", 0, TypeFloat3)
		betas = int(pos>>1) - 2
	default:
		return 0, fmt.Errorf("FVF 0x%X has an invalid position type 0x%X", fvf, pos)
	}
	return betas, nil
}

// addBlend adds the blend weights, the last one as blend indices when a
// LASTBETA flag says so.
func (f *VertexFormat) addBlend(fvf uint32, betas int) error {
	lastBeta := fvf & (fvfLastBetaUByte4 | fvfLastBetaColor)
	if lastBeta != 0 && betas == 0 {
		return fmt.Errorf("FVF 0x%X sets LASTBETA without blend weights", fvf)
	}
	if lastBeta == fvfLastBetaUByte4|fvfLastBetaColor {
		return fmt.Errorf("FVF 0x%X sets both LASTBETA flags", fvf)
	}
	for i := 0; i < betas; i++ {
		if i == betas-1 && lastBeta != 0 {
			typ := TypeUByte4
			if lastBeta == fvfLastBetaColor {
				typ = TypeD3DColor
			}
			f.add("blendindices", 0, typ)
			break
		}
		f.add("blendweight", i, TypeFloat1)
	}
	return nil
}

// MaxDeclElements caps a D3D9 declaration.
const MaxDeclElements = 64

// ParseDecl decodes a D3D9 vertex declaration (8-byte elements ending with
// an element of type UNUSED) from b; it returns the layout and the bytes used.
func ParseDecl(b []byte) (VertexFormat, int, error) {
	f := VertexFormat{Decl: []DeclElement{}}
	for i := 0; ; i++ {
		if i >= MaxDeclElements {
			return f, 0, fmt.Errorf("vertex declaration has more than %d elements", MaxDeclElements)
		}
		if len(b) < 8*(i+1) {
			return f, 0, fmt.Errorf("vertex declaration runs past the end after %d elements", i)
		}
		e := b[8*i:]
		el := DeclElement{binary.LittleEndian.Uint16(e), binary.LittleEndian.Uint16(e[2:]), e[4], e[5], e[6], e[7]}
		if el.Type == TypeUnused {
			return f, 8 * (i + 1), nil
		}
		if el.Type > TypeUnused {
			return f, 0, fmt.Errorf("vertex element %d has unknown type %d", i, el.Type)
		}
		f.Decl = append(f.Decl, el)
		if el.Stream != 0 {
			continue
		}
		usage := fmt.Sprintf("usage%d", el.Usage)
		if int(el.Usage) < len(usageName) {
			usage = usageName[el.Usage]
		}
		f.Attrs = append(f.Attrs, Attr{Usage: usage, Index: int(el.UsageIndex), Off: int(el.Offset), Type: int(el.Type), TName: declTypeName[el.Type]})
		if end := int(el.Offset) + declTypeSize[el.Type]; end > f.Stride {
			f.Stride = end
		}
	}
}

// Values decodes attribute a of the vertex v (stride-sized bytes) as
// floats: FLOAT types as stored, D3DCOLOR as [r, g, b, a] in 0..1 from the
// B,G,R,A bytes, UBYTE4 as integers, SHORT types as raw integers, normalised
// types scaled.
func (a *Attr) Values(v []byte) []float32 {
	if a.Off+declTypeSize[a.Type] > len(v) {
		return nil
	}
	b := v[a.Off:]
	f32 := func(i int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])) }
	i16 := func(i int) float32 { return float32(int16(binary.LittleEndian.Uint16(b[2*i:]))) }
	u16 := func(i int) float32 { return float32(binary.LittleEndian.Uint16(b[2*i:])) }
	switch a.Type {
	case TypeFloat1, TypeFloat2, TypeFloat3, TypeFloat4:
		out := make([]float32, a.Type+1)
		for i := range out {
			out[i] = f32(i)
		}
		return out
	case TypeD3DColor:
		return []float32{float32(b[2]) / 255, float32(b[1]) / 255, float32(b[0]) / 255, float32(b[3]) / 255}
	case TypeUByte4:
		return []float32{float32(b[0]), float32(b[1]), float32(b[2]), float32(b[3])}
	case TypeUByte4N:
		return []float32{float32(b[0]) / 255, float32(b[1]) / 255, float32(b[2]) / 255, float32(b[3]) / 255}
	case TypeShort2:
		return []float32{i16(0), i16(1)}
	case TypeShort4:
		return []float32{i16(0), i16(1), i16(2), i16(3)}
	case TypeShort2N:
		return []float32{i16(0) / 32767, i16(1) / 32767}
	case TypeShort4N:
		return []float32{i16(0) / 32767, i16(1) / 32767, i16(2) / 32767, i16(3) / 32767}
	case TypeUShort2N:
		return []float32{u16(0) / 65535, u16(1) / 65535}
	case TypeUShort4N:
		return []float32{u16(0) / 65535, u16(1) / 65535, u16(2) / 65535, u16(3) / 65535}
	}
	return nil
}

// Position returns the position of vertex i of a buffer (zero when the
// layout has none).
func (f *VertexFormat) position(data []byte, i int) geom.Vec3 {
	a := f.posAttr()
	if a == nil {
		return geom.Vec3{}
	}
	o := i*f.Stride + a.Off
	if o+12 > len(data) {
		return geom.Vec3{}
	}
	return geom.Vec3{
		math.Float32frombits(binary.LittleEndian.Uint32(data[o:])),
		math.Float32frombits(binary.LittleEndian.Uint32(data[o+4:])),
		math.Float32frombits(binary.LittleEndian.Uint32(data[o+8:])),
	}
}

func (f *VertexFormat) posAttr() *Attr {
	for i := range f.Attrs {
		a := &f.Attrs[i]
		if (a.Usage == "position" || a.Usage == "positiont") && a.Index == 0 && a.Type >= TypeFloat3 && a.Type <= TypeFloat4 {
			return a
		}
	}
	return nil
}
