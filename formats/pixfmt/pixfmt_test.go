package pixfmt

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"testing"
)

// Every D3D layout passes Check and stores a pixel of its own bit count.
func TestD3DLayoutsAreValid(t *testing.T) {
	for code, l := range d3dLayouts {
		if err := l.Check(); err != nil {
			t.Errorf("D3DFORMAT %d %s: %v", code, l.Name, err)
		}
	}
	for _, code := range []uint32{0, 36, 40, 41, 60, 0x31545844} {
		if _, ok := D3D(code); ok {
			t.Errorf("D3DFORMAT %d has a layout", code)
		}
	}
}

// One hand-made pixel of each format the issue names, decoded to the
// texel the format's definition gives (D3D names list channels from the
// most significant bits down).
func TestHandMadePixels(t *testing.T) {
	cases := []struct {
		code uint32
		word uint32
		want color.NRGBA
	}{
		{50, 0x42, color.NRGBA{0x42, 0x42, 0x42, 255}},             // L8
		{51, 0x80C0, color.NRGBA{0xC0, 0xC0, 0xC0, 0x80}},          // A8L8: alpha high byte
		{52, 0x3C, color.NRGBA{12 * 17, 12 * 17, 12 * 17, 3 * 17}}, // A4L4: alpha high nibble
		{28, 0x7F, color.NRGBA{0, 0, 0, 0x7F}},                     // A8
		{21, 0x80112233, color.NRGBA{0x11, 0x22, 0x33, 0x80}},      // A8R8G8B8
		{22, 0x80112233, color.NRGBA{0x11, 0x22, 0x33, 255}},       // X8R8G8B8
		{32, 0x80112233, color.NRGBA{0x33, 0x22, 0x11, 0x80}},      // A8B8G8R8
		{23, 0xF81F, color.NRGBA{255, 0, 255, 255}},                // R5G6B5
		{23, 0x0400, color.NRGBA{0, 130, 0, 255}},                  // G 32 of 63
		{25, 0x7C00, color.NRGBA{255, 0, 0, 0}},                    // A1R5G5B5, alpha bit clear
		{26, 0x5A3C, color.NRGBA{0xAA, 0x33, 0xCC, 0x55}},          // A4R4G4B4
		{27, 0xE3, color.NRGBA{255, 0, 255, 255}},                  // R3G3B2
		{35, 0xC0000000 | 0x3FF<<20, color.NRGBA{255, 0, 0, 255}},  // A2R10G10B10
		{31, 0x40000000 | 0x3FF, color.NRGBA{255, 0, 0, 85}},       // A2B10G10R10: red low
		{34, 0xFFFF0000, color.NRGBA{0, 255, 0, 255}},              // G16R16
		{81, 0x8080, color.NRGBA{0x80, 0x80, 0x80, 255}},           // L16
		{20, 0x123456, color.NRGBA{0x12, 0x34, 0x56, 255}},         // R8G8B8
	}
	for _, c := range cases {
		l, _ := D3D(c.code)
		b := binary.LittleEndian.AppendUint32(nil, c.word)[:l.Bits/8]
		if got := l.Decode(b, 1, 1, len(b)).NRGBAAt(0, 0); got != c.want {
			t.Errorf("%s 0x%X = %v, want %v", l.Name, c.word, got, c.want)
		}
	}
}

// Rows are read pitch bytes apart (padding ignored) and pixels in order.
func TestDecodePitch(t *testing.T) {
	l, _ := D3D(51) // A8L8
	b := []byte{1, 2, 3, 4, 0xEE, 0xEE, 5, 6, 7, 8, 0xEE, 0xEE}
	img := l.Decode(b, 2, 2, 6)
	for i, want := range []color.NRGBA{{1, 1, 1, 2}, {3, 3, 3, 4}, {5, 5, 5, 6}, {7, 7, 7, 8}} {
		if got := img.NRGBAAt(i%2, i/2); got != want {
			t.Errorf("pixel %d = %v, want %v", i, got, want)
		}
	}
}

// The lookup tables give what the formula gives, for every value of
// every width up to 12 bits.
func TestTablesMatchFormula(t *testing.T) {
	for width := 1; width <= 12; width++ {
		mask := uint32(1)<<width - 1
		c := newChannel(mask<<3, false)
		for v := uint32(0); v <= mask; v++ {
			if got, want := c.get(v<<3), byte((v*255+mask/2)/mask); got != want {
				t.Fatalf("%d bits, %d: %d, want %d", width, v, got, want)
			}
		}
	}
}

func TestCheckRefuses(t *testing.T) {
	for _, l := range []Layout{
		{Bits: 12, Masks: [4]uint32{0xF}},
		{Bits: 8, Masks: [4]uint32{0x1FF}},
		{Bits: 16, Masks: [4]uint32{0x505}},
		{Bits: 16},
	} {
		if l.Check() == nil {
			t.Errorf("%+v accepted", l)
		}
	}
}

// The whole-byte path gives what the general path gives, for every
// layout it takes.
func TestBytePathMatchesWords(t *testing.T) {
	data := make([]byte, 4*7*5)
	for i := range data {
		data[i] = byte(i*37 + i*i)
	}
	taken := 0
	for code, l := range d3dLayouts {
		idx, ok := l.byteChannels()
		if !ok {
			continue
		}
		taken++
		a := image.NewNRGBA(image.Rect(0, 0, 7, 5))
		b := image.NewNRGBA(image.Rect(0, 0, 7, 5))
		l.decodeBytes(a, data, 7*l.Bits/8, idx)
		l.decodeWords(b, data, 7*l.Bits/8)
		if !bytes.Equal(a.Pix, b.Pix) {
			t.Errorf("D3DFORMAT %d %s: byte path differs", code, l.Name)
		}
	}
	if taken < 6 {
		t.Fatalf("only %d layouts take the byte path", taken)
	}
}
