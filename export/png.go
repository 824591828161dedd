package export

import (
	"image"
	"image/png"
	"io"
)

// writePNG encodes img as PNG. Decoded textures are straight-alpha
// *image.NRGBA, which image/png writes exactly as stored (no premultiplying),
// so colour under partial or zero alpha survives the export.
func writePNG(w io.Writer, img image.Image) error {
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	return enc.Encode(w, img)
}
