package txd

import (
	"image"
	"image/color"
	"strings"
	"testing"
)

func TestModeNames(t *testing.T) {
	for i, name := range FilterModes() {
		if FilterName(uint32(i)) != name {
			t.Errorf("filter %d: FilterName %q, FilterModes %q", i, FilterName(uint32(i)), name)
		}
	}
	for i, name := range AddressModes() {
		if AddressName(uint32(i)) != name {
			t.Errorf("address %d: AddressName %q, AddressModes %q", i, AddressName(uint32(i)), name)
		}
	}
	FilterModes()[0] = "changed" // a copy: the table stays
	if FilterName(0) != "NA" {
		t.Error("FilterModes hands out the table itself")
	}
	cases := []struct {
		parse func(string) (uint32, error)
		name  string
		want  uint32
		err   bool
	}{
		{FilterMode, "NA", 0, false},
		{FilterMode, "LINEAR", 2, false},
		{FilterMode, "LINEARMIPLINEAR", 6, false},
		{FilterMode, "linear", 0, true}, // names are exact
		{FilterMode, "", 0, true},
		{FilterMode, "0x7", 0, true},
		{AddressMode, "WRAP", 1, false},
		{AddressMode, "BORDER", 4, false},
		{AddressMode, "LINEAR", 0, true},
	}
	for _, c := range cases {
		got, err := c.parse(c.name)
		if got != c.want || (err != nil) != c.err {
			t.Errorf("%q: %d, %v", c.name, got, err)
		}
	}
}

func TestWithModes(t *testing.T) {
	orig, err := NewD3D(PlatformD3D9, pattern(4, 4, 0, nil, 1), Options{Name: "a", Format: Fmt8888, Filter: 0xF0001102})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name       string
		f, u, v    string
		word       uint32
		changed    bool
		err, inErr string
	}{
		{"unchanged", "LINEAR", "WRAP", "WRAP", 0xF0001102, false, "", ""},
		{"filter", "NEAREST", "WRAP", "WRAP", 0xF0001101, true, "", ""},
		{"addressing", "LINEAR", "CLAMP", "MIRROR", 0xF0002302, true, "", ""},
		{"bad filter", "BILINEAR", "WRAP", "WRAP", 0, false, "filter mode", ""},
		{"bad u", "LINEAR", "REPEAT", "WRAP", 0, false, "u address:", "addressing"},
		{"bad v", "LINEAR", "WRAP", "", 0, false, "v address:", "addressing"},
	}
	for _, c := range cases {
		nt, changed, err := WithModes(orig, c.f, c.u, c.v)
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), c.inErr) || nt != nil {
				t.Errorf("%s: %v", c.name, err)
			}
		case err != nil:
			t.Errorf("%s: %v", c.name, err)
		case changed != c.changed || nt.FilterWord != c.word || (changed == (nt == orig)):
			t.Errorf("%s: word 0x%X changed %v", c.name, nt.FilterWord, changed)
		}
	}
	if orig.FilterWord != 0xF0001102 {
		t.Error("WithModes changed its argument")
	}
}

func TestRenameLimits(t *testing.T) {
	d3d, _ := NewD3D(PlatformD3D8, pattern(4, 4, 0, nil, 1), Options{Name: "a", Format: Fmt8888})
	ps2, _ := NewPS2(pattern(8, 8, 16, nil, 1), Options{Name: "b", Format: FmtPal4 | Fmt8888})
	long := strings.Repeat("n", 32)
	cases := []struct {
		name       string
		tex        *Texture
		nname, msk string
		err        bool
	}{
		{"d3d", d3d, "wall", "wallm", false},
		{"d3d 31 bytes", d3d, long[:31], long[:31], false},
		{"d3d name of 32 bytes", d3d, long, "", true},
		{"d3d mask of 32 bytes", d3d, "a", long, true},
		{"ps2 long name", ps2, long + long, "", false}, // a String chunk: no fixed field
	}
	for _, c := range cases {
		nt, err := Rename(c.tex, c.nname, c.msk)
		if (err != nil) != c.err {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if err != nil {
			continue
		}
		if nt.Name != c.nname || nt.Mask != c.msk || nt == c.tex || c.tex.Name == c.nname {
			t.Errorf("%s: %q %q", c.name, nt.Name, nt.Mask)
		}
		if _, err := nt.Encode(); err != nil {
			t.Errorf("%s: encode: %v", c.name, err)
		}
	}
}

func TestReplaceRefuses(t *testing.T) {
	img := pattern(4, 4, 0, nil, 1)
	ok, _ := NewD3D(PlatformD3D9, img, Options{Name: "a", Format: Fmt8888})
	deep := ok.Clone()
	deep.Depth = 24
	noPS2 := ok.Clone()
	noPS2.Platform = PlatformPS2
	alien := ok.Clone()
	alien.Platform = 77
	cases := []struct {
		name string
		tex  *Texture
		want string
	}{
		{"24-bit", deep, "24-bit"},
		{"PS2 without its header", noPS2, "no PS2 header"},
		{"unknown platform", alien, "cannot be written"},
	}
	for _, c := range cases {
		if _, err := Replace(c.tex, img); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	nt, err := Replace(ok, image.NewNRGBA(image.Rect(0, 0, 9, 3))) // scaled to 4×4
	if err != nil || nt.Width != 4 || nt.Height != 4 || nt.Name != "a" {
		t.Errorf("replace: %v", err)
	}
}

func TestPaletteColors(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for i := range 64 {
		img.SetNRGBA(i%8, i/8, color.NRGBA{byte(i % 4 * 60), 20, 30, 255})
	}
	pal8, _ := NewD3D(PlatformD3D8, img, Options{Name: "p", Format: FmtPal8 | Fmt8888})
	plain, _ := NewD3D(PlatformD3D8, img, Options{Name: "t", Format: Fmt8888})
	cols := pal8.PaletteColors()
	raw := pal8.Palette()
	if len(cols) != 256 || len(raw) != len(cols) {
		t.Fatalf("%d colours for %d entries", len(cols), len(raw))
	}
	for i, v := range raw {
		if c := cols[i]; uint32(c.R)|uint32(c.G)<<8|uint32(c.B)<<16|uint32(c.A)<<24 != v {
			t.Fatalf("entry %d: %v, packed 0x%08X", i, c, v)
		}
	}
	want := map[color.NRGBA]bool{}
	for i := range 4 {
		want[color.NRGBA{byte(i * 60), 20, 30, 255}] = true
	}
	found := 0
	for _, c := range cols {
		if want[c] {
			found++
			delete(want, c)
		}
	}
	if found != 4 {
		t.Errorf("palette lacks %v", want)
	}
	if plain.PaletteColors() != nil {
		t.Error("a truecolour texture has palette colours")
	}
}

func TestRWVersion(t *testing.T) {
	cases := []struct {
		stamp uint32
		want  string
	}{
		{StampSA, "3.6.0.3"},
		{StampVCPS2, "3.3.0.2"},
		{StampGTA3PS2, "3.1.0.0"},
	}
	for _, c := range cases {
		if got := (&Texture{Stamp: c.stamp}).RWVersion(); got != c.want {
			t.Errorf("stamp 0x%X: %s, want %s", c.stamp, got, c.want)
		}
	}
}
