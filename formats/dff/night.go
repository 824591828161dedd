package dff

import "image/color"

// IDNightColors is San Andreas' extra vertex colour plugin: the night
// prelit colours of a geometry (a u32 that is non-zero when colours
// follow, then one RGBA per vertex).
const IDNightColors = 0x253F2F9

// NightColors returns the geometry's night vertex colours, one per mesh
// vertex, or nil when it has none (or they do not match its vertices).
func (g *Geometry) NightColors() []color.NRGBA {
	e := findExt(g.Ext, IDNightColors)
	if e == nil || g.IsNative() || len(e.Data) < 4 {
		return nil
	}
	b := e.Data
	if b[0]|b[1]|b[2]|b[3] == 0 || int64(len(b)-4) != 4*int64(g.NumVerts) {
		return nil
	}
	out := make([]color.NRGBA, g.NumVerts)
	for i := range out {
		c := b[4+4*i:]
		out[i] = color.NRGBA{c[0], c[1], c[2], c[3]}
	}
	return out
}
