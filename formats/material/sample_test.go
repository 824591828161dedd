package material

import (
	"errors"
	"math"
	"testing"
)

func sampleMat(header uint32, keys ...Key) *Mat0 {
	return &Mat0{Version: 6, Prefix: prefix10, Phases: waterPhases, Blocks: []Block{{Header: header, Keys: keys}}}
}

var twoKeys = []Key{{0, 200, 0}, {1, 400, 0}}

func TestSamplerModes(t *testing.T) {
	const all = 0x1F << 3
	const wrapDelta = uint32(math.MaxUint32 - 199) // clock 100, start 300
	cases := []struct {
		name          string
		header        uint32
		keys          []Key
		clock, start  uint32
		random        uint32
		t             uint32
		k, next       int
		alpha         float32
		phaseA, phasB int // phases blended
	}{
		{"loop first key", 0 | all, twoKeys, 1100, 1000, 0, 100, 0, 1, 0.5, 0, 1},
		{"loop second key", 0 | all, twoKeys, 1300, 1000, 0, 300, 1, 0, 0.5, 1, 0},
		{"loop at a key end", 0 | all, twoKeys, 1200, 1000, 0, 200, 1, 0, 0, 1, 0},
		{"loop wraps", 0 | all, twoKeys, 1000 + 4*400 + 50, 1000, 0, 50, 0, 1, 0.25, 0, 1},
		{"pingpong forward", 1 | all, twoKeys, 100, 0, 0, 100, 0, 1, 0.5, 0, 1},
		{"pingpong backward", 1 | all, twoKeys, 500, 0, 0, 300, 1, 0, 0.5, 1, 0},
		{"pingpong backward first key", 1 | all, twoKeys, 750, 0, 0, 50, 0, 1, 0.25, 0, 1},
		{"pingpong turnaround", 1 | all, twoKeys, 400, 0, 0, 400, 1, 0, 1, 1, 0},
		{"pingpong second cycle", 1 | all, twoKeys, 800, 0, 0, 0, 0, 1, 0, 0, 1},
		{"clamp before duration", 2 | all, twoKeys, 150, 0, 0, 150, 0, 1, 0.75, 0, 1},
		{"clamp after duration extrapolates", 2 | all, twoKeys, 800, 0, 0, 800, 1, 0, 3, 1, 0},
		{"clamp clock behind start", 2 | all, twoKeys, 100, 300, 0, wrapDelta, 1, 0, float32(wrapDelta-200) / 200, 1, 0},
		{"random", 3 | all, twoKeys, 5, 0, 1234, 34, 0, 1, 0.17, 0, 1},
		{"random ignores the clock", 3 | all, twoKeys, 999999, 7, 100, 100, 0, 1, 0.5, 0, 1},
		{"unknown mode 4 loops", 4 | all, twoKeys, 1300, 1000, 0, 300, 1, 0, 0.5, 1, 0},
		{"unknown mode 7 loops", 7 | all, twoKeys, 100, 0, 0, 100, 0, 1, 0.5, 0, 1},
		{"loop clock behind start wraps", 0 | all, twoKeys, 100, 300, 0, wrapDelta % 400, 1, 0, float32(wrapDelta%400-200) / 200, 1, 0},
		{"one key", 0 | all, []Key{{1, 300, 0}}, 150, 0, 0, 150, 0, 0, 0.5, 1, 1},
		{"empty first interval", 0 | all, []Key{{0, 0, 0}, {1, 100, 0}}, 50, 0, 0, 50, 1, 0, 0.5, 1, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := sampleMat(c.header, c.keys...)
			s, err := m.SampleAt(0, c.clock, c.start, c.random)
			if err != nil {
				t.Fatal(err)
			}
			if s.LocalMs != c.t || s.Key != c.k || s.Next != c.next {
				t.Errorf("t=%d k=%d next=%d, want t=%d k=%d next=%d", s.LocalMs, s.Key, s.Next, c.t, c.k, c.next)
			}
			if math.Abs(float64(s.Alpha-c.alpha)) > 1e-6*math.Max(1, math.Abs(float64(c.alpha))) {
				t.Errorf("alpha %v, want %v", s.Alpha, c.alpha)
			}
			checkBlend(t, s.Phase, &waterPhases[c.phaseA], &waterPhases[c.phasB], float64(c.alpha), 0x1F)
		})
	}
}

// checkBlend compares v with a float64 reference of the interpolation.
func checkBlend(t *testing.T, v Values, a, b *Phase, alpha float64, mask uint32) {
	t.Helper()
	lerp := func(i int, on bool) float64 {
		x, y := float64(a.P[i])/255, float64(b.P[i])/255
		if !on {
			return x
		}
		return x + (y-x)*alpha
	}
	near := func(what string, got float32, want float64) {
		if math.Abs(float64(got)-want) > 1e-4*math.Max(1, math.Abs(want)) {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	for i := 0; i < 3; i++ {
		near("additive", v.Additive[i], lerp(i, mask&1 != 0))
		near("directional", v.Directional[i], lerp(4+i, mask&2 != 0))
		near("specular", v.Specular[i], lerp(8+i, mask&4 != 0))
		near("extra", v.Extra[i], lerp(12+i, mask&8 != 0))
	}
	near("directional alpha (never blended)", v.Directional[3], float64(a.P[7])/255)
	near("specular alpha (never blended)", v.Specular[3], float64(a.P[11])/255)
	near("extra alpha (never blended)", v.Extra[3], float64(a.P[15])/255)
	op := float64(a.P[3]) * 0.01
	if mask&16 != 0 {
		op += (float64(b.P[3])*0.01 - op) * alpha
	}
	near("opacity", v.Opacity, op)
	if v.Power != int(a.P[16]) || v.Page != int(int8(a.P[17])) || v.Texture != a.TextureName() {
		t.Errorf("power/page/texture %d %d %q come not from phase A", v.Power, v.Page, v.Texture)
	}
}

func TestSamplerMasks(t *testing.T) {
	for mask := uint32(0); mask < 32; mask++ {
		m := sampleMat(mask<<3, twoKeys...)
		s, err := m.SampleAt(0, 300, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		checkBlend(t, s.Phase, &waterPhases[1], &waterPhases[0], 0.5, mask)
	}
}

func TestSamplerDegenerate(t *testing.T) {
	first := waterPhases[0].Values()
	for _, c := range []struct {
		name string
		m    *Mat0
	}{
		{"zero keys", sampleMat(0x1F<<3 | 2)},
		{"zero duration", sampleMat(0x1F<<3, Key{1, 0, 0})},
		{"no blocks", &Mat0{Phases: waterPhases}},
	} {
		s, err := c.m.SampleAt(0, 12345, 0, 99)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if s.Alpha != 0 || s.Phase != first {
			t.Errorf("%s: %+v, want phase 0 with alpha 0", c.name, s)
		}
	}
	if _, err := (&Mat0{}).SampleAt(0, 0, 0, 0); !errors.Is(err, ErrNoPhases) {
		t.Errorf("no phases: %v", err)
	}
	if _, err := sampleMat(0, twoKeys...).SampleAt(1, 0, 0, 0); err == nil {
		t.Error("block 1 of 1 accepted")
	}
	if _, err := sampleMat(0, Key{5, 100, 0}).SampleAt(0, 50, 0, 0); err == nil {
		t.Error("a key naming a missing phase sampled")
	}
}

func BenchmarkSample(b *testing.B) {
	m := sampleMat(1|0x1F<<3, []Key{{0, 200, 0}, {1, 400, 0}, {0, 600, 0}, {1, 800, 0}}...)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := m.SampleAt(0, uint32(i)*7, 0, 0); err != nil {
			b.Fatal(err)
		}
	}
}
