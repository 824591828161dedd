package dff

import (
	"image"

	"rummage/formats/geom"
)

// textureSet is the textures found for a model, by lower-case name.
type textureSet struct {
	byName map[string]foundTexture
}

// foundTexture is one texture found for a material.
type foundTexture struct {
	Path  string // "<file name>/<node path>"
	Image image.Image
}

func (r *Root) surfaces() *textureSet {
	r.texOnce.Do(func() { r.tex = &textureSet{byName: map[string]foundTexture{}} })
	return r.tex
}

// found returns the path of the texture used for name, "" when none.
func (ts *textureSet) found(name string) string {
	return ts.byName[lower(name)].Path
}

// surface is the look of a material slot: its colour and texture.
func (ts *textureSet) surface(g *Geometry, slot int) *geom.Material {
	if slot >= len(g.Materials) {
		return nil
	}
	mt := g.Materials[slot]
	s := &geom.Material{Color: mt.Color}
	if mt.Color.A < 255 {
		s.Blend = geom.BlendAlpha
	}
	if mt.Texture != nil {
		if ft, ok := ts.byName[lower(mt.Texture.Name)]; ok && ft.Image != nil {
			s.Texture = ft.Image
			s.AlphaTest, s.AlphaRef = true, 8
		}
		s.AddressU, s.AddressV = address(mt.Texture.Filter>>8&0xF), address(mt.Texture.Filter>>12&0xF)
	}
	return s
}

// address maps RW texture addressing (1 wrap, 2 mirror, 3 clamp, 4 border).
func address(a uint32) geom.Address {
	if a == 3 || a == 4 {
		return geom.Clamp
	}
	return geom.Wrap
}
