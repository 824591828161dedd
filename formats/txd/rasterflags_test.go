package txd

import "testing"

func TestRasterFormatText(t *testing.T) {
	for f, want := range map[uint32]string{
		0x2104:  "0x2104 = PAL8 | 1555",
		0xB504:  "0xB504 = PAL8 | 8888 | MIPMAP | AUTOMIPMAP",
		0x4300:  "0x4300 = PAL4 | 4444",
		0x0200:  "0x200 = 565",
		0x0004:  "0x4 = default",
		0x10504: "0x10504 = 8888 | 0x10000",
	} {
		if got := RasterFormatText(f); got != want {
			t.Errorf("RasterFormatText(%#x) = %q, want %q", f, got, want)
		}
	}
}

func TestTexNodeLabelAndFactText(t *testing.T) {
	d := NewDictionary(StampSA, 2)
	tex, err := NewD3D(PlatformD3D9, pattern(8, 8, 16, nil, 1), Options{Name: "a", Format: FmtPal8 | Fmt8888})
	if err != nil {
		t.Fatal(err)
	}
	d.Add(tex)
	kids, err := NewRoot("x.txd", d).Children()
	if err != nil {
		t.Fatal(err)
	}
	n := kids[0].(*TexNode)
	if n.Label() != "PAL8" || n.Type() != "texture" {
		t.Errorf("label %q type %q", n.Label(), n.Type())
	}
	if got := n.FactText()["rasterFormat"]; got != RasterFormatText(tex.RasterFormat) || got[:2] != "0x" {
		t.Errorf("fact text %q", got)
	}
}
