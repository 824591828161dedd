package txd_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"

	"rummage/formats/txd"
	"rummage/internal/testutil"
	"rummage/samples"
)

// replacement makes a w×h image for target tex: at most ncol colours when
// ncol > 0 (so a palettised target can hold it exactly), else a smooth
// gradient; alpha as the target can store it.
func replacement(tex *txd.Texture, w, h, ncol int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	alphaKind := alphaOf(tex)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var c color.NRGBA
			if ncol > 0 {
				k := (x/2*3 + y/2*5) % ncol
				c = color.NRGBA{byte(k * 255 / ncol), byte(255 - k*97%256), byte(k * 53 % 256), 255}
				if alphaKind == 2 && k%4 == 1 {
					c.A = byte(k * 255 / ncol)
				}
			} else {
				c = color.NRGBA{byte(x * 255 / max(w-1, 1)), byte(y * 255 / max(h-1, 1)), byte((x + y) * 255 / max(w+h-2, 1)), 255}
				if alphaKind == 2 {
					c.A = byte(255 - x*255/max(w-1, 1))
				}
			}
			if alphaKind == 1 && (x+y)%5 == 0 {
				c.A = 0
			}
			if tex.FormatName() == "LUM8" {
				c.G, c.B = c.R, c.R
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// alphaOf is 0 for opaque formats, 1 for 1-bit alpha, 2 for full alpha.
func alphaOf(t *txd.Texture) int {
	f := t.FormatName()
	pix := t.RasterFormat & txd.FmtPixelMask
	switch {
	case f == "DXT3" || f == "DXT5" || f == "8888" || f == "4444":
		return 2
	case f == "DXT1":
		if pix == txd.Fmt565 {
			return 0
		}
		return 1
	case f == "1555":
		return 1
	case t.Palettised() && pix == txd.Fmt8888:
		return 2
	case t.Palettised() && pix == txd.Fmt1555:
		return 1
	}
	return 0
}

// tolerance is the largest per-channel error allowed after a round trip.
func tolerance(t *txd.Texture) int {
	pix := t.RasterFormat & txd.FmtPixelMask
	switch t.FormatName() {
	case "PAL8", "PAL4":
		if pix == txd.Fmt1555 {
			return 4
		}
		return 2 // PS2 alpha 0..0x80
	case "8888", "888", "LUM8":
		return 2
	case "565", "555", "1555":
		return 5
	case "4444":
		return 9
	}
	return 255 // DXT: checked by the mean error
}

// meanError compares premultiplied colours (the colour of a transparent
// pixel does not matter) and alpha, per channel.
func meanError(a, b *image.NRGBA) float64 {
	var s float64
	for i := 0; i < len(a.Pix); i += 4 {
		for c := 0; c < 4; c++ {
			va, vb := int(a.Pix[i+c]), int(b.Pix[i+c])
			if c < 3 {
				va, vb = va*int(a.Pix[i+3])/255, vb*int(b.Pix[i+3])/255
			}
			s += float64(max(va-vb, vb-va))
		}
	}
	return s / float64(len(a.Pix))
}

// Replace from PNG on every texture of every sample TXD: the texture keeps
// its platform, size, format, depth, level count, palette size, swizzling
// and PS2 layout; the new pixels decode back (exactly for palettised
// targets given few enough colours, within the format's precision
// otherwise, with a sane DXT error); the other textures keep their bytes;
// the saved file reads back and re-encodes to the same bytes.
func TestReplaceEverySampleTexture(t *testing.T) {
	n := 0
	for _, f := range samples.Files() {
		if !strings.HasSuffix(f.Name, ".txd") {
			continue
		}
		d, err := txd.Parse(f.Data, 0)
		if err != nil {
			t.Fatal(err)
		}
		for i, it := range d.Items {
			orig := it.Tex
			if orig == nil {
				continue
			}
			for _, ncol := range []int{orig.PaletteEntries(), 0} {
				if ncol == 32 {
					ncol = 16 // a D3D PAL4 palette has 32 entries, 16 of them usable
				}
				name := fmt.Sprintf("%s/%s/%d", f.Name, orig.Name, ncol)
				n++
				t.Run(name, func(t *testing.T) {
					src := replacement(orig, orig.Width, orig.Height, ncol)
					nt, err := txd.Replace(orig, src)
					if err != nil {
						t.Fatal(err)
					}
					d2, _ := txd.Parse(f.Data, 0)
					d2.Items[i].Tex = nt
					file, err := d2.Bytes()
					if err != nil {
						t.Fatal(err)
					}
					back, err := txd.Parse(file, 0)
					if err != nil {
						t.Fatal(err)
					}
					for j, bi := range back.Items {
						if bi.Err != nil {
							t.Fatalf("item %d: %v", j, bi.Err)
						}
						if j != i && bi.Tex != nil && !bytes.Equal(bi.Tex.Raw(), d.Items[j].Tex.Raw()) {
							t.Fatalf("texture %q changed although only %q was replaced", bi.Tex.Name, orig.Name)
						}
					}
					g := back.Items[i].Tex
					if len(g.Diags) != 0 {
						t.Fatalf("diagnostics on the replaced texture: %v", g.Diags)
					}
					if g.Platform != orig.Platform || g.Width != orig.Width || g.Height != orig.Height || g.Name != orig.Name || g.Mask != orig.Mask ||
						g.FormatName() != orig.FormatName() || g.RasterFormat != orig.RasterFormat || g.Depth != orig.Depth ||
						len(g.Levels) != len(orig.Levels) || g.Swizzled() != orig.Swizzled() || len(g.Palette()) != len(orig.Palette()) ||
						g.FilterWord != orig.FilterWord || g.Stamp != orig.Stamp || g.Version() != orig.Version() {
						t.Fatalf("replaced texture differs in kind:\n got %s %dx%d %s raster %#x depth %d levels %d swz %v pal %d\nwant %s %dx%d %s raster %#x depth %d levels %d swz %v pal %d",
							g.PlatformName(), g.Width, g.Height, g.FormatName(), g.RasterFormat, g.Depth, len(g.Levels), g.Swizzled(), len(g.Palette()),
							orig.PlatformName(), orig.Width, orig.Height, orig.FormatName(), orig.RasterFormat, orig.Depth, len(orig.Levels), orig.Swizzled(), len(orig.Palette()))
					}
					if orig.PS2 != nil {
						op, np := orig.PS2, g.PS2
						if np.StreamVersion != op.StreamVersion || len(np.PalGIF) != len(op.PalGIF) || len(np.PalData) != len(op.PalData) || np.MipmapVal != op.MipmapVal {
							t.Fatalf("PS2 layout: stream %d/%d, CLUT %d+%d bytes, want %d/%d, %d+%d", np.StreamVersion, np.PaletteSize, len(np.PalGIF), len(np.PalData),
								op.StreamVersion, op.PaletteSize, len(op.PalGIF), len(op.PalData))
						}
						for lv := range g.Levels {
							a, b := g.Levels[lv], orig.Levels[lv]
							if a.BufW != b.BufW || a.BufH != b.BufH || a.Swizzled != b.Swizzled || len(a.Data) != len(b.Data) {
								t.Fatalf("level %d buffer %d×%d swz %v %d bytes, want %d×%d %v %d", lv, a.BufW, a.BufH, a.Swizzled, len(a.Data), b.BufW, b.BufH, b.Swizzled, len(b.Data))
							}
						}
						if len(g.Levels) == 1 && (np.TEX0 != op.TEX0 || np.TotalSize != op.TotalSize || np.PaletteOffset != op.PaletteOffset) {
							t.Fatalf("GS registers rebuilt differently: TEX0 %#x total %d palOff %d, want %#x %d %d", np.TEX0, np.TotalSize, np.PaletteOffset, op.TEX0, op.TotalSize, op.PaletteOffset)
						}
					}
					got, err := g.Image(0)
					if err != nil {
						t.Fatal(err)
					}
					tol := tolerance(orig)
					if tol == 255 {
						if e := meanError(got, src); e > 8 {
							t.Fatalf("DXT re-encode mean error %.2f per channel", e)
						}
					} else {
						for y := 0; y < src.Rect.Dy(); y++ {
							for x := 0; x < src.Rect.Dx(); x++ {
								a, b := got.NRGBAAt(x, y), src.NRGBAAt(x, y)
								if alphaOf(orig) == 0 {
									b.A = 255
								}
								if orig.Palettised() && ncol == 0 {
									continue // quantised: checked by the mean error below
								}
								if testutil.MaxChannelDiff(a, b) > tol {
									t.Fatalf("pixel (%d,%d) = %v, want %v (±%d)", x, y, a, b, tol)
								}
							}
						}
					}
					if orig.Palettised() && ncol == 0 {
						if e := meanError(got, src); e > 12 {
							t.Fatalf("quantised mean error %.2f per channel", e)
						}
					}
					for lv := 1; lv < len(g.Levels); lv++ {
						if _, err := g.Image(lv); err != nil {
							t.Fatalf("level %d: %v", lv, err)
						}
					}
					enc, err := g.EncodeFields()
					if err != nil || !bytes.Equal(enc, g.Raw()) {
						t.Fatalf("re-encode of the saved texture differs (%v)", err)
					}
				})
			}
		}
	}
	if n < 30 {
		t.Fatalf("only %d replacements tried", n)
	}
}
