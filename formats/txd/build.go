package txd

import (
	"fmt"
	"image"
	"image/draw"

	"rummage/formats/dxt"
)

// Stamps of common RW versions.
const (
	StampGTA3PS2 = 0x00000310 // 3.1.0.0
	StampVCPS2   = 0x0C02FFFF // 3.3.0.2
	StampVCPC    = 0x1003FFFF // 3.4.0.3
	StampXbox    = 0x1400FFFF // 3.5.0.0
	StampSA      = 0x1803FFFF // 3.6.0.3
)

// Options describe a texture to build from an image.
type Options struct {
	Name, Mask string
	// Format is the rasterFormat pixel and palette bits: Fmt8888, Fmt565,
	// FmtPal8|Fmt8888, ... For DXT set Compression and the pixel bits
	// (Fmt1555 or Fmt565 for DXT1, Fmt4444 or Fmt8888 for DXT3/5).
	Format      uint32
	Compression int
	Mipmaps     bool
	Stamp       uint32 // RW version stamp; StampSA when 0
	Filter      uint32 // filter/addressing word; 0x1102 (0x1106 with mips) when 0
	// Levels limits the mip chain (0: as many as the format allows).
	Levels int
	// MipFilter makes each mip level from the one above (MipBox when "").
	MipFilter MipFilter
	// MipImages, when set with Mipmaps, are the levels after the first to
	// keep (imported from a DDS or an existing texture) instead of halving
	// level 0; each must be half the size of the one before.
	MipImages []*image.NRGBA
	// Headerless writes a PS2 raster in the old layout without GIF packets
	// (GTA III), with StreamVersion 0 (nothing swizzled) or 1 (8-bit
	// indices swizzled). Levels too large for a GIF packet are always
	// written this way (stream version 1).
	Headerless    bool
	StreamVersion int16
	// Swizzle decides whether PS2 PAL4/PAL8 indices written with GIF
	// packets are swizzled: SwizzleAuto as RenderWare does for the version
	// (8-bit always, 4-bit after 3.1), SwizzleOff or SwizzleOn to keep what
	// a file had.
	Swizzle int
	// DepthPacked stores D3D PAL4 indices two per byte (depth 4) instead
	// of one per byte (depth 8, as RenderWare writes them).
	DepthPacked bool
	// Quality is how hard DXT blocks are searched for (dxt.Normal when
	// zero).
	Quality dxt.Quality
	// Keep are stored DXT blocks the images may have come from, tried in
	// order: a block that still reads back as the image's texels is kept
	// byte for byte (dxt.Options.Keep).
	Keep []Stored
}

// Stored are a texture's stored DXT blocks: the compression (1 to 5) and
// each level's bytes.
type Stored struct {
	DXT    int
	Levels [][]byte
}

// dxtOptions are the DXT encoder's options for level li of t.
func (o *Options) dxtOptions(t *Texture, li int) dxt.Options {
	d := dxt.Options{Quality: o.Quality, OpaqueDXT1: !t.dxt1Alpha()}
	for _, s := range o.Keep {
		if li < len(s.Levels) {
			d.Keep = append(d.Keep, dxt.Blocks{Kind: dxt.Kind(s.DXT), Data: s.Levels[li]})
		}
	}
	return d
}

// stored returns t's DXT blocks to keep when t is stored again (none
// for other formats and on the PS2).
func (t *Texture) stored() []Stored {
	if t.Compression == 0 || t.Platform == PlatformPS2 {
		return nil
	}
	s := Stored{DXT: t.Compression}
	for _, L := range t.Levels {
		s.Levels = append(s.Levels, L.Data)
	}
	return []Stored{s}
}

func (o *Options) defaults() {
	if o.Stamp == 0 {
		o.Stamp = StampSA
	}
	if o.Filter == 0 {
		o.Filter = 0x1102
		if o.Mipmaps {
			o.Filter = 0x1106
		}
	}
}

// Values of Options.Swizzle.
const (
	SwizzleAuto = iota
	SwizzleOff
	SwizzleOn
)

// ToNRGBA converts any image to an NRGBA image at the origin.
func ToNRGBA(img image.Image) *image.NRGBA {
	if n, ok := img.(*image.NRGBA); ok && n.Rect.Min == (image.Point{}) {
		return n
	}
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	return out
}

// mipChain returns level 0 and its halvings by filter f while keep(w, h, n)
// says so.
func mipChain(img *image.NRGBA, f MipFilter, keep func(w, h, n int) bool) []*image.NRGBA {
	out := []*image.NRGBA{img}
	for {
		last := out[len(out)-1]
		w, h := last.Rect.Dx()/2, last.Rect.Dy()/2
		if w == 0 && h == 0 || !keep(w, h, len(out)) {
			return out
		}
		out = append(out, f.halve(last))
	}
}

// Replace builds a texture from img that keeps t's platform, size, format,
// mip count, names, filter, RW version and (for PS2) stream layout and
// mipmap K/L value. The image is scaled to t's size when it differs;
// palettised targets are quantised to the palette size, DXT is encoded
// again (t's own blocks kept wherever img still has their texels), PS2
// indices are swizzled again with the GS headers rebuilt (marked
// experimental when there are mipmaps).
func Replace(t *Texture, img image.Image) (*Texture, error) {
	return replaceMips(t, img, len(t.Levels), MipBox)
}

// replaceMips is Replace with levels mip levels (0: as many as the format
// allows) made by filter f.
func replaceMips(t *Texture, img image.Image, levels int, f MipFilter) (*Texture, error) {
	return replaceLevels(t, img, levels, f, nil, nil)
}

// replaceLevels is replaceMips with mip images to keep (Options.MipImages)
// instead of making them when mips is not empty, and DXT blocks to keep
// tried before t's own.
func replaceLevels(t *Texture, img image.Image, levels int, f MipFilter, mips []*image.NRGBA, keep []Stored) (*Texture, error) {
	if t.Depth == 24 {
		return nil, fmt.Errorf("texture %q: replacing 24-bit textures is not supported", t.Name)
	}
	if err := t.replaceable(); err != nil {
		return nil, err
	}
	src := scaleTo(ToNRGBA(img), t.Width, t.Height)
	o := Options{Name: t.Name, Mask: t.Mask, Format: t.RasterFormat & (FmtPixelMask | FmtPal4 | FmtPal8),
		Compression: t.Compression, Mipmaps: levels != 1, Levels: levels, Stamp: t.Stamp, Filter: t.FilterWord, MipFilter: f, MipImages: mips,
		Keep: append(keep, t.stored()...)}
	if o.Compression == CompDXT1 && !t.dxt1Alpha() {
		// Opaque DXT1 (C565): transparent pixels would decode as black.
		src = opaque(src)
		o.MipImages = make([]*image.NRGBA, len(mips))
		for i, m := range mips {
			o.MipImages[i] = opaque(m)
		}
	}
	var nt *Texture
	var err error
	switch t.Platform {
	case PlatformPS2:
		nt, err = replacePS2(t, src, o)
	case PlatformD3D8, PlatformD3D9, PlatformXbox:
		nt, err = replaceD3D(t, src, o)
	default:
		return nil, fmt.Errorf("texture %q: platform 0x%X cannot be written", t.Name, t.Platform)
	}
	if err != nil {
		return nil, err
	}
	nt.FilterWord = t.FilterWord
	if t.HasExt {
		nt.HasExt, nt.Ext = true, t.Ext
		nt.HasSky, nt.SkyMipmap = t.HasSky, t.SkyMipmap
	}
	return nt, nil
}

// replacePS2 builds the PS2 texture of Replace: t's header stamp, pixel
// format, stream layout and swizzling, mipmap K/L value and raw names.
func replacePS2(t *Texture, src *image.NRGBA, o Options) (*Texture, error) {
	p := t.PS2
	if p == nil {
		return nil, fmt.Errorf("texture %q has no PS2 header", t.Name)
	}
	if p.HeaderStamp != 0 {
		o.Stamp = p.HeaderStamp
	}
	if o.Format&FmtPixelMask == 0 {
		o.Format |= t.effectivePixel()
	}
	if p.StreamVersion < 2 {
		o.Headerless, o.StreamVersion = true, p.StreamVersion
	} else if t.Depth <= 8 && len(t.Levels) > 0 {
		o.Swizzle = SwizzleOff
		if t.Levels[0].Swizzled {
			o.Swizzle = SwizzleOn
		}
	}
	nt, err := NewPS2(src, o)
	if err != nil {
		return nil, err
	}
	nt.Stamp = t.Stamp
	np := nt.PS2
	np.MipmapVal = p.MipmapVal
	np.NameRaw, np.MaskRaw = p.NameRaw, p.MaskRaw
	auto := uint32(p.RasterFormat) & FmtAutoMip
	nt.RasterFormat |= auto
	np.RasterFormat |= uint16(auto)
	return nt, nil
}

// replaceD3D builds the D3D8, D3D9 or Xbox texture of Replace: t's pixel
// format and depth, raster type and stored format and flags bytes.
func replaceD3D(t *Texture, src *image.NRGBA, o Options) (*Texture, error) {
	if t.Compression == 0 && !t.Palettised() {
		o.Format = o.Format&^FmtPixelMask | t.effectivePixel()
	}
	o.DepthPacked = t.Palettised() && t.Depth == 4
	nt, err := NewD3D(t.Platform, src, o)
	if err != nil {
		return nil, err
	}
	nt.RasterFormat |= t.RasterFormat & FmtAutoMip
	if d := t.D3D; d != nil {
		nt.D3D.RasterType = d.RasterType
		switch t.Platform {
		case PlatformD3D9:
			nt.D3D.Alpha = d.Alpha      // the D3DFORMAT as stored (DXT2/DXT4 FourCCs, X8R8G8B8 vs R8G8B8, ...)
			nt.D3D.Flags |= d.Flags & 6 // cube texture, auto mipmap
		case PlatformD3D8:
			nt.D3D.Flags = d.Flags // the compression byte as stored (2 and 4: premultiplied DXT2/DXT4)
		}
	}
	return nt, nil
}

// opaque returns a copy of img with every alpha set to 255.
func opaque(img *image.NRGBA) *image.NRGBA {
	out := image.NewNRGBA(img.Rect)
	copy(out.Pix, img.Pix)
	for i := 3; i < len(out.Pix); i += 4 {
		out.Pix[i] = 255
	}
	return out
}

// Rename returns a copy of t with a new name (and mask).
func Rename(t *Texture, name, mask string) (*Texture, error) {
	if t.Platform != PlatformPS2 && (len(name) > 31 || len(mask) > 31) {
		return nil, fmt.Errorf("texture names are limited to 31 bytes on %s", t.PlatformName())
	}
	c := t.Clone()
	c.Name, c.Mask = name, mask
	if c.PS2 != nil {
		c.PS2.NameRaw, c.PS2.MaskRaw = nil, nil
	}
	return c, nil
}

// WithFilter returns a copy of t with new filter and addressing modes.
func WithFilter(t *Texture, filter, u, v uint32) *Texture {
	c := t.Clone()
	c.SetFilter(filter, u, v)
	return c
}
