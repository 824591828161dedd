package txd

import (
	"bytes"
	"fmt"
	"image"
	_ "image/png" // PNG sources
	"path/filepath"
	"strings"

	"rummage/formats/dds"
	"rummage/formats/tga"
)

// SourceExts are the file name extensions LoadSource reads.
var SourceExts = []string{".png", ".tga", ".dds"}

// LoadSource decodes an image file's bytes into a Source named after the
// file (without its extension): a PNG, a TGA, or a DDS with all its mip
// levels (and, for DXT1/3/5, its stored blocks, which a build to the same
// compression keeps instead of encoding again).
func LoadSource(path string, b []byte) (Source, error) {
	base := filepath.Base(path)
	ext := strings.ToLower(filepath.Ext(base))
	src := Source{Name: strings.TrimSuffix(base, filepath.Ext(base))}
	switch ext {
	case ".png":
		img, _, err := image.Decode(bytes.NewReader(b))
		if err != nil {
			return src, err
		}
		src.Levels = []*image.NRGBA{ToNRGBA(img)}
	case ".tga":
		img, err := tga.DecodeBytes(b)
		if err != nil {
			return src, err
		}
		src.Levels = []*image.NRGBA{img}
	case ".dds":
		return src, src.loadDDS(b)
	default:
		return src, fmt.Errorf("%s: not a PNG, TGA or DDS file", base)
	}
	return src, nil
}

// loadDDS fills src with a DDS file's levels and, for DXT, its blocks.
func (src *Source) loadDDS(b []byte) error {
	f, err := dds.Open(bytes.NewReader(b), 0, int64(len(b)))
	if err != nil {
		return err
	}
	for i, L := range f.Levels {
		img, err := f.Image(i)
		if err != nil {
			return fmt.Errorf("level %d: %w", i, err)
		}
		src.Levels = append(src.Levels, img)
		if f.Format.Block.Valid() && f.Faces == 1 {
			src.Blocks = append(src.Blocks, b[L.Offset:L.Offset+L.Size])
		}
	}
	if src.Blocks != nil {
		src.DXT = int(f.Format.Block)
	}
	return nil
}

// stored returns src's DXT blocks for a build to keep (none when src is
// not a DXT DDS).
func (src Source) stored() []Stored {
	if src.DXT == 0 {
		return nil
	}
	return []Stored{{DXT: src.DXT, Levels: src.Blocks}}
}
