package texm

import (
	"encoding/binary"
	"fmt"
	"image"
)

// Encode assembles a texture from its header, the format-0 palette, the
// stored bytes of every mip level and the page table (written when
// withPages is set). The level sizes are checked against the header.
func Encode(h Header, palette []byte, levels [][]byte, pages []Page, withPages bool) ([]byte, error) {
	bpp := BytesPerPixel(h.Format)
	if bpp == 0 {
		return nil, fmt.Errorf("texm: unknown pixel format %d", h.Format)
	}
	if h.Width == 0 || h.Height == 0 || h.Width > maxDimensions || h.Height > maxDimensions {
		return nil, fmt.Errorf("texm: bad size %d×%d", h.Width, h.Height)
	}
	if int(h.Mips) != len(levels) || h.Mips == 0 || h.Mips > maxMipLevels {
		return nil, fmt.Errorf("texm: header says %d mips, %d levels given", h.Mips, len(levels))
	}
	if (h.Format == FormatPal8) != (palette != nil) || (palette != nil && len(palette) != PaletteSize) {
		return nil, fmt.Errorf("texm: format %d with a %d-byte palette", h.Format, len(palette))
	}
	out := []byte(Magic)
	for _, v := range []uint32{h.Width, h.Height, h.Mips, h.Flags4, h.Flags5, h.Unk6, h.Format} {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	out = append(out, palette...)
	for i, l := range levels {
		w, ht := h.LevelSize(i)
		if len(l) != w*ht*bpp {
			return nil, fmt.Errorf("texm: mip %d is %d bytes, want %d for %d×%d", i, len(l), w*ht*bpp, w, ht)
		}
		out = append(out, l...)
	}
	if withPages || len(pages) > 0 {
		out = append(out, PageMagic...)
		out = binary.LittleEndian.AppendUint32(out, uint32(len(pages)))
		for _, p := range pages {
			for _, v := range []int16{p.X, p.W, p.Y, p.H} {
				out = binary.LittleEndian.AppendUint16(out, uint16(v))
			}
		}
	}
	return out, nil
}

// EncodePixels stores an image in a pixel format. Format 0 needs the
// palette (256 × B,G,R,X) and maps every pixel to the nearest entry.
func EncodePixels(img *image.NRGBA, format uint32, palette []byte) ([]byte, error) {
	r := img.Bounds()
	w, h := r.Dx(), r.Dy()
	bpp := BytesPerPixel(format)
	if bpp == 0 {
		return nil, fmt.Errorf("texm: unknown pixel format %d", format)
	}
	if format == FormatPal8 && len(palette) != PaletteSize {
		return nil, fmt.Errorf("texm: format 0 needs a %d-byte palette", PaletteSize)
	}
	out := make([]byte, w*h*bpp)
	i := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.NRGBAAt(x, y)
			R, G, B, A := uint16(c.R), uint16(c.G), uint16(c.B), uint16(c.A)
			switch format {
			case FormatPal8:
				out[i] = nearest(palette, c.R, c.G, c.B)
			case FormatIndex8S, FormatIndex8:
				out[i] = c.R
			case Format565:
				binary.LittleEndian.PutUint16(out[2*i:], R>>3<<11|G>>2<<5|B>>3)
			case Format556:
				binary.LittleEndian.PutUint16(out[2*i:], R>>3<<11|G>>3<<6|B>>2)
			case Format4444:
				binary.LittleEndian.PutUint16(out[2*i:], A>>4<<12|R>>4<<8|G>>4<<4|B>>4)
			case Format88:
				out[2*i], out[2*i+1] = c.A, c.R
			case Format888:
				out[4*i], out[4*i+1], out[4*i+2], out[4*i+3] = c.B, c.G, c.R, 0
			case Format8888:
				out[4*i], out[4*i+1], out[4*i+2], out[4*i+3] = c.B, c.G, c.R, c.A
			}
			i++
		}
	}
	return out, nil
}

func nearest(pal []byte, r, g, b uint8) byte {
	best, bestD := 0, 1<<30
	for i := 0; i < 256; i++ {
		dr, dg, db := int(pal[4*i+2])-int(r), int(pal[4*i+1])-int(g), int(pal[4*i])-int(b)
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = i, d
			if d == 0 {
				break
			}
		}
	}
	return byte(best)
}

// Downsample halves an image with a 2×2 box filter (a side of 1 stays 1).
func Downsample(img *image.NRGBA) *image.NRGBA {
	r := img.Bounds()
	w, h := max(1, r.Dx()/2), max(1, r.Dy()/2)
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var s [4]int
			n := 0
			for dy := 0; dy < 2; dy++ {
				for dx := 0; dx < 2; dx++ {
					sx, sy := r.Min.X+min(2*x+dx, r.Dx()-1), r.Min.Y+min(2*y+dy, r.Dy()-1)
					c := img.NRGBAAt(sx, sy)
					s[0] += int(c.R)
					s[1] += int(c.G)
					s[2] += int(c.B)
					s[3] += int(c.A)
					n++
				}
			}
			o := out.PixOffset(x, y)
			for k := 0; k < 4; k++ {
				out.Pix[o+k] = uint8((s[k] + n/2) / n)
			}
		}
	}
	return out
}

// Build writes a texture from an image: format, mip count (the chain is
// made by Downsample), a palette for format 0 and the page table.
func Build(img *image.NRGBA, format uint32, mips int, palette []byte, pages []Page) ([]byte, error) {
	r := img.Bounds()
	h := Header{Width: uint32(r.Dx()), Height: uint32(r.Dy()), Mips: uint32(mips), Format: format}
	if mips > 1 {
		h.Flags4 = 32
	}
	var levels [][]byte
	cur := img
	for i := 0; i < mips; i++ {
		if i > 0 {
			cur = Downsample(cur)
		}
		b, err := EncodePixels(cur, format, palette)
		if err != nil {
			return nil, err
		}
		levels = append(levels, b)
	}
	return Encode(h, palette, levels, pages, len(pages) > 0)
}
