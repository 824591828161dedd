package txd

import (
	"bytes"
	"testing"
)

// Round trips through the writer: every format decodes back to the image
// (exactly where the format is lossless for the pattern), the file parses,
// re-encodes from its fields to the same bytes and re-saves byte-identically.
func TestWriteReadRoundTrips(t *testing.T) {
	ps2Alpha := []byte{0, 128, 255, 64} // survive the 0..0x80 scale exactly? checked with tolerance 2
	cases := []struct {
		name     string
		platform uint32
		o        Options
		img      func() []byte
		w, h     int
		ncol     int
		alphas   []byte
		tol      int
		stamp    uint32
	}{
		{"ps2-pal8", PlatformPS2, Options{Format: FmtPal8 | Fmt8888}, nil, 64, 32, 200, ps2Alpha, 2, StampSA},
		{"ps2-pal4", PlatformPS2, Options{Format: FmtPal4 | Fmt8888}, nil, 64, 64, 16, ps2Alpha, 2, StampSA},
		{"ps2-pal4-31", PlatformPS2, Options{Format: FmtPal4 | Fmt8888}, nil, 32, 16, 16, nil, 0, StampGTA3PS2},
		{"ps2-pal8-small", PlatformPS2, Options{Format: FmtPal8 | Fmt8888}, nil, 8, 8, 50, nil, 0, StampSA},
		{"ps2-pal4-small", PlatformPS2, Options{Format: FmtPal4 | Fmt8888}, nil, 16, 16, 16, nil, 0, StampSA},
		{"ps2-pal8-1555", PlatformPS2, Options{Format: FmtPal8 | Fmt1555}, nil, 32, 32, 100, []byte{0, 255}, 4, StampSA},
		{"ps2-pal4-1555", PlatformPS2, Options{Format: FmtPal4 | Fmt1555}, nil, 32, 32, 16, []byte{0, 255}, 4, StampSA},
		{"ps2-888", PlatformPS2, Options{Format: Fmt888}, nil, 8, 8, 0, nil, 0, StampSA},
		{"xbox-dxt5", PlatformXbox, Options{Compression: CompDXT5}, nil, 4, 4, 1, nil, 4, StampXbox},
		{"ps2-8888", PlatformPS2, Options{Format: Fmt8888}, nil, 16, 8, 0, ps2Alpha, 2, StampSA},
		{"ps2-1555", PlatformPS2, Options{Format: Fmt1555}, nil, 16, 16, 0, []byte{0, 255}, 4, StampSA},
		{"ps2-pal8-mips", PlatformPS2, Options{Format: FmtPal8 | Fmt8888, Mipmaps: true}, nil, 128, 64, 180, nil, 0, StampSA},
		{"ps2-pal4-mips", PlatformPS2, Options{Format: FmtPal4 | Fmt8888, Mipmaps: true}, nil, 64, 64, 16, nil, 0, StampSA},
		{"d3d8-pal8", PlatformD3D8, Options{Format: FmtPal8 | Fmt8888}, nil, 30, 10, 100, []byte{7, 255}, 0, StampVCPC},
		{"d3d8-pal4", PlatformD3D8, Options{Format: FmtPal4 | Fmt888}, nil, 6, 3, 16, nil, 0, StampVCPC},
		{"d3d8-8888", PlatformD3D8, Options{Format: Fmt8888}, nil, 5, 7, 0, []byte{3, 200}, 0, StampVCPC},
		{"d3d8-888", PlatformD3D8, Options{Format: Fmt888}, nil, 5, 7, 0, nil, 0, StampVCPC},
		{"d3d8-565", PlatformD3D8, Options{Format: Fmt565}, nil, 3, 3, 0, nil, 4, StampVCPC},
		{"d3d8-555", PlatformD3D8, Options{Format: Fmt555}, nil, 3, 3, 0, nil, 4, StampVCPC},
		{"d3d8-1555", PlatformD3D8, Options{Format: Fmt1555}, nil, 3, 3, 0, []byte{0, 255}, 4, StampVCPC},
		{"d3d8-4444", PlatformD3D8, Options{Format: Fmt4444}, nil, 3, 3, 0, []byte{0, 255, 17}, 8, StampVCPC},
		{"d3d9-lum8", PlatformD3D9, Options{Format: FmtLUM8}, nil, 4, 4, 1, nil, 0, StampSA},
		{"d3d9-8888-mips", PlatformD3D9, Options{Format: Fmt8888, Mipmaps: true}, nil, 16, 8, 0, nil, 0, StampSA},
		{"d3d9-pal8-mips", PlatformD3D9, Options{Format: FmtPal8 | Fmt8888, Mipmaps: true}, nil, 16, 16, 60, nil, 0, StampSA},
		{"xbox-pal8", PlatformXbox, Options{Format: FmtPal8 | Fmt8888}, nil, 32, 8, 100, []byte{9, 255}, 0, StampXbox},
		{"xbox-8888", PlatformXbox, Options{Format: Fmt8888, Mipmaps: true}, nil, 8, 16, 0, nil, 0, StampXbox},
		{"xbox-565", PlatformXbox, Options{Format: Fmt565}, nil, 4, 4, 0, nil, 4, StampXbox},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img := pattern(c.w, c.h, c.ncol, c.alphas, 1)
			if c.name == "d3d9-lum8" {
				for i := 0; i < len(img.Pix); i += 4 {
					img.Pix[i+1], img.Pix[i+2] = img.Pix[i], img.Pix[i]
				}
			}
			o := c.o
			o.Name, o.Mask, o.Stamp = "tex_"+c.name, "", c.stamp
			var tex *Texture
			var err error
			if c.platform == PlatformPS2 {
				tex, err = NewPS2(img, o)
			} else {
				tex, err = NewD3D(c.platform, img, o)
			}
			if err != nil {
				t.Fatal(err)
			}
			file := dict(t, c.stamp, 0, tex)
			d := mustParse(t, file)
			got := d.Textures()
			if len(got) != 1 {
				t.Fatalf("%d textures", len(got))
			}
			g := got[0]
			if g.Name != o.Name || g.Width != c.w || g.Height != c.h || g.Platform != c.platform {
				t.Fatalf("header: %q %dx%d %s", g.Name, g.Width, g.Height, g.PlatformName())
			}
			if len(g.Levels) != len(tex.Levels) {
				t.Fatalf("levels %d, want %d", len(g.Levels), len(tex.Levels))
			}
			im, err := g.Image(0)
			if err != nil {
				t.Fatal(err)
			}
			sameImage(t, "level 0", im, img, c.tol)
			for lv := 1; lv < len(g.Levels); lv++ {
				if _, err := g.Image(lv); err != nil {
					t.Fatalf("level %d: %v", lv, err)
				}
			}
			// Re-encoding the parsed texture from its fields gives the same bytes.
			enc, err := g.EncodeFields()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(enc, g.Raw()) {
				t.Fatalf("EncodeFields differs from the stored chunk (%d vs %d bytes)", len(enc), len(g.Raw()))
			}
			out, err := d.Bytes()
			if err != nil || !bytes.Equal(out, file) {
				t.Fatalf("re-save differs (err %v)", err)
			}
			if g.Diags != nil {
				t.Fatalf("diagnostics on writer output: %v", g.Diags)
			}
		})
	}
}
