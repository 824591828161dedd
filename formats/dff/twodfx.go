package dff

import (
	"encoding/binary"
	"image/color"
	"math"
	"strconv"

	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/rw"
)

// ID2DFX is San Andreas' 2D effects plugin of a geometry: lights,
// particles, ped attractors, entry points and the like, placed in the
// geometry's frame.
const ID2DFX = 0x253F2F8

// The 2DFX entry types.
const (
	FXLight        = 0
	FXParticle     = 1
	FXPedAttractor = 3
	FXSunGlare     = 4
	FXEnterExit    = 6
	FXRoadSign     = 7
	FXTrigger      = 8
	FXCoverPoint   = 9
	FXEscalator    = 10
)

// fxNames names the entry types.
var fxNames = map[uint32]string{FXLight: "light", FXParticle: "particle", FXPedAttractor: "ped attractor", FXSunGlare: "sun glare",
	FXEnterExit: "entry/exit", FXRoadSign: "road sign", FXTrigger: "trigger point", FXCoverPoint: "cover point", FXEscalator: "escalator"}

// FXTypeName names a 2DFX entry type ("type N" for one Rummage does not
// know).
func FXTypeName(t uint32) string {
	if n, ok := fxNames[t]; ok {
		return n
	}
	return "type " + strconv.FormatUint(uint64(t), 10)
}

// Effect is one 2DFX entry: its position, type and payload as stored.
type Effect struct {
	Pos  geom.Vec3
	Type uint32
	Off  int64  // absolute offset of the entry (its position), -1 when built
	Data []byte // the payload
}

// Effects reads the geometry's 2DFX entries (nil when it has none): a u32
// count, then per entry its position (3 floats), type (u32), payload size
// (u32) and the payload.
func (g *Geometry) Effects() ([]Effect, error) {
	e := findExt(g.Ext, ID2DFX)
	if e == nil {
		return nil, nil
	}
	base := e.Off + rw.HeaderSize
	if e.Off < 0 {
		base = -1
	}
	cur := binread.NewCursor(e.Data, max(base, 0))
	n := cur.Count("2DFX entry", 20)
	out := make([]Effect, 0, n)
	for i := 0; i < n && cur.Err() == nil; i++ {
		fx := Effect{Off: cur.Off()}
		if base < 0 {
			fx.Off = -1
		}
		fx.Pos = geom.Vec3{cur.F32(), cur.F32(), cur.F32()}
		fx.Type = cur.U32()
		at := cur.Off()
		size := cur.U32()
		if cur.Err() == nil && int64(size) > int64(cur.Len()) {
			return nil, binread.Errorf(at, "2DFX entry %d (%s) of %d bytes runs past the %d bytes left", i, FXTypeName(fx.Type), size, cur.Len())
		}
		fx.Data = cur.Take(int(size))
		out = append(out, fx)
	}
	if err := cur.Err(); err != nil {
		return nil, err
	}
	if cur.Len() != 0 {
		return nil, binread.Errorf(cur.Off(), "%d bytes left over after the %d 2DFX entries", cur.Len(), n)
	}
	return out, nil
}

// EffectsBytes encodes entries as the 2DFX plugin's payload.
func EffectsBytes(fx []Effect) []byte {
	b := binary.LittleEndian.AppendUint32(nil, uint32(len(fx)))
	for _, e := range fx {
		b = appendF32(b, e.Pos[0], e.Pos[1], e.Pos[2])
		b = binary.LittleEndian.AppendUint32(b, e.Type)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(e.Data)))
		b = append(b, e.Data...)
	}
	return b
}

// FXLightData is a light entry's payload (76 bytes, or 80 with a look
// direction).
type FXLightData struct {
	Color                                         color.NRGBA
	CoronaFarClip, PointlightRange, CoronaSize    float32
	ShadowSize                                    float32
	CoronaShowMode, CoronaReflection, CoronaFlare uint8
	ShadowColorMultiplier, Flags1                 uint8
	CoronaTexture, ShadowTexture                  string // at most 23 bytes each
	ShadowZDistance, Flags2                       uint8
	LookDirection                                 *[3]int8 // nil: the 76-byte entry
}

// Bytes encodes the light's payload.
func (l FXLightData) Bytes() []byte {
	b := []byte{l.Color.R, l.Color.G, l.Color.B, l.Color.A}
	b = appendF32(b, l.CoronaFarClip, l.PointlightRange, l.CoronaSize, l.ShadowSize)
	b = append(b, l.CoronaShowMode, l.CoronaReflection, l.CoronaFlare, l.ShadowColorMultiplier, l.Flags1)
	b = append(b, fixedString(l.CoronaTexture, 24)...)
	b = append(b, fixedString(l.ShadowTexture, 24)...)
	b = append(b, l.ShadowZDistance, l.Flags2)
	if l.LookDirection == nil {
		return append(b, 0)
	}
	d := l.LookDirection
	return append(b, byte(d[0]), byte(d[1]), byte(d[2]), 0, 0)
}

// fixedString is s in n bytes, NUL-padded (cut to n-1).
func fixedString(s string, n int) []byte {
	b := make([]byte, n)
	copy(b[:n-1], s)
	return b
}

// LightOf decodes a light entry's payload.
func (e Effect) LightOf() (FXLightData, error) {
	var l FXLightData
	if e.Type != FXLight || (len(e.Data) != 76 && len(e.Data) != 80) {
		return l, binread.Errorf(max(e.Off, 0), "2DFX light of %d bytes (76 or 80 expected)", len(e.Data))
	}
	d := e.Data
	f := func(i int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(d[i:])) }
	l.Color = color.NRGBA{d[0], d[1], d[2], d[3]}
	l.CoronaFarClip, l.PointlightRange, l.CoronaSize, l.ShadowSize = f(4), f(8), f(12), f(16)
	l.CoronaShowMode, l.CoronaReflection, l.CoronaFlare, l.ShadowColorMultiplier, l.Flags1 = d[20], d[21], d[22], d[23], d[24]
	l.CoronaTexture, l.ShadowTexture = cstr(d[25:49]), cstr(d[49:73])
	l.ShadowZDistance, l.Flags2 = d[73], d[74]
	if len(d) == 80 {
		l.LookDirection = &[3]int8{int8(d[75]), int8(d[76]), int8(d[77])}
	}
	return l, nil
}
