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
// random is the caller's random value (mode 3 only). It follows the
// project's reading in docs/formats/parkan.md exactly.
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
	w := B.Values()
	lerpValues(&v, &w, mask, alpha)
	return v
}

// lerpValues moves the groups of v whose mask bits are set toward w by
// alpha; the texture, page, power and fourth channels stay v's.
func lerpValues(v, w *Values, mask uint32, alpha float32) {
	lerp := func(a, c float32) float32 { return a + (c-a)*alpha }
	for i := 0; i < 3; i++ {
		if mask&MaskAdditive != 0 {
			v.Additive[i] = lerp(v.Additive[i], w.Additive[i])
		}
		if mask&MaskDirectional != 0 {
			v.Directional[i] = lerp(v.Directional[i], w.Directional[i])
		}
		if mask&MaskSpecular != 0 {
			v.Specular[i] = lerp(v.Specular[i], w.Specular[i])
		}
		if mask&MaskExtra != 0 {
			v.Extra[i] = lerp(v.Extra[i], w.Extra[i])
		}
	}
	if mask&MaskOpacity != 0 {
		v.Opacity = lerp(v.Opacity, w.Opacity)
	}
}
