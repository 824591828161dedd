package dxt

import (
	"encoding/binary"
	"image"
)

// Options say how EncodeWith compresses.
type Options struct {
	Quality Quality
}

// Encode compresses an NRGBA image (any size) at Normal quality; see
// EncodeWith.
func Encode(img *image.NRGBA, comp Kind) []byte { return EncodeWith(img, comp, Options{}) }

// EncodeWith compresses an NRGBA image (any size; edge blocks repeat the
// last row and column): colour endpoints by the quality's fit (Quality),
// DXT3 alpha rounded to 4 bits, DXT5 alpha from the better of the two
// alpha modes with refined endpoints. DXT1 texels with alpha < 128 are
// transparent (the 3-colour mode's index 3). DXT2 and DXT4 store the
// colour multiplied by alpha in DXT3 and DXT5 blocks.
func EncodeWith(img *image.NRGBA, comp Kind, o Options) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	bw, bh := (w+3)/4, (h+3)/4
	bs := comp.BlockSize()
	out := make([]byte, bw*bh*bs)
	en := &encoder{q: o.Quality, depth: normalDepth}
	if o.Quality == Best {
		en.depth = bestDepth
	}
	var blk texels
	for by := 0; by < bh; by++ {
		for bx := 0; bx < bw; bx++ {
			for i := 0; i < 16; i++ {
				x, y := min(bx*4+i%4, w-1), min(by*4+i/4, h-1)
				p := img.Pix[y*img.Stride+x*4:]
				blk[i] = [4]int{int(p[0]), int(p[1]), int(p[2]), int(p[3])}
				if comp.Premultiplied() {
					premultiply(&blk[i], comp)
				}
			}
			en.block(out[(by*bw+bx)*bs:], &blk, comp.Blocks())
		}
	}
	return out
}

// encoder is the state of one encoding goroutine: the quality and the
// cluster fit's scratch space.
type encoder struct {
	q     Quality
	depth depth        // the cluster fit's
	e     [969]float64 // every split's E (the most splits: 16 texels)
}

// block writes one block of kind k (DXT1, DXT3 or DXT5).
func (en *encoder) block(dst []byte, blk *texels, k Kind) {
	switch k {
	case DXT1:
		en.colour(dst, blk, true)
	case DXT3:
		encodeAlpha3(dst, blk)
		en.colour(dst[8:], blk, false)
	case DXT5:
		encodeAlpha5(dst, blk, en.q)
		en.colour(dst[8:], blk, false)
	}
}

// colour writes the 8-byte colour block of blk by the quality's fit. DXT1
// blocks with transparent texels use the 3-colour mode.
func (en *encoder) colour(dst []byte, blk *texels, dxt1 bool) {
	transparent := false
	for i := range blk {
		transparent = transparent || dxt1 && blk[i][3] < 128
	}
	s := newColourSet(blk, transparent)
	var f colourFit
	switch {
	case s.n == 0: // every texel transparent
		f = colourFit{idx: 0xFFFFFFFF}
	case s.single:
		p := &s.p[0]
		f = fitSingle(blk, int(p[0]), int(p[1]), int(p[2]), dxt1, transparent)
	case en.q == Fast:
		f = rangeFit(blk, &s, dxt1, transparent)
	default:
		f = en.clusterFit(blk, &s, dxt1, transparent)
	}
	binary.LittleEndian.PutUint16(dst, f.c0)
	binary.LittleEndian.PutUint16(dst[2:], f.c1)
	binary.LittleEndian.PutUint32(dst[4:], f.idx)
}

// rangeFit is the Fast quality: the extremes of the principal axis as the
// endpoints (in the 3-colour mode only when there are transparent
// texels), refitted by least squares while the error falls.
func rangeFit(blk *texels, s *colourSet, dxt1, transparent bool) colourFit {
	mean, axis := s.principal()
	nrm := axis[0]*axis[0] + axis[1]*axis[1] + axis[2]*axis[2]
	if nrm == 0 {
		nrm = 1
	}
	minT, maxT := 1e18, -1e18
	for _, p := range s.p[:s.n] {
		t := (p[0]-mean[0])*axis[0] + (p[1]-mean[1])*axis[1] + (p[2]-mean[2])*axis[2]
		minT, maxT = min(minT, t), max(maxT, t)
	}
	var lo, hi [3]float64
	for c := 0; c < 3; c++ {
		lo[c] = mean[c] + axis[c]*minT/nrm
		hi[c] = mean[c] + axis[c]*maxT/nrm
	}
	f := evalEndpoints(blk, hi, lo, dxt1, transparent, transparent)
	for it := 0; it < 3 && f.sse > 0; it++ {
		g := refit(blk, f, dxt1, transparent)
		if !g.better(f) {
			break
		}
		f = g
	}
	return f
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
