package build

import (
	"image"
	"image/color"
	"math"

	"rummage/formats/img"
	"rummage/formats/txd"
)

func init() {
	Register(Builder{Name: "ps2_sa.txd", Build: buildPS2SA})
	Register(Builder{Name: "ps2_gta3.txd", Build: buildPS2GTA3})
	Register(Builder{Name: "pc_d3d8.txd", Build: buildD3D8})
	Register(Builder{Name: "pc_d3d9.txd", Build: buildD3D9})
	Register(Builder{Name: "xbox.txd", Build: buildXbox})
	Register(Builder{Name: "gta3.img", Build: buildIMG})
}

// Procedural images for the TXD samples.

func brick(w, h int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			row := y / 8
			bx := (x + (row%2)*8) % 16
			c := color.NRGBA{170 + byte((x*7+y*3)%40), 70 + byte((x*5+y*11)%30), 50, 255}
			if y%8 == 0 || bx == 0 {
				c = color.NRGBA{200, 195, 185, 255}
			}
			m.SetNRGBA(x, y, c)
		}
	}
	return m
}

func sprite(w, h int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	cx, cy := float64(w)/2, float64(h)/2
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy) / cx
			a := 0.0
			if d < 1 {
				a = 1 - d
			}
			m.SetNRGBA(x, y, color.NRGBA{255, byte(200 * a), byte(60 * a), byte(255 * a)})
		}
	}
	return m
}

func gradient(w, h int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			m.SetNRGBA(x, y, color.NRGBA{byte(x * 255 / max(w-1, 1)), byte(y * 255 / max(h-1, 1)), 180, 255})
		}
	}
	return m
}

func checker(w, h, cell int, alpha bool) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBA{30, 90, 200, 255}
			if (x/cell+y/cell)%2 == 0 {
				c = color.NRGBA{240, 240, 60, 255}
				if alpha {
					c.A = 0
				}
			}
			m.SetNRGBA(x, y, c)
		}
	}
	return m
}

type texSpec struct {
	img      *image.NRGBA
	platform uint32
	o        txd.Options
}

func buildTXD(stamp uint32, device uint16, specs []texSpec) ([]byte, error) {
	d := txd.NewDictionary(stamp, device)
	for _, s := range specs {
		s.o.Stamp = stamp
		var t *txd.Texture
		var err error
		if s.platform == txd.PlatformPS2 {
			t, err = txd.NewPS2(s.img, s.o)
		} else {
			t, err = txd.NewD3D(s.platform, s.img, s.o)
		}
		if err != nil {
			return nil, err
		}
		d.Add(t)
	}
	return d.Marshal()
}

// buildPS2SA: San Andreas PS2 (3.6.0.3, device 6): swizzled PAL8 and PAL4
// with mipmaps (GS layout from the experimental allocator), PAL4 without
// mipmaps, and 32-bit truecolour.
func buildPS2SA() ([]byte, error) {
	p := txd.PlatformPS2
	return buildTXD(txd.StampSA, 6, []texSpec{
		{brick(64, 64), p, txd.Options{Name: "brick", Format: txd.FmtPal8 | txd.Fmt8888, Mipmaps: true}},
		{sprite(32, 32), p, txd.Options{Name: "sprite", Mask: "spritem", Format: txd.FmtPal4 | txd.Fmt8888, Mipmaps: true}},
		{checker(64, 32, 8, false), p, txd.Options{Name: "flag", Format: txd.FmtPal4 | txd.Fmt8888}},
		{gradient(32, 16), p, txd.Options{Name: "sky", Format: txd.Fmt8888}},
	})
}

// buildPS2GTA3: GTA III PS2 (3.1.0.0): linear PAL4 with an 8×2 CLUT,
// PAL8 with a 16-bit CLUT, 16-bit truecolour, and PAL8 in the old
// headerless layout (stream version 1: no GIF packets, indices swizzled).
func buildPS2GTA3() ([]byte, error) {
	p := txd.PlatformPS2
	return buildTXD(txd.StampGTA3PS2, 0, []texSpec{
		{checker(32, 32, 4, false), p, txd.Options{Name: "tiles", Format: txd.FmtPal4 | txd.Fmt8888}},
		{brick(32, 32), p, txd.Options{Name: "wall", Format: txd.FmtPal8 | txd.Fmt1555}},
		{checker(16, 16, 4, true), p, txd.Options{Name: "fence", Format: txd.Fmt1555}},
		{gradient(32, 16), p, txd.Options{Name: "old_layout", Format: txd.FmtPal8 | txd.Fmt8888, Headerless: true, StreamVersion: 1}},
	})
}

// buildD3D8: Vice City PC (3.4.0.3): DXT1, PAL8 (C888), PAL4, 565 and
// mipmapped 8888.
func buildD3D8() ([]byte, error) {
	p := txd.PlatformD3D8
	return buildTXD(txd.StampVCPC, 0, []texSpec{
		{brick(64, 64), p, txd.Options{Name: "brick_dxt1", Compression: txd.CompDXT1, Mipmaps: true}},
		{gradient(32, 32), p, txd.Options{Name: "pal8", Format: txd.FmtPal8 | txd.Fmt888}},
		{checker(16, 16, 2, false), p, txd.Options{Name: "pal4", Format: txd.FmtPal4 | txd.Fmt8888}},
		{gradient(16, 8), p, txd.Options{Name: "c565", Format: txd.Fmt565}},
		{sprite(32, 32), p, txd.Options{Name: "glow", Mask: "glowm", Format: txd.Fmt8888, Mipmaps: true}},
	})
}

// buildD3D9: San Andreas PC (3.6.0.3, device 2): DXT1/3/5, 8888, 4444, LUM8.
func buildD3D9() ([]byte, error) {
	p := txd.PlatformD3D9
	return buildTXD(txd.StampSA, 2, []texSpec{
		{brick(64, 64), p, txd.Options{Name: "brick", Compression: txd.CompDXT1, Mipmaps: true}},
		{sprite(32, 32), p, txd.Options{Name: "smoke_dxt3", Compression: txd.CompDXT3}},
		{sprite(32, 32), p, txd.Options{Name: "smoke_dxt5", Compression: txd.CompDXT5, Mipmaps: true}},
		{gradient(32, 16), p, txd.Options{Name: "argb", Format: txd.Fmt8888}},
		{checker(16, 16, 4, true), p, txd.Options{Name: "argb4444", Format: txd.Fmt4444}},
		{gradient(16, 16), p, txd.Options{Name: "lum", Format: txd.FmtLUM8}},
	})
}

// buildXbox: Xbox (3.5.0.0): Morton-swizzled 8888 and PAL8, and DXT1.
func buildXbox() ([]byte, error) {
	p := txd.PlatformXbox
	return buildTXD(txd.StampXbox, 8, []texSpec{
		{gradient(32, 16), p, txd.Options{Name: "swizzled", Format: txd.Fmt8888, Mipmaps: true}},
		{brick(32, 32), p, txd.Options{Name: "pal8", Format: txd.FmtPal8 | txd.Fmt8888}},
		{sprite(16, 16), p, txd.Options{Name: "dxt1", Compression: txd.CompDXT1}},
	})
}

// buildIMG: a VER2 archive holding two of the dictionaries and the
// sample car with its dictionary.
func buildIMG() ([]byte, error) {
	a, err := buildPS2SA()
	if err != nil {
		return nil, err
	}
	b, err := buildD3D9()
	if err != nil {
		return nil, err
	}
	car, err := buildCar()
	if err != nil {
		return nil, err
	}
	carTex, err := buildCarTXD()
	if err != nil {
		return nil, err
	}
	return img.BuildVER2([]img.File{{Name: "ps2_sa.txd", Data: a}, {Name: "pc_d3d9.txd", Data: b}, {Name: "rumbler.dff", Data: car}, {Name: "rumbler.txd", Data: carTex},
		{Name: "readme.txt", Data: []byte("A GTA IMG archive (VER2) made by Rummage.\r\n")}})
}
