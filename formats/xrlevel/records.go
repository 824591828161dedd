package xrlevel

import (
	"rummage/formats/binread"
	"rummage/formats/geom"
)

// Portal joins two sectors.
type Portal struct {
	Front, Back uint16
	Count       uint32 // vertices used (≤ 6)
	Verts       [6]geom.Vec3
}

// Used returns the vertices in use (at most 6).
func (p *Portal) Used() []geom.Vec3 { return p.Verts[:min(int(p.Count), 6)] }

// wholeRecords returns how many size-byte records chunk b holds, with a
// finding (naming the chunk by what) when a partial record is left over.
func (lv *Level) wholeRecords(b []byte, l loc, size int, what string) int {
	if len(b)%size != 0 {
		lv.diagAt(l, int64(len(b)-len(b)%size), "%s chunk is %d bytes, not a multiple of %d", what, len(b), size)
	}
	return len(b) / size
}

func (lv *Level) parsePortals(b []byte, l loc) []Portal {
	c := binread.NewCursor(b, 0)
	out := make([]Portal, lv.wholeRecords(b, l, 80, "portal"))
	for i := range out {
		p := &out[i]
		p.Front, p.Back = c.U16(), c.U16()
		if lv.Version <= 5 {
			p.Count = c.U32()
		}
		for k := range p.Verts {
			p.Verts[k] = vec3(c)
		}
		if lv.Version > 5 {
			p.Count = c.U32()
		}
	}
	return out
}

// Flight is the D3D light structure (104 bytes).
type Flight struct {
	Type                                     uint32
	Diffuse, Specular, Ambient               [4]float32
	Position, Direction                      geom.Vec3
	Range, Falloff                           float32
	Attenuation0, Attenuation1, Attenuation2 float32
	Theta, Phi                               float32
}

func readFlight(c *binread.Cursor) Flight {
	var f Flight
	f.Type = c.U32()
	for _, v := range []*[4]float32{&f.Diffuse, &f.Specular, &f.Ambient} {
		for k := range v {
			v[k] = c.F32()
		}
	}
	f.Position, f.Direction = vec3(c), vec3(c)
	f.Range, f.Falloff = c.F32(), c.F32()
	f.Attenuation0, f.Attenuation1, f.Attenuation2 = c.F32(), c.F32(), c.F32()
	f.Theta, f.Phi = c.F32(), c.F32()
	return f
}

// Light flags of v4/v5 (xrLIGHT).
const (
	LightLMaps      = 0x8000
	LightModels     = 0x4000
	LightProcedural = 0x2000
)

// Light is one static light.
type Light struct {
	Flight
	Frame      uint32 // v4/v5: runtime junk
	Flags      uint32 // v4/v5: u16 xrLIGHT flags; v8: affect bits
	PTime      float32
	PSpeed     float32
	KeyStart   uint16
	KeyCount   uint16
	Controller int32  // v9+ (0 hemi, 1 sun, 2 static), -1 before
	Name       string // v8
}

// LightSize returns the record size of the lights chunk for a version.
func LightSize(version int) int {
	switch {
	case version <= 5:
		return 124
	case version <= 8:
		return 176
	default:
		return 108
	}
}

func (lv *Level) parseLights(b []byte, l loc) []Light {
	size := LightSize(lv.Version)
	c := binread.NewCursor(b, 0)
	out := make([]Light, lv.wholeRecords(b, l, size, "light"))
	for i := range out {
		li := &out[i]
		li.Controller = -1
		switch {
		case lv.Version <= 5:
			li.Flight = readFlight(c)
			li.Frame = c.U32()
			li.Flags = uint32(c.U16())
			c.Skip(2)
			li.PTime, li.PSpeed = c.F32(), c.F32()
			li.KeyStart, li.KeyCount = c.U16(), c.U16()
		case lv.Version <= 8:
			li.Flight = readFlight(c)
			li.Frame = c.U32()
			li.Flags = c.U32()
			li.Name = cstr(c.Take(64))
		default:
			li.Controller = c.I32()
			li.Flight = readFlight(c)
		}
		if li.Type < 1 || li.Type > 3 {
			lv.diagAt(l, int64(i*size), "light %d has type %d (1 point, 2 spot, 3 directional)", i, li.Type)
		}
	}
	return out
}

func (lv *Level) parseLightKeys(b []byte, l loc) []Flight {
	c := binread.NewCursor(b, 0)
	out := make([]Flight, lv.wholeRecords(b, l, 104, "light key"))
	for i := range out {
		out[i] = readFlight(c)
	}
	return out
}

// Glow is a light corona.
type Glow struct {
	Position geom.Vec3
	Radius   float32
	Texture  int32 // v4–v11 (-1 after)
	Shader   int32
}

// GlowSize returns the glow record size for a version.
func GlowSize(version int) int {
	if version >= 12 {
		return 18
	}
	return 24
}

func (lv *Level) parseGlows(b []byte, l loc) []Glow {
	size := GlowSize(lv.Version)
	c := binread.NewCursor(b, 0)
	out := make([]Glow, lv.wholeRecords(b, l, size, "glow"))
	for i := range out {
		g := &out[i]
		g.Position, g.Radius = vec3(c), c.F32()
		if size == 24 {
			g.Texture, g.Shader = int32(c.U32()), int32(c.U32())
		} else {
			g.Texture, g.Shader = -1, int32(c.U16())
		}
	}
	return out
}
