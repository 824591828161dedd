package dds

import (
	"image"

	"rummage/formats/pixfmt"
)

// decodeMasked decodes a w×h uncompressed level from b (which holds at
// least LevelSize bytes).
func (f Format) decodeMasked(b []byte, w, h int) *image.NRGBA {
	l := pixfmt.Layout{Bits: f.Bits, Masks: f.Masks, Luminance: f.Luminance}
	return l.Decode(b, w, h, l.RowBytes(w))
}
