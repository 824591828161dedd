package txd

import (
	"bytes"
	"image"
	"testing"

	"rummage/formats/dxt"
)

// roundTrip writes ts in a dictionary and reads it back.
func roundTrip(t *testing.T, d *Dictionary) *Dictionary {
	t.Helper()
	b, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return mustParse(t, b)
}

// ps2Dict is a San Andreas PS2 dictionary made by our writer: PAL8 and
// PAL4 with mipmaps, 8888 with PS2 alpha, a 1555 palette, without mips.
func ps2Dict(t *testing.T) *Dictionary {
	alphas := []byte{255, 0, 128, 64}
	var ts []*Texture
	for _, c := range []struct {
		name   string
		w, h   int
		ncol   int
		format uint32
		mips   bool
	}{{"pal8", 128, 64, 200, FmtPal8 | Fmt8888, true}, {"pal4", 64, 64, 16, FmtPal4 | Fmt8888, true},
		{"rgba", 32, 32, 0, Fmt8888, true}, {"pal1555", 64, 32, 100, FmtPal8 | Fmt1555, false}} {
		img := pattern(c.w, c.h, c.ncol, alphas, len(ts))
		if c.format&FmtPixelMask == Fmt1555 {
			img = pattern(c.w, c.h, c.ncol, []byte{255, 0}, len(ts))
		}
		tx, err := NewPS2(img, Options{Name: c.name, Format: c.format, Mipmaps: c.mips})
		if err != nil {
			t.Fatal(err)
		}
		ts = append(ts, tx)
	}
	return roundTrip(t, NewDictionaryOf(ts))
}

// A San Andreas PS2 dictionary converted to D3D9 and back to the PS2 keeps
// every level's pixels exactly (palettes, PS2 alpha 0..128, swizzled
// indices) and its GS registers and mip layout (a 1555 CLUT comes back as
// 8888, the only palette D3D stores).
func TestConvertPS2ToD3D9AndBack(t *testing.T) {
	orig := ps2Dict(t)
	pc, err := ConvertDictionary(orig, PlatformD3D9, 0, dxt.Normal)
	if err != nil {
		t.Fatal(err)
	}
	pc = roundTrip(t, pc)
	back, err := ConvertDictionary(pc, PlatformPS2, 0, dxt.Normal)
	if err != nil {
		t.Fatal(err)
	}
	back = roundTrip(t, back)
	if back.Device != 6 || pc.Device != 2 {
		t.Fatalf("device ids %d (d3d9) %d (ps2)", pc.Device, back.Device)
	}
	for i, o := range orig.Textures() {
		p, b := pc.Textures()[i], back.Textures()[i]
		if p.Platform != PlatformD3D9 || b.Platform != PlatformPS2 {
			t.Fatalf("%s: platforms %s, %s", o.Name, p.PlatformName(), b.PlatformName())
		}
		if p.Palettised() != o.Palettised() || b.FormatName() != o.FormatName() || len(b.Levels) != len(o.Levels) || len(p.Levels) != len(o.Levels) {
			t.Fatalf("%s: %s %d levels → %s %d → %s %d", o.Name, o.FormatName(), len(o.Levels), p.FormatName(), len(p.Levels), b.FormatName(), len(b.Levels))
		}
		for lv := range o.Levels {
			want, _ := o.Image(lv)
			mid, _ := p.Image(lv)
			got, _ := b.Image(lv)
			sameImage(t, o.Name+" on D3D9", mid, want, 0)
			sameImage(t, o.Name+" back on the PS2", got, want, 0)
		}
		if o.Name == "pal1555" {
			// D3D palettes are 8888: the 1555 CLUT comes back as 8888.
			if b.PixelFormat() != Fmt8888 {
				t.Fatalf("pal1555 came back with pixel bits 0x%X", b.PixelFormat())
			}
			continue
		}
		op, bp := o.PS2, b.PS2
		if op.TEX0 != bp.TEX0 || op.MIPTBP1 != bp.MIPTBP1 || op.MIPTBP2 != bp.MIPTBP2 || op.Tex1Low != bp.Tex1Low ||
			op.TotalSize != bp.TotalSize || op.PaletteOffset != bp.PaletteOffset || !bytes.Equal(op.PalGIF, bp.PalGIF) {
			t.Fatalf("%s: GS registers changed in the round trip", o.Name)
		}
		for lv := range o.Levels {
			if !bytes.Equal(o.Levels[lv].GIF, b.Levels[lv].GIF) || o.Levels[lv].Swizzled != b.Levels[lv].Swizzled {
				t.Fatalf("%s level %d: GIF packet or swizzling changed", o.Name, lv)
			}
		}
	}
}

// D3D9 DXT textures converted to D3D8 and the Xbox keep their blocks as
// stored; to the PS2 they become PAL8.
func TestConvertDXT(t *testing.T) {
	src := smooth(64, 64, true)
	tx, err := BuildTexture(Source{Name: "d", Levels: []*image.NRGBA{src}}, BuildOptions{Platform: PlatformD3D9, Format: "DXT5"})
	if err != nil {
		t.Fatal(err)
	}
	for _, plat := range []uint32{PlatformD3D8, PlatformXbox} {
		nt, err := Convert(tx, plat, 0, dxt.Normal)
		if err != nil {
			t.Fatal(err)
		}
		got := roundTrip(t, NewDictionaryOf([]*Texture{nt})).Textures()[0]
		if got.Compression != CompDXT5 || len(got.Levels) != len(tx.Levels) {
			t.Fatalf("%s: DXT%d, %d levels", got.PlatformName(), got.Compression, len(got.Levels))
		}
		for i := range tx.Levels {
			if !bytes.Equal(got.Levels[i].Data, tx.Levels[i].Data) {
				t.Fatalf("%s level %d: blocks changed", got.PlatformName(), i)
			}
		}
	}
	ps2, err := Convert(tx, PlatformPS2, 0, dxt.Normal)
	if err != nil {
		t.Fatal(err)
	}
	got := roundTrip(t, NewDictionaryOf([]*Texture{ps2})).Textures()[0]
	if got.RasterFormat&FmtPal8 == 0 || len(got.Levels) < 3 {
		t.Fatalf("PS2: %s with %d levels", got.FormatName(), len(got.Levels))
	}
	want, _ := tx.Image(0)
	img, _ := got.Image(0)
	if p := psnr(want, img, 0, 1, 2, 3); p < 30 {
		t.Fatalf("DXT5 → PS2 PAL8: PSNR %.1f dB", p)
	}
}

// Palettes keep transparent colours that differ only in RGB, and colours
// only a mip level uses, exactly (real PS2 textures have both).
func TestPaletteKeepsTransparentAndMipColours(t *testing.T) {
	l0 := pattern(16, 16, 8, []byte{255}, 1)
	copy(l0.Pix, []byte{0, 0, 0, 0, 2, 2, 2, 0}) // two transparent pixels of nearly the same colour
	l1 := pattern(8, 8, 4, []byte{255}, 9)
	for i := 1; i < len(l1.Pix); i += 4 {
		l1.Pix[i] ^= 0x55 // colours level 0 lacks
	}
	for _, plat := range []uint32{PlatformD3D9, PlatformPS2} {
		tx, err := BuildTexture(Source{Name: "p", Levels: []*image.NRGBA{l0, l1}}, BuildOptions{Platform: plat, Format: "PAL8", Mips: 0})
		if err != nil {
			t.Fatal(err)
		}
		got := roundTrip(t, NewDictionaryOf([]*Texture{tx})).Textures()[0]
		a, _ := got.Image(0)
		b, _ := got.Image(1)
		tol := 0
		if plat == PlatformPS2 {
			tol = 1 // alpha 0..128
		}
		sameImage(t, got.PlatformName()+" level 0", a, l0, tol)
		sameImage(t, got.PlatformName()+" level 1", b, l1, tol)
	}
}
