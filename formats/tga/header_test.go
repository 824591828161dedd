package tga

import (
	"bytes"
	"encoding/binary"
	"image/color"
	"strings"
	"testing"

	"rummage/formats"
)

// file builds a TGA file from a header, an image ID, colour-map bytes,
// pixel bytes and, when attr >= 0, a TGA 2.0 extension area with that
// attributes type and its footer.
func file(h Header, id, cmap, pix []byte, attr int) []byte {
	b := make([]byte, HeaderSize)
	b[0], b[1], b[2] = byte(len(id)), byte(h.MapType), byte(h.ImageType)
	binary.LittleEndian.PutUint16(b[3:], uint16(h.MapFirst))
	binary.LittleEndian.PutUint16(b[5:], uint16(h.MapLen))
	b[7] = byte(h.MapBits)
	binary.LittleEndian.PutUint16(b[12:], uint16(h.Width))
	binary.LittleEndian.PutUint16(b[14:], uint16(h.Height))
	b[16], b[17] = byte(h.Bits), h.Desc
	b = append(append(append(b, id...), cmap...), pix...)
	if attr >= 0 {
		ext := make([]byte, 495)
		binary.LittleEndian.PutUint16(ext, 495)
		ext[494] = byte(attr)
		off := len(b)
		b = append(b, ext...)
		foot := make([]byte, 8)
		binary.LittleEndian.PutUint32(foot, uint32(off))
		b = append(append(b, foot...), "TRUEVISION-XFILE.\x00"...)
	}
	return b
}

// TestProbe: a .tga name and a sane header are a TGA; another name, or a
// header TGA does not define (a bad image type, a map described without
// one, interleaving, a colour map past the end, no size), is not.
func TestProbe(t *testing.T) {
	var buf bytes.Buffer
	Encode(&buf, gradient(4, 2))
	good := buf.Bytes()
	mapped := file(Header{MapType: 1, ImageType: 1, MapLen: 2, MapBits: 24, Width: 2, Height: 1, Bits: 8}, nil, make([]byte, 6), []byte{0, 1}, -1)
	if !Probe(good, int64(len(good)), "x.tga") || !Probe(good, int64(len(good)), "DIR/X.TGA") || !Probe(mapped, int64(len(mapped)), "m.tga") {
		t.Fatal("sane TGA headers refused")
	}
	if Probe(good, int64(len(good)), "x.png") || Probe(good, int64(len(good)), "tga") {
		t.Error("a TGA header under another name taken for a TGA")
	}
	set := func(b []byte, off int, v ...byte) []byte {
		c := append([]byte(nil), b...)
		copy(c[off:], v)
		return c
	}
	for name, b := range map[string][]byte{
		"image type 0":             set(good, 2, 0),
		"image type 4":             set(good, 2, 4),
		"image type 12":            set(good, 2, 12),
		"map type 2":               set(good, 1, 2),
		"map length without a map": set(good, 5, 1),
		"map without entry size":   set(mapped, 7, 8),
		"mapped without a map":     set(mapped, 1, 0, 1, 0, 0, 0, 0, 0),
		"pixel size 12":            set(good, 16, 12),
		"no width":                 set(good, 12, 0, 0),
		"interleaved":              set(good, 17, 0x68),
		"map past the end":         set(mapped, 5, 0xFF, 0xFF),
		"header only":              good[:HeaderSize],
		"PNG":                      []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00"),
	} {
		if Probe(b, int64(len(b)), "x.tga") {
			t.Errorf("%s: taken for a TGA", name)
		}
	}
}

// TestVariants: the origins and directions, grey with alpha, 16-bit
// pixels with their alpha bit, and the TGA 2.0 attributes type (no alpha,
// premultiplied alpha) decode to the pixels they spell.
func TestVariants(t *testing.T) {
	red, green := color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 255, 0, 255}
	// 2×1 true-colour, stored red then green
	two := []byte{0, 0, 255, 0, 255, 0}
	for _, c := range []struct {
		desc byte
		want [2]color.NRGBA // left, right
	}{{0x00, [2]color.NRGBA{red, green}}, {0x20, [2]color.NRGBA{red, green}}, {0x10, [2]color.NRGBA{green, red}}, {0x30, [2]color.NRGBA{green, red}}} {
		img, err := DecodeBytes(file(Header{ImageType: 2, Width: 2, Height: 1, Bits: 24, Desc: c.desc}, nil, nil, two, -1))
		if err != nil || img.NRGBAAt(0, 0) != c.want[0] || img.NRGBAAt(1, 0) != c.want[1] {
			t.Errorf("descriptor %#x: %v, %v %v", c.desc, err, img.NRGBAAt(0, 0), img.NRGBAAt(1, 0))
		}
	}
	// 1×2 bottom-left: the first stored row is the bottom one
	img, err := DecodeBytes(file(Header{ImageType: 2, Width: 1, Height: 2, Bits: 24}, nil, nil, two, -1))
	if err != nil || img.NRGBAAt(0, 1) != red || img.NRGBAAt(0, 0) != green {
		t.Errorf("bottom-left rows: %v %v %v", err, img.NRGBAAt(0, 0), img.NRGBAAt(0, 1))
	}
	for _, c := range []struct {
		name string
		data []byte
		want color.NRGBA
	}{
		{"grey+alpha", file(Header{ImageType: 3, Width: 1, Height: 1, Bits: 16, Desc: 8}, nil, nil, []byte{200, 77}, -1), color.NRGBA{200, 200, 200, 77}},
		{"grey+alpha RLE", file(Header{ImageType: 11, Width: 1, Height: 1, Bits: 16, Desc: 8}, nil, nil, []byte{0x80, 200, 77}, -1), color.NRGBA{200, 200, 200, 77}},
		{"1555 clear", file(Header{ImageType: 2, Width: 1, Height: 1, Bits: 16, Desc: 1}, nil, nil, []byte{0x1F, 0x00}, -1), color.NRGBA{0, 0, 255, 0}},
		{"1555 no alpha bits", file(Header{ImageType: 2, Width: 1, Height: 1, Bits: 16}, nil, nil, []byte{0x1F, 0x00}, -1), color.NRGBA{0, 0, 255, 255}},
		{"32-bit", file(Header{ImageType: 2, Width: 1, Height: 1, Bits: 32, Desc: 8}, nil, nil, []byte{10, 20, 30, 40}, -1), color.NRGBA{30, 20, 10, 40}},
		{"32-bit, TGA 2.0 no alpha", file(Header{ImageType: 2, Width: 1, Height: 1, Bits: 32, Desc: 8}, nil, nil, []byte{10, 20, 30, 0}, 0), color.NRGBA{30, 20, 10, 255}},
		{"32-bit, TGA 2.0 alpha", file(Header{ImageType: 2, Width: 1, Height: 1, Bits: 32, Desc: 8}, nil, nil, []byte{10, 20, 30, 40}, 3), color.NRGBA{30, 20, 10, 40}},
		{"32-bit, TGA 2.0 premultiplied", file(Header{ImageType: 2, Width: 1, Height: 1, Bits: 32, Desc: 8}, nil, nil, []byte{25, 50, 100, 128}, 4), color.NRGBA{199, 100, 50, 128}},
		{"image ID skipped", file(Header{ImageType: 2, Width: 1, Height: 1, Bits: 24}, []byte("made by hand"), nil, []byte{1, 2, 3}, -1), color.NRGBA{3, 2, 1, 255}},
		{"map from index 5", file(Header{MapType: 1, ImageType: 1, MapFirst: 5, MapLen: 1, MapBits: 32, Width: 1, Height: 1, Bits: 8}, nil, []byte{1, 2, 3, 4}, []byte{5}, -1), color.NRGBA{3, 2, 1, 4}},
	} {
		img, err := DecodeBytes(c.data)
		if err != nil || img.NRGBAAt(0, 0) != c.want {
			t.Errorf("%s: %v, %v; want %v", c.name, err, img.NRGBAAt(0, 0), c.want)
		}
	}
}

// TestConfig: the header facts, and unsupported kinds named with the
// offset of their field, before any pixel is read.
func TestConfig(t *testing.T) {
	b := file(Header{ImageType: 10, Width: 300, Height: 2, Bits: 32, Desc: 0x28}, nil, nil, make([]byte, 40), -1)
	h, err := Config(b[:HeaderSize], int64(len(b)))
	if err != nil || h.Width != 300 || !h.RLE() || h.Origin() != "top-left" || h.AlphaBits() != 8 {
		t.Fatalf("%+v %v", h, err)
	}
	for _, c := range []struct {
		b    []byte
		off  int64
		text string
	}{
		{file(Header{MapType: 1, ImageType: 1, MapLen: 1, MapBits: 24, Width: 1, Height: 1, Bits: 16}, nil, make([]byte, 3), []byte{0, 0}, -1), 1, "unsupported: colour-mapped TGA"},
		{file(Header{ImageType: 3, Width: 1, Height: 1, Bits: 24}, nil, nil, []byte{0, 0, 0}, -1), 16, "unsupported: grey TGA with 24 bits"},
		{file(Header{ImageType: 2, Width: 2, Height: 2, Bits: 24}, nil, nil, make([]byte, 7), -1), HeaderSize + 6, "ends after 2 of 4 pixels"},
		{file(Header{ImageType: 2, Width: 1, Height: 1, Bits: 24}, []byte("an ID"), nil, nil, -1)[:HeaderSize+2], 0, "image ID of 5 bytes runs past the end"},
	} {
		_, err := Config(c.b, int64(len(c.b)))
		if err == nil || !strings.Contains(err.Error(), c.text) || formats.ErrorOffset(err) != c.off {
			t.Errorf("want %q at %d, got %v", c.text, c.off, err)
		}
	}
}
