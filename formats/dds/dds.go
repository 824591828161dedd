// Package dds reads DirectDraw Surface textures (.dds): the 128-byte
// header (and the DX10 extension), DXT1/DXT3/DXT5 block compression,
// uncompressed RGB(A), luminance and alpha layouts described by bit masks,
// and the mip chain. Pixels decode to straight-alpha *image.NRGBA, one
// level at a time, read from an io.ReaderAt only when asked for.
//
// Cube maps show their first face (+X); volume textures are unsupported.
package dds

import (
	"encoding/binary"
	"fmt"
	"image"
	"io"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/dxt"
)

// Magic starts every DDS file.
const Magic = "DDS "

// Sizes of the header parts.
const (
	HeaderSize   = 4 + 124 // magic and DDS_HEADER
	DX10Size     = 20      // DDS_HEADER_DXT10
	pixelFmtOff  = 4 + 72  // DDS_PIXELFORMAT inside the file
	pixelFmtSize = 32
)

// Pixel-format flags (DDS_PIXELFORMAT.dwFlags).
const (
	FlagAlphaPixels = 0x1     // the alpha mask is valid
	FlagAlpha       = 0x2     // alpha only (A8)
	FlagFourCC      = 0x4     // FourCC names a compressed format
	FlagRGB         = 0x40    // uncompressed RGB, masks valid
	FlagYUV         = 0x200   // YUV (unsupported)
	FlagLuminance   = 0x20000 // luminance in the red mask
)

// Caps2 bits.
const (
	Caps2Cubemap = 0x200
	Caps2Volume  = 0x200000
)

// Caps on what a header may ask for (far above real game textures).
const (
	MaxSide   = 1 << 14 // pixels on a side (Direct3D 10's limit): level 0 decodes to at most 1 GiB
	MaxLevels = 15      // a 16384-pixel side has 15 levels
)

// PixelFormat is DDS_PIXELFORMAT.
type PixelFormat struct {
	Flags    uint32
	FourCC   string // four characters, "" when FlagFourCC is clear
	BitCount uint32
	Masks    [4]uint32 // red, green, blue, alpha
}

// Header is the decoded file header and where each level sits.
type Header struct {
	Flags       uint32
	Width       int
	Height      int
	Pitch       uint32 // dwPitchOrLinearSize as stored
	Depth       uint32
	MipCount    uint32 // dwMipMapCount as stored
	Caps, Caps2 uint32
	Pixel       PixelFormat
	DXGI        uint32 // DX10 header's DXGI_FORMAT, 0 without one

	Format Format  // how the pixels are stored
	Levels []Level // the levels present in the file, largest first
	Faces  int     // 6 for a cube map, else 1
}

// Level is one mip level: its size and its bytes' place in the file.
type Level struct {
	Width  int   `json:"width"`
	Height int   `json:"height"`
	Offset int64 `json:"offset"` // absolute
	Size   int64 `json:"size"`
}

// File is an opened DDS file: the header, and the bytes read on demand.
type File struct {
	Header
	Diags []formats.Diagnostic

	r    io.ReaderAt
	base int64
	size int64
}

// Open reads and checks the header of the DDS file in r (size bytes; base
// is the absolute offset of r's byte 0, for errors). Pixels are read by
// Image.
func Open(r io.ReaderAt, base, size int64) (*File, error) {
	b, err := binread.ReadAt(r, base, 0, min(size, HeaderSize+DX10Size), size)
	if err != nil {
		return nil, err
	}
	if len(b) < HeaderSize || string(b[:4]) != Magic {
		return nil, binread.Errorf(base, "not a DDS file: no \"DDS \" magic and 124-byte header")
	}
	f := &File{r: r, base: base, size: size}
	if err := f.parseHeader(b); err != nil {
		return nil, err
	}
	if err := f.layout(); err != nil {
		return nil, err
	}
	return f, nil
}

// parseHeader decodes the fixed header (and the DX10 one) from b.
func (f *File) parseHeader(b []byte) error {
	le := binary.LittleEndian
	h := &f.Header
	if n := le.Uint32(b[4:]); n != 124 {
		f.diag(4, "header size field is %d, not 124", n)
	}
	h.Flags = le.Uint32(b[8:])
	hh, ww := le.Uint32(b[12:]), le.Uint32(b[16:])
	h.Pitch, h.Depth, h.MipCount = le.Uint32(b[20:]), le.Uint32(b[24:]), le.Uint32(b[28:])
	if ww == 0 || hh == 0 || ww > MaxSide || hh > MaxSide {
		return binread.Errorf(f.base+12, "%d×%d pixels: each side must be 1..%d", ww, hh, MaxSide)
	}
	h.Width, h.Height = int(ww), int(hh)
	p := b[pixelFmtOff:]
	if n := le.Uint32(p); n != pixelFmtSize {
		f.diag(pixelFmtOff, "pixel format size field is %d, not 32", n)
	}
	h.Pixel = PixelFormat{Flags: le.Uint32(p[4:]), BitCount: le.Uint32(p[12:]),
		Masks: [4]uint32{le.Uint32(p[16:]), le.Uint32(p[20:]), le.Uint32(p[24:]), le.Uint32(p[28:])}}
	if h.Pixel.Flags&FlagFourCC != 0 {
		h.Pixel.FourCC = string(p[8:12])
	}
	h.Caps, h.Caps2 = le.Uint32(b[108:]), le.Uint32(b[112:])
	if h.Caps2&Caps2Volume != 0 && h.Depth > 1 {
		return binread.Unsupportedf(f.base+112, "volume texture (depth %d)", h.Depth)
	}
	h.Faces = 1
	if h.Caps2&Caps2Cubemap != 0 {
		h.Faces = 6
		f.diag(112, "cube map: only its first face (+X) is shown")
	}
	if h.Pixel.FourCC == "DX10" {
		if len(b) < HeaderSize+DX10Size {
			return binread.Errorf(f.base+int64(len(b)), "the DX10 header runs past the end of the file")
		}
		h.DXGI = le.Uint32(b[HeaderSize:])
	}
	fm, err := formatOf(h)
	if err != nil {
		return binread.Unsupportedf(f.base+pixelFmtOff, "%w", err)
	}
	h.Format = fm
	return nil
}

// dataStart is where level 0 begins, relative to r.
func (f *File) dataStart() int64 {
	if f.DXGI != 0 || f.Pixel.FourCC == "DX10" {
		return HeaderSize + DX10Size
	}
	return HeaderSize
}

// layout lists the levels that fit in the file: the stored mip count
// (1 when 0), capped by how many halvings the sides allow.
func (f *File) layout() error {
	want := max(int(min(f.MipCount, MaxLevels)), 1)
	if f.MipCount > MaxLevels {
		f.diag(28, "mip count %d is more than %d; reading at most %d", f.MipCount, MaxLevels, MaxLevels)
	}
	if most := fullChain(f.Width, f.Height); want > most {
		f.diag(28, "mip count %d is more than a %d×%d texture has (%d); reading %d", f.MipCount, f.Width, f.Height, most, most)
		want = most
	}
	off := f.dataStart()
	for i := 0; i < want; i++ {
		w, h := max(f.Width>>i, 1), max(f.Height>>i, 1)
		n := f.Format.LevelSize(w, h)
		if n > f.size-off {
			if i == 0 {
				return binread.Errorf(f.base+off, "level 0 (%d×%d %s) needs %d bytes, the file has %d after the header",
					w, h, f.Format.Name, n, f.size-off)
			}
			f.diag(off, "the file ends inside mip level %d (%d×%d needs %d bytes, %d remain): %d of %d levels read",
				i, w, h, n, f.size-off, i, want)
			break
		}
		f.Levels = append(f.Levels, Level{Width: w, Height: h, Offset: f.base + off, Size: n})
		off += n
	}
	if f.Faces == 1 && off < f.size && len(f.Levels) == want {
		f.diag(off, "%d bytes after the last mip level", f.size-off)
	}
	return nil
}

// fullChain is the number of levels down to 1×1.
func fullChain(w, h int) int {
	n := 1
	for s := max(w, h); s > 1; s >>= 1 {
		n++
	}
	return n
}

func (f *File) diag(rel int64, format string, args ...any) {
	f.Diags = append(f.Diags, formats.Diagnostic{Off: f.base + rel, Msg: binread.Errorf(f.base+rel, format, args...).Msg})
}

// Image decodes level i (0 = full size).
func (f *File) Image(i int) (*image.NRGBA, error) {
	if i < 0 || i >= len(f.Levels) {
		return nil, fmt.Errorf("level %d out of range (%d levels)", i, len(f.Levels))
	}
	L := f.Levels[i]
	b, err := binread.ReadAt(f.r, f.base, L.Offset-f.base, L.Size, f.size)
	if err != nil {
		return nil, err
	}
	if f.Format.Block.Valid() {
		return dxt.Decode(b, L.Width, L.Height, f.Format.Block, f.Format.Alpha, L.Offset)
	}
	return f.Format.decodeMasked(b, L.Width, L.Height), nil
}
