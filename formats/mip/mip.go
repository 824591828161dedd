// Package mip makes mipmap levels: the box filter both the DDS writer and
// the TXD builder use for a level they generate.
package mip

import "image"

// Halve returns the next mip level of src: half its size (at least 1×1),
// each texel the rounded mean of the up to 2×2 texels it covers (straight
// alpha, as stored). A texel on an odd last row or column is dropped, as
// Direct3D's box filter does.
func Halve(src *image.NRGBA) *image.NRGBA {
	w, h := src.Rect.Dx(), src.Rect.Dy()
	nw, nh := max(w/2, 1), max(h/2, 1)
	dst := image.NewNRGBA(image.Rect(0, 0, nw, nh))
	for y := 0; y < nh; y++ {
		for x := 0; x < nw; x++ {
			var sum [4]int
			n := 0
			for dy := 0; dy < 2 && 2*y+dy < h; dy++ {
				for dx := 0; dx < 2 && 2*x+dx < w; dx++ {
					p := src.Pix[(2*y+dy)*src.Stride+4*(2*x+dx):]
					for c := 0; c < 4; c++ {
						sum[c] += int(p[c])
					}
					n++
				}
			}
			d := dst.Pix[y*dst.Stride+4*x:]
			for c := 0; c < 4; c++ {
				d[c] = byte((sum[c] + n/2) / n)
			}
		}
	}
	return dst
}
