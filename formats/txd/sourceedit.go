package txd

import (
	"fmt"
	"image"
	"strings"

	"rummage/formats/dxt"
)

// Textures made from loaded image files (LoadSource: PNG, TGA, DDS) for
// the window's dictionary edits: an added texture may keep a DDS's own mip
// levels, and a DDS's DXT blocks are kept whenever the stored compression
// is the DDS's and the levels are the DDS's own.

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
		Stamp: o.Stamp, MipFilter: o.MipFilter}
	if o.KeepMips {
		bo.Mipmaps, bo.Levels = len(src.Levels) > 1, 0
		bo.MipImages = src.Levels[1:]
	} else {
		src.Blocks = firstBlocks(src.Blocks)
	}
	t, err := newTexture(o.Platform, img, bo)
	if err != nil {
		return nil, err
	}
	src.keepBlocks(t)
	return t, nil
}

// firstBlocks is the stored blocks of level 0 only (the others are made
// again, so theirs no longer apply).
func firstBlocks(b [][]byte) [][]byte {
	if len(b) > 1 {
		return b[:1]
	}
	return b
}

// ReplaceSource is Replace for a loaded image file: when src is t's size
// and has at least t's mip levels (a DDS with mips), its own levels are
// kept instead of being made from level 0; at t's compression its DXT
// blocks are kept too (not for an opaque DXT1 texture given a DDS with
// alpha, whose alpha Replace drops).
func ReplaceSource(t *Texture, src Source) (*Texture, error) {
	if len(src.Levels) == 0 {
		return nil, fmt.Errorf("texture %q: the image has no levels", t.Name)
	}
	img := src.Levels[0]
	same := img.Rect.Dx() == t.Width && img.Rect.Dy() == t.Height
	var mips []*image.NRGBA
	switch {
	case !same:
		src.Blocks = nil // scaled to t's size: the DDS's blocks do not apply
	case len(t.Levels) > 1 && len(src.Levels) >= len(t.Levels):
		mips = src.Levels[1:]
	default:
		src.Blocks = firstBlocks(src.Blocks)
	}
	nt, err := replaceLevels(t, img, len(t.Levels), MipBox, mips)
	if err != nil {
		return nil, err
	}
	if !(nt.Compression == CompDXT1 && !nt.dxt1Alpha() && alphaOf(img) != "no") {
		src.keepBlocks(nt)
	}
	return nt, nil
}
