package dxt

import (
	"encoding/binary"
	"image"
)

func to565(r, g, b int) uint16 {
	return uint16((r*31+127)/255)<<11 | uint16((g*63+127)/255)<<5 | uint16((b*31+127)/255)
}

// Encode compresses an NRGBA image (any size) with a simple bounding-box
// endpoint fit: good enough for a viewer's "replace" and for test fixtures.
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
			}
			dst := out[(by*bw+bx)*bs:]
			switch comp {
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

func encodeColor(dst []byte, blk *[16][4]int, dxt1 bool) {
	lo, hi := fitEndpoints(blk, dxt1)
	transparent := false
	for i := range blk {
		if dxt1 && blk[i][3] < 128 {
			transparent = true
		}
	}
	c0 := to565(hi[0], hi[1], hi[2])
	c1 := to565(lo[0], lo[1], lo[2])
	three := transparent
	if three {
		if c0 > c1 {
			c0, c1 = c1, c0
		}
	} else {
		if c0 < c1 {
			c0, c1 = c1, c0
		}
		if c0 == c1 {
			// Single colour: use index 0 everywhere with c0 > c1 when possible.
			if c1 > 0 {
				c1--
			} else {
				c0++
			}
		}
	}
	binary.LittleEndian.PutUint16(dst, c0)
	binary.LittleEndian.PutUint16(dst[2:], c1)
	r0, g0, b0 := rgb565(c0)
	r1, g1, b1 := rgb565(c1)
	cols := [4][3]int{{r0, g0, b0}, {r1, g1, b1}}
	n := 4
	if three {
		cols[2] = [3]int{(r0 + r1) / 2, (g0 + g1) / 2, (b0 + b1) / 2}
		n = 3
	} else {
		cols[2] = [3]int{(2*r0 + r1) / 3, (2*g0 + g1) / 3, (2*b0 + b1) / 3}
		cols[3] = [3]int{(r0 + 2*r1) / 3, (g0 + 2*g1) / 3, (b0 + 2*b1) / 3}
	}
	var idx uint32
	for i := range blk {
		best := 0
		if three && blk[i][3] < 128 {
			best = 3
		} else {
			bd := 1 << 30
			for k := 0; k < n; k++ {
				dr, dg, db := blk[i][0]-cols[k][0], blk[i][1]-cols[k][1], blk[i][2]-cols[k][2]
				if d := dr*dr + dg*dg + db*db; d < bd {
					bd, best = d, k
				}
			}
		}
		idx |= uint32(best) << (2 * i)
	}
	binary.LittleEndian.PutUint32(dst[4:], idx)
}

func encodeAlpha5(dst []byte, blk *[16][4]int) {
	lo, hi := 255, 0
	for i := range blk {
		lo, hi = min(lo, blk[i][3]), max(hi, blk[i][3])
	}
	a0, a1 := hi, lo
	var al [8]int
	if a0 == a1 {
		// a0 <= a1 mode: entries 0/1 equal, exact.
		al = [8]int{a0, a1, a0, a0, a0, a0, 0, 255}
	} else {
		al[0], al[1] = a0, a1
		for i := 1; i < 7; i++ {
			al[i+1] = ((7-i)*a0 + i*a1) / 7
		}
	}
	dst[0], dst[1] = byte(a0), byte(a1)
	var bitsA uint64
	for i := range blk {
		best, bd := 0, 1<<30
		for k := 0; k < 8; k++ {
			d := blk[i][3] - al[k]
			if d < 0 {
				d = -d
			}
			if d < bd {
				bd, best = d, k
			}
		}
		bitsA |= uint64(best) << (3 * i)
	}
	for i := 0; i < 6; i++ {
		dst[2+i] = byte(bitsA >> (8 * i))
	}
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
