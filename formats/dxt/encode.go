package dxt

import (
	"encoding/binary"
	"image"
)

// Options say how EncodeWith compresses.
type Options struct {
	Quality Quality
	// Keep are stored blocks the image's pixels came from (a DDS level,
	// the level of a texture being stored again), tried in order: every
	// block (or, between DXT1, DXT3 and DXT5, its colour or alpha half)
	// that reads back as exactly the image's texels in the target kind is
	// kept byte for byte instead of being encoded again. Blocks of another
	// size are ignored.
	Keep []Blocks
	// OpaqueDXT1 says the DXT1 level will be read without alpha (index 3
	// of a 3-colour block as opaque black, as D3D reads a texture without
	// an alpha flag); it only decides which kept blocks read back as the
	// image.
	OpaqueDXT1 bool
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
	var keep []Blocks
	for _, b := range o.Keep {
		if b.fits(w, h) {
			keep = append(keep, b)
		}
	}
	t := target{kind: comp, alpha1: !o.OpaqueDXT1}
	var blk texels
	var px [16]uint32
	for by := 0; by < bh; by++ {
		for bx := 0; bx < bw; bx++ {
			valid := gather(img, bx, by, comp, &blk, &px)
			dst, at := out[(by*bw+bx)*bs:], by*bw+bx
			var colour, alpha bool
			for _, b := range keep {
				c, a := t.keep(dst, b.Data[at*b.Kind.BlockSize():], b.Kind, &px, valid)
				if colour, alpha = colour || c, alpha || a; colour && alpha {
					break
				}
			}
			en.block(dst, &blk, comp.Blocks(), !colour, !alpha)
		}
	}
	return out
}

// gather reads block (bx, by) of img into px (straight NRGBA words) and
// blk (premultiplied for DXT2/DXT4); texels past the right and bottom
// edges repeat the last column and row, and only those inside are set in
// valid.
func gather(img *image.NRGBA, bx, by int, comp Kind, blk *texels, px *[16]uint32) (valid uint16) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for i := 0; i < 16; i++ {
		x, y := bx*4+i%4, by*4+i/4
		if x < w && y < h {
			valid |= 1 << i
		}
		p := img.Pix[min(y, h-1)*img.Stride+min(x, w-1)*4:]
		px[i] = packNRGBA(p[0], p[1], p[2], p[3])
		blk[i] = [4]int{int(p[0]), int(p[1]), int(p[2]), int(p[3])}
		if comp.Premultiplied() {
			premultiply(&blk[i], comp)
		}
	}
	return valid
}

// encoder is the state of one encoding goroutine: the quality and the
// cluster fit's scratch space.
type encoder struct {
	q     Quality
	depth depth        // the cluster fit's
	e     [969]float64 // every split's E (the most splits: 16 texels)
}

// block writes the colour and (DXT3, DXT5) alpha halves of one block of
// kind k (DXT1, DXT3 or DXT5) that are asked for.
func (en *encoder) block(dst []byte, blk *texels, k Kind, colour, alpha bool) {
	switch {
	case k == DXT1:
		if colour {
			en.colour(dst, blk, true)
		}
		return
	case !alpha:
	case k == DXT3:
		encodeAlpha3(dst, blk)
	case k == DXT5:
		encodeAlpha5(dst, blk, en.q)
	}
	if colour {
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
