package material

import (
	"image/color"
	"math"
)

// Blend is the fixed-function state of a blend category (the table of
// docs/formats/parkan.md).
type Blend struct {
	Src       string  `json:"src"`       // ONE, ZERO, SRC_ALPHA, INV_SRC_ALPHA, SRC_COLOR, DEST_COLOR
	Dst       string  `json:"dst"`       // as Src
	Blending  bool    `json:"blending"`  // false only for category 0
	AlphaTest *string `json:"alphaTest"` // "GREATER_EQUAL", or nil when disabled
}

var greaterEqual = "GREATER_EQUAL"

var blends = [5]Blend{
	{Src: "ONE", Dst: "ZERO", Blending: false},
	{Src: "SRC_ALPHA", Dst: "INV_SRC_ALPHA", Blending: true, AlphaTest: &greaterEqual},
	{Src: "SRC_ALPHA", Dst: "ONE", Blending: true, AlphaTest: &greaterEqual},
	{Src: "ZERO", Dst: "SRC_COLOR", Blending: true, AlphaTest: &greaterEqual},
	{Src: "DEST_COLOR", Dst: "SRC_COLOR", Blending: true, AlphaTest: &greaterEqual},
}

// BlendFor returns the blend state of a category, or nil for 5..15 (the
// native helper returns nothing for them).
func BlendFor(category int) *Blend {
	if category < 0 || category >= len(blends) {
		return nil
	}
	b := blends[category]
	return &b
}

// Factor is one D3D blend factor of that table.
type Factor uint8

// The blend factors, named as the original notes name them (and the JSON).
const (
	FactorZero Factor = iota
	FactorOne
	FactorSrcAlpha
	FactorInvSrcAlpha
	FactorSrcColor
	FactorDestColor
)

var factorNames = [...]string{"ZERO", "ONE", "SRC_ALPHA", "INV_SRC_ALPHA", "SRC_COLOR", "DEST_COLOR"}

// String returns the factor's name ("SRC_ALPHA", ...).
func (f Factor) String() string {
	if int(f) < len(factorNames) {
		return factorNames[f]
	}
	return "ZERO"
}

// factorNamed returns the factor named name (ZERO when unknown).
func factorNamed(name string) Factor {
	for i, n := range factorNames {
		if n == name {
			return Factor(i)
		}
	}
	return FactorZero
}

// Of returns the factor's weight for source colour s, source alpha a and
// destination colour d (all 0..1).
func (f Factor) Of(s, a, d float64) float64 {
	switch f {
	case FactorOne:
		return 1
	case FactorSrcAlpha:
		return a
	case FactorInvSrcAlpha:
		return 1 - a
	case FactorSrcColor:
		return s
	case FactorDestColor:
		return d
	}
	return 0
}

// Equation is a blend state resolved for per-pixel use:
// out = s·Src + d·Dst.
type Equation struct {
	Src, Dst Factor
}

// Equation resolves the blend state. Without blending (category 0, or a
// nil state for categories 5..15) the source replaces the destination.
func (b *Blend) Equation() Equation {
	if b == nil || !b.Blending {
		return Equation{Src: FactorOne, Dst: FactorZero}
	}
	return Equation{Src: factorNamed(b.Src), Dst: factorNamed(b.Dst)}
}

// Over returns one channel of source colour s with alpha a drawn over the
// destination d, s·Src + d·Dst (all 0..1; the result is not clamped).
func (e Equation) Over(s, a, d float64) float64 {
	return s*e.Src.Of(s, a, d) + d*e.Dst.Of(s, a, d)
}

// LitColor is the swatch colour of phase values v: ambient light 0.3 on
// the additive colour, a directional light 0.7 on the directional colour,
// plus the extra (emissive) colour, with the opacity as alpha; clamped to
// 0..1 for drawing.
func (v Values) LitColor() color.NRGBA {
	c := func(i int) uint8 {
		return unit8(0.3*float64(v.Additive[i]) + 0.7*float64(v.Directional[i]) + float64(v.Extra[i]))
	}
	return color.NRGBA{c(0), c(1), c(2), unit8(float64(v.Opacity))}
}

// unit8 maps x in 0..1 (clamped) to 0..255, rounded.
func unit8(x float64) uint8 {
	return uint8(math.Round(255 * math.Max(0, math.Min(1, x))))
}
