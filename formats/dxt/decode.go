package dxt

import (
	"encoding/binary"
	"image"

	"rummage/formats/binread"
)

// colorBlock decodes the 8-byte colour part of a block into 16 packed
// NRGBA words. fourOnly forces the 4-colour mode (DXT3/DXT5).
func colorBlock(b []byte, out *[16]uint32, fourOnly, alpha1 bool) {
	c0 := binary.LittleEndian.Uint16(b)
	c1 := binary.LittleEndian.Uint16(b[2:])
	r0, g0, b0 := rgb565(c0)
	r1, g1, b1 := rgb565(c1)
	var pal [4]uint32
	pal[0] = packNRGBA(byte(r0), byte(g0), byte(b0), 255)
	pal[1] = packNRGBA(byte(r1), byte(g1), byte(b1), 255)
	if c0 > c1 || fourOnly {
		pal[2] = packNRGBA(byte((2*r0+r1)/3), byte((2*g0+g1)/3), byte((2*b0+b1)/3), 255)
		pal[3] = packNRGBA(byte((r0+2*r1)/3), byte((g0+2*g1)/3), byte((b0+2*b1)/3), 255)
	} else {
		pal[2] = packNRGBA(byte((r0+r1)/2), byte((g0+g1)/2), byte((b0+b1)/2), 255)
		if alpha1 {
			pal[3] = 0
		} else {
			pal[3] = packNRGBA(0, 0, 0, 255)
		}
	}
	idx := binary.LittleEndian.Uint32(b[4:])
	for i := 0; i < 16; i++ {
		out[i] = pal[idx>>(2*i)&3]
	}
}

// alpha3 puts a DXT3 block's explicit 4-bit alphas into px.
func alpha3(blk []byte, px *[16]uint32) {
	a := binary.LittleEndian.Uint64(blk)
	for i := 0; i < 16; i++ {
		px[i] = px[i]&0xFFFFFF | uint32(Expand4(uint32(a>>(4*i)&15)))<<24
	}
}

// alpha5 puts a DXT5 block's interpolated alphas into px.
func alpha5(blk []byte, px *[16]uint32) {
	var al [8]uint32
	a0, a1 := uint32(blk[0]), uint32(blk[1])
	al[0], al[1] = a0, a1
	if a0 > a1 {
		for i := uint32(1); i < 7; i++ {
			al[i+1] = ((7-i)*a0 + i*a1) / 7
		}
	} else {
		for i := uint32(1); i < 5; i++ {
			al[i+1] = ((5-i)*a0 + i*a1) / 5
		}
		al[6], al[7] = 0, 255
	}
	bitsA := uint64(blk[2]) | uint64(blk[3])<<8 | uint64(blk[4])<<16 | uint64(blk[5])<<24 | uint64(blk[6])<<32 | uint64(blk[7])<<40
	for i := 0; i < 16; i++ {
		px[i] = px[i]&0xFFFFFF | al[bitsA>>(3*i)&7]<<24
	}
}

// Decode decodes a w×h level of kind k from d. alpha1 makes DXT1's fourth
// colour of three-colour blocks transparent (else opaque black). DXT2 and
// DXT4 colour is divided by alpha back to straight alpha. off is the
// absolute offset of d[0], for the error when d is too short.
func Decode(d []byte, w, h int, k Kind, alpha1 bool, off int64) (*image.NRGBA, error) {
	if !k.Valid() {
		return nil, binread.Unsupportedf(off, "block compression DXT%d", int(k))
	}
	if w <= 0 || h <= 0 {
		return nil, binread.Errorf(off, "DXT%d level of %d×%d texels", int(k), w, h)
	}
	bw, bh := (w+3)/4, (h+3)/4
	bs := k.BlockSize()
	if need := LevelSize(int64(w), int64(h), k); int64(len(d)) < need {
		return nil, binread.Errorf(off, "DXT%d level %d×%d needs %d bytes, has %d", int(k), w, h, need, len(d))
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	var px [16]uint32
	for by := 0; by < bh; by++ {
		for bx := 0; bx < bw; bx++ {
			decodeBlock(d[(by*bw+bx)*bs:], k, alpha1, &px)
			for i := 0; i < 16; i++ {
				x, y := bx*4+i%4, by*4+i/4
				if x < w && y < h {
					binary.LittleEndian.PutUint32(img.Pix[y*img.Stride+x*4:], px[i])
				}
			}
		}
	}
	return img, nil
}

// decodeBlock decodes one block of kind k into 16 packed NRGBA words.
func decodeBlock(blk []byte, k Kind, alpha1 bool, px *[16]uint32) {
	switch k.Blocks() {
	case DXT1:
		colorBlock(blk, px, false, alpha1)
	case DXT3:
		colorBlock(blk[8:], px, true, false)
		alpha3(blk, px)
	case DXT5:
		colorBlock(blk[8:], px, true, false)
		alpha5(blk, px)
	}
	if k.Premultiplied() {
		unpremultiply(px)
	}
}

// unpremultiply turns premultiplied texels into straight alpha: each
// colour channel c becomes c*255/a rounded (at most 255); a texel of alpha
// 0 has no colour left and becomes transparent black.
func unpremultiply(px *[16]uint32) {
	for i, p := range px {
		a := p >> 24
		if a == 255 {
			continue
		}
		if a == 0 {
			px[i] = 0
			continue
		}
		v := p & 0xFF000000
		for s := uint(0); s < 24; s += 8 {
			c := min((p>>s&0xFF*255+a/2)/a, 255)
			v |= c << s
		}
		px[i] = v
	}
}
