package txd

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"rummage/formats"
	"rummage/formats/dds"
	"rummage/formats/dxt"
)

// The tests of DXT blocks kept as stored: a texture whose pixels came
// from DXT blocks keeps them byte for byte when it is stored again in the
// same compression. Each builds the blocks at Best quality and stores
// them again at Fast or Normal, which would encode them differently (the
// tests check that they would), so only keeping explains equal bytes.

// shallow is a gentle gradient (a few levels across a block, as in skies
// and walls), whose best blocks use interpolated palette entries that a
// faster search does not find again from the decoded texels; alpha is a
// ramp when alpha.
func shallow(w, h int, alpha bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			a := byte(255)
			if alpha {
				a = byte(60 + x*150/w)
			}
			img.SetNRGBA(x, y, color.NRGBA{byte(40 + x*40/w), byte(90 + y*30/h), byte(160 - (x+y)*20/(w+h)), a})
		}
	}
	return img
}

// bestLevels encodes img and its box mips at Best quality.
func bestLevels(img *image.NRGBA, k dxt.Kind, levels int) [][]byte {
	out := [][]byte{dxt.EncodeWith(img, k, dxt.Options{Quality: dxt.Best})}
	for len(out) < levels {
		img = MipBox.halve(img)
		out = append(out, dxt.EncodeWith(img, k, dxt.Options{Quality: dxt.Best}))
	}
	return out
}

// reencodes reports whether encoding the pixels of blocks again at q
// without keeping gives other bytes (so that a test of keeping proves
// something).
func reencodes(t *testing.T, blocks []byte, w, h int, k dxt.Kind, q dxt.Quality) bool {
	t.Helper()
	img, err := dxt.Decode(blocks, w, h, k, true, 0)
	if err != nil {
		t.Fatal(err)
	}
	return !bytes.Equal(dxt.EncodeWith(img, k, dxt.Options{Quality: q}), blocks)
}

// bestD3D9 is a D3D9 texture of img in compression k, its levels encoded
// at Best quality.
func bestD3D9(t *testing.T, name string, img *image.NRGBA, k int) *Texture {
	t.Helper()
	tx, err := NewD3D(PlatformD3D9, img, Options{Name: name, Compression: k, Mipmaps: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range bestLevels(img, dxt.Kind(k), len(tx.Levels)) {
		tx.Levels[i].Data = b
	}
	return tx
}

// A DDS's DXT blocks go into the TXD as they are (build txd, Add image…),
// every level, in its compression; in another one they are encoded.
func TestDDSBlocksKept(t *testing.T) {
	img := shallow(64, 32, true)
	levels := bestLevels(img, dxt.DXT5, 7)
	if !reencodes(t, levels[0], 64, 32, dxt.DXT5, dxt.Fast) {
		t.Fatal("Fast encodes Best's blocks by itself; the test proves nothing")
	}
	file, err := dds.EncodeBlocks(dds.BlockFormat(dxt.DXT5), 64, 32, levels)
	if err != nil {
		t.Fatal(err)
	}
	src, err := LoadSource("glass.dds", file)
	if err != nil {
		t.Fatal(err)
	}
	built, err := BuildTexture(src, BuildOptions{Platform: PlatformD3D9, Quality: dxt.Fast})
	if err != nil {
		t.Fatal(err)
	}
	added, err := NewTextureFromSource(src, AddOptions{Name: "glass", Platform: PlatformXbox, Stamp: StampXbox, Format: "auto", KeepMips: true, Quality: dxt.Fast})
	if err != nil {
		t.Fatal(err)
	}
	for _, tx := range []*Texture{built, added} {
		if tx.Compression != CompDXT5 || len(tx.Levels) != len(levels) {
			t.Fatalf("%s: DXT%d with %d levels, want DXT5 with %d", tx.PlatformName(), tx.Compression, len(tx.Levels), len(levels))
		}
		for i := range levels {
			if !bytes.Equal(tx.Levels[i].Data, levels[i]) {
				t.Errorf("%s level %d: the DDS's blocks were not kept", tx.PlatformName(), i)
			}
		}
	}
	as3, err := BuildTexture(src, BuildOptions{Platform: PlatformD3D9, Format: "DXT3", Quality: dxt.Fast})
	if err != nil {
		t.Fatal(err)
	}
	for b := 0; b < len(levels[0])/16; b++ { // DXT5 colour halves are DXT3's too
		if !bytes.Equal(as3.Levels[0].Data[b*16+8:b*16+16], levels[0][b*16+8:b*16+16]) {
			t.Fatalf("DXT5 DDS as DXT3: block %d's colour half was not kept", b)
		}
	}
}

// convert txd keeps the DXT blocks of every level between D3D8, D3D9 and
// the Xbox.
func TestConvertKeepsDXTBlocks(t *testing.T) {
	for _, k := range []int{CompDXT1, CompDXT3, CompDXT5} {
		tx := bestD3D9(t, "wall", shallow(32, 32, k != CompDXT1), k)
		if !reencodes(t, tx.Levels[0].Data, 32, 32, dxt.Kind(k), dxt.Normal) {
			t.Fatalf("DXT%d: Normal encodes Best's blocks by itself", k)
		}
		for _, plat := range []uint32{PlatformD3D8, PlatformXbox, PlatformD3D9} {
			nt, err := Convert(tx, plat, 0, dxt.Normal)
			if err != nil {
				t.Fatal(err)
			}
			for i := range tx.Levels {
				if !bytes.Equal(nt.Levels[i].Data, tx.Levels[i].Data) {
					t.Errorf("DXT%d to %s: level %d's blocks changed", k, nt.PlatformName(), i)
				}
			}
		}
	}
}

// Saving a dictionary keeps the blocks of a texture not edited, and of an
// edited one where its pixels did not change: a new mip chain keeps level
// 0's blocks, a replaced image with one texel changed re-encodes only
// that texel's block.
func TestSaveKeepsUnchangedBlocks(t *testing.T) {
	a := bestD3D9(t, "a", shallow(32, 32, false), CompDXT1)
	b := bestD3D9(t, "b", shallow(16, 16, false), CompDXT1)
	if !reencodes(t, a.Levels[0].Data, 32, 32, dxt.DXT1, dxt.Normal) {
		t.Fatal("Normal encodes Best's blocks by itself")
	}
	raw := dict(t, StampSA, 2, a, b)
	n, err := Open(formats.Source{Name: "t.txd", R: bytes.NewReader(raw), Size: int64(len(raw))})
	if err != nil {
		t.Fatal(err)
	}
	r := n.(*Root)
	kids, _ := r.Children()
	na := kids[0].(*TexNode)
	fewer, err := WithMips(na.Texture(), 1, MipBox)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.SetTexture(na, fewer); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := r.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	saved := mustParse(t, buf.Bytes()).Textures()
	if len(saved[0].Levels) != 1 || !bytes.Equal(saved[0].Levels[0].Data, a.Levels[0].Data) {
		t.Error("new mips: level 0's blocks changed")
	}
	for i := range b.Levels {
		if !bytes.Equal(saved[1].Levels[i].Data, b.Levels[i].Data) {
			t.Errorf("unedited texture: level %d's blocks changed", i)
		}
	}

	img, _ := a.Image(0)
	edited := ToNRGBA(img)
	edited.Pix[(9*32+13)*4] ^= 0x55 // texel (13, 9): block (3, 2)
	nt, err := Replace(a, edited)
	if err != nil {
		t.Fatal(err)
	}
	for blk := 0; blk < 64; blk++ {
		same := bytes.Equal(nt.Levels[0].Data[blk*8:blk*8+8], a.Levels[0].Data[blk*8:blk*8+8])
		if same == (blk == 2*8+3) {
			t.Errorf("replaced image: block %d kept %v", blk, same)
		}
	}
}
