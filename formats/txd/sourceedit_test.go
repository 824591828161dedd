package txd

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"rummage/formats/dds"
	"rummage/formats/dxt"
	"rummage/formats/tga"
)

// solidLevels is a w×h chain of flat images, level i of colour cols[i]:
// levels no filter would make from level 0.
func solidLevels(w, h int, cols []color.NRGBA) []*image.NRGBA {
	var out []*image.NRGBA
	for i, c := range cols {
		img := image.NewNRGBA(image.Rect(0, 0, max(w>>i, 1), max(h>>i, 1)))
		for p := 0; p < len(img.Pix); p += 4 {
			img.Pix[p], img.Pix[p+1], img.Pix[p+2], img.Pix[p+3] = c.R, c.G, c.B, c.A
		}
		out = append(out, img)
	}
	return out
}

var mipColours = []color.NRGBA{{200, 10, 10, 255}, {10, 200, 10, 255}, {10, 10, 200, 255}, {250, 250, 0, 255}, {0, 250, 250, 255}}

// An 8888 DDS with its own mips, added with KeepMips, keeps every level
// as imported (after a write and a read); with box mips, level 1 is made
// from level 0 instead; with "none" it has one level.
func TestAddFromDDSKeepsMips(t *testing.T) {
	lv := solidLevels(16, 16, mipColours)
	file, err := dds.EncodeLevels(dds.A8R8G8B8(), lv)
	if err != nil {
		t.Fatal(err)
	}
	src, err := LoadSource("walls.dds", file)
	if err != nil {
		t.Fatal(err)
	}
	o := AddOptions{Name: "walls", Platform: PlatformD3D9, Stamp: StampSA, Format: "8888", KeepMips: true}
	tx, err := NewTextureFromSource(src, o)
	if err != nil {
		t.Fatal(err)
	}
	got := roundTrip(t, NewDictionaryOf([]*Texture{tx})).Textures()[0]
	if len(got.Levels) != len(lv) || got.RasterFormat&FmtMipmap == 0 {
		t.Fatalf("kept %d levels (raster %s), want %d", len(got.Levels), RasterFormatText(got.RasterFormat), len(lv))
	}
	for i := range lv {
		img, err := got.Image(i)
		if err != nil {
			t.Fatal(err)
		}
		sameImage(t, "kept level", ToNRGBA(img), lv[i], 0)
	}
	o.KeepMips, o.Mips = false, 0
	box, err := NewTextureFromSource(src, o)
	if err != nil {
		t.Fatal(err)
	}
	if img, _ := box.Image(1); ToNRGBA(img).NRGBAAt(0, 0) != mipColours[0] {
		t.Errorf("box mips: level 1 is %v, want level 0's colour", ToNRGBA(img).NRGBAAt(0, 0))
	}
	o.Mips = 1
	if none, _ := NewTextureFromSource(src, o); none == nil || len(none.Levels) != 1 {
		t.Error("no mips: not one level")
	}
}

// A DXT5 DDS with mips added as "auto" with KeepMips is stored as DXT5
// with the DDS's blocks byte for byte; with box mips only level 0's
// blocks are the DDS's.
func TestAddFromDXTDDSKeepsBlocks(t *testing.T) {
	file, err := dds.Encode(smooth(32, 32, true), dds.BlockFormat(dxt.DXT5), 0)
	if err != nil {
		t.Fatal(err)
	}
	src, err := LoadSource("glass.dds", file)
	if err != nil {
		t.Fatal(err)
	}
	o := AddOptions{Name: "glass", Platform: PlatformD3D9, Stamp: StampSA, Format: "auto", KeepMips: true}
	tx, err := NewTextureFromSource(src, o)
	if err != nil {
		t.Fatal(err)
	}
	got := roundTrip(t, NewDictionaryOf([]*Texture{tx})).Textures()[0]
	if got.Compression != CompDXT5 || len(got.Levels) != len(src.Blocks) {
		t.Fatalf("DXT%d with %d levels, want DXT5 with %d", got.Compression, len(got.Levels), len(src.Blocks))
	}
	for i := range got.Levels {
		if !bytes.Equal(got.Levels[i].Data, src.Blocks[i]) {
			t.Fatalf("level %d: blocks differ from the DDS", i)
		}
	}
	// With box mips level 1 is encoded again: a level 1 of zero blocks in
	// the source stays out.
	src.Blocks[1] = make([]byte, len(src.Blocks[1]))
	o.KeepMips = false
	box, err := NewTextureFromSource(src, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(box.Levels) != len(src.Blocks) || !bytes.Equal(box.Levels[0].Data, src.Blocks[0]) || bytes.Equal(box.Levels[1].Data, src.Blocks[1]) {
		t.Error("box mips: level 0 is not the DDS's blocks or level 1 is")
	}
}

// A TGA adds as one level, its pixels kept by 8888; on the PS2 "auto"
// makes PAL8.
func TestAddFromTGA(t *testing.T) {
	img := pattern(16, 16, 0, []byte{255, 90, 0}, 4)
	var b bytes.Buffer
	if err := tga.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	src, err := LoadSource("sign.tga", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	tx, err := NewTextureFromSource(src, AddOptions{Name: src.Name, Platform: PlatformD3D9, Stamp: StampSA, Format: "8888", KeepMips: true})
	if err != nil {
		t.Fatal(err)
	}
	got := roundTrip(t, NewDictionaryOf([]*Texture{tx})).Textures()[0]
	if got.Name != "sign" || len(got.Levels) != 1 || got.Alpha() != "yes" {
		t.Fatalf("%q: %d levels, alpha %s", got.Name, len(got.Levels), got.Alpha())
	}
	dec, _ := got.Image(0)
	sameImage(t, "TGA as 8888", ToNRGBA(dec), img, 0)
	ps2, err := NewTextureFromSource(src, AddOptions{Name: "sign", Platform: PlatformPS2, Stamp: StampSA, Format: "auto", Mips: 0})
	if err != nil {
		t.Fatal(err)
	}
	if ps2.FormatName() != "PAL8" || len(ps2.Levels) < 2 {
		t.Errorf("PS2 auto: %s with %d levels", ps2.FormatName(), len(ps2.Levels))
	}
	if _, err := NewTextureFromSource(Source{}, AddOptions{Name: "x", Platform: PlatformD3D9}); err == nil {
		t.Error("a source without levels is not an error")
	}
}

// Replacing from a DDS of the texture's size with mips keeps the DDS's
// levels; one of another size is scaled and its mips are made again.
func TestReplaceSourceKeepsDDSMips(t *testing.T) {
	old, err := NewD3D(PlatformD3D9, pattern(16, 16, 0, nil, 1), Options{Name: "a", Format: Fmt8888, Mipmaps: true, Levels: 3})
	if err != nil {
		t.Fatal(err)
	}
	lv := solidLevels(16, 16, mipColours)
	file, _ := dds.EncodeLevels(dds.A8R8G8B8(), lv)
	src, err := LoadSource("A.dds", file)
	if err != nil {
		t.Fatal(err)
	}
	items := []*Item{{Tex: old}}
	idx, texs, un, err := ReplaceNamedSources(items, map[string]Source{"A": src})
	if err != nil || len(idx) != 1 || len(un) != 0 {
		t.Fatalf("ReplaceNamedSources: %v %v %v", idx, un, err)
	}
	nt := texs[0]
	if len(nt.Levels) != 3 || nt.Name != "a" {
		t.Fatalf("%q with %d levels, want a with 3", nt.Name, len(nt.Levels))
	}
	for i := 0; i < 3; i++ {
		img, _ := nt.Image(i)
		sameImage(t, "replaced level", ToNRGBA(img), lv[i], 0)
	}
	small := solidLevels(8, 8, mipColours[:4])
	file, _ = dds.EncodeLevels(dds.A8R8G8B8(), small)
	src, _ = LoadSource("a.dds", file)
	nt, err = ReplaceSource(old, src)
	if err != nil {
		t.Fatal(err)
	}
	if img, _ := nt.Image(1); len(nt.Levels) != 3 || ToNRGBA(img).NRGBAAt(0, 0) != mipColours[0] {
		t.Errorf("scaled DDS: %d levels, level 1 not made from level 0", len(nt.Levels))
	}
}
