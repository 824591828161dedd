package geom

import (
	"image"
	"image/color"
)

// BlendMode is how a surface's colour combines with what lies behind it,
// out = src·S + dst·D. The values are the five MAT0 categories of the
// Parkan table (docs/formats/parkan.md), in order, so a category c in 0..4
// is BlendMode(c).
type BlendMode uint8

// The blend modes (S, D as the Parkan table names the factors).
const (
	BlendOpaque     BlendMode = iota // ONE, ZERO: the surface replaces what is behind it
	BlendAlpha                       // SRC_ALPHA, INV_SRC_ALPHA: see-through by alpha
	BlendAdd                         // SRC_ALPHA, ONE: adds light (glows, flames)
	BlendModulate                    // ZERO, SRC_COLOR: darkens what is behind by the colour
	BlendModulate2X                  // DEST_COLOR, SRC_COLOR: twice behind × colour
)

// Address is what a texture coordinate outside 0..1 reads.
type Address uint8

// The addressing modes.
const (
	Wrap  Address = iota // the texture repeats
	Clamp                // the edge texels stretch out
)

// Material is how a group of triangles looks in the solid and textured
// views. The zero Material is opaque white, one-sided and untextured.
type Material struct {
	// Color is the base colour, straight alpha: it tints the texture and
	// the vertex colours. The zero colour counts as opaque white.
	Color color.NRGBA
	// Texture is the image the UVs map, straight alpha (an *image.NRGBA
	// is drawn as it is; other images are converted once); nil: none.
	Texture image.Image
	// TextureName is the texture's own name (a TXD texture's, a Texm
	// entry's, an X-Ray texture path's last part), which exporters name
	// its file after; "" when it has none.
	TextureName string
	// Page is the part of Texture the unit UV square maps to (a Texm
	// page); empty: the whole texture.
	Page     image.Rectangle
	UVSet    int     // which of the mesh's UV sets the texture uses
	AddressU Address // addressing across
	AddressV Address // addressing down
	Blend    BlendMode
	// AlphaTest drops every fragment whose alpha is below AlphaRef (the
	// MAT0 GREATER_EQUAL test: alpha >= AlphaRef is kept).
	AlphaTest bool
	AlphaRef  uint8
	TwoSided  bool     // draw back faces too (else they are culled)
	Anim      Animator // changes the look over time; nil: a still material
}

// Animator is a material animation (a MAT0 phase track, say): At gives the
// look at clock ms. The preview calls it once per frame and group, from
// any goroutine; it should not allocate.
type Animator interface {
	At(ms uint32) Look
}

// Look is what an animation sets at one moment: it replaces the
// material's Color, Texture and Page.
type Look struct {
	Color       color.NRGBA
	Texture     image.Image
	TextureName string // see Material.TextureName
	Page        image.Rectangle
}

// Look returns the material's look at clock ms: its animation's, or its
// own fields when it has none.
func (m *Material) Look(ms uint32) Look {
	if m.Anim != nil {
		return m.Anim.At(ms)
	}
	return Look{Color: m.Color, Texture: m.Texture, TextureName: m.TextureName, Page: m.Page}
}
