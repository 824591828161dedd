package dxt

import (
	"encoding/binary"
	"image"
)

func to565(r, g, b int) uint16 {
	return uint16((r*31+127)/255)<<11 | uint16((g*63+127)/255)<<5 | uint16((b*31+127)/255)
}

// Encode compresses an NRGBA image (any size): colour endpoints from the
// block's principal axis refined by least squares, DXT5 alpha from the
// better of the two alpha modes with refined endpoints (refine.go). DXT2
// and DXT4 store the colour multiplied by alpha in DXT3 and DXT5 blocks.
func Encode(img *image.NRGBA, comp Kind) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	bw, bh := (w+3)/4, (h+3)/4
	bs := comp.BlockSize()
	out := make([]byte, bw*bh*bs)
	var blk [16][4]int
	for by := 0; by < bh; by++ {
		for bx := 0; bx < bw; bx++ {
			for i := 0; i < 16; i++ {
				x, y := min(bx*4+i%4, w-1), min(by*4+i/4, h-1)
				o := y*img.Stride + x*4
				p := img.Pix[o : o+4]
				blk[i] = [4]int{int(p[0]), int(p[1]), int(p[2]), int(p[3])}
				if comp.Premultiplied() {
					premultiply(&blk[i], comp)
				}
			}
			dst := out[(by*bw+bx)*bs:]
			switch comp.Blocks() {
			case DXT1:
				encodeColor(dst, &blk, true)
			case DXT3:
				var a uint64
				for i := 0; i < 16; i++ {
					a |= uint64((blk[i][3]*15+127)/255) << (4 * i)
				}
				binary.LittleEndian.PutUint64(dst, a)
				encodeColor(dst[8:], &blk, false)
			case DXT5:
				encodeAlpha5(dst, &blk)
				encodeColor(dst[8:], &blk, false)
			}
		}
	}
	return out
}

// fitEndpoints finds two colours spanning the block along its principal
// axis (pixels with alpha < 128 are left out for DXT1).
func fitEndpoints(blk *[16][4]int, dxt1 bool) (lo, hi [3]int) {
	mean, n := blockMean(blk, dxt1)
	if n == 0 {
		return
	}
	axis := principalAxis(blockCovariance(blk, dxt1, mean))
	minT, maxT := 1e18, -1e18
	for i := range blk {
		if dxt1 && blk[i][3] < 128 {
			continue
		}
		t := 0.0
		for c := 0; c < 3; c++ {
			t += (float64(blk[i][c]) - mean[c]) * axis[c]
		}
		minT, maxT = min(minT, t), max(maxT, t)
	}
	nrm := axis[0]*axis[0] + axis[1]*axis[1] + axis[2]*axis[2]
	if nrm == 0 {
		nrm = 1
	}
	for c := 0; c < 3; c++ {
		lo[c] = clamp255(mean[c] + axis[c]*minT/nrm)
		hi[c] = clamp255(mean[c] + axis[c]*maxT/nrm)
	}
	return lo, hi
}

// blockMean returns the mean colour of the block's pixels (for DXT1 the
// opaque ones) and their count.
func blockMean(blk *[16][4]int, dxt1 bool) (mean [3]float64, n int) {
	for i := range blk {
		if dxt1 && blk[i][3] < 128 {
			continue
		}
		for c := 0; c < 3; c++ {
			mean[c] += float64(blk[i][c])
		}
		n++
	}
	if n == 0 {
		return mean, 0
	}
	for c := range mean {
		mean[c] /= float64(n)
	}
	return mean, n
}

// blockCovariance returns the colour covariance (unnormalised) of the
// pixels blockMean counts.
func blockCovariance(blk *[16][4]int, dxt1 bool, mean [3]float64) (cov [3][3]float64) {
	for i := range blk {
		if dxt1 && blk[i][3] < 128 {
			continue
		}
		var d [3]float64
		for c := 0; c < 3; c++ {
			d[c] = float64(blk[i][c]) - mean[c]
		}
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				cov[a][b] += d[a] * d[b]
			}
		}
	}
	return cov
}

// principalAxis approximates the covariance's main eigenvector by eight
// power iterations from (1, 1, 1).
func principalAxis(cov [3][3]float64) [3]float64 {
	axis := [3]float64{1, 1, 1}
	for it := 0; it < 8; it++ {
		var nx [3]float64
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				nx[a] += cov[a][b] * axis[b]
			}
		}
		m := max(abs(nx[0]), abs(nx[1]), abs(nx[2]))
		if m == 0 {
			break
		}
		for a := range nx {
			nx[a] /= m
		}
		axis = nx
	}
	return axis
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func clamp255(v float64) int {
	return int(min(max(v+0.5, 0), 255))
}

// premultiply multiplies a texel's colour by its alpha as the block will
// store it (DXT2's 4-bit alpha, DXT4's 8-bit one), so that dividing by the
// decoded alpha gives the colour back.
func premultiply(p *[4]int, comp Kind) {
	a := p[3]
	if comp == DXT2 {
		a = (a*15 + 127) / 255 * 17
	}
	for c := 0; c < 3; c++ {
		p[c] = (p[c]*a + 127) / 255
	}
}
