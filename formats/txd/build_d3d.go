package txd

import (
	"encoding/binary"
	"fmt"
	"image"

	"rummage/formats/dxt"
)

// NewD3D builds a D3D8, D3D9 or Xbox texture native from an image.
func NewD3D(platform uint32, img image.Image, o Options) (*Texture, error) {
	o.defaults()
	src := ToNRGBA(img)
	w, h := src.Rect.Dx(), src.Rect.Dy()
	if err := checkD3DSize(platform, w, h, o); err != nil {
		return nil, err
	}
	pal := o.Format & (FmtPal4 | FmtPal8)
	pix := o.Format & FmtPixelMask
	t := &Texture{Platform: platform, FilterWord: o.Filter, Name: o.Name, Mask: o.Mask, Width: w, Height: h,
		Stamp: o.Stamp, Off: -1, HasExt: true, Compression: o.Compression}
	levels := []*image.NRGBA{src}
	if o.Mipmaps {
		levels = o.chain(src, func(w, h, n int) bool { return o.Levels == 0 || n < o.Levels })
	}
	t.RasterFormat = o.Format
	if len(levels) > 1 {
		t.RasterFormat |= FmtMipmap
	}
	alpha := hasAlpha(src)
	d := &D3DInfo{RasterType: RasterTex, LevelCount: len(levels)}
	t.D3D = d
	if err := t.setD3DDepth(o, alpha); err != nil {
		return nil, err
	}
	if err := t.setD3DFlags(o, alpha); err != nil {
		return nil, err
	}
	var indices [][]byte
	if pal != 0 {
		indices = t.buildD3DPalette(levels, pal, pix)
	}
	bpp := t.bitsPerPixel()
	var total int
	for li, img := range levels {
		L := Level{Width: img.Rect.Dx(), Height: img.Rect.Dy(), Off: -1}
		if o.Compression != 0 {
			L.Data = dxt.EncodeWith(img, dxt.Kind(o.Compression), o.dxtOptions(t, li))
		} else {
			var idx []byte
			if pal != 0 {
				idx = indices[li]
			}
			var err error
			if L.Data, L.Swizzled, err = t.d3dPixels(img, pal != 0, idx, bpp); err != nil {
				return nil, err
			}
		}
		total += len(L.Data)
		t.Levels = append(t.Levels, L)
	}
	if platform == PlatformXbox {
		d.TotalSize = uint32((total + 3) &^ 3)
	}
	return t, nil
}

// checkD3DSize checks the size (powers of two on the Xbox) and the name
// lengths of a texture to build.
func checkD3DSize(platform uint32, w, h int, o Options) error {
	if w < 1 || h < 1 || w > MaxSide(platform) || h > MaxSide(platform) {
		return fmt.Errorf("texture %q: size %d×%d is out of range", o.Name, w, h)
	}
	if platform == PlatformXbox && (!pow2(w) || !pow2(h)) {
		return fmt.Errorf("xbox texture %q: size %d×%d must be powers of two", o.Name, w, h)
	}
	if len(o.Name) > 31 || len(o.Mask) > 31 {
		return fmt.Errorf("texture %q: names are limited to 31 bytes", o.Name)
	}
	return nil
}

// setD3DDepth sets the depth (and, for DXT without pixel bits, the pixel
// format DXT decodes to), or says why the format is not supported.
func (t *Texture) setD3DDepth(o Options, alpha bool) error {
	pal := o.Format & (FmtPal4 | FmtPal8)
	pix := o.Format & FmtPixelMask
	switch {
	case o.Compression != 0:
		if o.Compression < CompDXT1 || o.Compression > CompDXT5 {
			return fmt.Errorf("texture %q: compression DXT%d is not supported", o.Name, o.Compression)
		}
		if t.Platform == PlatformXbox && dxt.Kind(o.Compression).Premultiplied() {
			return fmt.Errorf("xbox texture %q: the Xbox stores no premultiplied DXT%d (use DXT%d)", o.Name, o.Compression, o.Compression+1)
		}
		t.Depth = 16
		if pix == 0 {
			t.RasterFormat |= Fmt565
			if o.Compression == CompDXT1 && alpha {
				t.RasterFormat = t.RasterFormat&^FmtPixelMask | Fmt1555
			} else if o.Compression != CompDXT1 {
				t.RasterFormat = t.RasterFormat&^FmtPixelMask | Fmt4444
			}
		}
	case pal != 0:
		t.Depth = 8
		if pal == FmtPal4 && o.DepthPacked && t.Platform != PlatformXbox {
			t.Depth = 4
		}
		if pix != Fmt8888 && pix != Fmt888 {
			return fmt.Errorf("texture %q: palette entries must be 8888 or 888", o.Name)
		}
	default:
		if !knownPixel(pix) {
			return fmt.Errorf("texture %q: pixel format 0x%X is not supported", o.Name, pix)
		}
		t.Depth = t.bitsPerPixel()
	}
	return nil
}

// setD3DFlags sets the platform's alpha and compression fields, or says the
// platform is not a D3D one.
func (t *Texture) setD3DFlags(o Options, alpha bool) error {
	d := t.D3D
	switch t.Platform {
	case PlatformD3D8:
		if alpha {
			d.Alpha = 1
		}
		d.Flags = byte(o.Compression)
	case PlatformD3D9:
		d.Alpha = d3d9Format(t.PixelFormat(), o.Format&(FmtPal4|FmtPal8) != 0, o.Compression)
		if alpha {
			d.Flags |= 1
		}
		if o.Compression != 0 {
			d.Flags |= 8
		}
	case PlatformXbox:
		if alpha {
			d.Alpha = 1
		}
		d.Flags = [...]byte{0, XboxDXT1, 0, XboxDXT3, 0, XboxDXT5}[o.Compression]
	default:
		return fmt.Errorf("texture %q: platform 0x%X is not a D3D platform", o.Name, t.Platform)
	}
	return nil
}

// buildD3DPalette quantises the levels to the palette (BGRA on the Xbox) and
// returns each level's indices.
func (t *Texture) buildD3DPalette(levels []*image.NRGBA, pal, pix uint32) [][]byte {
	n := 256
	if pal == FmtPal4 {
		n = 16
	}
	colors, indices := quantize(levels, n)
	d := t.D3D
	d.PalRaw = make([]byte, t.PaletteEntries()*4)
	for i, c := range colors {
		e := d.PalRaw[i*4:]
		e[0], e[1], e[2], e[3] = c.R, c.G, c.B, c.A
		if pix == Fmt888 {
			e[3] = 255
		}
		if t.Platform == PlatformXbox {
			e[0], e[2] = e[2], e[0]
		}
	}
	return indices
}

// d3dPixels encodes one uncompressed level: rows padded to 4 bytes, or on
// the Xbox unpadded and Morton-swizzled (reported by swizzled). For a
// palettised format (pal) idx holds the level's palette indices.
func (t *Texture) d3dPixels(img *image.NRGBA, pal bool, idx []byte, bpp int) (data []byte, swizzled bool, err error) {
	lw, lh := img.Rect.Dx(), img.Rect.Dy()
	pitch := ((lw*bpp+7)/8 + 3) &^ 3
	if t.Platform == PlatformXbox {
		pitch = (lw*bpp + 7) / 8
	}
	data = make([]byte, pitch*lh)
	for y := 0; y < lh; y++ {
		row := data[y*pitch:]
		for x := 0; x < lw; x++ {
			s := img.Pix[y*img.Stride+x*4:]
			switch {
			case pal && bpp == 4:
				row[x>>1] |= idx[y*lw+x] << (uint(x&1) * 4)
			case pal:
				row[x] = idx[y*lw+x]
			default:
				encodePixel(row, x, t.PixelFormat(), bpp, s)
			}
		}
	}
	if t.Platform != PlatformXbox {
		return data, false, nil
	}
	sw := make([]byte, len(data))
	if err := morton(sw, data, lw, lh, bpp/8); err != nil {
		return nil, false, err
	}
	return sw, true, nil
}

// d3d9Format returns the D3DFORMAT for a pixel format.
func d3d9Format(pix uint32, pal bool, comp int) uint32 {
	switch {
	case comp == CompDXT1:
		return FourCCDXT1
	case comp == CompDXT2:
		return FourCCDXT2
	case comp == CompDXT3:
		return FourCCDXT3
	case comp == CompDXT4:
		return FourCCDXT4
	case comp == CompDXT5:
		return FourCCDXT5
	case pal:
		return 41
	}
	switch pix {
	case Fmt8888:
		return 21
	case Fmt888:
		return 22
	case Fmt565:
		return 23
	case Fmt555:
		return 24
	case Fmt1555:
		return 25
	case Fmt4444:
		return 26
	case FmtLUM8:
		return 50
	}
	return 0
}

func hasAlpha(img *image.NRGBA) bool {
	for i := 3; i < len(img.Pix); i += 4 {
		if img.Pix[i] != 255 {
			return true
		}
	}
	return false
}

func encodePixel(row []byte, x int, pf uint32, bpp int, s []byte) {
	r, g, b, a := s[0], s[1], s[2], s[3]
	le := binary.LittleEndian
	switch pf {
	case Fmt8888:
		copy(row[x*4:], []byte{b, g, r, a})
	case Fmt888:
		if bpp == 24 {
			copy(row[x*3:], []byte{b, g, r})
		} else {
			copy(row[x*4:], []byte{b, g, r, 255})
		}
	case FmtLUM8:
		row[x] = byte((int(r)*299 + int(g)*587 + int(b)*114 + 500) / 1000)
	case Fmt565:
		le.PutUint16(row[x*2:], uint16(to5(r))<<11|uint16((int(g)*63+127)/255)<<5|uint16(to5(b)))
	case Fmt555:
		le.PutUint16(row[x*2:], uint16(to5(r))<<10|uint16(to5(g))<<5|uint16(to5(b)))
	case Fmt1555:
		v := uint16(to5(r))<<10 | uint16(to5(g))<<5 | uint16(to5(b))
		if a >= 128 {
			v |= 0x8000
		}
		le.PutUint16(row[x*2:], v)
	case Fmt4444:
		q := func(c byte) uint16 { return uint16((int(c)*15 + 127) / 255) }
		le.PutUint16(row[x*2:], q(a)<<12|q(r)<<8|q(g)<<4|q(b))
	}
}
