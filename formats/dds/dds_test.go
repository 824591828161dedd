package dds

import (
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"testing"

	"rummage/formats/binread"
	"rummage/formats/dxt"
)

// rawDDS assembles a DDS file by hand (not with Encode): a w×h header with
// the pixel format flags, FourCC, bit count and masks given, then data.
func rawDDS(w, h, mips uint32, pfFlags uint32, fourCC string, bitCount uint32, masks [4]uint32, data []byte) []byte {
	b := make([]byte, 128)
	le := binary.LittleEndian
	copy(b, "DDS ")
	le.PutUint32(b[4:], 124)
	le.PutUint32(b[8:], 0x100F)
	le.PutUint32(b[12:], h)
	le.PutUint32(b[16:], w)
	le.PutUint32(b[28:], mips)
	le.PutUint32(b[76:], 32)
	le.PutUint32(b[80:], pfFlags)
	copy(b[84:88], fourCC)
	le.PutUint32(b[88:], bitCount)
	for i, m := range masks {
		le.PutUint32(b[92+4*i:], m)
	}
	le.PutUint32(b[108:], 0x1000)
	return append(b, data...)
}

type readerAt []byte

func (r readerAt) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off > int64(len(r)) {
		return 0, errors.New("out of range")
	}
	n := copy(p, r[off:])
	if n < len(p) {
		return n, errors.New("EOF")
	}
	return n, nil
}

func open(t *testing.T, b []byte) *File {
	t.Helper()
	f, err := Open(readerAt(b), 0, int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestDecodeGolden decodes one hand-assembled file per layout and checks
// its name and first texels.
func TestDecodeGolden(t *testing.T) {
	dxt1 := []byte{0x00, 0xF8, 0x1F, 0x00, 0xE4, 0, 0, 0} // red, blue, texels 0..3 = indices 0..3
	dxt3 := append([]byte{0x10, 0x32, 0, 0, 0, 0, 0, 0}, dxt1...)
	dxt5 := append([]byte{0xFF, 0x00, 0x08 | 2<<6, 7 << 1, 0, 0, 0, 0}, dxt1...) // alpha indices 0,1,2,7
	rgb := uint32(FlagRGB)
	rgba := uint32(FlagRGB | FlagAlphaPixels)
	cases := []struct {
		name, format string
		file         []byte
		want         []color.NRGBA
	}{
		{"DXT1", "DXT1", rawDDS(4, 4, 1, FlagFourCC, "DXT1", 0, [4]uint32{}, dxt1),
			[]color.NRGBA{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}},
		{"DXT3", "DXT3", rawDDS(4, 4, 1, FlagFourCC, "DXT3", 0, [4]uint32{}, dxt3),
			[]color.NRGBA{{255, 0, 0, 0}, {0, 0, 255, 17}, {170, 0, 85, 34}, {85, 0, 170, 51}}},
		// DXT2: the DXT3 block read as premultiplied colour, divided by
		// alpha (clamped to 255), alpha 0 transparent black.
		{"DXT2", "DXT2", rawDDS(4, 4, 1, FlagFourCC, "DXT2", 0, [4]uint32{}, dxt3),
			[]color.NRGBA{{0, 0, 0, 0}, {0, 0, 255, 17}, {255, 0, 255, 34}, {255, 0, 255, 51}}},
		{"DXT5", "DXT5", rawDDS(4, 4, 1, FlagFourCC, "DXT5", 0, [4]uint32{}, dxt5),
			[]color.NRGBA{{255, 0, 0, 255}, {0, 0, 255, 0}, {170, 0, 85, 218}, {85, 0, 170, 36}}},
		{"BGRA 32", "A8R8G8B8", rawDDS(2, 1, 1, rgba, "", 32, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0xFF000000},
			[]byte{0x10, 0x20, 0x30, 0x40, 1, 2, 3, 4}), []color.NRGBA{{0x30, 0x20, 0x10, 0x40}, {3, 2, 1, 4}}},
		{"BGRX 32", "X8R8G8B8", rawDDS(1, 1, 1, rgb, "", 32, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0},
			[]byte{0x10, 0x20, 0x30, 0x40}), []color.NRGBA{{0x30, 0x20, 0x10, 255}}},
		{"RGBA 32", "A8B8G8R8", rawDDS(1, 1, 1, rgba, "", 32, [4]uint32{0xFF, 0xFF00, 0xFF0000, 0xFF000000},
			[]byte{0x10, 0x20, 0x30, 0x40}), []color.NRGBA{{0x10, 0x20, 0x30, 0x40}}},
		{"alpha mask without the flag", "X8R8G8B8", rawDDS(1, 1, 1, rgb, "", 32, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0xFF000000},
			[]byte{0x10, 0x20, 0x30, 0x40}), []color.NRGBA{{0x30, 0x20, 0x10, 255}}},
		{"BGR 24", "R8G8B8", rawDDS(2, 1, 1, rgb, "", 24, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0},
			[]byte{0x10, 0x20, 0x30, 0xFF, 0, 0x80}), []color.NRGBA{{0x30, 0x20, 0x10, 255}, {0x80, 0, 0xFF, 255}}},
		{"565", "R5G6B5", rawDDS(2, 1, 1, rgb, "", 16, [4]uint32{0xF800, 0x7E0, 0x1F, 0},
			[]byte{0x1F, 0xF8, 0xE0, 0x07}), []color.NRGBA{{255, 0, 255, 255}, {0, 255, 0, 255}}},
		{"1555", "A1R5G5B5", rawDDS(2, 1, 1, rgba, "", 16, [4]uint32{0x7C00, 0x3E0, 0x1F, 0x8000},
			[]byte{0xE0, 0x83, 0x10, 0x7C}), []color.NRGBA{{0, 255, 0, 255}, {255, 0, 132, 0}}},
		{"4444", "A4R4G4B4", rawDDS(1, 1, 1, rgba, "", 16, [4]uint32{0xF00, 0xF0, 0xF, 0xF000},
			[]byte{0x0F, 0x8F}), []color.NRGBA{{255, 0, 255, 136}}},
		{"L8", "L8", rawDDS(2, 1, 1, FlagLuminance, "", 8, [4]uint32{0xFF, 0, 0, 0},
			[]byte{0x80, 0xFF}), []color.NRGBA{{128, 128, 128, 255}, {255, 255, 255, 255}}},
		{"A8L8", "A8L8", rawDDS(1, 1, 1, FlagLuminance|FlagAlphaPixels, "", 16, [4]uint32{0xFF, 0, 0, 0xFF00},
			[]byte{0x40, 0x80}), []color.NRGBA{{64, 64, 64, 128}}},
		{"A8", "A8", rawDDS(1, 1, 1, FlagAlpha, "", 8, [4]uint32{0, 0, 0, 0xFF},
			[]byte{0x7F}), []color.NRGBA{{0, 0, 0, 127}}},
		{"D3DFMT 52 (A4L4) in FourCC", "A4L4", rawDDS(1, 1, 1, FlagFourCC, "\x34\x00\x00\x00", 0, [4]uint32{},
			[]byte{0x3C}), []color.NRGBA{{204, 204, 204, 51}}},
		{"D3DFMT 21 in FourCC", "A8R8G8B8", rawDDS(1, 1, 1, FlagFourCC, "\x15\x00\x00\x00", 0, [4]uint32{},
			[]byte{0x10, 0x20, 0x30, 0x40}), []color.NRGBA{{0x30, 0x20, 0x10, 0x40}}},
	}
	for _, c := range cases {
		f := open(t, c.file)
		if f.Format.Name != c.format {
			t.Errorf("%s: format %q, want %q", c.name, f.Format.Name, c.format)
		}
		img, err := f.Image(0)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for x, want := range c.want {
			if got := img.NRGBAAt(x, 0); got != want {
				t.Errorf("%s: texel %d = %v, want %v", c.name, x, got, want)
			}
		}
	}
}

// TestDX10 reads the DX10 extension header's DXGI formats.
func TestDX10(t *testing.T) {
	for _, c := range []struct {
		dxgi uint32
		name string
		data []byte
		want color.NRGBA
	}{
		{71, "BC1", []byte{0x00, 0xF8, 0x1F, 0x00, 0, 0, 0, 0}, color.NRGBA{255, 0, 0, 255}},
		{28, "A8B8G8R8", []byte{1, 2, 3, 4}, color.NRGBA{1, 2, 3, 4}},
		{87, "A8R8G8B8", []byte{1, 2, 3, 4}, color.NRGBA{3, 2, 1, 4}},
	} {
		ext := make([]byte, 20)
		binary.LittleEndian.PutUint32(ext, c.dxgi)
		w := uint32(1)
		f := open(t, rawDDS(w, w, 1, FlagFourCC, "DX10", 0, [4]uint32{}, append(ext, c.data...)))
		img, err := f.Image(0)
		if err != nil || f.Format.Name != c.name || img.NRGBAAt(0, 0) != c.want || f.Levels[0].Offset != 148 {
			t.Errorf("DXGI %d: %q %v %v", c.dxgi, f.Format.Name, img, err)
		}
	}
}

// TestWriterRoundTrip writes every layout with a full mip chain and reads
// it back: level sizes and places, exact texels for representable colours,
// and the 1×1 level the mean of the image.
func TestWriterRoundTrip(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 8, 4))
	for y := 0; y < 4; y++ {
		for x := 0; x < 8; x++ {
			v := byte(255 * ((x / 4) % 2))
			src.SetNRGBA(x, y, color.NRGBA{v, 255 - v, 0, 255})
		}
	}
	f565, _ := MaskFormat(16, 0xF800, 0x7E0, 0x1F, 0, false)
	f8888, _ := MaskFormat(32, 0xFF0000, 0xFF00, 0xFF, 0xFF000000, false)
	f888, _ := MaskFormat(24, 0xFF0000, 0xFF00, 0xFF, 0, false)
	f4444, _ := MaskFormat(16, 0xF00, 0xF0, 0xF, 0xF000, false)
	for _, fm := range []Format{BlockFormat(dxt.DXT1), BlockFormat(dxt.DXT3), BlockFormat(dxt.DXT5), f565, f8888, f888, f4444} {
		b, err := Encode(src, fm, -1)
		if err != nil {
			t.Fatal(err)
		}
		f := open(t, b)
		if len(f.Levels) != 4 || len(f.Diags) != 0 || f.Format.Name != fm.Name {
			t.Fatalf("%s: %d levels %v %q", fm.Name, len(f.Levels), f.Diags, f.Format.Name)
		}
		want := []image.Point{{8, 4}, {4, 2}, {2, 1}, {1, 1}}
		off := int64(128)
		for i, L := range f.Levels {
			if L.Width != want[i].X || L.Height != want[i].Y || L.Offset != off {
				t.Errorf("%s level %d: %+v", fm.Name, i, L)
			}
			off += L.Size
		}
		if off != int64(len(b)) {
			t.Errorf("%s: levels end at %d, file at %d", fm.Name, off, len(b))
		}
		img, _ := f.Image(0)
		for _, p := range []image.Point{{0, 0}, {7, 3}, {3, 1}, {4, 2}} {
			if got, w := img.NRGBAAt(p.X, p.Y), src.NRGBAAt(p.X, p.Y); got != w {
				t.Errorf("%s %v: %v, want %v", fm.Name, p, got, w)
			}
		}
		last, _ := f.Image(3)
		if c := last.NRGBAAt(0, 0); c.R < 120 || c.R > 140 || c.G < 120 || c.G > 140 {
			t.Errorf("%s 1×1: %v, want about (128, 128, 0)", fm.Name, c)
		}
	}
}

// TestBroken: each mutation gives a FormatError or UnsupportedError at the
// offset of the field at fault, or a finding, never a panic.
func TestBroken(t *testing.T) {
	good, _ := Encode(image.NewNRGBA(image.Rect(0, 0, 8, 8)), BlockFormat(dxt.DXT5), -1)
	set := func(off int, v uint32) []byte {
		b := append([]byte(nil), good...)
		binary.LittleEndian.PutUint32(b[off:], v)
		return b
	}
	fe := func(off int64) func(error) bool {
		return func(err error) bool {
			var e *binread.FormatError
			return errors.As(err, &e) && e.Off == off
		}
	}
	ue := func(err error) bool { var e *binread.UnsupportedError; return errors.As(err, &e) }
	cases := []struct {
		name string
		b    []byte
		ok   func(error) bool
	}{
		{"no magic", append([]byte("DDX "), good[4:]...), fe(0)},
		{"header cut", good[:100], fe(0)},
		{"zero width", set(16, 0), fe(12)},
		{"huge height", set(12, 1<<20), fe(12)},
		{"level 0 cut", good[:128+60], fe(128)},
		{"unknown FourCC", set(84, 0x31313131), ue},
		{"volume", set(112, Caps2Volume), nil}, // depth 0: read as 2D
		{"odd bit count", rawDDS(1, 1, 1, FlagRGB, "", 12, [4]uint32{0xF00, 0xF0, 0xF, 0}, []byte{1, 2}), ue},
		{"split mask", rawDDS(1, 1, 1, FlagRGB, "", 16, [4]uint32{0xF0F, 0, 0, 0}, []byte{1, 2}), ue},
		{"mask past the bits", rawDDS(1, 1, 1, FlagRGB, "", 16, [4]uint32{0xFF0000, 0, 0, 0}, []byte{1, 2}), ue},
		{"no layout flags", rawDDS(1, 1, 1, 0, "", 32, [4]uint32{0xFF, 0, 0, 0}, []byte{1, 2, 3, 4}), ue},
		{"DX10 header cut", rawDDS(1, 1, 1, FlagFourCC, "DX10", 0, [4]uint32{}, []byte{71, 0, 0}), fe(131)},
	}
	for _, c := range cases {
		_, err := Open(readerAt(c.b), 0, int64(len(c.b)))
		if c.ok == nil {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if !c.ok(err) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	vol := set(112, Caps2Volume)
	binary.LittleEndian.PutUint32(vol[24:], 4)
	if _, err := Open(readerAt(vol), 0, int64(len(vol))); !ue(err) {
		t.Errorf("volume of depth 4: %v", err)
	}
}

// TestMipFindings: mips past the end of the file, more mips than the sides
// allow, and bytes after the last level are findings, not errors.
func TestMipFindings(t *testing.T) {
	good, _ := Encode(image.NewNRGBA(image.Rect(0, 0, 8, 8)), BlockFormat(dxt.DXT1), -1) // 8, 4, 2, 1: 4 levels
	cut := good[:len(good)-8]
	f := open(t, cut)
	if len(f.Levels) != 3 || len(f.Diags) != 1 || f.Diags[0].Off != int64(len(cut)) {
		t.Errorf("cut mip: %d levels, %v", len(f.Levels), f.Diags)
	}
	many := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(many[28:], 9)
	if f := open(t, many); len(f.Levels) != 4 || len(f.Diags) != 1 || f.Diags[0].Off != 28 {
		t.Errorf("9 mips on 8×8: %d levels, %v", len(f.Levels), f.Diags)
	}
	if f := open(t, append(append([]byte(nil), good...), 1, 2, 3)); len(f.Diags) != 1 || f.Diags[0].Off != int64(len(good)) {
		t.Errorf("trailing bytes: %v", f.Diags)
	}
	if _, err := f.Image(4); err == nil {
		t.Error("level 4 of 3 decoded")
	}
}

// TestMutations flips every byte of small files of each kind: Open and
// Image never panic, and an opened file's levels decode or fail cleanly.
func TestMutations(t *testing.T) {
	for _, b := range fixtures(t) {
		for i := range b {
			for _, v := range []byte{0, 0xFF, b[i] ^ 0x5A} {
				m := append([]byte(nil), b...)
				m[i] = v
				f, err := Open(readerAt(m), 0, int64(len(m)))
				if err != nil {
					continue
				}
				for l := range f.Levels {
					f.Image(l)
				}
			}
		}
	}
}

// fixtures are small files of every layout the writer makes.
func fixtures(t testing.TB) [][]byte {
	src := image.NewNRGBA(image.Rect(0, 0, 5, 3))
	for i := range src.Pix {
		src.Pix[i] = byte(i * 37)
	}
	var out [][]byte
	for _, fm := range []Format{BlockFormat(dxt.DXT1), BlockFormat(dxt.DXT3), BlockFormat(dxt.DXT5)} {
		b, _ := Encode(src, fm, -1)
		out = append(out, b)
	}
	for _, m := range []masked{
		{32, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0xFF000000}, false}, {24, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0}, false},
		{16, [4]uint32{0x7C00, 0x3E0, 0x1F, 0x8000}, false}, {16, [4]uint32{0xFF, 0, 0, 0xFF00}, true},
		{8, [4]uint32{0, 0, 0, 0xFF}, false},
	} {
		fm, err := maskFormat(m)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Encode(src, fm, 2)
		out = append(out, b)
	}
	return out
}

func FuzzDDS(f *testing.F) {
	for _, b := range fixtures(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := Open(readerAt(b), 0, int64(len(b)))
		if err != nil {
			return
		}
		if len(d.Levels) == 0 {
			t.Fatal("opened with no level")
		}
		for l, L := range d.Levels {
			img, err := d.Image(l)
			if err != nil {
				t.Fatalf("level %d of an opened file: %v", l, err)
			}
			if img.Rect.Dx() != L.Width || img.Rect.Dy() != L.Height {
				t.Fatalf("level %d is %v, header says %d×%d", l, img.Rect, L.Width, L.Height)
			}
		}
	})
}
