package dff

import (
	"fmt"
	"image/color"
	"strings"

	"rummage/formats/geom"
)

// The placeholder material colours the game paints (alpha is not
// compared): primary, secondary, and San Andreas' third and fourth colour.
var paintPlaceholders = [4][3]uint8{{0x3C, 0xFF, 0x00}, {0xFF, 0x00, 0xAF}, {0x00, 0xFF, 0xFF}, {0xFF, 0x00, 0xFF}}

// neutralPaint is the colour of every placeholder when no carcols.dat is
// found.
var neutralPaint = [3]uint8{160, 160, 160}

// Paint is how a vehicle's placeholder colours are painted: the colour set
// chosen from carcols.dat and the four colours it gives.
type Paint struct {
	Carcols string      // the carcols.dat used, "" when none was found
	Sets    [][4]int    // the model's colour sets (indices into the colour table)
	Set     int         // the set painted
	Colors  [4][3]uint8 // the primary, secondary, third and fourth colour painted
	Note    string      // why the colours are not a set's (no carcols.dat, the model not in it), "" otherwise
}

// newPaint picks colour set n of model from cc (nil: no carcols.dat).
func newPaint(cc *Carcols, model string, n int) (*Paint, error) {
	p := &Paint{Set: n}
	if cc == nil {
		p.Note = "no carcols.dat found: the placeholder colours are drawn neutral grey"
		for i := range p.Colors {
			p.Colors[i] = neutralPaint
		}
		return p, nil
	}
	p.Carcols = cc.Path
	p.Sets = cc.Sets[strings.ToLower(model)]
	if len(p.Sets) == 0 {
		// the game paints a car without colour sets in colour 0
		p.Note = fmt.Sprintf("%s has no colour sets in carcols.dat: painted in colour 0, as the game does", model)
		c, _ := cc.Color(0)
		for i := range p.Colors {
			p.Colors[i] = c
		}
		return p, nil
	}
	if n < 0 || n >= len(p.Sets) {
		return nil, fmt.Errorf("%s has %d colour sets in carcols.dat (0..%d), not %d", model, len(p.Sets), len(p.Sets)-1, n)
	}
	for i, idx := range p.Sets[n] {
		c, ok := cc.Color(idx)
		if !ok {
			return nil, fmt.Errorf("colour set %d of %s names colour %d; carcols.dat has %d colours", n, model, idx, len(cc.Colors))
		}
		p.Colors[i] = c
	}
	return p, nil
}

// isLightsTexture reports San Andreas' vehicle lights texture
// (vehiclelights128; the game compares the texture itself). Its materials
// carry the four light placeholders (FFAF00 left front, 00FFC8 right
// front, B9FF00 left rear, FF3C00 right rear), and the game draws every
// one of them white while the lights are off.
func isLightsTexture(name string) bool {
	return strings.HasPrefix(strings.ToLower(name), "vehiclelights")
}

// colorOf returns the colour the game draws material m in: white for the
// lights texture, the painted colour for a placeholder; ok false when
// the material keeps its own.
func (p *Paint) colorOf(m *Material) (c [3]uint8, ok bool) {
	rgb := [3]uint8{m.Color.R, m.Color.G, m.Color.B}
	if m.Texture != nil && isLightsTexture(m.Texture.Name) {
		return [3]uint8{255, 255, 255}, true
	}
	for i, ph := range paintPlaceholders {
		if rgb == ph {
			return p.Colors[i], true
		}
	}
	return c, false
}

// surfacer wraps base so that placeholder colours come out painted.
func (p *Paint) surfacer(base Surfacer) Surfacer {
	return func(g *Geometry, slot int) *geom.Material {
		var s *geom.Material
		if base != nil {
			s = base(g, slot)
		}
		if slot >= len(g.Materials) {
			return s
		}
		c, ok := p.colorOf(g.Materials[slot])
		if !ok {
			return s
		}
		if s == nil {
			s = &geom.Material{Color: g.Materials[slot].Color}
		}
		s.Color = color.NRGBA{c[0], c[1], c[2], s.Color.A}
		return s
	}
}
