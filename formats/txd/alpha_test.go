package txd

import (
	"image"
	"image/color"
	"strings"
	"testing"
)

// structAt is the absolute offset of the first native's struct payload in
// a rawDict file: the dictionary header, its 4-byte struct chunk, the
// native's header and its struct's header.
const structAt = 12 + 16 + 12 + 12

// A three-colour DXT1 block (c0 <= c1) whose first texel uses index 3:
// transparent when the game draws the raster with alpha, else opaque black.
// The fields that say alpha are the D3D9 HAS_ALPHA flag, the D3D8 and Xbox
// hasAlpha and the 1555 raster format; a warning at the field when the
// flag and the raster format disagree.
func TestDXT1AlphaAsTheGameDrawsIt(t *testing.T) {
	blk := dxt1Block(0x001F, 0xF800, 0b11)
	cases := []struct {
		name     string
		platform uint32
		format   uint32
		alpha    uint32 // D3D8/Xbox hasAlpha; D3D9 D3DFORMAT
		flags    byte   // D3D9 flags; D3D8 compression; Xbox format
		want     byte   // alpha of texel 0
		warnAt   int64  // 0: no warning
	}{
		{"D3D9 565 with HAS_ALPHA", PlatformD3D9, Fmt565, FourCCDXT1, 8 | 1, 0, structAt + 87},
		{"D3D9 565", PlatformD3D9, Fmt565, FourCCDXT1, 8, 255, 0},
		{"D3D9 1555 without HAS_ALPHA", PlatformD3D9, Fmt1555, FourCCDXT1, 8, 0, structAt + 87},
		{"D3D9 1555 with HAS_ALPHA", PlatformD3D9, Fmt1555, FourCCDXT1, 8 | 1, 0, 0},
		{"D3D9 default with HAS_ALPHA", PlatformD3D9, 0, FourCCDXT1, 8 | 1, 0, 0},
		{"D3D9 default", PlatformD3D9, 0, FourCCDXT1, 8, 255, 0},
		{"D3D8 565 with hasAlpha", PlatformD3D8, Fmt565, 1, 1, 0, structAt + 76},
		{"D3D8 565", PlatformD3D8, Fmt565, 0, 1, 255, 0},
		{"D3D8 1555 without hasAlpha", PlatformD3D8, Fmt1555, 0, 1, 0, structAt + 76},
	}
	for _, c := range cases {
		nat := d3dNative(c.platform, "d", c.format, c.alpha, 4, 4, 16, 1, c.flags, nil, blk)
		tex := mustParse(t, rawDict(StampSA, nat)).Textures()[0]
		img, err := tex.Image(0)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := img.NRGBAAt(0, 0); got != (color.NRGBA{0, 0, 0, c.want}) {
			t.Errorf("%s: texel 0 = %v, want alpha %d", c.name, got, c.want)
		}
		warned := len(tex.Diags) == 1 && tex.Diags[0].Off == c.warnAt && strings.Contains(tex.Diags[0].Msg, "transparent texels")
		if c.warnAt != 0 && !warned || c.warnAt == 0 && len(tex.Diags) != 0 {
			t.Errorf("%s: findings %v, want one at 0x%X", c.name, tex.Diags, c.warnAt)
		}
		if a := tex.Alpha(); (a == "no") != (c.want == 255) {
			t.Errorf("%s: Alpha() = %s", c.name, a)
		}
	}
}

// premultipliedBlocks are a DXT3 block and a DXT5 block holding colour
// premultiplied by alpha: texel 0 red 16 of 31 (132) at alpha 136 (DXT3
// nibble 8), texel 1 green 32 of 63 (130) at alpha 218 (DXT5 index 2 of
// 255..0); the rest opaque.
func premultipliedBlocks() (dxt2, dxt4 []byte) {
	dxt2 = append([]byte{0xF8, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}, dxt1Block(16<<11, 16<<11, 0)...)
	dxt4 = append([]byte{255, 0, 2 << 3, 0, 0, 0, 0, 0}, dxt1Block(32<<5, 32<<5, 0)...)
	return dxt2, dxt4
}

// DXT2 and DXT4 natives (D3D8 compression 2 and 4, D3D9 FourCCs) decode to
// straight alpha and are named DXT2 and DXT4.
func TestDXT2AndDXT4(t *testing.T) {
	d2, d4 := premultipliedBlocks()
	cases := []struct {
		name   string
		nat    []byte
		format string
		x      int
		want   color.NRGBA
	}{
		{"D3D8 DXT2", d3dNative(PlatformD3D8, "p", Fmt4444, 1, 4, 4, 16, 1, 2, nil, d2), "DXT2", 0, color.NRGBA{248, 0, 0, 136}},
		{"D3D9 DXT2", d3dNative(PlatformD3D9, "p", Fmt4444, FourCCDXT2, 4, 4, 16, 1, 9, nil, d2), "DXT2", 0, color.NRGBA{248, 0, 0, 136}},
		{"D3D8 DXT4", d3dNative(PlatformD3D8, "p", Fmt4444, 1, 4, 4, 16, 1, 4, nil, d4), "DXT4", 1, color.NRGBA{0, 152, 0, 218}},
		{"D3D9 DXT4", d3dNative(PlatformD3D9, "p", Fmt4444, FourCCDXT4, 4, 4, 16, 1, 9, nil, d4), "DXT4", 1, color.NRGBA{0, 152, 0, 218}},
		{"D3D8 DXT3 keeps its colour", d3dNative(PlatformD3D8, "p", Fmt4444, 1, 4, 4, 16, 1, 3, nil, d2), "DXT3", 0, color.NRGBA{132, 0, 0, 136}},
	}
	for _, c := range cases {
		tex := mustParse(t, rawDict(StampSA, c.nat)).Textures()[0]
		if got := tex.Describe()["format"]; got != c.format {
			t.Errorf("%s: format %v, want %s", c.name, got, c.format)
		}
		img, err := tex.Image(0)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := img.NRGBAAt(c.x, 0); got != c.want {
			t.Errorf("%s: texel %d = %v, want %v", c.name, c.x, got, c.want)
		}
		if _, _, ok := tex.StoredBlocks(); ok == (c.format != "DXT3") {
			t.Errorf("%s: stored blocks offered %v", c.name, ok)
		}
	}
}

// D3D9 rasters stored in D3DFORMATs without a RenderWare raster format
// (raster format 0, as the driver writes them) decode by their format and
// are named by it; L8 is LUM8.
func TestD3D9OnlyFormats(t *testing.T) {
	cases := []struct {
		code  uint32
		depth int
		data  []byte // one row of 2 texels, padded to 4 bytes
		name  string
		want  [2]color.NRGBA
	}{
		{51, 16, []byte{0xC0, 0x80, 0x10, 0xFF}, "A8L8", [2]color.NRGBA{{0xC0, 0xC0, 0xC0, 0x80}, {0x10, 0x10, 0x10, 0xFF}}},
		{52, 8, []byte{0x3C, 0xF0, 0, 0}, "A4L4", [2]color.NRGBA{{204, 204, 204, 51}, {0, 0, 0, 255}}},
		{50, 8, []byte{0x42, 0xFF, 0, 0}, "LUM8", [2]color.NRGBA{{0x42, 0x42, 0x42, 255}, {255, 255, 255, 255}}},
		{28, 8, []byte{0x00, 0x7F, 0, 0}, "A8", [2]color.NRGBA{{0, 0, 0, 0}, {0, 0, 0, 0x7F}}},
		{30, 16, []byte{0x3C, 0xF5, 0xFF, 0x0F}, "X4R4G4B4", [2]color.NRGBA{{0x55, 0x33, 0xCC, 255}, {255, 255, 255, 255}}},
	}
	for _, c := range cases {
		nat := d3dNative(PlatformD3D9, "l", 0, c.code, 2, 1, c.depth, 1, 0, nil, c.data)
		tex := mustParse(t, rawDict(StampSA, nat)).Textures()[0]
		if got := tex.FormatName(); got != c.name {
			t.Errorf("D3DFORMAT %d: name %s, want %s", c.code, got, c.name)
		}
		img, err := tex.Image(0)
		if err != nil {
			t.Fatalf("D3DFORMAT %d: %v", c.code, err)
		}
		for x, want := range c.want {
			if got := img.NRGBAAt(x, 0); got != want {
				t.Errorf("%s texel %d = %v, want %v", c.name, x, got, want)
			}
		}
	}
	// A bump-map format stays unsupported, by name.
	nat := d3dNative(PlatformD3D9, "v", 0, 60 /* V8U8 */, 2, 1, 16, 1, 0, nil, []byte{1, 2, 3, 4})
	d, err := Parse(rawDict(StampSA, nat), 0)
	if err != nil || d.Items[0].Err == nil || !strings.Contains(d.Items[0].Err.Error(), "D3DFORMAT 60") {
		t.Fatalf("V8U8: %v / %v", err, d.Items[0].Err)
	}
}

// The builder writes DXT2 and DXT4 (premultiplied, with the D3D8
// compression byte or the D3D9 FourCC) for fixtures; they read back as
// the image; the Xbox, which stores none, refuses them; Replace keeps a
// DXT2 premultiplied.
func TestBuildPremultiplied(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 8, 8)) // one alpha per 4×4 block, 0 to 255
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			src.SetNRGBA(x, y, color.NRGBA{200, 100, 40, byte(85 * (x/4 + 2*(y/4)))})
		}
	}
	for _, c := range []struct {
		platform uint32
		comp     int
	}{{PlatformD3D8, CompDXT2}, {PlatformD3D9, CompDXT4}, {PlatformD3D9, CompDXT2}} {
		nt, err := NewD3D(c.platform, src, Options{Name: "pm", Compression: c.comp})
		if err != nil {
			t.Fatal(err)
		}
		tex := mustParse(t, dict(t, StampSA, 2, nt)).Textures()[0]
		if tex.Compression != c.comp || tex.FormatName() != [6]string{2: "DXT2", 4: "DXT4"}[c.comp] {
			t.Fatalf("%s DXT%d read as %s", PlatformName(c.platform), c.comp, tex.FormatName())
		}
		img, _ := tex.Image(0)
		sameImage(t, tex.FormatName(), opaqueOnly(img, src), opaqueOnly(src, src), 12)
		r, err := Replace(tex, src)
		if err != nil || r.Compression != c.comp {
			t.Fatalf("replace: DXT%d, %v", r.Compression, err)
		}
		img, _ = mustParse(t, dict(t, StampSA, 2, r)).Textures()[0].Image(0)
		sameImage(t, "replaced "+tex.FormatName(), opaqueOnly(img, src), opaqueOnly(src, src), 12)
	}
	if _, err := NewD3D(PlatformXbox, src, Options{Name: "pm", Compression: CompDXT4}); err == nil {
		t.Fatal("an Xbox DXT4 was built")
	}
}

// opaqueOnly keeps the texels of img where ref's alpha is above 128
// (colour under lower alpha is too coarse in premultiplied blocks to
// compare) and clears the rest.
func opaqueOnly(img, ref *image.NRGBA) *image.NRGBA {
	out := image.NewNRGBA(img.Rect)
	for i := 0; i < len(img.Pix); i += 4 {
		if ref.Pix[i+3] > 128 {
			copy(out.Pix[i:i+4], img.Pix[i:i+4])
		}
	}
	return out
}
