package dff

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
)

// fxSizes are the payload sizes of the entry types Rummage decodes (a
// light has two).
var fxSizes = map[uint32][]int{FXLight: {76, 80}, FXParticle: {24}, FXPedAttractor: {56}, FXSunGlare: {0},
	FXEnterExit: {44}, FXRoadSign: {88}, FXTrigger: {4}, FXCoverPoint: {12}, FXEscalator: {40}}

// Facts are an entry's `info --json` facts: "type" (the number),
// "typeName", "position" and the type's own fields; an entry of a type
// Rummage does not decode, or of an unexpected size, keeps its payload
// as "raw" hex (with a "note" on the size).
func (e Effect) Facts() map[string]any {
	d := map[string]any{"type": e.Type, "typeName": FXTypeName(e.Type), "position": e.Pos, "size": len(e.Data)}
	sizes, known := fxSizes[e.Type]
	if !known {
		d["raw"] = hex.EncodeToString(e.Data)
		return d
	}
	if !sizeIn(len(e.Data), sizes) {
		d["raw"] = hex.EncodeToString(e.Data)
		d["note"] = fmt.Sprintf("a %s entry is %v bytes, this one %d: kept raw", FXTypeName(e.Type), sizes, len(e.Data))
		return d
	}
	r := fxReader(e.Data)
	switch e.Type {
	case FXLight:
		l, _ := e.LightOf()
		d["color"] = []int{int(l.Color.R), int(l.Color.G), int(l.Color.B), int(l.Color.A)} // not []uint8, which JSON writes as base64
		d["coronaTexture"], d["shadowTexture"] = l.CoronaTexture, l.ShadowTexture
		d["coronaSize"], d["shadowSize"], d["coronaFarClip"], d["pointlightRange"] = l.CoronaSize, l.ShadowSize, l.CoronaFarClip, l.PointlightRange
		d["coronaShowMode"], d["coronaFlareType"], d["coronaReflection"] = l.CoronaShowMode, l.CoronaFlare, l.CoronaReflection
		d["shadowColorMultiplier"], d["shadowZDistance"] = l.ShadowColorMultiplier, l.ShadowZDistance
		d["flags1"], d["flags2"] = l.Flags1, l.Flags2
		if l.LookDirection != nil {
			d["lookDirection"] = l.LookDirection[:]
		}
	case FXParticle:
		d["effect"] = r.str(0, 24)
	case FXPedAttractor:
		d["attractorType"], d["queueDirection"], d["useDirection"], d["forwardDirection"] = r.i32(0), r.vec(4), r.vec(16), r.vec(28)
		d["script"], d["probability"] = r.str(40, 8), r.i32(48)
	case FXEnterExit:
		d["enterAngle"], d["radius"], d["exitPosition"], d["exitAngle"] = r.f32(0), []float32{r.f32(4), r.f32(8)}, r.vec(12), r.f32(24)
		d["interior"], d["flags1"], d["skyColor"], d["name"] = int16(binary.LittleEndian.Uint16(e.Data[28:])), e.Data[30], e.Data[31], r.str(32, 8)
		d["timeOn"], d["timeOff"], d["flags2"] = e.Data[40], e.Data[41], e.Data[42]
	case FXRoadSign:
		d["signSize"], d["rotation"], d["flags"] = []float32{r.f32(0), r.f32(4)}, r.vec(8), binary.LittleEndian.Uint16(e.Data[20:])
		d["text"] = []string{r.str(22, 16), r.str(38, 16), r.str(54, 16), r.str(70, 16)}
	case FXTrigger:
		d["index"] = r.i32(0)
	case FXCoverPoint:
		d["direction"], d["coverType"] = []float32{r.f32(0), r.f32(4)}, r.i32(8)
	case FXEscalator:
		d["bottom"], d["top"], d["end"], d["direction"] = r.vec(0), r.vec(12), r.vec(24), r.i32(36)
	}
	return d
}

func sizeIn(n int, sizes []int) bool {
	for _, s := range sizes {
		if n == s {
			return true
		}
	}
	return false
}

// fxReader reads fields of a payload whose size was checked.
type fxReader []byte

func (r fxReader) f32(i int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(r[i:])) }
func (r fxReader) i32(i int) int32   { return int32(binary.LittleEndian.Uint32(r[i:])) }
func (r fxReader) vec(i int) []float32 {
	return []float32{r.f32(i), r.f32(i + 4), r.f32(i + 8)}
}
func (r fxReader) str(i, n int) string { return cstr(r[i : i+n]) }
