package txd

import (
	"fmt"
	"image"
	"strings"

	"rummage/formats/dxt"
)

// Textures made from loaded image files (LoadSource: PNG, TGA, DDS) for
// the window's dictionary edits: an added texture may keep a DDS's own mip
// levels, and a DDS's DXT blocks are kept wherever they read back as the
// stored level's texels (the DDS's own levels, at a compression that reads
// them the same).

// NewTextureFromSource builds a texture from src as o says (o.Name names
// it). "auto" stores a DXT source (a DDS) in its own compression on the
// PC and the Xbox; o.KeepMips keeps the source's levels after the first.
func NewTextureFromSource(src Source, o AddOptions) (*Texture, error) {
	if len(src.Levels) == 0 {
		return nil, fmt.Errorf("texture %q has no image", o.Name)
	}
	img := src.Levels[0]
	name := o.Format
	if name == "" || strings.EqualFold(name, "auto") {
		name = autoFormatName(img, o.Platform)
		if k := src.DXT; k != 0 && name != "8888" && o.Platform != PlatformPS2 {
			if o.Platform == PlatformXbox {
				k = int(dxt.Kind(k).Blocks()) // the Xbox stores no premultiplied DXT2/DXT4
			}
			name = fmt.Sprintf("DXT%d", k)
		}
	}
	f, comp, err := ParseFormat(name)
	if err != nil {
		return nil, err
	}
	if comp != 0 && o.Platform == PlatformPS2 {
		return nil, fmt.Errorf("texture %q: the PS2 has no %s", o.Name, name)
	}
	if comp == CompDXT1 && alphaOf(img) == "no" {
		f = Fmt565
	}
	bo := Options{Name: o.Name, Format: f, Compression: comp, Mipmaps: o.Mips != 1, Levels: o.Mips,
		Stamp: o.Stamp, MipFilter: o.MipFilter, Quality: o.Quality, Keep: src.stored()}
	if o.KeepMips {
		bo.Mipmaps, bo.Levels = len(src.Levels) > 1, 0
		bo.MipImages = src.Levels[1:]
	}
	return newTexture(o.Platform, img, bo)
}

// ReplaceSource is Replace for a loaded image file: when src is t's size
// and has at least t's mip levels (a DDS with mips), its own levels are
// kept instead of being made from level 0; its DXT blocks, then t's own,
// are kept wherever they read back as the new texels in t's compression
// (a DDS scaled to t's size has none that do).
func ReplaceSource(t *Texture, src Source) (*Texture, error) {
	if len(src.Levels) == 0 {
		return nil, fmt.Errorf("texture %q: the image has no levels", t.Name)
	}
	img := src.Levels[0]
	var mips []*image.NRGBA
	if img.Rect.Dx() == t.Width && img.Rect.Dy() == t.Height && len(t.Levels) > 1 && len(src.Levels) >= len(t.Levels) {
		mips = src.Levels[1:]
	}
	return replaceLevels(t, img, len(t.Levels), MipBox, mips, src.stored())
}
