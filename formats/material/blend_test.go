package material

import (
	"image/color"
	"math"
	"testing"
)

func TestBlendCategories(t *testing.T) {
	want := map[int]string{0: "ONE/ZERO/false/<nil>", 1: "SRC_ALPHA/INV_SRC_ALPHA/true/GREATER_EQUAL", 2: "SRC_ALPHA/ONE/true/GREATER_EQUAL",
		3: "ZERO/SRC_COLOR/true/GREATER_EQUAL", 4: "DEST_COLOR/SRC_COLOR/true/GREATER_EQUAL"}
	for attr1 := uint32(0); attr1 < 64; attr1++ {
		m := &Mat0{Attr1: attr1}
		b := BlendFor(m.Category())
		cat := int(attr1>>2) & 15
		if cat >= 5 {
			if b != nil {
				t.Errorf("attr1 %d: category %d has a blend", attr1, cat)
			}
			continue
		}
		at := "<nil>"
		if b.AlphaTest != nil {
			at = *b.AlphaTest
		}
		if got := b.Src + "/" + b.Dst + "/" + map[bool]string{true: "true", false: "false"}[b.Blending] + "/" + at; got != want[cat] {
			t.Errorf("attr1 %d: %s, want %s", attr1, got, want[cat])
		}
	}
}

func TestFactors(t *testing.T) {
	const s, a, d = 0.25, 0.5, 0.75
	cases := []struct {
		f    Factor
		name string
		want float64
	}{
		{FactorZero, "ZERO", 0},
		{FactorOne, "ONE", 1},
		{FactorSrcAlpha, "SRC_ALPHA", a},
		{FactorInvSrcAlpha, "INV_SRC_ALPHA", 1 - a},
		{FactorSrcColor, "SRC_COLOR", s},
		{FactorDestColor, "DEST_COLOR", d},
		{Factor(99), "ZERO", 0},
	}
	for _, c := range cases {
		if c.f.String() != c.name || c.f.Of(s, a, d) != c.want {
			t.Errorf("factor %d: %s %v, want %s %v", c.f, c.f, c.f.Of(s, a, d), c.name, c.want)
		}
		if c.f < Factor(len(factorNames)) && factorNamed(c.name) != c.f {
			t.Errorf("%s parses as %v", c.name, factorNamed(c.name))
		}
	}
	if factorNamed("BOGUS") != FactorZero {
		t.Error("an unknown name is not ZERO")
	}
}

func TestEquationOver(t *testing.T) {
	cases := []struct {
		cat      int
		src, dst Factor
		s, a, d  float64
		want     float64
	}{
		{0, FactorOne, FactorZero, 0.5, 0.1, 1, 0.5},             // opaque: the source
		{1, FactorSrcAlpha, FactorInvSrcAlpha, 1, 0.25, 0, 0.25}, // alpha blend
		{2, FactorSrcAlpha, FactorOne, 0.5, 0.5, 0.5, 0.75},      // additive
		{3, FactorZero, FactorSrcColor, 0.5, 1, 0.8, 0.4},        // multiply
		{4, FactorDestColor, FactorSrcColor, 0.5, 1, 0.8, 0.8},   // 2× multiply
		{9, FactorOne, FactorZero, 0.3, 0, 1, 0.3},               // no blend state: opaque
		{-1, FactorOne, FactorZero, 0.3, 0, 1, 0.3},
	}
	for _, c := range cases {
		e := BlendFor(c.cat).Equation()
		if e.Src != c.src || e.Dst != c.dst {
			t.Errorf("category %d: %v/%v, want %v/%v", c.cat, e.Src, e.Dst, c.src, c.dst)
		}
		if got := e.Over(c.s, c.a, c.d); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("category %d: %v, want %v", c.cat, got, c.want)
		}
	}
}

func TestLitColor(t *testing.T) {
	cases := []struct {
		name string
		v    Values
		want color.NRGBA
	}{
		{"black", Values{}, color.NRGBA{}},
		{"ambient and directional", Values{Additive: [3]float32{1, 0, 0}, Directional: [4]float32{0, 1, 0, 1}, Opacity: 0.5},
			color.NRGBA{77, 179, 0, 128}},
		{"emissive clamps", Values{Additive: [3]float32{1, 1, 1}, Directional: [4]float32{1, 1, 1, 1}, Extra: [4]float32{1, 0, 0, 1}, Opacity: 2.55},
			color.NRGBA{255, 255, 255, 255}},
		{"negative clamps", Values{Extra: [4]float32{-1, 0.2, 0, 0}, Opacity: -1}, color.NRGBA{0, 51, 0, 0}},
	}
	for _, c := range cases {
		if got := c.v.LitColor(); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
