package txd

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"testing"
)

// A linear 4-bit mip level smaller than 16 bytes (8×2: 8 bytes sent as one
// 16-byte quadword) has more "bits per transfer pixel" than its depth; it is
// still linear, read without a diagnostic.
func TestPS2TinyLinearLevel(t *testing.T) {
	pal := make([]byte, 16*4)
	for i := 0; i < 16; i++ {
		copy(pal[i*4:], []byte{byte(i * 16), byte(255 - i*16), byte(i), 0x80})
	}
	type lvl struct{ w, h int }
	levels := []lvl{{16, 4}, {8, 2}}
	idx := func(lv, x, y int) byte { return byte(x+5*y+lv*3) & 15 }
	var data []byte
	for i, L := range levels {
		b := make([]byte, align16(L.w*L.h/2))
		for y := 0; y < L.h; y++ {
			for x := 0; x < L.w; x++ {
				e := y*L.w + x
				b[e>>1] |= idx(i, x, y) << (uint(e&1) * 4)
			}
		}
		data = append(data, gif(L.w, L.h, len(b))...)
		data = append(data, b...)
	}
	ps := len(data)
	data = append(data, gif(8, 2, len(pal))...)
	data = append(data, pal...)
	f := ps2Fixture{stamp: StampGTA3PS2, w: 16, h: 4, depth: 4, format: 0xD504, sver: 2, tex1low: 1 << 2,
		pixelSize: ps, palSize: 80 + len(pal), data: data}
	d := mustParse(t, rawDict(StampGTA3PS2, f.native("tiny")))
	tex := d.Textures()[0]
	if len(tex.Diags) != 0 {
		t.Fatalf("diagnostics on a valid file: %v", tex.Diags)
	}
	if len(tex.Levels) != 2 || tex.Levels[1].Swizzled || tex.Levels[1].BufW != 8 {
		t.Fatalf("levels %+v", tex.Levels)
	}
	for i, L := range levels {
		im, err := tex.Image(i)
		if err != nil {
			t.Fatal(err)
		}
		for y := 0; y < L.h; y++ {
			for x := 0; x < L.w; x++ {
				k := int(idx(i, x, y))
				want := color.NRGBA{byte(k * 16), byte(255 - k*16), byte(k), 255}
				if got := im.NRGBAAt(x, y); got != want {
					t.Fatalf("level %d (%d,%d) = %v, want %v", i, x, y, got, want)
				}
			}
		}
	}
}

// The headerless layout pads small levels to the minimum transfer size
// too: an 8×8 PAL8 level of stream version 1 is a swizzled 16×8 buffer.
func TestPS2HeaderlessSmallLevelPadded(t *testing.T) {
	const w, h, bw, bh = 8, 8, 16, 8
	sw := make([]byte, bw*bh)
	want := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < bh; y++ {
		for x := 0; x < bw; x++ {
			v := byte(x*13 + y*7)
			if x >= w {
				v = 0xFF // padding columns, must not show
			}
			sw[rwtoolsSrc(x, y, bw)] = v
			if x < w {
				want.SetNRGBA(x, y, color.NRGBA{v, 255 - v, v / 2, 255})
			}
		}
	}
	clut := make([]byte, 1024)
	for i := 0; i < 256; i++ {
		v := byte(i)
		copy(clut[csm1(i)*4:], []byte{v, 255 - v, v / 2, 0x80})
	}
	f := ps2Fixture{stamp: StampGTA3PS2, w: w, h: h, depth: 8, format: 0x2504, sver: 1, pixelSize: len(sw), palSize: 1024, data: append(sw, clut...)}
	d := mustParse(t, rawDict(StampGTA3PS2, f.native("small8")))
	tex := d.Textures()[0]
	L := tex.Levels[0]
	if L.BufW != bw || L.BufH != bh || !L.Swizzled {
		t.Fatalf("buffer %d×%d swizzled %v, want 16×8 swizzled", L.BufW, L.BufH, L.Swizzled)
	}
	got, err := tex.Image(0)
	if err != nil {
		t.Fatal(err)
	}
	sameImage(t, "8×8 PAL8 v1", got, want, 0)
}

// 256-entry 16-bit CLUTs are CSM1-ordered too (Magic.TXD; librw misses
// this), with R in bits 0–4 and the alpha bit 15; built by hand.
func TestPS2Pal8Clut16HandBuilt(t *testing.T) {
	const w, h = 16, 4
	entry := func(i int) uint16 {
		v := uint16(i&31) | uint16((i>>2)&31)<<5 | uint16(31-i&31)<<10
		if i%3 != 0 {
			v |= 0x8000
		}
		return v
	}
	sw := make([]byte, w*h)
	want := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			k := (x*17 + y*5 + 8) & 255
			sw[rwtoolsSrc(x, y, w)] = byte(k)
			e := entry(k)
			a := byte(0)
			if e&0x8000 != 0 {
				a = 255
			}
			want.SetNRGBA(x, y, color.NRGBA{expand5(uint32(e & 31)), expand5(uint32(e >> 5 & 31)), expand5(uint32(e >> 10 & 31)), a})
		}
	}
	clut := make([]byte, 512)
	for i := 0; i < 256; i++ {
		j := i // CSM1: entries 8–15 and 16–23 of every 32 trade places
		if i&0x18 == 0x08 || i&0x18 == 0x10 {
			j = i ^ 0x18
		}
		binary.LittleEndian.PutUint16(clut[j*2:], entry(i))
	}
	data := append(gif(w/2, h/2, len(sw)), sw...)
	ps := len(data)
	data = append(data, gif(16, 16, len(clut))...)
	data = append(data, clut...)
	f := ps2Fixture{stamp: StampSA, w: w, h: h, depth: 8, format: 0x2104, sver: 2, pixelSize: ps, palSize: 80 + len(clut), data: data}
	d := mustParse(t, rawDict(StampSA, f.native("clut16")))
	got, err := d.Textures()[0].Image(0)
	if err != nil {
		t.Fatal(err)
	}
	sameImage(t, "PAL8 with a 16-bit CLUT", got, want, 0)
}

// Replace keeps the old headerless layout of a GTA III texture (stream
// version 0 or 1, no GIF packets) instead of switching it to version 2.
func TestReplaceKeepsHeaderlessLayout(t *testing.T) {
	for _, c := range []struct {
		format uint32
		sver   int16
		swz    bool
	}{{FmtPal4 | Fmt8888, 0, false}, {FmtPal8 | Fmt8888, 1, true}, {FmtPal8 | Fmt8888, 0, false}, {Fmt8888, 0, false}} {
		src := pattern(32, 16, 16, []byte{0x80, 255}, 3)
		orig, err := NewPS2(src, Options{Name: "old", Format: c.format, Stamp: StampGTA3PS2, Headerless: true, StreamVersion: c.sver})
		if err != nil {
			t.Fatal(err)
		}
		d := mustParse(t, dict(t, StampGTA3PS2, 0, orig))
		o := d.Textures()[0]
		if o.PS2.StreamVersion != c.sver || o.Levels[0].GIF != nil || o.Swizzled() != c.swz {
			t.Fatalf("%#x v%d: written as version %d, GIF %v, swizzled %v", c.format, c.sver, o.PS2.StreamVersion, o.Levels[0].GIF != nil, o.Swizzled())
		}
		repl := pattern(32, 16, 16, []byte{255, 0}, 8)
		nt, err := Replace(o, repl)
		if err != nil {
			t.Fatal(err)
		}
		g := mustParse(t, dict(t, StampGTA3PS2, 0, nt)).Textures()[0]
		if g.PS2.StreamVersion != c.sver || g.Levels[0].GIF != nil || g.Swizzled() != c.swz || g.PS2.PaletteSize != o.PS2.PaletteSize {
			t.Fatalf("%#x v%d: replaced as version %d, GIF %v, swizzled %v, palette %d bytes (was %d)", c.format, c.sver,
				g.PS2.StreamVersion, g.Levels[0].GIF != nil, g.Swizzled(), g.PS2.PaletteSize, o.PS2.PaletteSize)
		}
		im, err := g.Image(0)
		if err != nil {
			t.Fatal(err)
		}
		sameImage(t, "replaced headerless", im, repl, 2)
	}
}

// Replace keeps a D3D PAL4 texture's packed 4-bit indices and the level
// count of a mip chain that ended early; DXT1 without alpha (C565) does
// not turn transparent pixels into black ones.
func TestReplaceKeepsD3DLayout(t *testing.T) {
	pal := make([]byte, 32*4)
	nat := d3dNative(PlatformD3D8, "p4", FmtPal4|Fmt8888, 0, 4, 2, 4, 1, 0, pal, make([]byte, 8))
	o := mustParse(t, rawDict(StampVCPC, nat)).Textures()[0]
	repl := pattern(4, 2, 8, nil, 2)
	nt, err := Replace(o, repl)
	if err != nil {
		t.Fatal(err)
	}
	g := mustParse(t, dict(t, StampVCPC, 0, nt)).Textures()[0]
	if g.Depth != 4 || len(g.Levels[0].Data) != 8 {
		t.Fatalf("PAL4 depth %d, level of %d bytes; want packed (depth 4, 2 rows of 2 bytes, DWORD pitch)", g.Depth, len(g.Levels[0].Data))
	}
	im, _ := g.Image(0)
	sameImage(t, "packed PAL4", im, repl, 0)

	// A 16×16 chain stored with 3 of its 5 levels.
	early := d3dNative(PlatformD3D8, "early", Fmt8888|FmtMipmap, 0, 16, 16, 32, 5, 0, nil, make([]byte, 1024), make([]byte, 256), make([]byte, 64), []byte{})
	o = mustParse(t, rawDict(StampVCPC, early)).Textures()[0]
	nt, err = Replace(o, pattern(16, 16, 0, nil, 1))
	if err != nil {
		t.Fatal(err)
	}
	if len(nt.Levels) != 3 {
		t.Fatalf("replaced chain has %d levels, the original 3", len(nt.Levels))
	}

	src := pattern(8, 8, 0, []byte{255, 0}, 4)
	dxt, _ := NewD3D(PlatformD3D9, pattern(8, 8, 0, nil, 1), Options{Name: "opaque", Compression: CompDXT1, Format: Fmt565})
	nt, err = Replace(dxt, src)
	if err != nil {
		t.Fatal(err)
	}
	g = mustParse(t, dict(t, StampSA, 2, nt)).Textures()[0]
	im, _ = g.Image(0)
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			s, c := src.NRGBAAt(x, y), im.NRGBAAt(x, y)
			if s.A == 0 && (s.R > 100 || s.G > 100 || s.B > 100) && c.R < 8 && c.G < 8 && c.B < 8 {
				t.Fatalf("(%d,%d): transparent source pixel %v became black %v in an opaque DXT1", x, y, s, c)
			}
		}
	}
}

// A PS2 texture replaced with mipmaps in the one layout no real file
// confirms (512×64 PAL4) is flagged experimental on its node until saved;
// a confirmed mipmap layout (32×32) and one without mipmaps are not.
func TestExperimentalMipRebuildIsDiagnosed(t *testing.T) {
	a, _ := NewPS2(pattern(512, 64, 16, nil, 1), Options{Name: "m", Format: FmtPal4 | Fmt8888, Mipmaps: true})
	b, _ := NewPS2(pattern(32, 32, 16, nil, 1), Options{Name: "s", Format: FmtPal4 | Fmt8888})
	c, _ := NewPS2(pattern(32, 32, 16, nil, 1), Options{Name: "c", Format: FmtPal4 | Fmt8888, Mipmaps: true})
	root := openBytes(t, "e.txd", dict(t, StampSA, 6, a, b, c))
	kids, _ := root.Children()
	for i, want := range []bool{true, false, false} {
		tn := kids[i].(*TexNode)
		if len(tn.Diagnostics()) != 0 {
			t.Fatalf("%s: diagnostics before the edit", tn.Name())
		}
		nt, err := Replace(tn.Texture(), pattern(tn.Texture().Width, tn.Texture().Height, 16, nil, 5))
		if err != nil {
			t.Fatal(err)
		}
		tn.Set(nt)
		if got := len(tn.Diagnostics()) == 1; got != want {
			t.Fatalf("%s: experimental diagnostic %v, want %v", tn.Name(), got, want)
		}
	}
}

// Replace keeps the D3D8 compression byte and the D3D9 D3DFORMAT as
// stored (DXT2/DXT4 are DXT3/DXT5 with premultiplied colour).
func TestReplaceKeepsD3DCodes(t *testing.T) {
	blk := make([]byte, 16)
	for _, c := range []struct {
		plat  uint32
		alpha uint32
		flags byte
	}{{PlatformD3D8, 1, 2}, {PlatformD3D8, 1, 4}, {PlatformD3D9, FourCCDXT4, 9}, {PlatformD3D9, FourCCDXT2, 9}} {
		nat := d3dNative(c.plat, "pm", Fmt4444, c.alpha, 4, 4, 16, 1, c.flags, nil, blk)
		o := mustParse(t, rawDict(StampSA, nat)).Textures()[0]
		nt, err := Replace(o, pattern(4, 4, 0, []byte{100, 255}, 1))
		if err != nil {
			t.Fatal(err)
		}
		g := mustParse(t, dict(t, StampSA, 0, nt)).Textures()[0]
		if g.D3D.Alpha != o.D3D.Alpha && c.plat == PlatformD3D9 || g.D3D.Flags != o.D3D.Flags || g.Compression != o.Compression {
			t.Fatalf("%s: D3DFORMAT %#x flags %d DXT%d, want %#x %d DXT%d", PlatformName(c.plat), g.D3D.Alpha, g.D3D.Flags, g.Compression, o.D3D.Alpha, o.D3D.Flags, o.Compression)
		}
	}
}

// Bytes after the NUL of a D3D name field (junk left by the tools that
// wrote the file) survive an edit of another field, so the edited native
// differs only where it was edited; a rename writes a clean field.
func TestD3DNameJunkKeptOnEdit(t *testing.T) {
	nat := d3dNative(PlatformD3D8, "door\x00\xAA\xBB", Fmt8888, 0, 1, 1, 32, 1, 0, nil, []byte{1, 2, 3, 4})
	o := mustParse(t, rawDict(StampVCPC, nat)).Textures()[0]
	if o.Name != "door" {
		t.Fatalf("name %q", o.Name)
	}
	enc, err := WithFilter(o, 1, 1, 1).EncodeFields()
	if err != nil {
		t.Fatal(err)
	}
	var diffs int
	for i := range enc {
		if enc[i] != nat[i] {
			diffs++
		}
	}
	if len(enc) != len(nat) || diffs != 1 {
		t.Fatalf("filter edit changed %d bytes (want only the filter byte)", diffs)
	}
	r, _ := Rename(o, "window", "")
	enc, _ = r.EncodeFields()
	if i := bytes.Index(enc, []byte("window")); i < 0 || !bytes.Equal(enc[i+6:i+32], make([]byte, 26)) {
		t.Fatal("renamed field is not zero padded")
	}
}

// Replace keeps whether a PS2 texture's indices were swizzled, also where
// the file disagrees with RenderWare's rule for its version (a swizzled
// 4-bit 3.1 texture, a linear 8-bit one).
func TestReplaceKeepsPS2Swizzling(t *testing.T) {
	for _, c := range []struct {
		format uint32
		stamp  uint32
		sw     int
	}{{FmtPal4 | Fmt8888, StampGTA3PS2, SwizzleOn}, {FmtPal4 | Fmt8888, StampSA, SwizzleOff}, {FmtPal8 | Fmt8888, StampSA, SwizzleOff}} {
		o, err := NewPS2(pattern(32, 32, 16, nil, 1), Options{Name: "s", Format: c.format, Stamp: c.stamp, Swizzle: c.sw})
		if err != nil {
			t.Fatal(err)
		}
		o = mustParse(t, dict(t, c.stamp, 0, o)).Textures()[0]
		if o.Swizzled() != (c.sw == SwizzleOn) {
			t.Fatalf("%#x: written swizzled=%v", c.format, o.Swizzled())
		}
		src := pattern(32, 32, 16, nil, 4)
		nt, err := Replace(o, src)
		if err != nil {
			t.Fatal(err)
		}
		g := mustParse(t, dict(t, c.stamp, 0, nt)).Textures()[0]
		if g.Swizzled() != o.Swizzled() {
			t.Fatalf("%#x at %s: replaced swizzled=%v, was %v", c.format, PlatformName(o.Platform), g.Swizzled(), o.Swizzled())
		}
		im, _ := g.Image(0)
		sameImage(t, "replaced", im, src, 0)
	}
}
