package material

import (
	"errors"
	"fmt"
)

// Sample is the result of sampling a material at a clock time: the JSON
// "sample" object of `rummage info --json --at MS`.
type Sample struct {
	Block   int     `json:"block"`
	LocalMs uint32  `json:"localMs"` // t, the local time in the block
	Key     int     `json:"key"`     // k
	Next    int     `json:"next"`    // (k + 1) % keyCount
	Alpha   float32 `json:"alpha"`   // not clamped: may exceed 1 after a clamp block
	Phase   Values  `json:"phase"`   // the interpolated coefficients
}

// ErrNoPhases is returned when a material without phases is sampled.
var ErrNoPhases = errors.New("the material has no phases")

// SampleAt evaluates block at clockMs for a WEAR row started at startMs;
// random is the caller's random value (mode 3 only). It follows design.md's
// "project's reading" exactly.
func (m *Mat0) SampleAt(block int, clockMs, startMs, random uint32) (Sample, error) {
	var s Sample
	s.Block = block
	if len(m.Phases) == 0 {
		return s, ErrNoPhases
	}
	if block < 0 || block >= len(m.Blocks) {
		if block == 0 && len(m.Blocks) == 0 {
			// A material without blocks shows its first phase.
			s.Phase = m.Phases[0].Values()
			return s, nil
		}
		return s, fmt.Errorf("block %d out of range: the material has %d animation blocks", block, len(m.Blocks))
	}
	b := &m.Blocks[block]
	n := len(b.Keys)
	duration := b.Duration()
	if n == 0 || duration == 0 {
		s.Phase = m.Phases[0].Values()
		return s, nil
	}
	t := b.localTime(clockMs-startMs, duration, random) // uint32 wrap-around
	k, prevEnd := b.keyAt(t)
	end := uint32(b.Keys[k].EndMs)
	next := (k + 1) % n
	var alpha float32
	if div := end - prevEnd; div != 0 {
		alpha = float32(t-prevEnd) / float32(div)
	}
	pa, pb := int(b.Keys[k].Phase), int(b.Keys[next].Phase)
	if pa >= len(m.Phases) || pb >= len(m.Phases) {
		return s, fmt.Errorf("block %d: key %d or %d names phase %d or %d, the material has %d", block, k, next, pa, pb, len(m.Phases))
	}
	v := interpolate(&m.Phases[pa], &m.Phases[pb], b.Mask(), alpha)
	s.LocalMs, s.Key, s.Next, s.Alpha, s.Phase = t, k, next, alpha, v
	return s, nil
}

// localTime maps the time since the row's start (delta) into the block's
// duration by its mode (step 2 of the sampler).
func (b *Block) localTime(delta, duration, random uint32) uint32 {
	switch b.Mode() {
	case ModePingPong:
		q, r := delta/duration, delta%duration
		if q%2 == 0 {
			return r
		}
		return duration - r
	case ModeClamp:
		return delta
	case ModeRandom:
		return random % duration
	}
	return delta % duration // loop and the unknown modes 4..7
}

// keyAt returns the key whose span holds t, or the last key, and the end of
// the key before it (step 3 of the sampler).
func (b *Block) keyAt(t uint32) (k int, prevEnd uint32) {
	n := len(b.Keys)
	for i := 0; i < n; i++ {
		end := uint32(b.Keys[i].EndMs)
		if prevEnd <= t && t < end {
			return i, prevEnd
		}
		prevEnd = end
	}
	prevEnd = 0
	if n > 1 {
		prevEnd = uint32(b.Keys[n-2].EndMs)
	}
	return n - 1, prevEnd
}

// interpolate starts from phase A and moves the coefficient groups whose
// mask bits are set toward B by alpha (step 5 of the sampler).
func interpolate(A, B *Phase, mask uint32, alpha float32) Values {
	v := A.Values()
	if mask == 0 {
		return v
	}
	lerp := func(i int) float32 {
		a, c := float32(A.P[i])/255, float32(B.P[i])/255
		return a + (c-a)*alpha
	}
	if mask&MaskAdditive != 0 {
		v.Additive = [3]float32{lerp(0), lerp(1), lerp(2)}
	}
	if mask&MaskOpacity != 0 {
		a, c := opacity(A.P[3]), opacity(B.P[3])
		v.Opacity = a + (c-a)*alpha
	}
	if mask&MaskDirectional != 0 {
		v.Directional[0], v.Directional[1], v.Directional[2] = lerp(4), lerp(5), lerp(6)
	}
	if mask&MaskSpecular != 0 {
		v.Specular[0], v.Specular[1], v.Specular[2] = lerp(8), lerp(9), lerp(10)
	}
	if mask&MaskExtra != 0 {
		v.Extra[0], v.Extra[1], v.Extra[2] = lerp(12), lerp(13), lerp(14)
	}
	return v
}
