package imagefile

import (
	"image"
	"image/color"
	"image/draw"
)

// toNRGBA returns img as a straight-alpha *image.NRGBA at the origin,
// keeping the colour of 16-bit pixels under partial alpha exactly (to
// their top 8 bits) where going through premultiplied colour would lose it.
func toNRGBA(img image.Image) *image.NRGBA {
	b := img.Bounds()
	switch m := img.(type) {
	case *image.NRGBA:
		if b.Min == (image.Point{}) {
			return m
		}
	case *image.RGBA:
		if b.Min == (image.Point{}) {
			// the decoders give RGBA for opaque pixels: the same bytes as
			// NRGBA, so it is taken over without a second image in memory
			unpremultiply(m.Pix)
			return &image.NRGBA{Pix: m.Pix, Stride: m.Stride, Rect: m.Rect}
		}
	case *image.NRGBA64:
		out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		for y := 0; y < b.Dy(); y++ {
			src := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			dst := out.Pix[out.PixOffset(0, y):]
			for x := 0; x < 4*b.Dx(); x++ {
				dst[x] = src[2*x] // the high byte of each big-endian channel
			}
		}
		return out
	case *image.Paletted:
		out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		pal := make([]color.NRGBA, len(m.Palette))
		for i, c := range m.Palette {
			pal[i] = color.NRGBAModel.Convert(c).(color.NRGBA)
		}
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < b.Dx(); x++ {
				if i := int(m.ColorIndexAt(b.Min.X+x, b.Min.Y+y)); i < len(pal) {
					out.SetNRGBA(x, y, pal[i])
				}
			}
		}
		return out
	}
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src) // opaque or premultiplied kinds: exact
	return out
}

// unpremultiply turns premultiplied RGBA bytes into straight ones in
// place (opaque and clear pixels are left as they are).
func unpremultiply(pix []byte) {
	for i := 0; i+3 < len(pix); i += 4 {
		a := int(pix[i+3])
		if a == 255 || a == 0 {
			continue
		}
		for k := range 3 {
			pix[i+k] = byte(min(255, (int(pix[i+k])*255+a/2)/a))
		}
	}
}
