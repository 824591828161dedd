package txd

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"

	"rummage/samples"
)

// samePaletted checks that every index of p looked up in its palette is
// the pixel of want, and that p has an entry for every index its depth
// can hold.
func samePaletted(t *testing.T, what string, p *image.Paletted, want *image.NRGBA) {
	t.Helper()
	if p.Rect != want.Rect {
		t.Fatalf("%s: paletted %v, image %v", what, p.Rect, want.Rect)
	}
	if n := len(p.Palette); n != 16 && n != 256 {
		t.Fatalf("%s: palette of %d entries, want 16 or 256", what, n)
	}
	for y := 0; y < want.Rect.Dy(); y++ {
		for x := 0; x < want.Rect.Dx(); x++ {
			i := p.ColorIndexAt(x, y)
			if int(i) >= len(p.Palette) {
				t.Fatalf("%s: (%d,%d) index %d past %d entries", what, x, y, i, len(p.Palette))
			}
			g, ok := p.Palette[i].(color.NRGBA)
			if w := want.NRGBAAt(x, y); !ok || g != w {
				t.Fatalf("%s: (%d,%d) index %d is %v, Image has %v", what, x, y, i, p.Palette[i], w)
			}
		}
	}
}

// checkPaletted compares Paletted with Image on every level of every
// texture of d: a palettised texture must give indices, any other nil.
func checkPaletted(t *testing.T, what string, d *Dictionary) (paletted int) {
	t.Helper()
	for _, tex := range d.Textures() {
		for lv := range tex.Levels {
			name := fmt.Sprintf("%s/%s level %d", what, tex.Name, lv)
			p, err := tex.Paletted(lv)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			img, err := tex.Image(lv)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			pal := tex.Palettised() && tex.Compression == 0
			if tex.Platform == PlatformPS2 {
				pal = tex.Depth == 4 || tex.Depth == 8
			}
			switch {
			case pal && p == nil:
				t.Fatalf("%s: %s texture gives no indices", name, tex.FormatName())
			case !pal && p != nil:
				t.Fatalf("%s: %s texture gives indices", name, tex.FormatName())
			case p != nil:
				samePaletted(t, name, p, img)
				paletted++
			}
		}
	}
	return paletted
}

// TestPalettedSamples: the indices of every palettised level of the sample
// dictionaries (PS2 PAL4/PAL8 swizzled and linear, D3D8/D3D9 and Xbox
// PAL8/PAL4) look up to exactly the decoded image.
func TestPalettedSamples(t *testing.T) {
	n := 0
	for _, f := range samples.Files() {
		if strings.HasSuffix(f.Name, ".txd") {
			n += checkPaletted(t, f.Name, mustParse(t, f.Data))
		}
	}
	if n < 10 {
		t.Fatalf("only %d palettised levels in the samples", n)
	}
}

// TestPalettedBuilt covers each platform, depth and layout with textures
// built here, with straight alpha (colour under alpha 0 kept) and mips.
func TestPalettedBuilt(t *testing.T) {
	src := pattern(64, 32, 14, []byte{255, 0, 90}, 3)
	type build struct {
		name     string
		platform uint32
		o        Options
	}
	var builds []build
	for _, f := range []uint32{FmtPal8 | Fmt8888, FmtPal4 | Fmt8888, FmtPal8 | Fmt1555} {
		builds = append(builds,
			build{"ps2 swizzled", PlatformPS2, Options{Format: f, Mipmaps: true}},
			build{"ps2 linear", PlatformPS2, Options{Format: f, Swizzle: SwizzleOff}},
			build{"ps2 headerless", PlatformPS2, Options{Format: f, Headerless: true, StreamVersion: 1, Stamp: StampGTA3PS2}},
		)
	}
	// A D3D PAL8 with an 888 palette is opaque whatever the entries say.
	for _, f := range []uint32{FmtPal8 | Fmt8888, FmtPal4 | Fmt8888, FmtPal8 | Fmt888} {
		builds = append(builds,
			build{"d3d8", PlatformD3D8, Options{Format: f, Mipmaps: true}},
			build{"d3d9 packed", PlatformD3D9, Options{Format: f, DepthPacked: true}},
			build{"xbox", PlatformXbox, Options{Format: f, Mipmaps: true, Stamp: StampXbox}},
		)
	}
	for _, b := range builds {
		b.o.Name = "t"
		tex, err := newTexture(b.platform, src, b.o)
		if err != nil {
			t.Fatalf("%s %#x: %v", b.name, b.o.Format, err)
		}
		d := mustParse(t, dict(t, tex.Stamp, DeviceID(b.platform, tex.Stamp), tex))
		if n := checkPaletted(t, fmt.Sprintf("%s %#x", b.name, b.o.Format), d); n == 0 {
			t.Fatalf("%s %#x: no palettised level", b.name, b.o.Format)
		}
	}
}

// TestPalettedOthers: DXT and truecolour textures have no indices.
func TestPalettedOthers(t *testing.T) {
	src := pattern(16, 16, 0, nil, 1)
	for _, o := range []Options{{Compression: CompDXT1}, {Format: Fmt8888}, {Format: Fmt565}} {
		o.Name = "t"
		tex, err := NewD3D(PlatformD3D9, src, o)
		if err != nil {
			t.Fatal(err)
		}
		if p, err := tex.Paletted(0); p != nil || err != nil {
			t.Fatalf("%s: Paletted = %v, %v", tex.FormatName(), p != nil, err)
		}
	}
	tex, err := NewPS2(src, Options{Name: "t", Format: Fmt8888})
	if err != nil {
		t.Fatal(err)
	}
	if p, err := tex.Paletted(0); p != nil || err != nil {
		t.Fatalf("PS2 8888: Paletted = %v, %v", p != nil, err)
	}
	if _, err := tex.Paletted(5); err == nil {
		t.Fatal("level 5 of a 1-level texture: no error")
	}
}

// TestRealPaletted checks Paletted against Image on every texture of the
// real TXDs under $RUMMAGE_PS2_TXD_DIR (never committed; skipped when
// unset).
func TestRealPaletted(t *testing.T) {
	levels := 0
	files := eachRealTXD(t, func(p string, dict *Dictionary) {
		levels += checkPaletted(t, p, dict)
	})
	t.Logf("%d files, %d palettised levels: indices and image agree", files, levels)
}
