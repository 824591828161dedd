package export

import (
	"fmt"
	"image"
	"io"

	"rummage/formats"
	"rummage/formats/dds"
	"rummage/formats/dxt"
)

// BlockStorer is a texture stored as DXT blocks: StoredBlocks returns the
// kind and each level's blocks (ok false when it is not so stored). A DDS
// export copies them instead of encoding again.
type BlockStorer interface {
	StoredBlocks() (kind dxt.Kind, levels [][]byte, ok bool)
}

// writeDDS writes a texture as one DDS file with all its levels: the
// stored DXT1/3/5 blocks when it has them, else uncompressed A8R8G8B8.
func writeDDS(w io.Writer, n formats.Node) error {
	im, ok := n.(formats.Imager)
	if !ok {
		return cannot(n, DDS)
	}
	first, err := im.Image(0)
	if err != nil {
		return fmt.Errorf("image level 0: %w", err)
	}
	b := first.Bounds()
	if bs, ok := n.(BlockStorer); ok {
		if kind, levels, ok := bs.StoredBlocks(); ok {
			out, err := dds.EncodeBlocks(dds.BlockFormat(kind), b.Dx(), b.Dy(), levels)
			if err != nil {
				return err
			}
			_, err = w.Write(out)
			return err
		}
	}
	levels := []*image.NRGBA{toNRGBA(first)}
	for l := 1; l < formats.SafeLevels(im); l++ {
		img, err := im.Image(l)
		if err != nil {
			return fmt.Errorf("image level %d: %w", l, err)
		}
		last := levels[len(levels)-1].Rect
		if img.Bounds().Dx() != max(last.Dx()/2, 1) || img.Bounds().Dy() != max(last.Dy()/2, 1) {
			break // not a halving chain: keep what DDS can hold
		}
		levels = append(levels, toNRGBA(img))
	}
	out, err := dds.EncodeLevels(dds.A8R8G8B8(), levels)
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}

// toNRGBA returns img as an *image.NRGBA (converted when it is another type).
func toNRGBA(img image.Image) *image.NRGBA {
	if n, ok := img.(*image.NRGBA); ok {
		return n
	}
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			out.Set(x, y, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out
}
