package dds

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/draw"
	"math/bits"

	"rummage/formats/dxt"
	"rummage/formats/mip"
)

// Header flags the writer sets (DDS_HEADER.dwFlags, dwCaps).
const (
	flagsRequired  = 0x1 | 0x2 | 0x4 | 0x1000 // CAPS, HEIGHT, WIDTH, PIXELFORMAT
	flagPitch      = 0x8
	flagMipCount   = 0x20000
	flagLinearSize = 0x80000
	capsTexture    = 0x1000
	capsComplex    = 0x8
	capsMipmap     = 0x400000
)

// Encode writes img as a DDS file in format f (a block format from
// BlockFormat or an uncompressed one from MaskFormat) with levels mip
// levels, each a 2×2 box filter of the one before (0 or less, or more than
// the sides allow: the full chain down to 1×1). Rummage uses it for test fixtures and sample textures.
func Encode(img image.Image, f Format, levels int) ([]byte, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 || w > MaxSide || h > MaxSide {
		return nil, fmt.Errorf("dds: cannot write a %d×%d image", w, h)
	}
	if !f.Block.Valid() && f.Bits == 0 {
		return nil, fmt.Errorf("dds: format %q has neither a block kind nor bits per pixel", f.Name)
	}
	if levels <= 0 || levels > fullChain(w, h) {
		levels = fullChain(w, h)
	}
	src := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(src, src.Rect, img, b.Min, draw.Src)
	out := f.header(w, h, levels)
	for i := 0; i < levels; i++ {
		if i > 0 {
			src = mip.Halve(src)
		}
		if f.Block.Valid() {
			out = append(out, dxt.Encode(src, f.Block)...)
		} else {
			out = append(out, f.encodeMasked(src)...)
		}
	}
	return out, nil
}

// BlockFormat returns the format of FourCC DXT1, DXT3 or DXT5.
func BlockFormat(k dxt.Kind) Format { return blockFormat(k, fmt.Sprintf("DXT%d", int(k))) }

// MaskFormat returns an uncompressed format of bits per pixel and red,
// green, blue and alpha masks (luminance: the red mask is luminance).
func MaskFormat(bits int, r, g, b, a uint32, luminance bool) (Format, error) {
	return maskFormat(masked{bits: bits, masks: [4]uint32{r, g, b, a}, lum: luminance})
}

// header returns the magic and the 124-byte header.
func (f Format) header(w, h, levels int) []byte {
	out := make([]byte, HeaderSize)
	le := binary.LittleEndian
	copy(out, Magic)
	flags, caps := uint32(flagsRequired), uint32(capsTexture)
	if levels > 1 {
		flags |= flagMipCount
		caps |= capsComplex | capsMipmap
	}
	if f.Block.Valid() {
		flags |= flagLinearSize
	} else {
		flags |= flagPitch
	}
	le.PutUint32(out[4:], 124)
	le.PutUint32(out[8:], flags)
	le.PutUint32(out[12:], uint32(h))
	le.PutUint32(out[16:], uint32(w))
	if f.Block.Valid() {
		le.PutUint32(out[20:], uint32(f.LevelSize(w, h)))
	} else {
		le.PutUint32(out[20:], uint32(w*f.Bits/8))
	}
	le.PutUint32(out[28:], uint32(levels))
	p := out[pixelFmtOff:]
	le.PutUint32(p, pixelFmtSize)
	if f.Block.Valid() {
		le.PutUint32(p[4:], FlagFourCC)
		copy(p[8:], fmt.Sprintf("DXT%d", int(f.Block)))
	} else {
		le.PutUint32(p[4:], f.pixelFlags())
		le.PutUint32(p[12:], uint32(f.Bits))
		for i, m := range f.Masks {
			le.PutUint32(p[16+4*i:], m)
		}
	}
	le.PutUint32(out[108:], caps)
	return out
}

// pixelFlags are the DDS_PIXELFORMAT flags of an uncompressed format.
func (f Format) pixelFlags() uint32 {
	var fl uint32
	switch {
	case f.Luminance:
		fl = FlagLuminance
	case f.Masks[0]|f.Masks[1]|f.Masks[2] == 0:
		fl = FlagAlpha
	default:
		fl = FlagRGB
	}
	if f.Masks[3] != 0 && fl != FlagAlpha {
		fl |= FlagAlphaPixels
	}
	return fl
}

// encodeMasked packs img's pixels with the format's masks.
func (f Format) encodeMasked(img *image.NRGBA) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	n := f.Bits / 8
	out := make([]byte, w*h*n)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := img.Pix[y*img.Stride+4*x:]
			var v uint32
			for c, m := range f.Masks {
				if m == 0 {
					continue
				}
				s := uint(bits.TrailingZeros32(m))
				mx := uint64(m >> s)
				v |= uint32((uint64(p[c])*mx+127)/255) << s
			}
			o := out[(y*w+x)*n:]
			for k := 0; k < n; k++ {
				o[k] = byte(v >> (8 * k))
			}
		}
	}
	return out
}
