package imagefile

import (
	"image"

	"rummage/formats/tga"
)

// readTGA reads the TGA header with tga.Config, which also checks that
// the pixels fit in the file.
func readTGA(head []byte, size int64) (*header, error) {
	h, err := tga.Config(head, size)
	if err != nil {
		return nil, err
	}
	facts := map[string]any{"imageType": h.ImageType, "rle": h.RLE(), "origin": h.Origin(), "bitsPerPixel": h.Bits, "alphaBits": h.AlphaBits()}
	if h.MapType == 1 {
		facts["paletteFormat"] = tgaPixelFormat(h.MapBits, h.MapBits == 16)
		facts["paletteEntries"] = h.MapLen
	}
	return &header{typ: "TGA", w: h.Width, h: h.Height, format: tgaFormat(h), sizeOff: 12, pixelBytes: 4, facts: facts,
		decode: func(b []byte) (image.Image, error) { return tga.DecodeBytes(b) }}, nil
}

// tgaFormat names the texture format of a TGA image.
func tgaFormat(h tga.Header) string {
	switch {
	case h.Mapped():
		return "PAL8"
	case h.Grey() && h.Bits == 16:
		return "A8L8"
	case h.Grey():
		return "L8"
	}
	return tgaPixelFormat(h.Bits, h.AlphaBits() > 0)
}

// tgaPixelFormat names a true-colour TGA pixel (or colour-map entry).
func tgaPixelFormat(bits int, alpha bool) string {
	switch bits {
	case 15:
		return "555"
	case 16:
		if alpha {
			return "1555"
		}
		return "555"
	case 24:
		return "888"
	}
	return "8888"
}
