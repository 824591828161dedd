package texm

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"image"
	"image/color"
	"testing"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// header writes a Texm header by hand.
func header(w, h, mips, flags5, format uint32) []byte {
	b := []byte(Magic)
	for _, v := range []uint32{w, h, mips, 0, flags5, 0, format} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return b
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func u16s(v ...uint16) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint16(b, x)
	}
	return b
}

func TestDecodeFormats(t *testing.T) {
	pal := make([]byte, PaletteSize)
	copy(pal[4*0:], []byte{1, 2, 3, 0})    // index 0: B=1 G=2 R=3
	copy(pal[4*7:], []byte{10, 20, 30, 0}) // index 7
	cases := []struct {
		name   string
		format uint32
		flags5 uint32
		pixels []byte // 2×1 pixels
		pal    []byte
		want   [2]color.NRGBA
	}{
		{"565", Format565, 0, u16s(0xF800, 0x07E0|0x0011), nil, [2]color.NRGBA{{255, 0, 0, 255}, {0, 255, 0x11<<3 | 0x11>>2, 255}}},
		{"556", Format556, 0, u16s(0x07C0, 0x003F), nil, [2]color.NRGBA{{0, 255, 0, 255}, {0, 0, 255, 255}}},
		{"4444", Format4444, 0, u16s(0x1234, 0xF0A0), nil, [2]color.NRGBA{{0x22, 0x33, 0x44, 0x11}, {0, 0xAA, 0, 0xFF}}},
		{"88", Format88, 0, []byte{0x40, 0x80, 0xFF, 0x01}, nil, [2]color.NRGBA{{0x80, 0x80, 0x80, 0x40}, {1, 1, 1, 0xFF}}},
		{"888 BGRX", Format888, 0, []byte{1, 2, 3, 0, 4, 5, 6, 9}, nil, [2]color.NRGBA{{3, 2, 1, 255}, {6, 5, 4, 255}}},
		{"8888 BGRA", Format8888, 0, []byte{1, 2, 3, 4, 5, 6, 7, 8}, nil, [2]color.NRGBA{{3, 2, 1, 4}, {7, 6, 5, 8}}},
		{"palette BGRX", FormatPal8, 0, []byte{0, 7}, pal, [2]color.NRGBA{{3, 2, 1, 255}, {30, 20, 10, 255}}},
		{"palette colour key", FormatPal8, FlagAlpha, []byte{0, 7}, pal, [2]color.NRGBA{{3, 2, 1, 0}, {30, 20, 10, 255}}},
		{"palette colour key on a fade surface", FormatPal8, FlagFade, []byte{0, 7}, pal, [2]color.NRGBA{{3, 2, 1, 0}, {30, 20, 10, 255}}},
		{"palette index 0 opaque without the alpha flags", FormatPal8, 0x04000000, []byte{0, 7}, pal, [2]color.NRGBA{{3, 2, 1, 255}, {30, 20, 10, 255}}},
		{"external palette colour key", FormatIndex8, FlagAlpha, []byte{0, 200}, nil, [2]color.NRGBA{{0, 0, 0, 0}, {200, 200, 200, 255}}},
		{"external palette", FormatIndex8, 0, []byte{5, 200}, nil, [2]color.NRGBA{{5, 5, 5, 255}, {200, 200, 200, 255}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := cat(header(2, 1, 1, c.flags5, c.format), c.pal, c.pixels)
			tex, err := NewTexture(bytes.NewReader(data), 0, int64(len(data)))
			if err != nil {
				t.Fatal(err)
			}
			img, err := tex.Image(0)
			if err != nil {
				t.Fatal(err)
			}
			for x := 0; x < 2; x++ {
				if got := img.NRGBAAt(x, 0); got != c.want[x] {
					t.Errorf("pixel %d = %v, want %v", x, got, c.want[x])
				}
			}
			// Format 0 also gives its indices (a palette PNG); the
			// lookup is the image, colour key included.
			p, err := tex.Paletted(0)
			if err != nil || (p != nil) != (c.format == FormatPal8) {
				t.Fatalf("Paletted = %v, %v", p != nil, err)
			}
			for x := 0; p != nil && x < 2; x++ {
				if got := p.Palette[p.ColorIndexAt(x, 0)]; got != c.want[x] {
					t.Errorf("paletted pixel %d = %v, want %v", x, got, c.want[x])
				}
			}
		})
	}
}

func TestMipChainAndPages(t *testing.T) {
	// 5×3 with 3 mips: 5×3, 2×1, 1×1 (non-power-of-two sizes).
	var mips []byte
	for i, n := range []int{15, 2, 1} {
		for p := 0; p < n; p++ {
			mips = append(mips, byte(i), byte(p), 0, 255)
		}
	}
	pages := cat([]byte(PageMagic), []byte{2, 0, 0, 0}, u16s(0, 2, 0, 3), u16s(2, 3, 1, 2))
	data := cat(header(5, 3, 3, 0, Format8888), mips, pages)
	tex, err := NewTexture(bytes.NewReader(data), 0x10, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range [][2]int{{5, 3}, {2, 1}, {1, 1}} {
		img, err := tex.Image(i)
		if err != nil {
			t.Fatal(err)
		}
		if img.Rect.Dx() != want[0] || img.Rect.Dy() != want[1] {
			t.Errorf("mip %d is %v", i, img.Rect)
		}
		if got := img.NRGBAAt(img.Rect.Dx()-1, img.Rect.Dy()-1); got.B != byte(i) {
			t.Errorf("mip %d reads the wrong bytes: %v", i, got)
		}
	}
	want := []Page{{X: 0, W: 2, Y: 0, H: 3}, {X: 2, W: 3, Y: 1, H: 2}}
	if len(tex.Pages) != 2 || tex.Pages[0] != want[0] || tex.Pages[1] != want[1] {
		t.Errorf("pages %+v", tex.Pages)
	}
	if r := tex.Pages[1].Rect(); r != image.Rect(2, 1, 5, 3) {
		t.Errorf("page rect %v", r)
	}
	n := &Node{Raw: formats.Raw{NodeName: "SUN.0", NodeKind: formats.KindTexture}, Tex: tex}
	if r := n.PageRect(-1); r != image.Rect(0, 0, 5, 3) {
		t.Errorf("page -1 = %v", r)
	}
	if r := n.PageRect(1); r != image.Rect(2, 1, 5, 3) {
		t.Errorf("page 1 = %v", r)
	}
	d, _ := n.Describe()
	testutil.GoldenJSON(t, "sun.json", d, *update)
}

func TestParseBroken(t *testing.T) {
	good := cat(header(2, 2, 2, 0, Format565), make([]byte, 8+2))
	set := func(off int, v uint32) []byte {
		c := append([]byte(nil), good...)
		binary.LittleEndian.PutUint32(c[off:], v)
		return c
	}
	cases := []struct {
		name string
		data []byte
		off  int64
		want string
	}{
		{"short header", good[:20], 0, "run past the end"},
		{"bad magic", cat([]byte("Texn"), good[4:]), 0, "bad magic"},
		{"zero width", set(4, 0), 4, "bad size"},
		{"huge height", set(8, 1<<20), 4, "bad size"},
		{"zero mips", set(12, 0), 12, "bad mip count"},
		{"too many mips", set(12, 33), 12, "bad mip count"},
		{"mip past end", set(12, 3), 42, "mip 2"},
		{"missing pixels", good[:len(good)-1], 40, "mip 1"},
		{"trailing bytes", cat(good, []byte{1, 2, 3}), 42, "trailing"},
		{"trailing non-page", cat(good, []byte("Junk\x00\x00\x00\x00")), 42, "no 'Page'"},
		{"page count too big", cat(good, []byte("Page\x02\x00\x00\x00"), make([]byte, 8)), 46, "needs 24 bytes"},
		{"page extra bytes", cat(good, []byte("Page\x00\x00\x00\x00\x01")), 46, "needs 8 bytes"},
		{"palette missing", cat(header(1, 1, 1, 0, FormatPal8), make([]byte, 100)), 32, "palette"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewTexture(bytes.NewReader(c.data), 0x100, int64(len(c.data)))
			testutil.WantFormatError(t, err, 0x100, c.off, c.want)
		})
	}
	data := cat(header(1, 1, 1, 0, 1234), []byte{0, 0})
	_, err := NewTexture(bytes.NewReader(data), 0, int64(len(data)))
	var ue *binread.UnsupportedError
	if !errors.As(err, &ue) || ue.Off != 28 {
		t.Errorf("unknown format: %v", err)
	}
}

func testImage(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x * 40), uint8(y * 60), uint8(x*y*7 + 3), uint8(255 - x*10)})
		}
	}
	return img
}

func TestBuildRoundTrip(t *testing.T) {
	img := testImage(6, 4)
	for _, format := range []uint32{Format8888, Format888, Format565, Format556, Format4444, Format88} {
		data, err := Build(img, format, 3, nil, []Page{{X: 1, Y: 1, W: 2, H: 2}})
		if err != nil {
			t.Fatal(err)
		}
		tex, err := NewTexture(bytes.NewReader(data), 0, int64(len(data)))
		if err != nil {
			t.Fatalf("%d: %v", format, err)
		}
		if tex.Mips != 3 || len(tex.Pages) != 1 {
			t.Fatalf("%d: %+v", format, tex.Header)
		}
		back, _ := tex.Image(0)
		// Re-encoding the decoded image gives the same stored bytes.
		b0, _ := tex.LevelBytes(0)
		again, _ := EncodePixels(back, format, nil)
		if format != Format888 && !bytes.Equal(b0, again) {
			t.Errorf("%d: decode/encode not stable", format)
		}
		if format == Format8888 && !bytes.Equal(back.Pix, img.Pix) {
			t.Errorf("8888 is not lossless")
		}
	}
	pal := make([]byte, PaletteSize)
	for i := 0; i < 256; i++ {
		pal[4*i], pal[4*i+1], pal[4*i+2] = byte(i), byte(255-i), byte(i/2)
	}
	data, err := Build(img, FormatPal8, 1, pal, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewTexture(bytes.NewReader(data), 0, int64(len(data))); err != nil {
		t.Fatal(err)
	}
}

func FuzzTexm(f *testing.F) {
	seed, _ := Build(testImage(4, 4), Format4444, 3, nil, []Page{{0, 0, 2, 2}})
	f.Add(seed)
	pal := make([]byte, PaletteSize)
	seed2, _ := Build(testImage(3, 2), FormatPal8, 1, pal, nil)
	f.Add(seed2)
	f.Add(cat(header(2, 1, 1, 0, Format88), []byte{1, 2, 3, 4}))
	f.Fuzz(func(t *testing.T, data []byte) {
		tex, err := NewTexture(bytes.NewReader(data), 0, int64(len(data)))
		testutil.FileError(t, err, int64(len(data)))
		if err != nil {
			return
		}
		for i := 0; i < int(tex.Mips); i++ {
			if _, err := tex.Image(i); err != nil {
				t.Fatalf("mip %d of a parsed texture: %v", i, err)
			}
		}
	})
}

// TestEncodeByteExact re-encodes parsed textures from their parts: the
// header words (flags4, flags5, unk6), the palette with its padding
// bytes, 888's X bytes, the mips and an empty or full page table come
// back byte for byte.
func TestEncodeByteExact(t *testing.T) {
	pal := make([]byte, PaletteSize)
	for i := range pal {
		pal[i] = byte(i * 7)
	}
	hdr := func(w, h, mips, format uint32) []byte {
		b := []byte(Magic)
		for _, v := range []uint32{w, h, mips, 32, 0x04000000, 0x00ABCDEF, format} {
			b = binary.LittleEndian.AppendUint32(b, v)
		}
		return b
	}
	pages := func(rects ...int16) []byte {
		b := append([]byte(PageMagic), 0, 0, 0, 0)
		binary.LittleEndian.PutUint32(b[4:], uint32(len(rects)/4))
		for _, v := range rects {
			b = binary.LittleEndian.AppendUint16(b, uint16(v))
		}
		return b
	}
	seq := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*31 + 5)
		}
		return b
	}
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"888 with X bytes, 3 mips", cat(hdr(4, 2, 3, Format888), seq(4*(8+2+1)))},
		{"palette", cat(hdr(3, 3, 1, FormatPal8), pal, seq(9))},
		{"565 with pages", cat(hdr(4, 4, 1, Format565), seq(32), pages(0, 2, 0, 2, 2, 2, 2, 2))},
		{"4444 with an empty page table", cat(hdr(2, 2, 2, Format4444), seq(10), pages())},
	} {
		tex, err := NewTexture(bytes.NewReader(c.data), 0, int64(len(c.data)))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var levels [][]byte
		for i := 0; i < int(tex.Mips); i++ {
			l, err := tex.LevelBytes(i)
			if err != nil {
				t.Fatal(err)
			}
			levels = append(levels, l)
		}
		out, err := Encode(tex.Header, tex.Palette, levels, tex.Pages, tex.HasPages)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !bytes.Equal(out, c.data) {
			t.Errorf("%s: re-encoded bytes differ", c.name)
		}
	}
}

func TestChannelOrderDisputed(t *testing.T) {
	cases := []struct {
		format uint32
		want   bool
	}{
		{FormatPal8, true},
		{Format888, true},
		{Format8888, true},
		{FormatIndex8, false},
		{Format565, false},
		{Format556, false},
		{Format4444, false},
		{Format88, false},
		{12345, false},
	}
	for _, c := range cases {
		h := Header{Format: c.format}
		if got := h.ChannelOrderDisputed(); got != c.want {
			t.Errorf("format %s: %v, want %v", FormatName(c.format), got, c.want)
		}
	}
}
