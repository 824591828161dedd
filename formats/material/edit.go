package material

import (
	"fmt"
	"image/color"
	"strings"
)

// The edits of a material: typed access to a phase's fields and the
// phase list operations that keep animation keys naming the same phases.
// Edit a Clone and hand it to Node.SetMaterial.

// MaxPhases is the most phases a material holds (the count is a u16).
const MaxPhases = 0xFFFF

// Parameter bytes with a meaning of their own (the colour groups aside).
const (
	paramOpacity = 3
	paramPower   = 16
	paramPage    = 17
)

// Color returns colour group g as its stored bytes; the additive group has
// no alpha byte and reads as opaque. An unknown group is transparent black.
func (p *Phase) Color(g Group) color.NRGBA {
	if !g.valid() {
		return color.NRGBA{}
	}
	f := g.First()
	c := color.NRGBA{p.P[f], p.P[f+1], p.P[f+2], 255}
	if g.Len() == 4 {
		c.A = p.P[f+3]
	}
	return c
}

// ColorHex returns colour group g as "#RRGGBB" (additive) or "#RRGGBBAA"
// ("" for an unknown group).
func (p *Phase) ColorHex(g Group) string {
	if !g.valid() {
		return ""
	}
	var sb strings.Builder
	sb.WriteByte('#')
	for _, b := range p.P[g.First() : g.First()+g.Len()] {
		fmt.Fprintf(&sb, "%02X", b)
	}
	return sb.String()
}

// SetColor stores c in colour group g; c's alpha is dropped for the
// additive group, which has no alpha byte.
func (p *Phase) SetColor(g Group, c color.NRGBA) error {
	if err := g.check(); err != nil {
		return err
	}
	f := g.First()
	p.P[f], p.P[f+1], p.P[f+2] = c.R, c.G, c.B
	if g.Len() == 4 {
		p.P[f+3] = c.A
	}
	return nil
}

// RawOpacity returns p3, the opacity in hundredths (100 is opaque; the
// loader's value is p3 × 0.01, Values().Opacity).
func (p *Phase) RawOpacity() int { return int(p.P[paramOpacity]) }

// SetRawOpacity stores p3 (0..255, in hundredths).
func (p *Phase) SetRawOpacity(v int) error {
	return p.setByte(paramOpacity, "opacity p3", v)
}

// Power returns the specular power p16.
func (p *Phase) Power() int { return int(p.P[paramPower]) }

// SetPower stores the specular power p16 (0..255).
func (p *Phase) SetPower(v int) error {
	return p.setByte(paramPower, "power p16", v)
}

func (p *Phase) setByte(i int, what string, v int) error {
	if v < 0 || v > 255 {
		return fmt.Errorf("%s %d: want 0 to 255", what, v)
	}
	p.P[i] = byte(v)
	return nil
}

// SetPage stores the signed Texm page index p17 (-128..127; -1 = the whole
// texture).
func (p *Phase) SetPage(page int) error {
	if page < -128 || page > 127 {
		return fmt.Errorf("page %d: want a number from -128 to 127", page)
	}
	p.P[paramPage] = byte(int8(page))
	return nil
}

// DefaultPhase is the phase an empty material gets: black, opaque
// (p3 = 100), the whole texture (page -1), untextured.
func DefaultPhase() Phase {
	var p Phase
	p.P[paramOpacity], p.P[paramPage] = 100, 0xFF
	return p
}

// PhaseAt returns phase i, to read or to edit in place.
func (m *Mat0) PhaseAt(i int) (*Phase, error) {
	if i < 0 || i >= len(m.Phases) {
		return nil, fmt.Errorf("no phase %d: the material has %d", i, len(m.Phases))
	}
	return &m.Phases[i], nil
}

// InsertPhase inserts p as phase at (0..len); keys naming phase at or a
// later one follow their phases.
func (m *Mat0) InsertPhase(at int, p Phase) error {
	if at < 0 || at > len(m.Phases) {
		return fmt.Errorf("cannot insert phase %d: the material has %d", at, len(m.Phases))
	}
	if len(m.Phases) >= MaxPhases {
		return fmt.Errorf("the material already has %d phases, the most a MAT0 holds", len(m.Phases))
	}
	m.Phases = append(m.Phases[:at], append([]Phase{p}, m.Phases[at:]...)...)
	m.remapKeys(func(i int) int {
		if i >= at {
			return i + 1
		}
		return i
	})
	return nil
}

// DuplicatePhase inserts a copy of phase i after it and returns the
// copy's index.
func (m *Mat0) DuplicatePhase(i int) (int, error) {
	p, err := m.PhaseAt(i)
	if err != nil {
		return 0, err
	}
	return i + 1, m.InsertPhase(i+1, *p)
}

// RemovePhase deletes phase at. Keys naming a later phase follow it; keys
// naming the removed phase name the one that takes its place (the new
// last phase when it was the last).
func (m *Mat0) RemovePhase(at int) error {
	if _, err := m.PhaseAt(at); err != nil {
		return err
	}
	m.Phases = append(m.Phases[:at], m.Phases[at+1:]...)
	m.remapKeys(func(i int) int {
		if i > at || (i == at && i >= len(m.Phases)) {
			return max(0, i-1)
		}
		return i
	})
	return nil
}

// MovePhase moves phase from to index to, shifting the phases between;
// keys keep naming the same phases.
func (m *Mat0) MovePhase(from, to int) error {
	if _, err := m.PhaseAt(from); err != nil {
		return err
	}
	if to < 0 || to >= len(m.Phases) {
		return fmt.Errorf("phase %d cannot move to %d: the material has %d", from, to, len(m.Phases))
	}
	p := m.Phases[from]
	m.Phases = append(m.Phases[:from], m.Phases[from+1:]...)
	m.Phases = append(m.Phases[:to], append([]Phase{p}, m.Phases[to:]...)...)
	m.remapKeys(func(i int) int {
		switch {
		case i == from:
			return to
		case from < to && i > from && i <= to:
			return i - 1
		case to < from && i >= to && i < from:
			return i + 1
		}
		return i
	})
	return nil
}

// remapKeys renames the phase of every key through f (saturating at the
// u16 limit, so a key naming a missing phase never wraps around).
func (m *Mat0) remapKeys(f func(int) int) {
	for bi := range m.Blocks {
		for ki := range m.Blocks[bi].Keys {
			k := &m.Blocks[bi].Keys[ki]
			k.Phase = uint16(min(f(int(k.Phase)), 0xFFFF))
		}
	}
}
