// Package texm reads and writes Parkan: Iron Strategy Texm textures: a
// 32-byte header, a palette for format 0, the full mip chain and an
// optional 'Page' table of rectangles (docs/formats/parkan.md).
//
// Pixels decode to straight-alpha *image.NRGBA with the BGRA reading of
// docs/formats/parkan.md: 8888 is stored B,G,R,A, 888 B,G,R,X and palettes B,G,R,X.
// Formats 1 and 2 index a palette that is not stored with the texture;
// they decode as grey indices.
package texm

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"io"
	"strconv"

	"rummage/formats/binread"
)

// Magic is the first four bytes of a texture.
const Magic = "Texm"

// PageMagic starts the optional page table after the last mip.
const PageMagic = "Page"

// HeaderSize is the size of the fixed header.
const HeaderSize = 32

// PaletteSize is the size of the format-0 palette (256 × B,G,R,X).
const PaletteSize = 1024

// The pixel formats: the header stores the channel widths as a decimal literal.
const (
	FormatPal8    = 0    // 8-bit indices into the palette that follows the header
	FormatIndex8S = 1    // 8-bit indices into an external palette (1997 ship textures, drawn in the space palette)
	FormatIndex8  = 2    // 8-bit indices into an external palette (the font atlas; 1997 interior textures)
	Format565     = 565  // u16 R5 G6 B5
	Format556     = 556  // u16 R5 G5 B6
	Format4444    = 4444 // u16 A4 R4 G4 B4
	Format88      = 88   // u16 luminance (high byte) and alpha (low byte)
	Format888     = 888  // B, G, R, X
	Format8888    = 8888 // B, G, R, A
	FlagAlpha     = 0x1000000
	FlagFade      = 0x2000000
	maxMipLevels  = 32
	maxDimensions = 1 << 16
)

// BytesPerPixel returns the storage size of a pixel, 0 for an unknown format.
func BytesPerPixel(format uint32) int {
	switch format {
	case FormatPal8, FormatIndex8S, FormatIndex8:
		return 1
	case Format565, Format556, Format4444, Format88:
		return 2
	case Format888, Format8888:
		return 4
	}
	return 0
}

// FormatName returns the JSON name of a format: "PAL8", "IDX8" or the
// decimal literal ("1", "565", "8888", ...). Format 1 keeps its number:
// which palette it indexes is not known for sure.
func FormatName(format uint32) string {
	switch format {
	case FormatPal8:
		return "PAL8"
	case FormatIndex8:
		return "IDX8"
	}
	return strconv.FormatUint(uint64(format), 10)
}

// ExternalPalette reports a format whose palette is not stored with the
// texture (formats 1 and 2): its pixels are shown as grey indices.
func ExternalPalette(format uint32) bool {
	return format == FormatIndex8S || format == FormatIndex8
}

// Header is the fixed 32-byte header.
type Header struct {
	Width, Height uint32
	Mips          uint32
	Flags4        uint32 // 32 on mip-mapped textures
	Flags5        uint32 // exporter flags: bit 24 alpha surface, bit 25 fade palette
	Unk6          uint32 // a colour recorded by the exporter, kept verbatim
	Format        uint32
}

// Page is one rectangle of the page table, in mip-0 pixels.
type Page struct {
	X int16 `json:"x"`
	Y int16 `json:"y"`
	W int16 `json:"w"`
	H int16 `json:"h"`
}

// Rect returns the page as an image rectangle.
func (p Page) Rect() image.Rectangle {
	return image.Rect(int(p.X), int(p.Y), int(p.X)+int(p.W), int(p.Y)+int(p.H))
}

// Texture is an opened texture: its header, palette and page table; the
// pixels are read on demand.
type Texture struct {
	Header
	Palette   []byte // 1024 bytes for format 0, else nil
	Pages     []Page
	HasPages  bool    // a page table is present (possibly with no rectangles)
	LevelOffs []int64 // offset of each mip level from the start of the data
	r         io.ReaderAt
	base      int64
}

// LevelSize returns the pixel size of mip level i.
func (h *Header) LevelSize(i int) (w, ht int) {
	return max(1, int(h.Width>>uint(i))), max(1, int(h.Height>>uint(i)))
}

// ChannelOrderDisputed reports a format whose colour channel order the
// public readers dispute (docs/formats/parkan.md): 8888, 888 and the PAL8
// palette are read here as B,G,R[,A] bytes, elsewhere as R,G,B. Viewers
// offer the other reading for these.
func (h *Header) ChannelOrderDisputed() bool {
	switch h.Format {
	case Format888, Format8888, FormatPal8:
		return true
	}
	return false
}

// NewTexture reads the header, the palette and the page table of a
// texture: base is the absolute file offset of r's byte 0 (for errors),
// size its byte size. The data must end exactly at the last mip or at the
// end of the page table.
func NewTexture(r io.ReaderAt, base, size int64) (*Texture, error) {
	hb, err := binread.ReadAt(r, base, 0, HeaderSize, size)
	if err != nil {
		return nil, fmt.Errorf("texm header: %w", err)
	}
	c := binread.NewCursor(hb, base)
	if string(c.Take(4)) != Magic {
		return nil, binread.Errorf(base, "Texm: bad magic % X, want \"Texm\"", hb[:4])
	}
	t := &Texture{r: r, base: base}
	t.Width, t.Height, t.Mips = c.U32(), c.U32(), c.U32()
	t.Flags4, t.Flags5, t.Unk6, t.Format = c.U32(), c.U32(), c.U32(), c.U32()
	switch {
	case t.Width == 0 || t.Height == 0 || t.Width > maxDimensions || t.Height > maxDimensions:
		return nil, binread.Errorf(base+4, "Texm: bad size %d×%d", t.Width, t.Height)
	case t.Mips == 0 || t.Mips > maxMipLevels:
		return nil, binread.Errorf(base+12, "Texm: bad mip count %d", t.Mips)
	}
	bpp := BytesPerPixel(t.Format)
	if bpp == 0 {
		return nil, binread.Unsupportedf(base+28, "Texm pixel format %d", t.Format)
	}
	off := int64(HeaderSize)
	if t.Format == FormatPal8 {
		t.Palette, err = binread.ReadAt(r, base, off, PaletteSize, size)
		if err != nil {
			return nil, fmt.Errorf("texm palette: %w", err)
		}
		off += PaletteSize
	}
	for i := 0; i < int(t.Mips); i++ {
		w, h := t.LevelSize(i)
		t.LevelOffs = append(t.LevelOffs, off)
		n := int64(w) * int64(h) * int64(bpp)
		if n > size-off {
			return nil, binread.Errorf(base+off, "Texm: mip %d (%d×%d, %d bytes) runs past the end (%d bytes remain)", i, w, h, n, size-off)
		}
		off += n
	}
	if rest := size - off; rest > 0 {
		if err := t.readPages(off, rest); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// readPages reads the 'Page' table in the rest bytes after the last mip,
// at off.
func (t *Texture) readPages(off, rest int64) error {
	r, base, size := t.r, t.base, off+rest
	if rest < 8 {
		return binread.Errorf(base+off, "Texm: %d trailing bytes after the last mip", rest)
	}
	ph, err := binread.ReadAt(r, base, off, 8, size)
	if err != nil {
		return err
	}
	if string(ph[:4]) != PageMagic {
		return binread.Errorf(base+off, "Texm: %d trailing bytes after the last mip (no 'Page' table)", rest)
	}
	n := int64(binary.LittleEndian.Uint32(ph[4:]))
	if 8+8*n != rest {
		return binread.Errorf(base+off+4, "Texm: page table of %d rectangles needs %d bytes, %d remain", n, 8+8*n, rest)
	}
	body, err := binread.ReadAt(r, base, off+8, 8*n, size)
	if err != nil {
		return err
	}
	t.HasPages = true
	pc := binread.NewCursor(body, base+off+8)
	t.Pages = make([]Page, n)
	for i := range t.Pages {
		// Stored x, w, y, h.
		t.Pages[i].X, t.Pages[i].W, t.Pages[i].Y, t.Pages[i].H = pc.I16(), pc.I16(), pc.I16(), pc.I16()
	}
	return nil
}

// LevelBytes reads the stored bytes of mip level i.
func (t *Texture) LevelBytes(i int) ([]byte, error) {
	if i < 0 || i >= len(t.LevelOffs) {
		return nil, fmt.Errorf("texm: no mip level %d (%d levels)", i, len(t.LevelOffs))
	}
	w, h := t.LevelSize(i)
	n := int64(w) * int64(h) * int64(BytesPerPixel(t.Format))
	return binread.ReadAt(t.r, t.base, t.LevelOffs[i], n, t.LevelOffs[i]+n)
}

// Image decodes mip level i.
func (t *Texture) Image(i int) (*image.NRGBA, error) {
	b, err := t.LevelBytes(i)
	if err != nil {
		return nil, err
	}
	w, h := t.LevelSize(i)
	return Decode(b, w, h, t.Format, t.Palette, t.Flags5)
}

// Paletted returns mip level i of a format-0 texture as its indices and
// the palette Image decodes them through (index 0 transparent on an alpha
// surface), nil for the other formats.
func (t *Texture) Paletted(i int) (*image.Paletted, error) {
	if t.Format != FormatPal8 {
		return nil, nil
	}
	b, err := t.LevelBytes(i)
	if err != nil {
		return nil, err
	}
	if len(t.Palette) < PaletteSize {
		return nil, fmt.Errorf("texm: format 0 without its palette")
	}
	w, h := t.LevelSize(i)
	pal := make(color.Palette, 256)
	for k := range pal {
		p := t.Palette[4*k : 4*k+4]
		pal[k] = color.NRGBA{p[2], p[1], p[0], 255}
	}
	if t.Flags5&(FlagAlpha|FlagFade) != 0 {
		c := pal[0].(color.NRGBA)
		c.A = 0
		pal[0] = c
	}
	img := image.NewPaletted(image.Rect(0, 0, w, h), pal)
	copy(img.Pix, b[:w*h])
	return img, nil
}

func rep5(x uint16) uint8 { return uint8(x<<3 | x>>2) }
func rep6(x uint16) uint8 { return uint8(x<<2 | x>>4) }

// Decode turns stored pixels into an image. palette is the format-0
// palette (B,G,R,X); flags5 with FlagAlpha or FlagFade makes index 0
// transparent (the engine's colour key on alpha surfaces).
func Decode(b []byte, w, h int, format uint32, palette []byte, flags5 uint32) (*image.NRGBA, error) {
	bpp := BytesPerPixel(format)
	if bpp == 0 {
		return nil, binread.Unsupportedf(-1, "texm pixel format %d", format)
	}
	if len(b) < w*h*bpp {
		return nil, fmt.Errorf("texm: %d bytes for %d×%d pixels of format %d", len(b), w, h, format)
	}
	if format == FormatPal8 && len(palette) < PaletteSize {
		return nil, fmt.Errorf("texm: format 0 without its palette")
	}
	// Only an alpha surface (flag bit 24 or the fade palette's bit 25) has
	// the colour key: palette index 0 is transparent (docs/formats/parkan.md).
	keyed := flags5&(FlagAlpha|FlagFade) != 0
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	px := img.Pix
	n := w * h
	for i := 0; i < n; i++ {
		o := px[4*i : 4*i+4 : 4*i+4]
		switch format {
		case FormatPal8:
			idx := int(b[i])
			p := palette[4*idx : 4*idx+4]
			o[0], o[1], o[2], o[3] = p[2], p[1], p[0], 255
			if idx == 0 && keyed {
				o[3] = 0
			}
		case FormatIndex8S, FormatIndex8:
			o[0], o[1], o[2], o[3] = b[i], b[i], b[i], 255
			if b[i] == 0 && keyed {
				o[3] = 0
			}
		case Format565:
			v := binary.LittleEndian.Uint16(b[2*i:])
			o[0], o[1], o[2], o[3] = rep5(v>>11&31), rep6(v>>5&63), rep5(v&31), 255
		case Format556:
			v := binary.LittleEndian.Uint16(b[2*i:])
			o[0], o[1], o[2], o[3] = rep5(v>>11&31), rep5(v>>6&31), rep6(v&63), 255
		case Format4444:
			v := binary.LittleEndian.Uint16(b[2*i:])
			o[0], o[1], o[2], o[3] = uint8(v>>8&15)*17, uint8(v>>4&15)*17, uint8(v&15)*17, uint8(v>>12)*17
		case Format88:
			l, a := b[2*i+1], b[2*i]
			o[0], o[1], o[2], o[3] = l, l, l, a
		case Format888:
			o[0], o[1], o[2], o[3] = b[4*i+2], b[4*i+1], b[4*i], 255
		case Format8888:
			o[0], o[1], o[2], o[3] = b[4*i+2], b[4*i+1], b[4*i], b[4*i+3]
		}
	}
	return img, nil
}
