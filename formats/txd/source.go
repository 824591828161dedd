package txd

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
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
// compression keeps instead of encoding again). The header is read first:
// an image larger than any texture may be is refused before a pixel is
// decoded, with what its header claims.
func LoadSource(path string, b []byte) (Source, error) { return LoadSourceFor(path, b, ResizeNone) }

// LoadSourceFor is LoadSource for a build that resizes as r says: an image
// larger than a texture may be is read when r shrinks it (up to
// 16384×16384).
func LoadSourceFor(path string, b []byte, r Resize) (Source, error) {
	base := filepath.Base(path)
	src := Source{Name: strings.TrimSuffix(base, filepath.Ext(base))}
	info, err := PeekSource(path, bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return src, err
	}
	if err := info.CheckFits(0, r); err != nil {
		return src, err
	}
	switch info.Kind {
	case "PNG":
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			return src, fmt.Errorf("decoding the %d×%d PNG image: %w", info.Width, info.Height, err)
		}
		src.Levels = []*image.NRGBA{ToNRGBA(img)}
	case "TGA":
		img, err := tga.DecodeBytes(b)
		if err != nil {
			return src, fmt.Errorf("decoding the %d×%d TGA image: %w", info.Width, info.Height, err)
		}
		src.Levels = []*image.NRGBA{img}
	default:
		return src, src.loadDDS(b)
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
