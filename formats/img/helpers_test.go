package img

import (
	"image"
	"image/color"
)

func imageOf(w, h int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			m.SetNRGBA(x, y, color.NRGBA{byte(x * 30), byte(y * 30), 7, 255})
		}
	}
	return m
}
