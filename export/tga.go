package export

import (
	"image"
	"io"

	"rummage/formats/tga"
)

// writeTGA encodes img as an uncompressed 32-bit TGA (straight alpha, as
// decoded).
func writeTGA(w io.Writer, img image.Image) error { return tga.Encode(w, img) }
