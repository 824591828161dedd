package txd

import (
	"image"
	"strings"
	"testing"
)

// TestReadSettings: a textures.json's entries override the build's
// options per texture, names in any case; bad files are errors that name
// the file, the texture and what is wrong.
func TestReadSettings(t *testing.T) {
	s, err := ReadSettings("dir/textures.json", []byte(`{
		"Brick": {"format": "DXT1", "mips": "auto", "filter": "linear-mip-linear", "addressing": ["wrap", "clamp"], "alpha": "bricka"},
		"glass": {"mips": 1, "filter": "NEAREST", "addressing": "mirror"},
		"sign":  {"mips": "3"}
	}`))
	if err != nil {
		t.Fatal(err)
	}
	base := BuildOptions{Platform: PlatformD3D9, Format: "8888", Mips: 2, Mask: "m"}
	got := s.Apply("BRICK", base)
	want := BuildOptions{Platform: PlatformD3D9, Format: "DXT1", Mips: 0, Filter: 6, AddressU: 1, AddressV: 3, Mask: "bricka"}
	if got != want {
		t.Errorf("brick: %+v\nwant %+v", got, want)
	}
	got = s.Apply("glass", base)
	want = BuildOptions{Platform: PlatformD3D9, Format: "8888", Mips: 1, Filter: 1, AddressU: 2, AddressV: 2, Mask: "m"}
	if got != want {
		t.Errorf("glass: %+v\nwant %+v", got, want)
	}
	if got := s.Apply("sign", base); got.Mips != 3 || got.Format != "8888" {
		t.Errorf("sign: %+v", got)
	}
	if got := s.Apply("other", base); got != base {
		t.Errorf("a texture not named: %+v", got)
	}
	if got := (*Settings)(nil).Apply("x", base); got != base {
		t.Errorf("no settings: %+v", got)
	}
	if n := s.Names(); strings.Join(n, ",") != "Brick,glass,sign" || !s.Has("GLASS") || s.Has("x") {
		t.Errorf("names %v", n)
	}
	for _, c := range []struct{ json, want string }{
		{`{"a": {"fromat": "DXT1"}}`, `dir/textures.json: texture "a": unknown key "fromat" (want format, mips, filter, addressing, alpha)`},
		{`{"a": {"format": "DXT9"}}`, `texture "a": unknown format "DXT9"`},
		{`{"a": {"mips": 0}}`, `"mips": want "auto" or a level count from 1 to 16, not 0`},
		{`{"a": {"filter": "bilinear"}}`, `no filter mode "bilinear"`},
		{`{"a": {"addressing": ["wrap", "clamp", "wrap"]}}`, `"addressing": want a mode or [U, V]`},
		{`{"a": {"addressing": "edge"}}`, `no addressing mode "edge"`},
		{`{"a": {"alpha": 5}}`, `"alpha": want a string, not 5`},
		{`{"a": {"alpha": "` + strings.Repeat("x", 32) + `"}}`, `at most 31 bytes`},
		{`{"a": 5}`, `texture "a": want an object of settings`},
		{`{"a": {}, "A": {}}`, `are the same name`},
		{`{"a": {"mips": 1},`, `dir/textures.json: line 1`},
		{`[1]`, `want an object of textures`},
	} {
		_, err := ReadSettings("dir/textures.json", []byte(c.json))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "dir/textures.json: ") {
			t.Errorf("%s: error %v, want %q", c.json, err, c.want)
		}
	}
}

// TestBuildModesAndMask: the filter, addressing and mask of the options
// are stored; without them the defaults are as before (linear, or
// linear-mip-linear with mips; wrap).
func TestBuildModesAndMask(t *testing.T) {
	img := smooth(16, 16, false)
	for _, c := range []struct {
		o            BuildOptions
		filter, u, v uint32
		mask         string
	}{
		{BuildOptions{Platform: PlatformD3D9, Format: "8888"}, 6, 1, 1, ""},
		{BuildOptions{Platform: PlatformD3D9, Format: "8888", Mips: 1}, 2, 1, 1, ""},
		{BuildOptions{Platform: PlatformD3D9, Format: "8888", AddressV: 3}, 6, 1, 3, ""},
		{BuildOptions{Platform: PlatformPS2, Format: "PAL8", Filter: 1, AddressU: 2, AddressV: 4, Mask: "alpha"}, 1, 2, 4, "alpha"},
	} {
		tx := buildRead(t, img, c.o)
		if tx.Filter() != c.filter || tx.UAddress() != c.u || tx.VAddress() != c.v || tx.Mask != c.mask {
			t.Errorf("%+v: filter %d, u %d, v %d, mask %q", c.o, tx.Filter(), tx.UAddress(), tx.VAddress(), tx.Mask)
		}
	}
}

// TestParseModes: the build's names and the stored ones, any case.
func TestParseModes(t *testing.T) {
	for name, want := range map[string]uint32{"nearest": 1, "linear-mip-linear": 6, "LINEARMIPLINEAR": 6, "mip_nearest": 3, "Linear": 2} {
		if got, err := ParseFilterMode(name); err != nil || got != want {
			t.Errorf("filter %q: %d, %v", name, got, err)
		}
	}
	if u, v, err := ParseAddressing("wrap,clamp"); err != nil || u != 1 || v != 3 {
		t.Errorf("wrap,clamp: %d %d %v", u, v, err)
	}
	if u, v, err := ParseAddressing("BORDER"); err != nil || u != 4 || v != 4 {
		t.Errorf("BORDER: %d %d %v", u, v, err)
	}
	if _, _, err := ParseAddressing("wrap,"); err == nil {
		t.Error("wrap, accepted")
	}
}

// TestResize: max shrinks what the platform cannot hold, keeping the
// aspect; pow2 takes each side to the nearest power of two.
func TestResize(t *testing.T) {
	for _, c := range []struct {
		r            Resize
		platform     uint32
		w, h, ww, wh int
	}{
		{ResizeMax, PlatformD3D9, 8192, 2048, 4096, 1024},
		{ResizeMax, PlatformPS2, 1000, 3000, 341, 1024},
		{ResizeMax, PlatformD3D9, 300, 200, 300, 200},
		{ResizePow2, PlatformPS2, 300, 200, 256, 256},
		{ResizePow2, PlatformPS2, 384, 3000, 512, 1024},
		{ResizePow2, PlatformD3D9, 1, 5, 1, 4},
		{ResizeNone, PlatformPS2, 300, 200, 300, 200},
	} {
		if w, h := c.r.Size(c.w, c.h, c.platform); w != c.ww || h != c.wh {
			t.Errorf("%d on %x: %d×%d → %d×%d, want %d×%d", c.r, c.platform, c.w, c.h, w, h, c.ww, c.wh)
		}
	}
	// A PS2 texture of a 300×200 image: refused as it is, built resized;
	// a resized DDS drops its levels.
	src := Source{Name: "s", Levels: []*image.NRGBA{smooth(300, 200, true)}}
	if _, err := BuildTexture(src, BuildOptions{Platform: PlatformPS2}); err == nil {
		t.Error("PS2 300×200 built without resizing")
	}
	tx, err := BuildTexture(src, BuildOptions{Platform: PlatformPS2, Resize: ResizePow2})
	if err != nil || tx.Width != 256 || tx.Height != 256 {
		t.Fatalf("pow2: %v", err)
	}
	big := Source{Name: "b", Levels: []*image.NRGBA{smooth(64, 32, false), smooth(32, 16, false)}}
	tx, err = BuildTexture(big, BuildOptions{Platform: PlatformD3D9, Format: "8888", Resize: ResizePow2, Mips: 0})
	if err != nil || tx.Width != 64 || len(tx.Levels) != 2 {
		t.Errorf("a source already fitting keeps its imported levels: %v", err)
	}
	if _, err := ParseResize("half"); err == nil {
		t.Error("resize half accepted")
	}
}
