package dds

import (
	"fmt"
	"math/bits"
	"sort"
	"strconv"
	"strings"

	"rummage/formats/dxt"
	"rummage/formats/pixfmt"
)

// Format is how a DDS file stores its pixels: a block compression, or
// bits per pixel with a mask per channel.
type Format struct {
	Name  string   // "DXT1", "A8R8G8B8", "R5G6B5", "L8", "A8L8", ...
	Block dxt.Kind // DXT1 to DXT5, 0 when uncompressed
	Alpha bool     // DXT1: three-colour blocks' fourth colour is transparent
	Bits  int      // bits per pixel (uncompressed: 8, 16, 24 or 32)
	// Masks are the red, green, blue and alpha masks of an uncompressed
	// pixel (a little-endian word of Bits bits); a zero mask reads 0 (255
	// for alpha).
	Masks     [4]uint32
	Luminance bool // the red mask is luminance: green and blue copy it
}

// LevelSize returns the bytes a w×h level takes.
func (f Format) LevelSize(w, h int) int64 {
	if f.Block.Valid() {
		return dxt.LevelSize(int64(w), int64(h), f.Block)
	}
	return int64(w) * int64(h) * int64(f.Bits/8)
}

// fourCCs are the block-compressed FourCC codes. DXT2 and DXT4 are the
// premultiplied-alpha variants of DXT3 and DXT5, decoded to straight alpha.
var fourCCs = map[string]dxt.Kind{"DXT1": dxt.DXT1, "DXT2": dxt.DXT2, "DXT3": dxt.DXT3, "DXT4": dxt.DXT4, "DXT5": dxt.DXT5}

// masked is an uncompressed layout: bits, masks (r, g, b, a), luminance.
type masked struct {
	bits  int
	masks [4]uint32
	lum   bool
}

// dxgiBlocks and dxgiMasked are the DXGI formats of a DX10 header that
// Rummage decodes.
var dxgiBlocks = map[uint32]dxt.Kind{71: dxt.DXT1, 72: dxt.DXT1, 74: dxt.DXT3, 75: dxt.DXT3, 77: dxt.DXT5, 78: dxt.DXT5}

var dxgiMasked = map[uint32]masked{
	28:  {32, [4]uint32{0xFF, 0xFF00, 0xFF0000, 0xFF000000}, false},
	29:  {32, [4]uint32{0xFF, 0xFF00, 0xFF0000, 0xFF000000}, false},
	61:  {8, [4]uint32{0xFF, 0, 0, 0}, false},
	65:  {8, [4]uint32{0, 0, 0, 0xFF}, false},
	85:  {16, [4]uint32{0xF800, 0x7E0, 0x1F, 0}, false},
	86:  {16, [4]uint32{0x7C00, 0x3E0, 0x1F, 0x8000}, false},
	87:  {32, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0xFF000000}, false},
	88:  {32, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0}, false},
	91:  {32, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0xFF000000}, false},
	93:  {32, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0}, false},
	115: {16, [4]uint32{0xF00, 0xF0, 0xF, 0xF000}, false},
}

// formatOf works out the pixel layout from the header.
func formatOf(h *Header) (Format, error) {
	p := h.Pixel
	switch {
	case p.FourCC == "DX10":
		if k, ok := dxgiBlocks[h.DXGI]; ok {
			return blockFormat(k, fmt.Sprintf("BC%d", (int(k)+1)/2)), nil
		}
		if m, ok := dxgiMasked[h.DXGI]; ok {
			return maskFormat(m)
		}
		return Format{}, fmt.Errorf("DXGI format %d", h.DXGI)
	case p.FourCC != "":
		if k, ok := fourCCs[p.FourCC]; ok {
			return blockFormat(k, p.FourCC), nil
		}
		code := uint32(p.FourCC[0]) | uint32(p.FourCC[1])<<8 | uint32(p.FourCC[2])<<16 | uint32(p.FourCC[3])<<24
		if l, ok := pixfmt.D3D(code); ok { // D3DFMT codes some writers store in the FourCC field
			return maskFormat(masked{l.Bits, l.Masks, l.Luminance})
		}
		return Format{}, fmt.Errorf("FourCC %q", printable(p.FourCC))
	case p.Flags&FlagYUV != 0:
		return Format{}, fmt.Errorf("YUV pixel format")
	case p.Flags&(FlagRGB|FlagLuminance|FlagAlpha) != 0:
		m := masked{bits: int(p.BitCount), masks: p.Masks, lum: p.Flags&FlagLuminance != 0}
		if p.Flags&(FlagAlphaPixels|FlagAlpha) == 0 {
			m.masks[3] = 0
		}
		return maskFormat(m)
	}
	return Format{}, fmt.Errorf("pixel format flags 0x%X name no layout", p.Flags)
}

func blockFormat(k dxt.Kind, name string) Format {
	return Format{Name: name, Block: k, Alpha: true, Bits: []int{0, 4, 8, 8, 8, 8}[k]}
}

// maskFormat checks an uncompressed layout and names it.
func maskFormat(m masked) (Format, error) {
	if err := m.layout().Check(); err != nil {
		return Format{}, err
	}
	return Format{Name: maskName(m), Bits: m.bits, Masks: m.masks, Luminance: m.lum}, nil
}

// layout is m as a pixfmt layout.
func (m masked) layout() pixfmt.Layout {
	return pixfmt.Layout{Bits: m.bits, Masks: m.masks, Luminance: m.lum}
}

// maskName names a layout D3DFMT-style, highest bits first: A8R8G8B8,
// X8R8G8B8, R5G6B5, A8L8, L8.
func maskName(m masked) string {
	type part struct {
		letter string
		shift  int
		width  int
	}
	letters := [4]string{"R", "G", "B", "A"}
	if m.lum {
		letters[0] = "L"
	}
	var parts []part
	covered := uint32(0)
	for i, k := range m.masks {
		if k != 0 {
			parts = append(parts, part{letters[i], bits.TrailingZeros32(k), bits.OnesCount32(k)})
			covered |= k
		}
	}
	sort.Slice(parts, func(i, j int) bool { return parts[i].shift > parts[j].shift })
	var sb strings.Builder
	if top := m.bits - (32 - bits.LeadingZeros32(covered)); top > 0 {
		sb.WriteString("X" + strconv.Itoa(top))
	}
	for _, p := range parts {
		sb.WriteString(p.letter + strconv.Itoa(p.width))
	}
	return sb.String()
}

// printable replaces control bytes of a FourCC for messages.
func printable(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c < 0x20 || c > 0x7E {
			b[i] = '?'
		}
	}
	return string(b)
}
