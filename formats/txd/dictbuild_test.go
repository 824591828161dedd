package txd

import (
	"image"
	"image/color"
	"math"
	"testing"
)

// buildRead builds one texture from img as o says, writes it in a
// dictionary, reads that back and returns the texture read.
func buildRead(t *testing.T, img *image.NRGBA, o BuildOptions) *Texture {
	t.Helper()
	tx, err := BuildTexture(Source{Name: "tex", Levels: []*image.NRGBA{img}}, o)
	if err != nil {
		t.Fatalf("%+v: %v", o, err)
	}
	b, err := NewDictionaryOf([]*Texture{tx}).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	d := mustParse(t, b)
	if len(d.Textures()) != 1 {
		t.Fatalf("%+v: %d textures read back", o, len(d.Textures()))
	}
	return d.Textures()[0]
}

// psnr is the PSNR of b against a over the channels in chans (0..3).
func psnr(a, b *image.NRGBA, chans ...int) float64 {
	var se float64
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		for _, c := range chans {
			d := float64(a.Pix[i+c]) - float64(b.Pix[i+c])
			se += d * d
			n++
		}
	}
	if se == 0 {
		return math.Inf(1)
	}
	return 10 * math.Log10(255*255/(se/float64(n)))
}

// smooth is a gradient image with an alpha ramp (when alpha) that DXT
// compresses well.
func smooth(w, h int, alpha bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			a := byte(255)
			if alpha {
				a = byte(x * 255 / max(w-1, 1))
			}
			img.SetNRGBA(x, y, color.NRGBA{byte(x * 255 / w), byte(y * 255 / h), byte((x + y) * 127 / (w + h)), a})
		}
	}
	return img
}

// Every platform and format builds a texture our reader reads back with
// the right size, format, levels and pixels: exactly for truecolour and
// for palettes holding every colour, within the format's precision
// otherwise, and above 30 dB for DXT.
func TestBuildEveryFormatReadsBack(t *testing.T) {
	type tc struct {
		plat   string
		format string
		img    *image.NRGBA
		tol    int     // max channel error (-1: check PSNR)
		db     float64 // minimum PSNR when tol < 0
	}
	exact := pattern(64, 32, 0, []byte{255, 0, 128}, 1)
	pal256 := pattern(64, 32, 200, []byte{255, 0, 128}, 2)
	pal16 := pattern(64, 32, 16, []byte{255, 0}, 3)
	cases := []tc{
		{"ps2", "PAL8", pal256, 1, 0}, {"ps2", "PAL4", pal16, 1, 0}, {"ps2", "8888", exact, 1, 0},
		{"ps2", "888", opaque(exact), 0, 0}, {"ps2", "1555", pal16, 4, 0},
		{"d3d8", "DXT1", smooth(64, 32, false), -1, 35}, {"d3d8", "DXT3", smooth(64, 32, true), -1, 30},
		{"d3d9", "DXT5", smooth(64, 32, true), -1, 35}, {"d3d9", "PAL8", pal256, 0, 0}, {"d3d9", "PAL4", pal16, 0, 0},
		{"d3d9", "8888", exact, 0, 0}, {"d3d9", "888", opaque(exact), 0, 0}, {"d3d9", "565", opaque(pal16), 4, 0},
		{"d3d9", "1555", pal16, 4, 0}, {"d3d9", "4444", pal16, 8, 0},
		{"xbox", "DXT1", smooth(64, 32, false), -1, 35}, {"xbox", "8888", exact, 0, 0}, {"xbox", "PAL8", pal256, 0, 0},
	}
	for _, c := range cases {
		plat, _ := ParsePlatform(c.plat)
		for _, mips := range []int{1, 0} {
			got := buildRead(t, c.img, BuildOptions{Platform: plat, Format: c.format, Mips: mips})
			what := c.plat + " " + c.format
			if got.Platform != plat || got.Width != 64 || got.Height != 32 {
				t.Fatalf("%s: read %s %dx%d", what, got.PlatformName(), got.Width, got.Height)
			}
			if want := map[int]int{1: 1, 0: 3}[mips]; len(got.Levels) < want || mips == 1 && len(got.Levels) != 1 {
				t.Fatalf("%s mips %d: %d levels", what, mips, len(got.Levels))
			}
			img, err := got.Image(0)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if c.tol >= 0 {
				sameImage(t, what, img, c.img, c.tol)
			} else if p := psnr(c.img, img, 0, 1, 2, 3); p < c.db {
				t.Fatalf("%s: PSNR %.1f dB, want ≥ %.0f", what, p, c.db)
			}
		}
	}
}

// PAL4 and PAL8 quantise an image of many colours to 16 and 256 entries
// whose nearest-colour mapping stays close to the source.
func TestBuildQuantisesPalettes(t *testing.T) {
	src := smooth(64, 64, false)
	for _, c := range []struct {
		format  string
		entries int
		db      float64
	}{{"PAL8", 256, 34}, {"PAL4", 16, 22}} {
		for _, plat := range []uint32{PlatformPS2, PlatformD3D9} {
			got := buildRead(t, src, BuildOptions{Platform: plat, Format: c.format, Mips: 1})
			img, _ := got.Image(0)
			used := map[color.NRGBA]bool{}
			for y := 0; y < 64; y++ {
				for x := 0; x < 64; x++ {
					used[img.NRGBAAt(x, y)] = true
				}
			}
			if len(used) > c.entries || len(used) < c.entries/2 {
				t.Fatalf("%s on %s: %d colours used", c.format, got.PlatformName(), len(used))
			}
			if p := psnr(src, img, 0, 1, 2); p < c.db {
				t.Fatalf("%s on %s: PSNR %.1f dB, want ≥ %.0f", c.format, got.PlatformName(), p, c.db)
			}
		}
	}
}

// auto picks PAL8 on the PS2 and DXT1, DXT3 or DXT5 on the PC by alpha.
func TestAutoFormat(t *testing.T) {
	opaqueImg, alphaImg := smooth(16, 16, false), smooth(16, 16, true)
	for _, c := range []struct {
		plat uint32
		img  *image.NRGBA
		want string
	}{{PlatformPS2, alphaImg, "PAL8"}, {PlatformD3D9, opaqueImg, "DXT1"}, {PlatformD3D9, alphaImg, "DXT5"},
		{PlatformD3D8, alphaImg, "DXT3"}, {PlatformXbox, opaqueImg, "DXT1"}} {
		got := buildRead(t, c.img, BuildOptions{Platform: c.plat, Mips: 1})
		if name := got.FormatName(); len(name) < 4 || name[:4] != c.want {
			t.Fatalf("auto on %s: %s, want %s", PlatformName(c.plat), name, c.want)
		}
	}
}

// Imported mip levels are stored as given, not made again from level 0.
func TestBuildKeepsImportedMips(t *testing.T) {
	var levels []*image.NRGBA
	for s, i := 32, 0; s >= 8; s, i = s/2, i+1 {
		img := image.NewNRGBA(image.Rect(0, 0, s, s))
		for p := 0; p < len(img.Pix); p += 4 {
			copy(img.Pix[p:], []byte{byte(60 * i), 200, byte(255 - 60*i), 255})
		}
		levels = append(levels, img)
	}
	for _, plat := range []uint32{PlatformPS2, PlatformD3D9} {
		tx, err := BuildTexture(Source{Name: "m", Levels: levels}, BuildOptions{Platform: plat, Format: "8888"})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := NewDictionaryOf([]*Texture{tx}).Marshal()
		got := mustParse(t, b).Textures()[0]
		if len(got.Levels) != len(levels) {
			t.Fatalf("%s: %d levels, want %d", got.PlatformName(), len(got.Levels), len(levels))
		}
		for i := range levels {
			img, _ := got.Image(i)
			sameImage(t, got.PlatformName(), img, levels[i], 1)
		}
	}
}

// Bad requests are errors naming the problem: DXT on the PS2, an unknown
// format, platform or version, a PS2 size that is not a power of two.
func TestBuildRefuses(t *testing.T) {
	img := smooth(16, 16, false)
	src := Source{Name: "x", Levels: []*image.NRGBA{img}}
	for _, o := range []BuildOptions{{Platform: PlatformPS2, Format: "DXT1"}, {Platform: PlatformD3D9, Format: "BC7"},
		{Platform: PlatformD3D9, Version: "3.9"}} {
		if _, err := BuildTexture(src, o); err == nil {
			t.Fatalf("%+v: no error", o)
		}
	}
	if _, err := BuildTexture(Source{Name: "y", Levels: []*image.NRGBA{smooth(24, 16, false)}}, BuildOptions{Platform: PlatformPS2}); err == nil {
		t.Fatal("24×16 on the PS2: no error")
	}
	if _, err := ParsePlatform("gamecube"); err == nil {
		t.Fatal("gamecube: no error")
	}
}
