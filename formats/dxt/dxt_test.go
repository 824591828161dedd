package dxt

import (
	"errors"
	"image"
	"image/color"
	"math"
	"testing"

	"rummage/formats/binread"
)

// block builds one block from its little-endian words.
func block(alpha uint64, c0, c1 uint16, idx uint32, k Kind) []byte {
	var b []byte
	if k != DXT1 {
		for i := 0; i < 8; i++ {
			b = append(b, byte(alpha>>(8*i)))
		}
	}
	return append(b, byte(c0), byte(c0>>8), byte(c1), byte(c1>>8), byte(idx), byte(idx>>8), byte(idx>>16), byte(idx>>24))
}

// TestDecodeGolden checks exact texels of hand-made blocks in each mode.
func TestDecodeGolden(t *testing.T) {
	const red, blue = 0xF800, 0x001F
	ramp := uint32(0 | 1<<2 | 2<<4 | 3<<6) // texels 0..3 use indices 0..3, the rest 0
	cases := []struct {
		name   string
		data   []byte
		k      Kind
		alpha1 bool
		want   [4]color.NRGBA // texels (0,0) (1,0) (2,0) (3,0)
	}{
		{"dxt1 four colours", block(0, red, blue, ramp, DXT1), DXT1, true,
			[4]color.NRGBA{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}},
		{"dxt1 three colours, transparent", block(0, blue, red, ramp, DXT1), DXT1, true,
			[4]color.NRGBA{{0, 0, 255, 255}, {255, 0, 0, 255}, {127, 0, 127, 255}, {0, 0, 0, 0}}},
		{"dxt1 three colours, black", block(0, blue, red, ramp, DXT1), DXT1, false,
			[4]color.NRGBA{{0, 0, 255, 255}, {255, 0, 0, 255}, {127, 0, 127, 255}, {0, 0, 0, 255}}},
		{"dxt3 explicit alpha", block(0x3210, blue, red, ramp, DXT3), DXT3, false,
			[4]color.NRGBA{{0, 0, 255, 0}, {255, 0, 0, 17}, {85, 0, 170, 34}, {170, 0, 85, 51}}},
		// alpha endpoints 255, 0: eight-value mode; indices 0, 1, 2, 7
		{"dxt5 eight alphas", block(0xFF|0<<8|uint64(0|1<<3|2<<6|7<<9)<<16, red, blue, ramp, DXT5), DXT5, false,
			[4]color.NRGBA{{255, 0, 0, 255}, {0, 0, 255, 0}, {170, 0, 85, 218}, {85, 0, 170, 36}}},
		// alpha endpoints 0, 255: six-value mode with 0 and 255; indices 2, 5, 6, 7
		{"dxt5 six alphas", block(0x00|0xFF<<8|uint64(2|5<<3|6<<6|7<<9)<<16, red, blue, ramp, DXT5), DXT5, false,
			[4]color.NRGBA{{255, 0, 0, 51}, {0, 0, 255, 204}, {170, 0, 85, 0}, {85, 0, 170, 255}}},
	}
	for _, c := range cases {
		img, err := Decode(c.data, 4, 4, c.k, c.alpha1, 0)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for x, want := range c.want {
			if got := img.NRGBAAt(x, 0); got != want {
				t.Errorf("%s: texel %d = %v, want %v", c.name, x, got, want)
			}
		}
		if got, want := img.NRGBAAt(3, 3), c.want[0]; got.R != want.R || got.G != want.G || got.B != want.B {
			t.Errorf("%s: texel (3,3) = %v, want index 0's colour %v", c.name, got, want)
		}
	}
}

// TestDecodeEdges: a level smaller than a block keeps its own size; short
// data and a bad kind are errors with the offset.
func TestDecodeEdges(t *testing.T) {
	img, err := Decode(block(0, 0xFFFF, 0, 0, DXT1), 2, 1, DXT1, true, 0)
	if err != nil || img.Rect != image.Rect(0, 0, 2, 1) || img.NRGBAAt(1, 0) != (color.NRGBA{255, 255, 255, 255}) {
		t.Errorf("2×1: %v %v", img, err)
	}
	_, err = Decode(make([]byte, 15), 4, 4, DXT5, false, 100)
	var fe *binread.FormatError
	if !errors.As(err, &fe) || fe.Off != 100 {
		t.Errorf("short DXT5: %v", err)
	}
	var ue *binread.UnsupportedError
	if _, err := Decode(make([]byte, 64), 4, 4, Kind(6), false, 7); !errors.As(err, &ue) || ue.Off != 7 {
		t.Errorf("kind 6: %v", err)
	}
	if _, err := Decode(nil, 0, 4, DXT1, false, 0); err == nil {
		t.Error("a 0×4 level decoded")
	}
	if got := LevelSize(1<<24, 1<<24, DXT5); got != (1<<22)*(1<<22)*16 {
		t.Errorf("LevelSize 2^24 square: %d", got)
	}
	if got := LevelSize(1<<40, 1<<40, DXT5); got != math.MaxInt64 {
		t.Errorf("LevelSize wrapped: %d", got)
	}
}

// TestRoundTrip: flat blocks survive Encode/Decode exactly (565-exact
// colours), and alpha survives to the format's precision.
func TestRoundTrip(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 6, 5))
	cols := []color.NRGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 255, 255}}
	for y := 0; y < 5; y++ {
		for x := 0; x < 6; x++ {
			c := cols[(x/4+2*(y/4))%4]
			c.A = byte(255 - 68*((x+y)%2)) // two alphas per block: DXT3- and DXT5-exact
			src.SetNRGBA(x, y, c)
		}
	}
	for _, k := range []Kind{DXT1, DXT3, DXT5} {
		d := Encode(src, k)
		if int64(len(d)) != LevelSize(6, 5, k) {
			t.Fatalf("DXT%d: %d bytes, want %d", k, len(d), LevelSize(6, 5, k))
		}
		img, err := Decode(d, 6, 5, k, false, 0)
		if err != nil {
			t.Fatal(err)
		}
		for y := 0; y < 5; y++ {
			for x := 0; x < 6; x++ {
				want, got := src.NRGBAAt(x, y), img.NRGBAAt(x, y)
				want.A = map[Kind]byte{DXT1: 255, DXT3: want.A, DXT5: want.A}[k]
				if got != want {
					t.Errorf("DXT%d (%d,%d) = %v, want %v", k, x, y, got, want)
				}
			}
		}
	}
}

func BenchmarkDecodeDXT5(b *testing.B) {
	src := image.NewNRGBA(image.Rect(0, 0, 512, 512))
	for i := range src.Pix {
		src.Pix[i] = byte(i * 7)
	}
	d := Encode(src, DXT5)
	b.SetBytes(512 * 512 * 4)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Decode(d, 512, 512, DXT5, false, 0)
	}
}

// DXT2 and DXT4 blocks built by hand: the stored colour is premultiplied,
// the decoded one straight. DXT2 texel 0: explicit alpha 8 (136), colour
// 565 red 16 (132 premultiplied) gives red 132*255/136 = 248; texel 1:
// alpha 0 gives transparent black whatever the colour; texel 2: alpha 15
// keeps white. DXT4 texel 0: alpha index 2 of (255, 0), (6*255)/7 = 218,
// colour green 32 of 63 (130) gives green 130*255/218 = 152.
func TestDecodePremultiplied(t *testing.T) {
	const red16, green32, white = 16 << 11, 32 << 5, 0xFFFF
	idx := uint32(0 | 0<<2 | 1<<4) // texels 0 and 1 use c0, texel 2 c1
	d2 := block(8|0<<4|15<<8, red16, white, idx, DXT2)
	img, err := Decode(d2, 4, 4, DXT2, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []color.NRGBA{{248, 0, 0, 136}, {0, 0, 0, 0}, {255, 255, 255, 255}} {
		if got := img.NRGBAAt(i, 0); got != want {
			t.Errorf("DXT2 texel %d = %v, want %v", i, got, want)
		}
	}
	// Alpha block: a0 255, a1 0, texel 0 index 2, the rest index 0 (255).
	d4 := append([]byte{255, 0, 2, 0, 0, 0, 0, 0}, block(0, green32, green32, 0, DXT1)...)
	img, err = Decode(d4, 4, 4, DXT4, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := img.NRGBAAt(0, 0), (color.NRGBA{0, 152, 0, 218}); got != want {
		t.Errorf("DXT4 texel 0 = %v, want %v", got, want)
	}
	if got, want := img.NRGBAAt(1, 0), (color.NRGBA{0, 130, 0, 255}); got != want {
		t.Errorf("DXT4 texel 1 = %v, want %v", got, want)
	}
	// The same blocks read as DXT3/DXT5 keep the premultiplied colour.
	if img, _ := Decode(d2, 4, 4, DXT3, false, 0); img.NRGBAAt(0, 0) != (color.NRGBA{132, 0, 0, 136}) {
		t.Errorf("DXT3 texel 0 = %v", img.NRGBAAt(0, 0))
	}
}

// Encoding DXT2/DXT4 stores premultiplied colour: a flat half-transparent
// image decodes back to its straight colour within the formats' precision.
func TestEncodePremultiplied(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for i := 0; i < len(src.Pix); i += 4 {
		copy(src.Pix[i:], []byte{200, 100, 40, 128})
	}
	for _, k := range []Kind{DXT2, DXT4} {
		enc := Encode(src, k)
		straight, _ := Decode(enc, 8, 8, k.Blocks(), false, 0)
		if c := straight.NRGBAAt(3, 3); c.R > 110 || c.R < 90 {
			t.Errorf("%d as straight: %v, want premultiplied red near 100", k, c)
		}
		back, _ := Decode(enc, 8, 8, k, false, 0)
		if c := back.NRGBAAt(3, 3); absDiff(c.R, 200) > 8 || absDiff(c.G, 100) > 8 || absDiff(c.B, 40) > 8 || absDiff(c.A, 128) > 9 {
			t.Errorf("DXT%d round trip: %v", k, c)
		}
	}
}

func absDiff(a, b byte) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
