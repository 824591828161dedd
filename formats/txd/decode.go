package txd

import (
	"encoding/binary"
	"fmt"
	"image"

	"rummage/formats/binread"
)

// Image decodes mip level lv to straight-alpha NRGBA.
func (t *Texture) Image(lv int) (*image.NRGBA, error) {
	if lv < 0 || lv >= len(t.Levels) {
		return nil, fmt.Errorf("texture %q has no level %d (%d levels)", t.Name, lv, len(t.Levels))
	}
	switch t.Platform {
	case PlatformPS2:
		return t.ps2Image(lv, false)
	case PlatformD3D8, PlatformD3D9:
		return t.d3dImage(lv)
	case PlatformXbox:
		return t.xboxImage(lv)
	}
	return nil, binread.Unsupportedf(t.Off, "texture platform 0x%X", t.Platform)
}

// StoredImage decodes the PS2 transfer buffer of level lv in stored order:
// the whole padded buffer, not unswizzled, through the palette. For other
// platforms it is Image.
func (t *Texture) StoredImage(lv int) (*image.NRGBA, error) {
	if t.Platform != PlatformPS2 {
		return t.Image(lv)
	}
	if lv < 0 || lv >= len(t.Levels) {
		return nil, fmt.Errorf("texture %q has no level %d", t.Name, lv)
	}
	return t.ps2Image(lv, true)
}

// Palette returns the decoded palette as NRGBA words (R in the low byte), or nil.
func (t *Texture) Palette() []uint32 {
	if !t.Palettised() {
		return nil
	}
	var p []uint32
	switch t.Platform {
	case PlatformPS2:
		p = t.ps2Palette()
	case PlatformD3D8, PlatformD3D9:
		p = t.d3dPalette(false)
	case PlatformXbox:
		p = t.d3dPalette(true)
	default:
		return nil
	}
	return p[:t.PaletteEntries()]
}

func putPix(pix []byte, o int, v uint32) { binary.LittleEndian.PutUint32(pix[o:], v) }

func (t *Texture) ps2Image(lv int, stored bool) (*image.NRGBA, error) {
	L := &t.Levels[lv]
	w, h := L.Width, L.Height
	if stored {
		w, h = L.BufW, L.BufH
	}
	need := L.BufW * L.BufH * t.Depth / 8
	if len(L.Data) < need {
		return nil, binread.Errorf(L.Off, "level %d has %d bytes, want %d", lv, len(L.Data), need)
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	switch t.Depth {
	case 8, 4:
		pal := t.ps2Palette()
		if t.Depth == 4 {
			for i := 16; i < 256; i++ {
				pal[i] = 0
			}
		}
		var pa [256]uint32
		copy(pa[:], pal)
		switch {
		case L.Swizzled && !stored && t.Depth == 4:
			unswizzle4(img, L.Data, L.BufW, &pa)
		case L.Swizzled && !stored:
			unswizzle8(img, L.Data, L.BufW, &pa)
		default:
			linearIndices(img, L.Data, L.BufW, t.Depth, &pa)
		}
	case 32:
		decodePS2RGBA(img, L.Data, L.BufW, t.PixelFormat() == Fmt888)
	case 16:
		decodePS2RGBA16(img, L.Data, L.BufW)
	default:
		return nil, binread.Unsupportedf(L.Off, "PS2 depth %d", t.Depth)
	}
	return img, nil
}

// unswizzle4 decodes swizzled 4-bit indices d (buffer width bw) through the
// palette pa into img. Both nibbles of a stored byte go through one table:
// entry (nibble<<8 | byte) is the colour of that nibble.
func unswizzle4(img *image.NRGBA, d []byte, bw int, pa *[256]uint32) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	pix := img.Pix
	strip := stripTable(bw)
	var pa4 [512]uint32
	for b := 0; b < 256; b++ {
		pa4[b], pa4[256|b] = pa[b&15], pa[b>>4]
	}
	for y := 0; y < h; y++ {
		base := d[(y&^3)*bw>>1 : ((y&^3)*bw+4*bw)>>1]
		row := strip[(y&7)*bw : (y&7)*bw+w]
		dst := pix[y*img.Stride : y*img.Stride+4*w]
		for x, s := range row {
			binary.LittleEndian.PutUint32(dst[4*x:], pa4[uint(s&1)<<8|uint(base[s>>1])])
		}
	}
}

// unswizzle8 decodes swizzled 8-bit indices d (buffer width bw) through the
// palette pa into img.
func unswizzle8(img *image.NRGBA, d []byte, bw int, pa *[256]uint32) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	pix := img.Pix
	strip := stripTable(bw)
	for y := 0; y < h; y++ {
		base := d[(y&^3)*bw : (y&^3)*bw+4*bw]
		row := strip[(y&7)*bw : (y&7)*bw+w]
		dst := pix[y*img.Stride : y*img.Stride+4*w]
		for x, s := range row {
			binary.LittleEndian.PutUint32(dst[4*x:], pa[base[s]])
		}
	}
}

// linearIndices decodes linear 8- or 4-bit indices d (buffer width bw)
// through the palette pa into img.
func linearIndices(img *image.NRGBA, d []byte, bw, depth int, pa *[256]uint32) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for y := 0; y < h; y++ {
		o := y * img.Stride
		for x := 0; x < w; x++ {
			e := y*bw + x
			var idx byte
			if depth == 8 {
				idx = d[e]
			} else {
				idx = d[e>>1] >> (uint(e&1) * 4) & 0xF
			}
			putPix(img.Pix, o, pa[idx])
			o += 4
		}
	}
}

// decodePS2RGBA decodes 32-bit PS2 texels (alpha 0..128) of buffer width
// bw into img; noAlpha (format 888) makes every texel opaque.
func decodePS2RGBA(img *image.NRGBA, d []byte, bw int, noAlpha bool) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	pix := img.Pix
	for y := 0; y < h; y++ {
		o := y * img.Stride
		s := y * bw * 4
		for x := 0; x < w; x++ {
			a := ps2Alpha(d[s+3])
			if noAlpha {
				a = 255
			}
			pix[o], pix[o+1], pix[o+2], pix[o+3] = d[s], d[s+1], d[s+2], a
			o += 4
			s += 4
		}
	}
}

// decodePS2RGBA16 decodes 16-bit 1555 PS2 texels of buffer width bw into
// img.
func decodePS2RGBA16(img *image.NRGBA, d []byte, bw int) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for y := 0; y < h; y++ {
		o := y * img.Stride
		s := y * bw * 2
		for x := 0; x < w; x++ {
			v := uint32(binary.LittleEndian.Uint16(d[s:]))
			a := byte(0)
			if v&0x8000 != 0 {
				a = 255
			}
			putPix(img.Pix, o, packNRGBA(expand5(v&31), expand5(v>>5&31), expand5(v>>10&31), a))
			o += 4
			s += 2
		}
	}
}
