package dxt

import (
	"bytes"
	"encoding/binary"
	"image"
	"testing"
)

// photoWithAlpha is a photo-like test image with alpha from a second
// field (for DXT2–DXT5), or 1-bit alpha (for DXT1) when punch.
func photoWithAlpha(punch bool) *image.NRGBA {
	img := fractal(21, 4)
	a := fractal(22, 2)
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = a.Pix[i-1]
		if punch {
			img.Pix[i] = map[bool]byte{true: 255, false: 0}[a.Pix[i-1] >= 110]
		}
	}
	return img
}

// sizedCopy is img cut to w×h (sizes that are not multiples of 4).
func sizedCopy(img *image.NRGBA, w, h int) *image.NRGBA {
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		copy(out.Pix[y*out.Stride:], img.Pix[y*img.Stride:y*img.Stride+4*w])
	}
	return out
}

// TestKeepSameKind: pixels decoded from blocks and encoded again (at
// Fast, which would encode them otherwise) with those blocks to keep give
// the blocks back byte for byte, in every kind, at any size.
func TestKeepSameKind(t *testing.T) {
	for _, k := range []Kind{DXT1, DXT2, DXT3, DXT4, DXT5} {
		for _, size := range [][2]int{{128, 128}, {30, 21}} {
			src := sizedCopy(photoWithAlpha(k == DXT1), size[0], size[1])
			stored := EncodeWith(src, k, Options{Quality: Best})
			dec, err := Decode(stored, size[0], size[1], k, true, 0)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Equal(EncodeWith(dec, k, Options{Quality: Fast}), stored) {
				t.Fatalf("DXT%d %v: Fast gives Best's blocks by itself; the test proves nothing", k, size)
			}
			got := EncodeWith(dec, k, Options{Quality: Fast, Keep: []Blocks{{k, stored}}})
			if !bytes.Equal(got, stored) {
				t.Errorf("DXT%d %v: the stored blocks were not kept", k, size)
			}
		}
	}
}

// TestKeepAfterEdit: a texel changed after decoding makes its block (and
// only its block) encode again.
func TestKeepAfterEdit(t *testing.T) {
	for _, k := range []Kind{DXT1, DXT5} {
		stored := EncodeWith(photoWithAlpha(k == DXT1), k, Options{Quality: Best})
		dec, _ := Decode(stored, 128, 128, k, true, 0)
		dec.Pix[(5*128+6)*4] ^= 0x80 // texel (6, 5): block (1, 1)
		got := EncodeWith(dec, k, Options{Quality: Fast, Keep: []Blocks{{k, stored}}})
		bs := k.BlockSize()
		for b := 0; b < len(stored)/bs; b++ {
			same := bytes.Equal(got[b*bs:(b+1)*bs], stored[b*bs:(b+1)*bs])
			if edited := b == 32+1; same == edited {
				t.Errorf("DXT%d block %d: kept %v, edited %v", k, b, same, edited)
			}
		}
	}
}

// TestKeepHalves: between DXT3 and DXT5 the colour halves are kept and
// the alpha encoded; within DXT5, a colour edit keeps the block's alpha
// half; a DXT1 block's colour goes into DXT5 only when it is a 4-colour
// block (a 3-colour block would read differently).
func TestKeepHalves(t *testing.T) {
	d3 := EncodeWith(photoWithAlpha(false), DXT3, Options{Quality: Best})
	dec, _ := Decode(d3, 128, 128, DXT3, true, 0)
	d5 := EncodeWith(dec, DXT5, Options{Quality: Fast, Keep: []Blocks{{DXT3, d3}}})
	for b := 0; b < len(d3)/16; b++ {
		if !bytes.Equal(d5[b*16+8:b*16+16], d3[b*16+8:b*16+16]) {
			t.Fatalf("DXT3 to DXT5 block %d: colour half not kept", b)
		}
	}

	dec5, _ := Decode(d5, 128, 128, DXT5, true, 0)
	dec5.Pix[(5*128+6)*4+1] ^= 0x40 // green of texel (6, 5): block 33
	again := EncodeWith(dec5, DXT5, Options{Quality: Fast, Keep: []Blocks{{DXT5, d5}}})
	if !bytes.Equal(again[33*16:33*16+8], d5[33*16:33*16+8]) || bytes.Equal(again[33*16+8:34*16], d5[33*16+8:34*16]) {
		t.Errorf("DXT5 colour edit: alpha half %x (was %x), colour half %x (was %x)",
			again[33*16:33*16+8], d5[33*16:33*16+8], again[33*16+8:34*16], d5[33*16+8:34*16])
	}

	d1 := EncodeWith(photoWithAlpha(true), DXT1, Options{Quality: Best})
	dec1, _ := Decode(d1, 128, 128, DXT1, true, 0)
	from1 := EncodeWith(dec1, DXT5, Options{Quality: Fast, Keep: []Blocks{{DXT1, d1}}})
	four, three := 0, 0
	for b := 0; b < len(d1)/8; b++ {
		src, col := d1[b*8:b*8+8], from1[b*16+8:b*16+16]
		if binary.LittleEndian.Uint16(src) > binary.LittleEndian.Uint16(src[2:]) {
			four++
			if !bytes.Equal(col, src) {
				t.Errorf("DXT1 to DXT5 block %d: 4-colour block not kept", b)
			}
		} else if binary.LittleEndian.Uint16(src) < binary.LittleEndian.Uint16(src[2:]) {
			three++
			if bytes.Equal(col, src) {
				t.Errorf("DXT1 to DXT5 block %d: a 3-colour block went into DXT5", b)
			}
		}
	}
	if four == 0 || three == 0 {
		t.Errorf("DXT1 source has %d 4-colour and %d 3-colour blocks; the test needs both", four, three)
	}
}

// TestKeepOpaqueDXT1: a 3-colour DXT1 block whose index 3 reads as opaque
// black is kept for a target read the same way, and encoded again for one
// read with alpha (where index 3 is transparent).
func TestKeepOpaqueDXT1(t *testing.T) {
	blk := block(0, 0x001F, 0xF800, 0xFFFFFFE4, DXT1) // 3-colour; texels 0–2 use indices 0, 1, 2, the rest 3
	img, _ := Decode(blk, 4, 4, DXT1, false, 0)
	if got := EncodeWith(img, DXT1, Options{Keep: []Blocks{{DXT1, blk}}, OpaqueDXT1: true}); !bytes.Equal(got, blk) {
		t.Errorf("opaque target: %x, want the stored %x", got, blk)
	}
	got := EncodeWith(img, DXT1, Options{Keep: []Blocks{{DXT1, blk}}})
	if bytes.Equal(got, blk) {
		t.Error("target with alpha: the block with black index 3 was kept")
	}
	if back, _ := Decode(got, 4, 4, DXT1, true, 0); back.NRGBAAt(3, 3) != img.NRGBAAt(3, 3) {
		t.Errorf("target with alpha: texel (3,3) = %v, want %v", back.NRGBAAt(3, 3), img.NRGBAAt(3, 3))
	}
}

// TestKeepIgnoresOtherSizes: blocks of another level size are not used.
func TestKeepIgnoresOtherSizes(t *testing.T) {
	img := sizedCopy(photoWithAlpha(false), 16, 16)
	want := EncodeWith(img, DXT5, Options{})
	got := EncodeWith(img, DXT5, Options{Keep: []Blocks{{DXT5, make([]byte, 16*15)}, {Kind(9), make([]byte, 256)}}})
	if !bytes.Equal(got, want) {
		t.Error("blocks of the wrong size changed the encoding")
	}
}
