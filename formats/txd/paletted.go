package txd

import (
	"fmt"
	"image"
	"image/color"

	"rummage/formats/binread"
)

// Paletted returns mip level lv as palette indices with the palette Image
// decodes them through, so that looking up every index gives exactly
// Image(lv); nil (and no error) for a texture whose pixels are not
// palette indices (DXT, truecolour, PS2 16/32-bit).
func (t *Texture) Paletted(lv int) (*image.Paletted, error) {
	if lv < 0 || lv >= len(t.Levels) {
		return nil, fmt.Errorf("texture %q has no level %d (%d levels)", t.Name, lv, len(t.Levels))
	}
	switch t.Platform {
	case PlatformPS2:
		if t.Depth != 4 && t.Depth != 8 {
			return nil, nil
		}
		return t.ps2Paletted(lv)
	case PlatformD3D8, PlatformD3D9, PlatformXbox:
		if t.Compression != 0 || !t.Palettised() {
			return nil, nil
		}
		return t.d3dPaletted(lv)
	}
	return nil, nil
}

// paletteOf is the first 1<<bits entries of the packed NRGBA words pal as
// colours: every index a level of that depth can hold has its entry.
func paletteOf(pal []uint32, bits int) color.Palette {
	out := make(color.Palette, 1<<bits)
	for i := range out {
		v := pal[i]
		out[i] = color.NRGBA{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)}
	}
	return out
}

// ps2Paletted is ps2Image's palette path with indices kept.
func (t *Texture) ps2Paletted(lv int) (*image.Paletted, error) {
	L := &t.Levels[lv]
	need := L.BufW * L.BufH * t.Depth / 8
	if len(L.Data) < need {
		return nil, binread.Errorf(L.Off, "level %d has %d bytes, want %d", lv, len(L.Data), need)
	}
	img := image.NewPaletted(image.Rect(0, 0, L.Width, L.Height), paletteOf(t.ps2Palette(), t.Depth))
	switch {
	case L.Swizzled && t.Depth == 4:
		unswizzleIndices4(img, L.Data, L.BufW)
	case L.Swizzled:
		unswizzleIndices8(img, L.Data, L.BufW)
	default:
		ps2LinearIndices(img, L.Data, L.BufW, t.Depth)
	}
	return img, nil
}

// d3dPaletted is the palette path of d3dImage and xboxImage with indices
// kept.
func (t *Texture) d3dPaletted(lv int) (*image.Paletted, error) {
	L := &t.Levels[lv]
	bpp := t.bitsPerPixel()
	d, pitch := L.Data, len(L.Data)/L.Height
	if t.Platform == PlatformXbox {
		d, pitch = make([]byte, len(L.Data)), L.Width*bpp/8
		if err := unmorton(d, L.Data, L.Width, L.Height, bpp/8); err != nil {
			return nil, binread.Errorf(L.Off, "level %d: %w", lv, err)
		}
	}
	if pitch*8 < L.Width*bpp || pitch*L.Height > len(d) {
		return nil, binread.Errorf(L.Off, "level of %d×%d at %d bits needs %d bytes per row, has %d bytes in all", L.Width, L.Height, bpp, (L.Width*bpp+7)/8, len(d))
	}
	img := image.NewPaletted(image.Rect(0, 0, L.Width, L.Height), paletteOf(t.d3dPalette(t.Platform == PlatformXbox), bpp))
	linearIndexRows(img, d, pitch, bpp)
	return img, nil
}

// unswizzleIndices4 is unswizzle4 writing the indices: the low nibble of
// a stored byte is the even texel of a strip pair, the high one the odd.
func unswizzleIndices4(img *image.Paletted, d []byte, bw int) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	strip := stripTable(bw)
	for y := 0; y < h; y++ {
		base := d[(y&^3)*bw>>1 : ((y&^3)*bw+4*bw)>>1]
		row := strip[(y&7)*bw : (y&7)*bw+w]
		dst := img.Pix[y*img.Stride : y*img.Stride+w]
		for x, s := range row {
			dst[x] = base[s>>1] >> (uint(s&1) * 4) & 0xF
		}
	}
}

// unswizzleIndices8 is unswizzle8 writing the indices.
func unswizzleIndices8(img *image.Paletted, d []byte, bw int) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	strip := stripTable(bw)
	for y := 0; y < h; y++ {
		base := d[(y&^3)*bw : (y&^3)*bw+4*bw]
		row := strip[(y&7)*bw : (y&7)*bw+w]
		dst := img.Pix[y*img.Stride : y*img.Stride+w]
		for x, s := range row {
			dst[x] = base[s]
		}
	}
}

// ps2LinearIndices is linearIndices writing the indices: texel (x, y) is
// index y*bw+x of the buffer, two 4-bit ones to a byte, low nibble first.
func ps2LinearIndices(img *image.Paletted, d []byte, bw, depth int) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for y := 0; y < h; y++ {
		dst := img.Pix[y*img.Stride : y*img.Stride+w]
		for x := range dst {
			e := y*bw + x
			if depth == 8 {
				dst[x] = d[e]
			} else {
				dst[x] = d[e>>1] >> (uint(e&1) * 4) & 0xF
			}
		}
	}
}

// linearIndexRows copies rows of 8- or 4-bit (depth) indices, pitch bytes
// apart, low nibble first.
func linearIndexRows(img *image.Paletted, d []byte, pitch, depth int) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for y := 0; y < h; y++ {
		src := d[y*pitch:]
		dst := img.Pix[y*img.Stride : y*img.Stride+w]
		if depth == 8 {
			copy(dst, src[:w])
			continue
		}
		for x := range dst {
			dst[x] = src[x>>1] >> (uint(x&1) * 4) & 0xF
		}
	}
}
