package texm

import (
	"bytes"
	"encoding/binary"
	"image/color"
	"strings"
	"testing"
)

// TestExternalPaletteFormats builds textures of the formats whose palette
// is not in the file (1 and 2) with the package's writer and reads them
// back: one byte a pixel, grey indices, index 0 keyed on alpha surfaces,
// a stable re-encode and the diagnostic that says so.
func TestExternalPaletteFormats(t *testing.T) {
	cases := []struct {
		format uint32
		name   string
		flags5 uint32
		want   color.NRGBA // pixel (1,0) of testImage, R = 40
		diag   string
	}{
		{FormatIndex8S, "1", 0, color.NRGBA{40, 40, 40, 255}, "format 1 uses an external palette"},
		{FormatIndex8, "IDX8", 0, color.NRGBA{40, 40, 40, 255}, "format 2 uses an external palette"},
		{FormatIndex8S, "1", FlagAlpha, color.NRGBA{40, 40, 40, 255}, "format 1 uses an external palette"},
		{Format565, "565", 0, color.NRGBA{41, 0, 0, 255}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data, err := Build(testImage(6, 4), c.format, 3, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			binary.LittleEndian.PutUint32(data[20:], c.flags5)
			tex, err := NewTexture(bytes.NewReader(data), 0, int64(len(data)))
			if err != nil {
				t.Fatal(err)
			}
			if FormatName(tex.Format) != c.name || ExternalPalette(tex.Format) != (c.diag != "") {
				t.Errorf("format %d: name %q, external %v", tex.Format, FormatName(tex.Format), ExternalPalette(tex.Format))
			}
			img, err := tex.Image(0)
			if err != nil {
				t.Fatal(err)
			}
			if got := img.NRGBAAt(1, 0); got != c.want {
				t.Errorf("pixel (1,0) = %v, want %v", got, c.want)
			}
			if c.flags5&FlagAlpha != 0 && img.NRGBAAt(0, 0).A != 0 {
				t.Errorf("index 0 on an alpha surface is %v, want transparent", img.NRGBAAt(0, 0))
			}
			b0, _ := tex.LevelBytes(0)
			if again, _ := EncodePixels(img, c.format, nil); !bytes.Equal(b0, again) {
				t.Errorf("decode/encode not stable")
			}
			n := &Node{Tex: tex}
			var msgs []string
			for _, d := range n.Diagnostics() {
				msgs = append(msgs, d.Msg)
			}
			if got := strings.Join(msgs, "; "); (c.diag == "") != (got == "") || !strings.Contains(got, c.diag) {
				t.Errorf("diagnostics %q, want %q", got, c.diag)
			}
		})
	}
}

// TestIndex8SLayout writes a format-1 texture laid out like the 1997
// ship textures (16×16, five mips, flags4 0, no page table: 373 bytes)
// and checks that it parses and re-encodes byte for byte.
func TestIndex8SLayout(t *testing.T) {
	h := Header{Width: 16, Height: 16, Mips: 5, Format: FormatIndex8S}
	var levels [][]byte
	for i := 0; i < 5; i++ {
		w, ht := h.LevelSize(i)
		l := make([]byte, w*ht)
		for j := range l {
			l[j] = byte(j*13 + i)
		}
		levels = append(levels, l)
	}
	data, err := Encode(h, nil, levels, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) != 373 {
		t.Fatalf("%d bytes, want 373", len(data))
	}
	tex, err := NewTexture(bytes.NewReader(data), 0, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if tex.HasPages || tex.Palette != nil || tex.LevelOffs[4] != 372 {
		t.Errorf("parsed %+v, level offsets %v", tex.Header, tex.LevelOffs)
	}
	var back [][]byte
	for i := 0; i < 5; i++ {
		l, err := tex.LevelBytes(i)
		if err != nil {
			t.Fatal(err)
		}
		back = append(back, l)
	}
	out, err := Encode(tex.Header, tex.Palette, back, tex.Pages, tex.HasPages)
	if err != nil || !bytes.Equal(out, data) {
		t.Errorf("re-encode differs (%v)", err)
	}
	if _, err := Encode(h, make([]byte, PaletteSize), levels, nil, false); err == nil {
		t.Errorf("format 1 took a stored palette")
	}
}
