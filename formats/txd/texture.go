// Package txd reads and writes RenderWare texture dictionaries (.txd) of
// GTA III, Vice City and San Andreas: the PS2 native (GIF packets, swizzled
// PSMT8/PSMT4 indices, CSM1 palettes), the PC natives (D3D8 and D3D9:
// truecolour, palettised and DXT) and the Xbox native (Morton-swizzled).
//
// A Dictionary keeps every texture native's original bytes, so an untouched
// file saves byte for byte; an edited texture is encoded again from its
// fields.
package txd

import (
	"fmt"

	"rummage/formats"
	"rummage/formats/rw"
)

// Platform ids: the first u32 of a texture native's struct.
const (
	PlatformD3D8 uint32 = 8
	PlatformD3D9 uint32 = 9
	PlatformXbox uint32 = 5
	PlatformPS2  uint32 = 0x00325350 // "PS2\0"
)

// Raster format bits (rasterFormat word).
const (
	FmtDefault   = 0x0000
	Fmt1555      = 0x0100
	Fmt565       = 0x0200
	Fmt4444      = 0x0300
	FmtLUM8      = 0x0400
	Fmt8888      = 0x0500
	Fmt888       = 0x0600
	Fmt555       = 0x0A00
	FmtPixelMask = 0x0F00
	FmtAutoMip   = 0x1000
	FmtPal8      = 0x2000
	FmtPal4      = 0x4000
	FmtMipmap    = 0x8000
	RasterTex    = 0x04 // raster type TEXTURE in the low byte
)

// Compression of a D3D or Xbox texture: the DXT number (DXT2 and DXT4
// are DXT3 and DXT5 blocks holding colour premultiplied by alpha).
const (
	CompNone = 0
	CompDXT1 = 1
	CompDXT2 = 2
	CompDXT3 = 3
	CompDXT4 = 4
	CompDXT5 = 5
)

// Level is one mip level as stored.
type Level struct {
	Width, Height int    // texels of this level
	Data          []byte // the stored bytes (after the PS2 GIF packet; D3D without its size word)
	Off           int64  // absolute file offset of Data, -1 when built in memory
	// PS2 only.
	GIF        []byte // the 80-byte GIF packet before the data (nil for the headerless layout)
	BufW, BufH int    // transfer buffer size in texels (padded, power of two for swizzled data)
	Swizzled   bool   // PSMT8/PSMT4 data in the PSMCT32/PSMCT16 upload order
}

// PS2Info holds the PS2 raster header and the bits needed to write it back.
type PS2Info struct {
	Width, Height, Depth uint32
	RasterFormat         uint16
	StreamVersion        int16 // 0, 1 or 2 (2 = GIF packets per level)
	TEX0                 uint64
	PaletteOffset        uint32
	Tex1Low              uint32
	MIPTBP1, MIPTBP2     uint64
	PixelSize            uint32
	PaletteSize          uint32
	TotalSize            uint32
	MipmapVal            uint32
	HeaderStamp          uint32 // stamp of the 64-byte header struct (its version rules the CLUT height)
	PalGIF               []byte // GIF packet before the CLUT (nil for the headerless layout)
	PalData              []byte // the CLUT as stored
	PalOff               int64  // absolute offset of PalData
	Tail                 []byte // bytes of the data struct after the palette section
	PixTail              []byte // bytes of the pixel section after the last level read
	NameRaw, MaskRaw     []byte // String payloads as stored (padding kept)
	Experimental         bool   // mipmap headers rebuilt by the allocator's case no real file confirms (gs.go)
}

// D3DInfo holds the fields of the D3D8/D3D9/Xbox header that have no common home.
type D3DInfo struct {
	Alpha      uint32 // D3D8: hasAlpha; D3D9: the D3DFORMAT; Xbox: hasAlpha | cube<<16
	RasterType uint8
	Flags      uint8 // D3D8: compression byte; D3D9: flags; Xbox: Xbox D3DFORMAT code
	PalRaw     []byte
	TotalSize  uint32 // Xbox only
	LevelCount int    // the stored level count byte
	// NameRaw and MaskRaw are the 32-byte name fields as stored: bytes
	// after the terminating NUL are kept when the name is unchanged.
	NameRaw, MaskRaw []byte
	Tail             []byte // struct bytes after the last level read
}

// Texture is one texture native.
type Texture struct {
	Platform     uint32
	FilterWord   uint32 // filter | u<<8 | v<<12 (upper bits kept as stored)
	Name, Mask   string
	RasterFormat uint32
	Depth        int
	Width        int
	Height       int
	Levels       []Level
	zeroCount    int64 // offset of a stored level count of 0 that was read as 1, else 0
	Compression  int   // CompDXT1 to CompDXT5 or 0 (D3D, Xbox)
	PS2          *PS2Info
	D3D          *D3DInfo
	Stamp        uint32 // library ID of the texture native chunk
	Ext          []byte // payload of the texture's Extension chunk (nil when absent)
	HasExt       bool
	SkyMipmap    uint32 // Sky Mipmap Val from the extension (PS2), valid when HasSky
	HasSky       bool
	Off          int64 // absolute offset of the chunk, -1 when built
	Diags        []formats.Diagnostic

	raw []byte // the original chunk bytes; nil once edited
}

// Edited reports whether the texture no longer matches its original bytes.
func (t *Texture) Edited() bool { return t.raw == nil }

// Raw returns the original chunk bytes, or nil for an edited texture.
func (t *Texture) Raw() []byte { return t.raw }

// Clone returns a copy that will be encoded anew (edits start here).
func (t *Texture) Clone() *Texture {
	c := *t
	c.raw = nil
	c.Levels = append([]Level(nil), t.Levels...)
	if t.PS2 != nil {
		p := *t.PS2
		c.PS2 = &p
	}
	if t.D3D != nil {
		d := *t.D3D
		c.D3D = &d
	}
	c.Diags = nil
	return &c
}

func (t *Texture) diag(off int64, format string, args ...any) {
	t.Diags = append(t.Diags, formats.Diagnostic{Off: off, Msg: fmt.Sprintf(format, args...)})
}

// PlatformName returns "ps2", "d3d8", "d3d9" or "xbox".
func (t *Texture) PlatformName() string { return PlatformName(t.Platform) }

// PlatformName names a platform id.
func PlatformName(p uint32) string {
	switch p {
	case PlatformPS2:
		return "ps2"
	case PlatformD3D8:
		return "d3d8"
	case PlatformD3D9:
		return "d3d9"
	case PlatformXbox:
		return "xbox"
	}
	return fmt.Sprintf("0x%X", p)
}

// PixelFormat returns the rasterFormat pixel bits.
func (t *Texture) PixelFormat() uint32 { return t.RasterFormat & FmtPixelMask }

// Palettised reports PAL4 or PAL8.
func (t *Texture) Palettised() bool { return t.RasterFormat&(FmtPal4|FmtPal8) != 0 }

// PaletteEntries returns 16 or 256 for PS2 (32 for a D3D PAL4), 0 when none.
func (t *Texture) PaletteEntries() int {
	switch {
	case t.RasterFormat&FmtPal8 != 0:
		return 256
	case t.RasterFormat&FmtPal4 != 0:
		if t.Platform == PlatformPS2 {
			return 16
		}
		return 32
	}
	return 0
}

// FormatName returns the short format name of the contract: "PAL8", "PAL4",
// "DXT1" to "DXT5", "8888", "888", "565", "555", "1555", "4444", "LUM8", or
// for a D3D9 raster stored in a D3DFORMAT that has no RenderWare raster
// format its D3D name ("A8L8", "A4L4", "A8", ...).
func (t *Texture) FormatName() string {
	switch {
	case t.RasterFormat&FmtPal8 != 0:
		return "PAL8"
	case t.RasterFormat&FmtPal4 != 0:
		return "PAL4"
	case t.Compression != 0:
		return fmt.Sprintf("DXT%d", t.Compression)
	}
	if l, ok := t.d3dOnlyLayout(); ok {
		return l.Name
	}
	return pixelName(t.effectivePixel())
}

func pixelName(p uint32) string {
	switch p {
	case Fmt1555:
		return "1555"
	case Fmt565:
		return "565"
	case Fmt4444:
		return "4444"
	case FmtLUM8:
		return "LUM8"
	case Fmt8888:
		return "8888"
	case Fmt888:
		return "888"
	case Fmt555:
		return "555"
	case 0:
		return "default"
	}
	return fmt.Sprintf("0x%X", p)
}

// effectivePixel returns the pixel format used to decode a truecolour raster:
// the D3D9 D3DFORMAT when it is a known one, else the rasterFormat bits.
func (t *Texture) effectivePixel() uint32 {
	if t.Platform == PlatformD3D9 && t.D3D != nil {
		switch t.D3D.Alpha {
		case 21:
			return Fmt8888
		case 22, 20:
			return Fmt888
		case 23:
			return Fmt565
		case 24:
			return Fmt555
		case 25:
			return Fmt1555
		case 26:
			return Fmt4444
		case 50:
			return FmtLUM8
		}
	}
	p := t.PixelFormat()
	if p == 0 && t.Platform == PlatformPS2 {
		switch t.Depth {
		case 32:
			return Fmt8888
		case 16:
			return Fmt1555
		}
	}
	return p
}

// Swizzled reports whether the stored data of level 0 is swizzled.
func (t *Texture) Swizzled() bool {
	if t.Platform == PlatformXbox {
		return t.Compression == 0
	}
	return len(t.Levels) > 0 && t.Levels[0].Swizzled
}

// The names of the filter modes and of the addressing modes, by value.
var filterNames = []string{"NA", "NEAREST", "LINEAR", "MIPNEAREST", "MIPLINEAR", "LINEARMIPNEAREST", "LINEARMIPLINEAR"}
var addressNames = []string{"NA", "WRAP", "MIRROR", "CLAMP", "BORDER"}

// FilterModes returns the names of the filter modes, indexed by mode.
func FilterModes() []string { return append([]string(nil), filterNames...) }

// AddressModes returns the names of the addressing modes, indexed by mode.
func AddressModes() []string { return append([]string(nil), addressNames...) }

// FilterName names a filter mode (FilterWord & 0xFF).
func FilterName(f uint32) string {
	if int(f) < len(filterNames) {
		return filterNames[f]
	}
	return fmt.Sprintf("0x%X", f)
}

// AddressName names an addressing mode.
func AddressName(a uint32) string {
	if int(a) < len(addressNames) {
		return addressNames[a]
	}
	return fmt.Sprintf("0x%X", a)
}

// Filter returns the filter mode.
func (t *Texture) Filter() uint32 { return t.FilterWord & 0xFF }

// UAddress returns the U addressing mode.
func (t *Texture) UAddress() uint32 { return t.FilterWord >> 8 & 0xF }

// VAddress returns the V addressing mode.
func (t *Texture) VAddress() uint32 { return t.FilterWord >> 12 & 0xF }

// SetFilter sets filter and addressing, keeping the upper bits of the word.
func (t *Texture) SetFilter(filter, u, v uint32) {
	t.FilterWord = t.FilterWord&^0xFFFF | filter&0xFF | (u&0xF)<<8 | (v&0xF)<<12
}

// Version returns the RW version that rules decoding (for PS2 the inner
// header's stamp).
func (t *Texture) Version() uint32 {
	if t.PS2 != nil && t.PS2.HeaderStamp != 0 {
		return rw.Header{Stamp: t.PS2.HeaderStamp}.Version()
	}
	return rw.Header{Stamp: t.Stamp}.Version()
}

// RWVersion returns the RW version of the texture native chunk as text
// ("3.6.0.3"), the contract's rwVersion.
func (t *Texture) RWVersion() string { return rw.VersionString(rw.Header{Stamp: t.Stamp}.Version()) }

// PaletteFormatName names the palette entry format ("8888", "888", "1555"), "" without a palette.
func (t *Texture) PaletteFormatName() string {
	if !t.Palettised() {
		return ""
	}
	return pixelName(t.PixelFormat())
}

// Describe returns the contract's texture fields. The name and mask are
// escaped as node paths print them (formats.EscapeName): a name that is
// not UTF-8 keeps its bytes as %XX, and equals the texture's path segment.
func (t *Texture) Describe() map[string]any {
	return map[string]any{
		"kind":          string(formats.KindTexture),
		"name":          formats.EscapeName(t.Name),
		"width":         t.Width,
		"height":        t.Height,
		"levels":        len(t.Levels),
		"format":        t.FormatName(),
		"platform":      t.PlatformName(),
		"rwVersion":     t.RWVersion(),
		"depth":         t.Depth,
		"rasterFormat":  t.RasterFormat,
		"paletteFormat": t.PaletteFormatName(),
		"swizzled":      t.Swizzled(),
		"filter":        FilterName(t.Filter()),
		"uAddress":      AddressName(t.UAddress()),
		"vAddress":      AddressName(t.VAddress()),
		"mask":          formats.EscapeName(t.Mask),
	}
}
