package dxt

import "encoding/binary"

// Keeping stored blocks: an image decoded from DXT blocks (a DDS level, a
// TXD level) that is encoded again gets those blocks back byte for byte,
// block by block, wherever a block still reads back as exactly the
// image's texels in the target kind. A texel edited since, a different
// size or a block that would read differently in the target (DXT1's
// 3-colour blocks in DXT3/DXT5, whose colour blocks are always 4-colour)
// is encoded again, only there.

// Blocks are the stored blocks of one level: their kind and bytes.
type Blocks struct {
	Kind Kind
	Data []byte
}

// fits reports whether b can hold the blocks of a w×h level.
func (b Blocks) fits(w, h int) bool {
	return b.Kind.Valid() && int64(len(b.Data)) == LevelSize(int64(w), int64(h), b.Kind)
}

// target is what the kept blocks must read back as: the kind written and
// whether its DXT1 blocks are read with alpha (index 3 of a 3-colour
// block transparent, else opaque black).
type target struct {
	kind   Kind
	alpha1 bool
}

// keep writes into dst (a block of t.kind) the halves of the stored block
// src (of kind sk) that read back as the texels px (straight NRGBA words;
// only those whose bit is set in valid count) and reports which halves it
// wrote: the colour and, for DXT2–DXT5, the alpha (DXT1's is its colour).
// Premultiplied blocks are kept whole or not at all.
func (t target) keep(dst, src []byte, sk Kind, px *[16]uint32, valid uint16) (colour, alpha bool) {
	var got [16]uint32
	bs := t.kind.BlockSize()
	if sk == t.kind {
		decodeBlock(src, sk, t.alpha1, &got)
		if sameTexels(&got, px, valid, 0xFFFFFFFF) {
			copy(dst, src[:bs])
			return true, true
		}
	}
	if sk.Premultiplied() || t.kind.Premultiplied() {
		return false, false
	}
	if sk == t.kind && sk != DXT1 { // the alpha half alone
		if sk == DXT3 {
			alpha3(src, &got)
		} else {
			alpha5(src, &got)
		}
		if alpha = sameTexels(&got, px, valid, 0xFF000000); alpha {
			copy(dst[:8], src[:8])
		}
	}
	// the colour half alone, when both kinds read it as a 4-colour block
	sc := src[sk.BlockSize()-8:]
	if (sk == DXT1 || t.kind == DXT1) && binary.LittleEndian.Uint16(sc) <= binary.LittleEndian.Uint16(sc[2:]) {
		return false, alpha
	}
	colorBlock(sc, &got, true, false)
	mask := uint32(0xFFFFFF) // DXT3/DXT5: the colour half decides RGB only
	if t.kind == DXT1 {
		mask = 0xFFFFFFFF // a 4-colour DXT1 block reads opaque
	}
	if !sameTexels(&got, px, valid, mask) {
		return false, alpha
	}
	copy(dst[bs-8:], sc[:8])
	return true, alpha || t.kind == DXT1
}

// sameTexels reports whether a and b agree, under mask, on every texel
// whose bit is set in valid.
func sameTexels(a, b *[16]uint32, valid uint16, mask uint32) bool {
	for i := range a {
		if valid>>i&1 != 0 && (a[i]^b[i])&mask != 0 {
			return false
		}
	}
	return true
}
