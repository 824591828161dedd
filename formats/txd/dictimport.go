package txd

import (
	"fmt"
	"image"
	"maps"
	"slices"

	"rummage/formats/dxt"
)

// Making textures for a dictionary from images: the stored format named
// as the CLI and the window spell it, "auto" choosing by alpha and
// platform. (The TXD builder of the CLI has its own option parsing; this
// is the small core the window needs.)

// StoredFormats returns the format names NewTextureFor accepts, "auto"
// first.
func StoredFormats() []string {
	return append([]string{"auto"}, FormatNames...)
}

// AddOptions say how to store an image added to a dictionary.
type AddOptions struct {
	Name     string
	Platform uint32 // PlatformPS2, PlatformD3D8, PlatformD3D9 or PlatformXbox
	Stamp    uint32 // RW version stamp of the texture native
	Format   string // a StoredFormats name
	// Mips is the level count: 1 keeps none, 0 makes as many as the
	// format allows.
	Mips      int
	MipFilter MipFilter
	// KeepMips keeps a source's imported mip levels (a DDS's) instead of
	// making them; Mips and MipFilter are then unused, and a source of
	// one level gets none.
	KeepMips bool
	// Quality is how hard DXT blocks are searched for (dxt.Normal when
	// zero).
	Quality dxt.Quality
}

// autoFormatName is "auto" as a StoredFormats name: AutoFormat's choice
// (as the command line's build makes it), or 8888 on the PC and the Xbox
// when the size is not a multiple of 4 (DXT blocks need whole 4x4 tiles).
func autoFormatName(img *image.NRGBA, platform uint32) string {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if platform != PlatformPS2 && (w%4 != 0 || h%4 != 0) {
		return "8888"
	}
	switch _, comp := AutoFormat(platform, img); comp {
	case CompDXT1:
		return "DXT1"
	case CompDXT3:
		return "DXT3"
	case CompDXT5:
		return "DXT5"
	}
	return "PAL8"
}

// alphaOf says whether img's alpha is "no" (all opaque), "1-bit" (0 or
// 255 only) or "yes".
func alphaOf(img *image.NRGBA) string {
	out := "no"
	for i := 3; i < len(img.Pix); i += 4 {
		switch img.Pix[i] {
		case 255:
		case 0:
			out = "1-bit"
		default:
			return "yes"
		}
	}
	return out
}

// NewTextureFor builds a texture from img as o says. PS2 textures must be
// powers of two up to 1024; DXT on PS2 is an error.
func NewTextureFor(img image.Image, o AddOptions) (*Texture, error) {
	return NewTextureFromSource(Source{Name: o.Name, Levels: []*image.NRGBA{ToNRGBA(img)}}, o)
}

// WithMips returns t with its mip chain made again from level 0 by filter
// f: levels 1 keeps none, 0 as many as the format allows. Level 0 is
// decoded and stored again (palettes are quantised anew; DXT level 0
// keeps its blocks).
func WithMips(t *Texture, levels int, f MipFilter) (*Texture, error) {
	img, err := t.Image(0)
	if err != nil {
		return nil, err
	}
	return replaceMips(t, img, levels, f)
}

// Alpha says whether a texture has alpha: "no", "1-bit" (only 0 and 255)
// or "yes". Formats without alpha and D3D textures whose fields say so
// (for DXT1 as dxt1Alpha decides) are "no"; otherwise level 0 is decoded
// and its texels looked at ("yes" when it does not decode).
func (t *Texture) Alpha() string {
	if a, _, name := t.alphaField(); name != "" && !a && !(t.Compression == CompDXT1 && t.dxt1Alpha()) {
		return "no"
	}
	switch t.FormatName() {
	case "565", "555", "888", "LUM8":
		return "no"
	}
	img, err := t.Image(0)
	if err != nil {
		return "yes"
	}
	return alphaOf(ToNRGBA(img))
}

// ReplaceNamed matches images to the dictionary's textures by name
// (case-insensitive) and returns, for each match, the child index and the
// texture rebuilt from the image (Replace keeps format, size and mips).
// Names matching no texture are returned in unmatched.
func ReplaceNamed(items []*Item, imgs map[string]image.Image) (idx []int, texs []*Texture, unmatched []string, err error) {
	srcs := map[string]Source{}
	for name, img := range imgs {
		srcs[name] = Source{Name: name, Levels: []*image.NRGBA{ToNRGBA(img)}}
	}
	return ReplaceNamedSources(items, srcs)
}

// ReplaceNamedSources is ReplaceNamed for loaded image files (LoadSource):
// each match is rebuilt by ReplaceSource, so a DDS of the texture's size
// gives its own mips and, at the same compression, its DXT blocks.
func ReplaceNamedSources(items []*Item, srcs map[string]Source) (idx []int, texs []*Texture, unmatched []string, err error) {
	slots := childSlots(items)
	names := slices.Sorted(maps.Keys(srcs))
	for _, name := range names {
		src := srcs[name]
		found := -1
		for i, s := range slots {
			if it := items[s]; it.Tex != nil && equalFold(it.Tex.Name, name) {
				found = i
				break
			}
		}
		if found < 0 {
			unmatched = append(unmatched, name)
			continue
		}
		nt, err := ReplaceSource(items[slots[found]].Tex, src)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		idx, texs = append(idx, found), append(texs, nt)
	}
	return idx, texs, unmatched, nil
}
