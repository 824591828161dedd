// Package dxt decodes and encodes the S3TC block compressions DXT1, DXT3
// and DXT5 (BC1–BC3) shared by RenderWare TXD natives and DirectDraw
// Surface (DDS) files, and their premultiplied-alpha variants DXT2 and
// DXT4. Pixels are straight-alpha *image.NRGBA.
package dxt

import "math"

// Kind is a block compression. The values are the DXT numbers, as TXD
// natives store them.
type Kind int

// The block compressions.
const (
	DXT1 Kind = 1 // 8-byte blocks: two RGB565 colours, 2-bit indices, optional 1-bit alpha
	DXT2 Kind = 2 // DXT3 blocks whose colour is premultiplied by alpha
	DXT3 Kind = 3 // 16-byte blocks: explicit 4-bit alpha, then a DXT1 colour block
	DXT4 Kind = 4 // DXT5 blocks whose colour is premultiplied by alpha
	DXT5 Kind = 5 // 16-byte blocks: interpolated 8-bit alpha, then a DXT1 colour block
)

// Valid reports whether k is DXT1 to DXT5.
func (k Kind) Valid() bool { return k >= DXT1 && k <= DXT5 }

// Premultiplied reports DXT2 and DXT4, whose stored colour is multiplied
// by alpha.
func (k Kind) Premultiplied() bool { return k == DXT2 || k == DXT4 }

// Blocks returns the kind whose block layout k shares: DXT3 for DXT2,
// DXT5 for DXT4, k itself otherwise.
func (k Kind) Blocks() Kind {
	if k.Premultiplied() {
		return k + 1
	}
	return k
}

// BlockSize returns the bytes of one 4×4 block (8 for DXT1, else 16).
func (k Kind) BlockSize() int {
	if k == DXT1 {
		return 8
	}
	return 16
}

// LevelSize returns the bytes of a w×h level: whole 4×4 blocks, at least
// one. Sizes from a header cannot wrap: a level past math.MaxInt64 bytes
// (or with a negative side) gives math.MaxInt64.
func LevelSize(w, h int64, k Kind) int64 {
	bw, bh := max((w+3)/4, 1), max((h+3)/4, 1)
	bs := int64(k.BlockSize())
	if w < 0 || h < 0 || bw > math.MaxInt64/bs/bh {
		return math.MaxInt64
	}
	return bw * bh * bs
}

// Expand5 widens a 5-bit channel to 8 bits (rounded).
func Expand5(v uint32) byte { return byte((v*255 + 15) / 31) }

// Expand6 widens a 6-bit channel to 8 bits (rounded).
func Expand6(v uint32) byte { return byte((v*255 + 31) / 63) }

// Expand4 widens a 4-bit channel to 8 bits.
func Expand4(v uint32) byte { return byte(v * 17) }

// packNRGBA packs r, g, b, a into the little-endian word of an NRGBA pixel.
func packNRGBA(r, g, b, a byte) uint32 {
	return uint32(r) | uint32(g)<<8 | uint32(b)<<16 | uint32(a)<<24
}

func rgb565(c uint16) (r, g, b int) {
	v := uint32(c)
	return int(Expand5(v >> 11)), int(Expand6(v >> 5 & 63)), int(Expand5(v & 31))
}
