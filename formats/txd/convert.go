package txd

import (
	"fmt"
	"image"

	"rummage/formats/dxt"
)

// Convert returns t stored for another platform (PS2, D3D8, D3D9 or Xbox)
// with RW version stamp (0 keeps t's). Every level is decoded and stored
// again: palettes are quantised again (exactly when they fit), PS2 alpha
// is rescaled (0..128 ↔ 0..255), PS2 indices are swizzled and the GS
// registers and mip layout computed; the mip levels are kept, not made
// again. Formats the target lacks are replaced: DXT becomes PAL8 on the
// PS2, 565/555/4444/LUM8 become 8888 there. Between D3D8, D3D9 and the
// Xbox, DXT blocks are kept as stored wherever they read back the same
// (all of them, unless DXT2/DXT4 become DXT3/DXT5 for the Xbox); blocks
// encoded again are searched at quality q.
func Convert(t *Texture, platform, stamp uint32, q dxt.Quality) (*Texture, error) {
	if stamp == 0 {
		stamp = t.Stamp
	}
	levels := make([]*image.NRGBA, len(t.Levels))
	for i := range t.Levels {
		img, err := t.Image(i)
		if err != nil {
			return nil, fmt.Errorf("texture %q level %d: %w", t.Name, i, err)
		}
		levels[i] = img
	}
	if len(levels) == 0 {
		return nil, fmt.Errorf("texture %q has no levels", t.Name)
	}
	format, comp := convertFormat(t, platform)
	o := Options{Name: t.Name, Mask: t.Mask, Format: format, Compression: comp, Stamp: stamp,
		Filter: t.FilterWord, Mipmaps: len(levels) > 1, MipImages: levels[1:], Quality: q, Keep: t.stored()}
	if o.Compression == CompDXT1 && !t.dxt1Alpha() {
		levels[0] = opaque(levels[0])
	}
	nt, err := newTexture(platform, levels[0], o)
	if err != nil {
		return nil, err
	}
	nt.FilterWord = t.FilterWord
	return nt, nil
}

// convertFormat picks the raster format bits and compression t gets on
// platform.
func convertFormat(t *Texture, platform uint32) (uint32, int) {
	pal := t.RasterFormat & (FmtPal4 | FmtPal8)
	pix := t.effectivePixel()
	if platform != PlatformPS2 {
		switch {
		case t.Compression != 0 && platform == PlatformXbox:
			return pix, int(dxt.Kind(t.Compression).Blocks()) // the Xbox has no DXT2/DXT4
		case t.Compression != 0:
			return pix, t.Compression
		case pal != 0:
			return pal | Fmt8888, 0
		case knownPixel(pix):
			return pix, 0
		}
		return Fmt8888, 0
	}
	switch {
	case t.Compression != 0:
		return FmtPal8 | Fmt8888, 0
	case pal != 0 && pix == Fmt1555:
		return pal | Fmt1555, 0
	case pal != 0:
		return pal | Fmt8888, 0
	case pix == Fmt888 || pix == Fmt1555:
		return pix, 0
	}
	return Fmt8888, 0
}

// ConvertDictionary converts every texture of d to platform (stamp 0 keeps
// each texture's version; DXT blocks encoded again at quality q) on every
// core, into a new dictionary.
func ConvertDictionary(d *Dictionary, platform, stamp uint32, q dxt.Quality) (*Dictionary, error) {
	ts := d.Textures()
	out := make([]*Texture, len(ts))
	err := parallel(len(ts), func(i int) (err error) {
		out[i], err = Convert(ts[i], platform, stamp, q)
		return err
	})
	if err != nil {
		return nil, err
	}
	if stamp == 0 {
		stamp = d.Stamp
	}
	nd := NewDictionary(stamp, DeviceID(platform, stamp))
	for _, t := range out {
		nd.Add(t)
	}
	return nd, nil
}
