// Package material reads Parkan: Iron Strategy materials: WEAR tables (the
// text resource that maps a model's batches to material names), MAT0
// materials (phases and animation blocks), the phase sampler, the blend
// categories and the resolve chain from a WEAR row to a material.
//
// docs/formats/parkan.md has the layouts and the sampler (the project's
// reading, which `rummage info --json --at` prints).
package material

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"

	"golang.org/x/text/encoding/charmap"

	"rummage/formats/binread"
)

// TypeMAT0 is the NRes type id of a material ('MAT0').
const TypeMAT0 = 0x3054414D

// TypeWEAR is the NRes type id of a wear table ('WEAR').
const TypeWEAR = 0x52414557

// PhaseSize is the size of one stored phase: 18 parameter bytes and a
// 16-byte texture name.
const PhaseSize = 34

// MaxBlocks is the engine's limit on animation blocks ("Too many animations
// for material." when the count is 20 or more).
const MaxBlocks = 20

// Phase is one stored phase, kept as its raw bytes so that an unchanged
// material re-encodes byte-identically.
type Phase struct {
	P       [18]byte // p0..p17
	Texture [16]byte // NUL-terminated texture name; bytes after the NUL are kept
}

// TextureName returns the texture name up to the first NUL, decoded as
// CP1251 ("" when the phase is intentionally untextured).
func (p *Phase) TextureName() string {
	n := bytes.IndexByte(p.Texture[:], 0)
	if n < 0 {
		n = len(p.Texture)
	}
	raw := p.Texture[:n]
	for _, b := range raw {
		if b >= 0x80 {
			s, _ := charmap.Windows1251.NewDecoder().Bytes(raw)
			return string(s)
		}
	}
	return string(raw)
}

// SetTextureName stores name encoded as CP1251 (at most 15 bytes) and
// zero-fills the field.
func (p *Phase) SetTextureName(name string) error {
	enc, err := charmap.Windows1251.NewEncoder().String(name)
	if err != nil {
		return fmt.Errorf("texture name %q does not fit CP1251", name)
	}
	if len(enc) > 15 {
		return fmt.Errorf("texture name %q is longer than 15 bytes", name)
	}
	if strings.IndexByte(enc, 0) >= 0 {
		return fmt.Errorf("texture name %q holds a NUL byte", name)
	}
	p.Texture = [16]byte{}
	copy(p.Texture[:], enc)
	return nil
}

// Page returns the signed Texm page index p17 (-1 = the whole texture).
func (p *Phase) Page() int { return int(int8(p.P[17])) }

// Values returns the phase's coefficients converted as the engine does
// (docs/formats/parkan.md, MAT0).
func (p *Phase) Values() Values {
	var v Values
	for i := 0; i < 3; i++ {
		v.Additive[i] = float32(p.P[i]) / 255
	}
	v.Opacity = opacity(p.P[3])
	for i := 0; i < 4; i++ {
		v.Directional[i] = float32(p.P[4+i]) / 255
		v.Specular[i] = float32(p.P[8+i]) / 255
		v.Extra[i] = float32(p.P[12+i]) / 255
	}
	v.Power = int(p.P[16])
	v.Page = p.Page()
	v.Texture = p.TextureName()
	return v
}

func opacity(b byte) float32 { return float32(float64(b) * 0.01) }

// Values are a phase's coefficients as the loader converts them: colours
// p/255, opacity p3*0.01, an integer power and the signed page index.
type Values struct {
	Additive    [3]float32 `json:"additive"`    // p0..p2 (ambient RGB)
	Opacity     float32    `json:"opacity"`     // p3 * 0.01
	Directional [4]float32 `json:"directional"` // p4..p7 (diffuse RGBA)
	Specular    [4]float32 `json:"specular"`    // p8..p11
	Extra       [4]float32 `json:"extra"`       // p12..p15 (emissive RGBA)
	Power       int        `json:"power"`       // p16
	Page        int        `json:"page"`        // signed p17
	Texture     string     `json:"texture"`     // "" when untextured
}

// Mode is an animation block's playback mode (header_raw & 7).
type Mode uint8

// The playback modes; 4..7 are unknown and sample as loop.
const (
	ModeLoop     Mode = 0
	ModePingPong Mode = 1
	ModeClamp    Mode = 2
	ModeRandom   Mode = 3
)

// String returns the mode's JSON name: loop, pingpong, clamp, random or unknown.
func (m Mode) String() string {
	switch m {
	case ModeLoop:
		return "loop"
	case ModePingPong:
		return "pingpong"
	case ModeClamp:
		return "clamp"
	case ModeRandom:
		return "random"
	}
	return "unknown"
}

// The interpolation mask bits (header_raw >> 3).
const (
	MaskAdditive    = 1  // p0..p2
	MaskDirectional = 2  // p4..p6
	MaskSpecular    = 4  // p8..p10
	MaskExtra       = 8  // p12..p14
	MaskOpacity     = 16 // p3
)

// Key is one animation key: the phase shown until EndMs (cumulative, from
// the block start) and the raw, unused k2.
type Key struct {
	Phase uint16 `json:"phase"`
	EndMs uint16 `json:"endMs"`
	K2    uint16 `json:"k2"`
}

// Block is one animation block.
type Block struct {
	Header uint32 // mode in the low 3 bits, interpolation mask above
	Keys   []Key
}

// Mode returns the playback mode (header_raw & 7).
func (b *Block) Mode() Mode { return Mode(b.Header & 7) }

// Mask returns the interpolation mask (header_raw >> 3).
func (b *Block) Mask() uint32 { return b.Header >> 3 }

// Duration returns the end time of the last key (0 without keys).
func (b *Block) Duration() uint32 {
	if len(b.Keys) == 0 {
		return 0
	}
	return uint32(b.Keys[len(b.Keys)-1].EndMs)
}

// SetMode replaces the mode bits, keeping the mask.
func (b *Block) SetMode(m Mode) { b.Header = b.Header&^7 | uint32(m&7) }

// SetMask replaces the mask bits, keeping the mode.
func (b *Block) SetMask(mask uint32) { b.Header = b.Header&7 | mask<<3 }

// Mat0 is a decoded MAT0 material payload with the entry attributes it
// depends on.
type Mat0 struct {
	Attr1   uint32 // runtime flags from the NRes entry; bits 2..5 are the blend category
	Version uint32 // attr2: the payload version that gates the prefix
	Prefix  []byte // the version-gated prefix bytes (0, 2, 6 or 10), raw
	Phases  []Phase
	Blocks  []Block
}

// PrefixLen returns the length of the version-gated prefix for attr2:
// 0 below 2, 2 for 2, 6 for 3 and 10 from 4 on.
func PrefixLen(version uint32) int {
	switch {
	case version < 2:
		return 0
	case version == 2:
		return 2
	case version == 3:
		return 6
	}
	return 10
}

// Category returns the blend category (attr1 >> 2) & 0xF.
func (m *Mat0) Category() int { return int(m.Attr1>>2) & 0xF }

// Parse decodes a MAT0 payload. attr1 and attr2 are the NRes entry's
// attributes; base is the absolute file offset of b[0], used in errors.
// The payload must be consumed exactly: trailing or missing bytes are a
// *binread.FormatError.
func Parse(b []byte, attr1, attr2 uint32, base int64) (*Mat0, error) {
	c := binread.NewCursor(b, base)
	m := &Mat0{Attr1: attr1, Version: attr2}
	phaseCount := int(c.U16())
	blockOff := c.Off()
	blockCount := int(c.U16())
	if err := c.Err(); err != nil {
		return nil, fmt.Errorf("MAT0 header: %w", err)
	}
	if blockCount >= MaxBlocks {
		return nil, binread.Errorf(blockOff, "MAT0: %d animation blocks (the engine allows at most %d)", blockCount, MaxBlocks-1)
	}
	if pl := PrefixLen(attr2); pl > 0 {
		p := c.Take(pl)
		if c.Err() != nil {
			return nil, fmt.Errorf("MAT0 version %d prefix of %d bytes: %w", attr2, pl, c.Err())
		}
		m.Prefix = append([]byte(nil), p...)
	}
	if err := binread.CheckCount(base, "MAT0 phase", int64(phaseCount), PhaseSize, int64(c.Len())); err != nil {
		return nil, err
	}
	m.Phases = make([]Phase, phaseCount)
	for i := range m.Phases {
		copy(m.Phases[i].P[:], c.Take(18))
		copy(m.Phases[i].Texture[:], c.Take(16))
	}
	if blockCount > 0 {
		m.Blocks = make([]Block, blockCount)
	}
	for i := range m.Blocks {
		start := c.Off()
		m.Blocks[i].Header = c.U32()
		kOff := c.Off()
		n := int(c.U16())
		if err := c.Err(); err != nil {
			return nil, fmt.Errorf("MAT0 animation block %d at offset 0x%X: %w", i, start, err)
		}
		if err := binread.CheckCount(kOff, fmt.Sprintf("MAT0 block %d key", i), int64(n), 6, int64(c.Len())); err != nil {
			return nil, err
		}
		if n > 0 {
			m.Blocks[i].Keys = make([]Key, n)
		}
		for k := range m.Blocks[i].Keys {
			m.Blocks[i].Keys[k] = Key{Phase: c.U16(), EndMs: c.U16(), K2: c.U16()}
		}
	}
	if err := c.Err(); err != nil {
		return nil, fmt.Errorf("MAT0: %w", err)
	}
	if c.Len() != 0 {
		return nil, binread.Errorf(c.Off(), "MAT0: %d trailing bytes after the last animation block", c.Len())
	}
	return m, nil
}

// EncodedSize returns the byte size of the encoded payload.
func (m *Mat0) EncodedSize() int {
	n := 4 + len(m.Prefix) + PhaseSize*len(m.Phases)
	for i := range m.Blocks {
		n += 6 + 6*len(m.Blocks[i].Keys)
	}
	return n
}

// Encode writes the payload. An unchanged material encodes to the bytes it
// was parsed from. Counts that do not fit the format are an error.
func (m *Mat0) Encode() ([]byte, error) {
	if len(m.Phases) > MaxPhases {
		return nil, fmt.Errorf("MAT0: %d phases do not fit a u16", len(m.Phases))
	}
	if len(m.Blocks) >= MaxBlocks {
		return nil, fmt.Errorf("MAT0: %d animation blocks (at most %d)", len(m.Blocks), MaxBlocks-1)
	}
	if want := PrefixLen(m.Version); len(m.Prefix) != want {
		return nil, fmt.Errorf("MAT0: version %d needs a %d-byte prefix, have %d", m.Version, want, len(m.Prefix))
	}
	out := make([]byte, 0, m.EncodedSize())
	out = binary.LittleEndian.AppendUint16(out, uint16(len(m.Phases)))
	out = binary.LittleEndian.AppendUint16(out, uint16(len(m.Blocks)))
	out = append(out, m.Prefix...)
	for i := range m.Phases {
		out = append(out, m.Phases[i].P[:]...)
		out = append(out, m.Phases[i].Texture[:]...)
	}
	for i := range m.Blocks {
		b := &m.Blocks[i]
		if len(b.Keys) > MaxKeys {
			return nil, fmt.Errorf("MAT0: block %d has %d keys, more than a u16 holds", i, len(b.Keys))
		}
		out = binary.LittleEndian.AppendUint32(out, b.Header)
		out = binary.LittleEndian.AppendUint16(out, uint16(len(b.Keys)))
		for _, k := range b.Keys {
			out = binary.LittleEndian.AppendUint16(out, k.Phase)
			out = binary.LittleEndian.AppendUint16(out, k.EndMs)
			out = binary.LittleEndian.AppendUint16(out, k.K2)
		}
	}
	return out, nil
}

// Clone returns a deep copy (for undo snapshots and editing).
func (m *Mat0) Clone() *Mat0 {
	c := *m
	c.Prefix = append([]byte(nil), m.Prefix...)
	c.Phases = append([]Phase(nil), m.Phases...)
	c.Blocks = make([]Block, len(m.Blocks))
	for i, b := range m.Blocks {
		c.Blocks[i] = Block{Header: b.Header, Keys: append([]Key(nil), b.Keys...)}
	}
	if len(m.Blocks) == 0 {
		c.Blocks = nil
	}
	return &c
}

// Check returns findings that do not stop decoding: keys naming phases
// that do not exist, and end times that go backwards.
func (m *Mat0) Check() []string {
	var out []string
	for bi := range m.Blocks {
		b := &m.Blocks[bi]
		prev := uint16(0)
		for ki, k := range b.Keys {
			if int(k.Phase) >= len(m.Phases) {
				out = append(out, fmt.Sprintf("block %d key %d names phase %d, the material has %d", bi, ki, k.Phase, len(m.Phases)))
			}
			if k.EndMs < prev {
				out = append(out, fmt.Sprintf("block %d key %d ends at %d ms, before the previous key's %d ms", bi, ki, k.EndMs, prev))
			}
			prev = k.EndMs
		}
	}
	return out
}
