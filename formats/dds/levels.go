package dds

import (
	"fmt"
	"image"
)

// EncodeBlocks writes a DDS file of block format f (BlockFormat) holding
// levels as given: the stored DXT blocks of a w×h texture and its mips,
// each level the size LevelSize says for its halved sides.
func EncodeBlocks(f Format, w, h int, levels [][]byte) ([]byte, error) {
	if !f.Block.Valid() {
		return nil, fmt.Errorf("dds: format %q is not a block format", f.Name)
	}
	if err := checkLevels(w, h, len(levels)); err != nil {
		return nil, err
	}
	out := f.header(w, h, len(levels))
	for i, L := range levels {
		lw, lh := max(w>>i, 1), max(h>>i, 1)
		if int64(len(L)) != f.LevelSize(lw, lh) {
			return nil, fmt.Errorf("dds: level %d (%d×%d) has %d bytes, want %d", i, lw, lh, len(L), f.LevelSize(lw, lh))
		}
		out = append(out, L...)
	}
	return out, nil
}

// EncodeLevels writes a DDS file of uncompressed format f (MaskFormat, or
// A8R8G8B8 for the zero Format) holding levels as given, each half the
// size of the one before.
func EncodeLevels(f Format, levels []*image.NRGBA) ([]byte, error) {
	if f.Bits == 0 {
		f = A8R8G8B8()
	}
	if len(levels) == 0 {
		return nil, fmt.Errorf("dds: no levels to write")
	}
	w, h := levels[0].Rect.Dx(), levels[0].Rect.Dy()
	if err := checkLevels(w, h, len(levels)); err != nil {
		return nil, err
	}
	out := f.header(w, h, len(levels))
	for i, L := range levels {
		if L.Rect.Dx() != max(w>>i, 1) || L.Rect.Dy() != max(h>>i, 1) {
			return nil, fmt.Errorf("dds: level %d is %d×%d, want %d×%d", i, L.Rect.Dx(), L.Rect.Dy(), max(w>>i, 1), max(h>>i, 1))
		}
		out = append(out, f.encodeMasked(L)...)
	}
	return out, nil
}

// A8R8G8B8 is the 32-bit uncompressed format with 8 alpha bits.
func A8R8G8B8() Format {
	f, _ := MaskFormat(32, 0x00FF0000, 0x0000FF00, 0x000000FF, 0xFF000000, false)
	return f
}

func checkLevels(w, h, n int) error {
	if w <= 0 || h <= 0 || w > MaxSide || h > MaxSide {
		return fmt.Errorf("dds: cannot write a %d×%d image", w, h)
	}
	if n < 1 || n > fullChain(w, h) {
		return fmt.Errorf("dds: %d levels for a %d×%d image (at most %d)", n, w, h, fullChain(w, h))
	}
	return nil
}
