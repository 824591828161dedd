package txd

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"image"
	"image/color"
	"strings"
	"testing"

	"rummage/formats/binread"
	"rummage/formats/rw"
	"rummage/internal/testutil"
)

// rwtoolsSrc is the closed-form unswizzle of rwtools/DragonFF (spec §2.6),
// written independently of swzAddr.
func rwtoolsSrc(x, y, w int) int {
	blockLoc := (y&^15)*w + (x&^15)*2
	swapSel := (((y + 2) >> 2) & 1) * 4
	ypos := (((y & ^3) >> 1) + (y & 1)) & 7
	columnLoc := ypos*w*2 + ((x+swapSel)&7)*4
	byteSum := ((y >> 1) & 1) + ((x >> 2) & 2)
	return blockLoc + columnLoc + byteSum
}

func TestSwizzleInverseAndClosedForm(t *testing.T) {
	for w := 16; w <= 1024; w *= 2 {
		for h := 4; h <= 1024; h *= 2 {
			n := w * h
			lin := make([]byte, n)
			for i := range lin {
				lin[i] = byte(i*131 + i>>8)
			}
			sw := make([]byte, n)
			back := make([]byte, n)
			Swizzle8(sw, lin, w, h)
			Unswizzle8(back, sw, w, h)
			if !bytes.Equal(back, lin) {
				t.Fatalf("%dx%d: 8-bit unswizzle(swizzle) is not the identity", w, h)
			}
			l4 := make([]byte, n)
			for i := range l4 {
				l4[i] = byte(i*7+i>>5) & 15
			}
			s4 := make([]byte, n/2)
			b4 := make([]byte, n)
			Swizzle4(s4, l4, w, h)
			Unswizzle4(b4, s4, w, h)
			if !bytes.Equal(b4, l4) {
				t.Fatalf("%dx%d: 4-bit unswizzle(swizzle) is not the identity", w, h)
			}
			seen := make([]bool, n)
			tab := swizzleTable(w, h)
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					s := int(tab[y*w+x])
					if want := rwtoolsSrc(x, y, w); s != want {
						t.Fatalf("%dx%d (%d,%d): %d, closed form %d", w, h, x, y, s, want)
					}
					if s < 0 || s >= n || seen[s] {
						t.Fatalf("%dx%d: not a bijection at (%d,%d) -> %d", w, h, x, y, s)
					}
					seen[s] = true
				}
			}
		}
	}
}

func TestCSM1(t *testing.T) {
	for i := 0; i < 256; i++ {
		if csm1(csm1(i)) != i {
			t.Fatalf("csm1 is not an involution at %d", i)
		}
		// librw's form: swap pal[i] with pal[i^0x18] when (i & 0x18) == 0x10.
		want := i
		if i&0x18 == 0x10 || i&0x18 == 0x08 {
			want = i ^ 0x18
		}
		if csm1(i) != want {
			t.Fatalf("csm1(%d) = %d, want %d", i, csm1(i), want)
		}
	}
}

// The register values of real files quoted in the spec (§2.2, §2.4, §2.10).
func TestSpecRegistersAk47AndMuzzle(t *testing.T) {
	// ak47icon: 64×64 PAL4, SA.
	tex, err := NewPS2(pattern(64, 64, 16, nil, 2), Options{Name: "ak47icon", Format: FmtPal4 | Fmt8888, Stamp: StampSA})
	if err != nil {
		t.Fatal(err)
	}
	p := tex.PS2
	if p.TEX0 != 0x2000000599408000 || p.PaletteOffset != 28 || p.Tex1Low != 0 || p.MIPTBP1 != 0x0040000400004000 ||
		p.PixelSize != 2128 || p.PaletteSize != 176 || p.TotalSize != 2048 || p.MipmapVal != 0xFC0 {
		t.Fatalf("ak47icon registers: tex0=%#x palOff=%d tex1low=%d miptbp1=%#x pixel=%d pal=%d total=%d mip=%#x",
			p.TEX0, p.PaletteOffset, p.Tex1Low, p.MIPTBP1, p.PixelSize, p.PaletteSize, p.TotalSize, p.MipmapVal)
	}
	wantLevel, _ := hex.DecodeString("03000000000000100e000000000000000000000000000000510000000000000020000000200000005200000000000000" +
		"00000000000000005300000000000000" + "8000000000000008")
	if g := tex.Levels[0].GIF; !bytes.Equal(g[:len(wantLevel)], wantLevel) {
		t.Fatalf("level GIF packet\n got %x\nwant %x", g[:len(wantLevel)], wantLevel)
	}
	pg := p.PalGIF
	if binary.LittleEndian.Uint32(pg[32:]) != 8 || binary.LittleEndian.Uint32(pg[36:]) != 3 || binary.LittleEndian.Uint32(pg[64:]) != 6 {
		t.Fatalf("CLUT packet: TRXREG %d×%d NLOOP %d, want 8×3 and 6", binary.LittleEndian.Uint32(pg[32:]), binary.LittleEndian.Uint32(pg[36:]), binary.LittleEndian.Uint32(pg[64:]))
	}
	// muzzle_texture4: 32×32 PAL8.
	tex, err = NewPS2(pattern(32, 32, 200, nil, 3), Options{Name: "muzzle_texture4", Format: FmtPal8 | Fmt8888, Stamp: StampSA})
	if err != nil {
		t.Fatal(err)
	}
	p = tex.PS2
	if p.PixelSize != 1104 || p.PaletteSize != 1104 {
		t.Fatalf("muzzle sizes %d/%d, want 1104/1104", p.PixelSize, p.PaletteSize)
	}
	pg = p.PalGIF
	if got := hex.EncodeToString(pg[16:24]); got != "0000000030001000" {
		t.Fatalf("palette TRXPOS %s, want 0000000030001000", got)
	}
	if binary.LittleEndian.Uint32(pg[32:]) != 16 || binary.LittleEndian.Uint32(pg[36:]) != 16 || binary.LittleEndian.Uint32(pg[64:]) != 0x40 {
		t.Fatal("muzzle CLUT TRXREG/NLOOP wrong")
	}
}

// Small levels are padded to the minimum transfer size (§2.5): 16×16 PAL4 →
// TRXREG 16×8 (buffer 32×16), 8×8 PAL8 → 8×4 (buffer 16×8).
func TestSpecMinimumPaddedDims(t *testing.T) {
	for _, c := range []struct {
		w, format  int
		rrw, rrh   uint32
		bufW, bufH int
	}{{16, FmtPal4 | Fmt8888, 16, 8, 32, 16}, {8, FmtPal8 | Fmt8888, 8, 4, 16, 8}} {
		img := pattern(c.w, c.w, 16, nil, 4)
		tex, err := NewPS2(img, Options{Name: "small", Format: uint32(c.format)})
		if err != nil {
			t.Fatal(err)
		}
		g := tex.Levels[0].GIF
		if binary.LittleEndian.Uint32(g[32:]) != c.rrw || binary.LittleEndian.Uint32(g[36:]) != c.rrh {
			t.Fatalf("%d×%d: TRXREG %d×%d, want %d×%d", c.w, c.w, binary.LittleEndian.Uint32(g[32:]), binary.LittleEndian.Uint32(g[36:]), c.rrw, c.rrh)
		}
		d := mustParse(t, dict(t, StampSA, 6, tex))
		L := d.Textures()[0].Levels[0]
		if L.BufW != c.bufW || L.BufH != c.bufH || !L.Swizzled {
			t.Fatalf("read back buffer %d×%d swizzled %v", L.BufW, L.BufH, L.Swizzled)
		}
		im, _ := d.Textures()[0].Image(0)
		sameImage(t, "small", im, img, 0)
	}
}

// ps2Native builds a PS2 texture native by hand (independently of the
// writer): header fields, then the data struct bytes.
type ps2Fixture struct {
	stamp              uint32
	w, h, depth        int
	format             uint16
	sver               int16
	tex1low            uint32
	pixelSize, palSize int
	data               []byte
}

func (f ps2Fixture) native(name string) []byte {
	hd := make([]byte, 64)
	le := binary.LittleEndian
	le.PutUint32(hd[0:], uint32(f.w))
	le.PutUint32(hd[4:], uint32(f.h))
	le.PutUint32(hd[8:], uint32(f.depth))
	le.PutUint16(hd[12:], f.format)
	le.PutUint16(hd[14:], uint16(f.sver))
	le.PutUint32(hd[28:], f.tex1low)
	le.PutUint32(hd[48:], uint32(f.pixelSize))
	le.PutUint32(hd[52:], uint32(f.palSize))
	le.PutUint32(hd[60:], 0xFC0)
	s := f.stamp
	return rw.Chunk(rw.IDTextureNative, s,
		rw.Chunk(rw.IDStruct, s, []byte{'P', 'S', '2', 0, 0x02, 0x11, 0, 0}),
		rw.Chunk(rw.IDString, s, padName(name)),
		rw.Chunk(rw.IDString, s, padName("")),
		rw.Chunk(rw.IDStruct, s, rw.Chunk(rw.IDStruct, s, hd), rw.Chunk(rw.IDStruct, s, f.data)),
		rw.Chunk(rw.IDExtension, s, rw.Chunk(rw.IDSkyMipmapVal, s, []byte{0xC0, 0x0F, 0, 0})))
}

func gif(rrw, rrh, n int) []byte {
	g := make([]byte, 80)
	le := binary.LittleEndian
	le.PutUint32(g[0:], 3)
	le.PutUint32(g[4:], 0x10000000)
	le.PutUint32(g[8:], 0xE)
	g[24], g[40], g[56] = 0x51, 0x52, 0x53
	le.PutUint32(g[32:], uint32(rrw))
	le.PutUint32(g[36:], uint32(rrh))
	le.PutUint32(g[64:], uint32(n/16))
	le.PutUint32(g[68:], 0x08000000)
	return g
}

func rawDict(stamp uint32, natives ...[]byte) []byte {
	body := [][]byte{rw.Chunk(rw.IDStruct, stamp, []byte{byte(len(natives)), 0, 6, 0})}
	body = append(body, natives...)
	body = append(body, rw.Chunk(rw.IDExtension, stamp))
	return rw.Chunk(rw.IDTexDictionary, stamp, body...)
}

// An 8-bit swizzled PS2 texture built by hand with the rwtools closed form,
// a CSM1-ordered CLUT and alpha above 0x80.
func TestPS2Pal8HandBuilt(t *testing.T) {
	const w, h = 32, 16
	want := image.NewNRGBA(image.Rect(0, 0, w, h))
	var pal [256][4]byte
	for i := range pal {
		pal[i] = [4]byte{byte(i), byte(255 - i), byte(i * 3), byte(i / 2)} // PS2 alpha 0..127
	}
	pal[5][3] = 0xF6 // above 0x80: clamps to 255 (librw would wrap to 234)
	idx := func(x, y int) int { return (x*5 + y*17) & 255 }
	sw := make([]byte, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sw[rwtoolsSrc(x, y, w)] = byte(idx(x, y))
			e := pal[idx(x, y)]
			a := int(e[3])
			pa := byte(255)
			if a < 0x80 {
				pa = byte((a*255 + 64) / 128)
			}
			want.SetNRGBA(x, y, color.NRGBA{e[0], e[1], e[2], pa})
		}
	}
	clut := make([]byte, 1024)
	for i := 0; i < 256; i++ {
		j := i
		if i&0x18 == 0x10 || i&0x18 == 0x08 {
			j = i ^ 0x18
		}
		copy(clut[j*4:], pal[i][:])
	}
	data := append(gif(w/2, h/2, len(sw)), sw...)
	pixelSize := len(data)
	data = append(data, gif(16, 16, 1024)...)
	data = append(data, clut...)
	f := ps2Fixture{stamp: StampSA, w: w, h: h, depth: 8, format: 0x2504, sver: 2, pixelSize: pixelSize, palSize: 80 + 1024, data: data}
	d := mustParse(t, rawDict(StampSA, f.native("hand8")))
	tex := d.Textures()[0]
	got, err := tex.Image(0)
	if err != nil {
		t.Fatal(err)
	}
	sameImage(t, "hand-built PAL8", got, want, 0)
	if got.NRGBAAt(0, 0) != want.NRGBAAt(0, 0) || tex.FormatName() != "PAL8" || !tex.Swizzled() {
		t.Fatal("format facts")
	}
	// The stored view shows the swizzled buffer as it is.
	st, _ := tex.StoredImage(0)
	if st.Rect.Dx() != w || st.Rect.Dy() != h {
		t.Fatalf("stored view %v", st.Rect)
	}
	e := pal[sw[1]]
	if c := st.NRGBAAt(1, 0); c.R != e[0] || c.G != e[1] {
		t.Fatalf("stored view pixel (1,0) = %v, want entry %d", c, sw[1])
	}
}

// 4-bit textures: the TRXREG test decides swizzling, not the version; the
// CLUT is not CSM1-permuted; 24-entry (8×3) and 16-entry (8×2) CLUTs; low nibble first.
func TestPS2Pal4DetectionByTRXREG(t *testing.T) {
	const w, h = 32, 8
	var pal [16][4]byte
	for i := range pal {
		pal[i] = [4]byte{byte(i * 16), byte(i), byte(200 - i), 0x80}
	}
	idx := func(x, y int) byte { return byte(x+3*y) & 15 }
	want := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			e := pal[idx(x, y)]
			want.SetNRGBA(x, y, color.NRGBA{e[0], e[1], e[2], 255})
		}
	}
	lin := make([]byte, w*h/2)
	swz := make([]byte, w*h/2)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			e := y*w + x
			lin[e>>1] |= idx(x, y) << (uint(e&1) * 4)
			s := rwtoolsSrc(x, y, w)
			swz[s>>1] |= idx(x, y) << (uint(s&1) * 4)
		}
	}
	for _, c := range []struct {
		name     string
		stamp    uint32
		swizzled bool
		clutRows int
	}{
		{"3.1 linear 8x2", StampGTA3PS2, false, 2},
		{"3.1 swizzled", StampGTA3PS2, true, 2},
		{"3.6 linear", StampSA, false, 3},
		{"3.6 swizzled 8x3", StampSA, true, 3},
	} {
		var data []byte
		if c.swizzled {
			data = append(gif(w/2, h/2, len(swz)), swz...)
		} else {
			data = append(gif(w, h, len(lin)), lin...)
		}
		ps := len(data)
		clut := make([]byte, 8*c.clutRows*4)
		for i := range pal {
			copy(clut[i*4:], pal[i][:])
		}
		for i := 64; i < len(clut); i++ {
			clut[i] = 0xEE // unused entries 16..23
		}
		data = append(data, gif(8, c.clutRows, len(clut))...)
		data = append(data, clut...)
		f := ps2Fixture{stamp: c.stamp, w: w, h: h, depth: 4, format: 0x4504, sver: 2, pixelSize: ps, palSize: 80 + len(clut), data: data}
		d := mustParse(t, rawDict(c.stamp, f.native("p4")))
		tex := d.Textures()[0]
		if tex.Swizzled() != c.swizzled {
			t.Fatalf("%s: swizzled = %v", c.name, tex.Swizzled())
		}
		got, err := tex.Image(0)
		if err != nil {
			t.Fatal(err)
		}
		sameImage(t, c.name, got, want, 0)
	}
}

// The headerless layout of stream versions 0 and 1 (GTA III).
func TestPS2HeaderlessLayout(t *testing.T) {
	const w, h = 16, 8
	idx := func(x, y int) byte { return byte(x*3+y*11) & 15 }
	var clut []byte
	for i := 0; i < 16; i++ {
		clut = append(clut, byte(i*15), byte(i*7), 9, 0x40)
	}
	want := image.NewNRGBA(image.Rect(0, 0, w, h))
	lin := make([]byte, w*h/2)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := idx(x, y)
			want.SetNRGBA(x, y, color.NRGBA{i * 15, i * 7, 9, 128})
			e := y*w + x
			lin[e>>1] |= i << (uint(e&1) * 4)
		}
	}
	data := append(append([]byte{}, lin...), clut...)
	f := ps2Fixture{stamp: StampGTA3PS2, w: w, h: h, depth: 4, format: 0x4504, sver: 0, pixelSize: len(lin), palSize: len(clut), data: data}
	d := mustParse(t, rawDict(StampGTA3PS2, f.native("old4")))
	got, err := d.Textures()[0].Image(0)
	if err != nil {
		t.Fatal(err)
	}
	sameImage(t, "version 0 PAL4", got, want, 0)

	// Version 1: 8-bit swizzled without GIF packets, 256-entry CLUT.
	const w8, h8 = 16, 4
	sw := make([]byte, w8*h8)
	want8 := image.NewNRGBA(image.Rect(0, 0, w8, h8))
	for y := 0; y < h8; y++ {
		for x := 0; x < w8; x++ {
			v := byte(x*9 + y)
			sw[rwtoolsSrc(x, y, w8)] = v
			want8.SetNRGBA(x, y, color.NRGBA{v, v, v, 255})
		}
	}
	clut8 := make([]byte, 1024)
	for i := 0; i < 256; i++ {
		copy(clut8[csm1(i)*4:], []byte{byte(i), byte(i), byte(i), 0x80})
	}
	f = ps2Fixture{stamp: StampGTA3PS2, w: w8, h: h8, depth: 8, format: 0x2504, sver: 1, pixelSize: len(sw), palSize: 1024, data: append(sw, clut8...)}
	d = mustParse(t, rawDict(StampGTA3PS2, f.native("old8")))
	got, err = d.Textures()[0].Image(0)
	if err != nil {
		t.Fatal(err)
	}
	sameImage(t, "version 1 PAL8", got, want8, 0)
}

// A corrupt GIF tag is skipped (0x50 bytes) with a diagnostic, like Magic.TXD.
func TestPS2CorruptGIFTag(t *testing.T) {
	img := pattern(32, 32, 16, nil, 5)
	tex, err := NewPS2(img, Options{Name: "gif", Format: FmtPal4 | Fmt8888})
	if err != nil {
		t.Fatal(err)
	}
	file := dict(t, StampSA, 6, tex)
	// Find the level packet and break its first tag.
	i := bytes.Index(file, tex.Levels[0].GIF)
	if i < 0 {
		t.Fatal("packet not found")
	}
	file[i] = 0x77
	binary.LittleEndian.PutUint32(file[i+64:], 0x7FFF) // absurd NLOOP
	d := mustParse(t, file)
	got := d.Textures()[0]
	if len(got.Diags) == 0 {
		t.Fatal("no diagnostic for a corrupt GIF tag")
	}
	im, err := got.Image(0)
	if err != nil {
		t.Fatal(err)
	}
	sameImage(t, "corrupt GIF", im, img, 0)
}

// d3dNative builds a D3D8/9 native by hand.
func d3dNative(platform uint32, name string, rasterFormat, alpha uint32, w, h, depth, levels int, flags byte, pal []byte, lv ...[]byte) []byte {
	le := binary.LittleEndian
	b := make([]byte, 88)
	le.PutUint32(b[0:], platform)
	le.PutUint32(b[4:], 0x1102)
	copy(b[8:40], name)
	le.PutUint32(b[72:], rasterFormat)
	le.PutUint32(b[76:], alpha)
	le.PutUint16(b[80:], uint16(w))
	le.PutUint16(b[82:], uint16(h))
	b[84], b[85], b[86], b[87] = byte(depth), byte(levels), 4, flags
	b = append(b, pal...)
	for _, l := range lv {
		b = le.AppendUint32(b, uint32(len(l)))
		b = append(b, l...)
	}
	return rw.Chunk(rw.IDTextureNative, StampVCPC, rw.Chunk(rw.IDStruct, StampVCPC, b), rw.Chunk(rw.IDExtension, StampVCPC))
}

// door0006-like PAL4: 32-entry C888 palette with junk alpha, one byte per
// index, an index above 15, and a 2×2 level stored with a DWORD row pitch.
func TestD3DPal4PitchAndJunkAlpha(t *testing.T) {
	pal := make([]byte, 32*4)
	for i := 0; i < 32; i++ {
		copy(pal[i*4:], []byte{byte(i * 8), byte(i), byte(255 - i), byte(i * 7)}) // alpha is junk
	}
	nat := d3dNative(PlatformD3D8, "door0006", FmtPal4|Fmt888, 0, 4, 2, 8, 2, 0, pal,
		[]byte{4, 31, 7, 14, 1, 2, 3, 16}, // 4×2, pitch 4
		[]byte{4, 4, 0, 0, 7, 14, 0, 0})   // level 1 is 2×1 in 8 bytes: pitch = size/h = 8
	d := mustParse(t, rawDict(StampVCPC, nat))
	tex := d.Textures()[0]
	im, err := tex.Image(0)
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range []int{4, 31, 7, 14, 1, 2, 3, 16} {
		c := im.NRGBAAt(i%4, i/4)
		want := color.NRGBA{byte(k * 8), byte(k), byte(255 - k), 255}
		if c != want {
			t.Fatalf("pixel %d = %v, want palette[%d] %v with alpha forced to 255", i, c, k, want)
		}
	}
	// The 2×1 mip level stored in 8 bytes: pitch = size/h = 8.
	m, err := tex.Image(1)
	if err != nil {
		t.Fatal(err)
	}
	if c := m.NRGBAAt(1, 0); c.R != 4*8 {
		t.Fatalf("level 1 pixel 1 = %v", c)
	}
	// A 2×2 level in 8 bytes (door0006 level 5): rows [4,4,pad,pad] [7,14,pad,pad].
	nat = d3dNative(PlatformD3D8, "door", FmtPal4|Fmt888, 0, 2, 2, 8, 1, 0, pal, []byte{4, 4, 0xAA, 0xAA, 7, 14, 0xBB, 0xBB})
	d = mustParse(t, rawDict(StampVCPC, nat))
	im, err = d.Textures()[0].Image(0)
	if err != nil {
		t.Fatal(err)
	}
	if im.NRGBAAt(0, 1).R != 7*8 || im.NRGBAAt(1, 1).R != 14*8 || im.NRGBAAt(1, 0).R != 4*8 {
		t.Fatalf("pitch ignored: %v %v", im.NRGBAAt(0, 1), im.NRGBAAt(1, 1))
	}
}

// Uncompressed D3D pixel formats against hand-written pixel values.
func TestD3DPixelFormats(t *testing.T) {
	cases := []struct {
		name   string
		format uint32
		d3dfmt uint32
		depth  int
		pixel  []byte
		want   color.NRGBA
	}{
		{"8888", Fmt8888, 21, 32, []byte{0x10, 0x20, 0x30, 0x40}, color.NRGBA{0x30, 0x20, 0x10, 0x40}},
		{"888", Fmt888, 22, 32, []byte{0x10, 0x20, 0x30, 0x40}, color.NRGBA{0x30, 0x20, 0x10, 255}},
		{"565", Fmt565, 23, 16, []byte{0x1F, 0xF8}, color.NRGBA{255, 0, 255, 255}},
		{"555", Fmt555, 24, 16, []byte{0xE0, 0x03}, color.NRGBA{0, 255, 0, 255}},
		{"1555", Fmt1555, 25, 16, []byte{0x00, 0xFC}, color.NRGBA{255, 0, 0, 255}},
		{"1555-clear", Fmt1555, 25, 16, []byte{0x1F, 0x00}, color.NRGBA{0, 0, 255, 0}},
		{"4444", Fmt4444, 26, 16, []byte{0x21, 0x84}, color.NRGBA{0x44, 0x22, 0x11, 0x88}},
		{"LUM8", FmtLUM8, 50, 8, []byte{0x5A}, color.NRGBA{0x5A, 0x5A, 0x5A, 255}},
	}
	for _, c := range cases {
		for _, plat := range []uint32{PlatformD3D8, PlatformD3D9} {
			alpha := uint32(0)
			if plat == PlatformD3D9 {
				alpha = c.d3dfmt
			}
			row := append([]byte{}, c.pixel...)
			for len(row)%4 != 0 {
				row = append(row, 0xCC)
			}
			nat := d3dNative(plat, "px", c.format, alpha, 1, 1, c.depth, 1, 0, nil, row)
			d := mustParse(t, rawDict(StampSA, nat))
			im, err := d.Textures()[0].Image(0)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if got := im.NRGBAAt(0, 0); got != c.want {
				t.Errorf("%s on %s: %v, want %v", c.name, PlatformName(plat), got, c.want)
			}
		}
	}
}

func dxt1Block(c0, c1 uint16, idx uint32) []byte {
	b := binary.LittleEndian.AppendUint16(nil, c0)
	b = binary.LittleEndian.AppendUint16(b, c1)
	return binary.LittleEndian.AppendUint32(b, idx)
}

// DXT blocks decoded by hand: 4- and 3-colour DXT1, DXT3 explicit alpha,
// DXT5 interpolated alpha, a 2×2 level (less than one block), and the
// D3D9 compressed flag disagreeing with the FourCC.
func TestDXTDecode(t *testing.T) {
	// c0 red > c1 blue: indices 0,1,2,3 on the first row.
	blk := dxt1Block(0xF800, 0x001F, 0b11100100)
	nat := d3dNative(PlatformD3D9, "dxt1", Fmt565, FourCCDXT1, 4, 4, 16, 1, 0 /* flag missing */, nil, blk)
	d := mustParse(t, rawDict(StampSA, nat))
	tex := d.Textures()[0]
	if tex.Compression != CompDXT1 || len(tex.Diags) == 0 {
		t.Fatalf("compression %d, diags %v: the FourCC must win over the flag, with a diagnostic", tex.Compression, tex.Diags)
	}
	im, _ := tex.Image(0)
	want := []color.NRGBA{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}
	for x, w := range want {
		if got := im.NRGBAAt(x, 0); got != w {
			t.Fatalf("DXT1 pixel %d = %v, want %v", x, got, w)
		}
	}
	// 3-colour mode (c0 <= c1): index 3 is transparent black with C1555
	// and hasAlpha, opaque black with C565 and no hasAlpha.
	blk = dxt1Block(0x001F, 0xF800, 0b11101011)
	for _, c := range []struct {
		format, hasAlpha uint32
		a                byte
	}{{Fmt1555, 1, 0}, {Fmt565, 0, 255}} {
		nat = d3dNative(PlatformD3D8, "dxt1b", c.format, c.hasAlpha, 2, 2, 16, 1, 1, nil, blk)
		d = mustParse(t, rawDict(StampVCPC, nat))
		im, err := d.Textures()[0].Image(0)
		if err != nil {
			t.Fatal(err)
		}
		if im.Rect.Dx() != 2 {
			t.Fatalf("2×2 level decoded as %v", im.Rect)
		}
		if got := im.NRGBAAt(0, 0); got != (color.NRGBA{0, 0, 0, c.a}) {
			t.Fatalf("3-colour index 3 with format %#x = %v", c.format, got)
		}
		if got := im.NRGBAAt(1, 0); got != (color.NRGBA{127, 0, 127, 255}) {
			t.Fatalf("3-colour index 2 = %v", got)
		}
	}
	// DXT3: alpha nibbles 0..15 in order; colour all index 0 (white).
	var a3 []byte
	for i := 0; i < 8; i++ {
		a3 = append(a3, byte(2*i)|byte(2*i+1)<<4)
	}
	blk3 := append(a3, dxt1Block(0xFFFF, 0x0000, 0)...)
	nat = d3dNative(PlatformD3D8, "dxt3", Fmt4444, 1, 4, 4, 16, 1, 3, nil, blk3)
	d = mustParse(t, rawDict(StampVCPC, nat))
	im, _ = d.Textures()[0].Image(0)
	for i := 0; i < 16; i++ {
		if got := im.NRGBAAt(i%4, i/4); got != (color.NRGBA{255, 255, 255, byte(i * 17)}) {
			t.Fatalf("DXT3 pixel %d = %v", i, got)
		}
	}
	// DXT5: a0=200 > a1=100; pixel 0 index 0 (200), pixel 1 index 1 (100), pixel 2 index 2 ((6*200+100)/7 = 185).
	blk5 := []byte{200, 100, 0b10001000, 0, 0, 0, 0, 0}
	blk5 = append(blk5, dxt1Block(0xFFFF, 0, 0)...)
	nat = d3dNative(PlatformD3D9, "dxt5", Fmt8888, FourCCDXT5, 4, 4, 16, 1, 8, nil, blk5)
	d = mustParse(t, rawDict(StampSA, nat))
	im, _ = d.Textures()[0].Image(0)
	for x, a := range []byte{200, 100, 185, 200} {
		if got := im.NRGBAAt(x, 0).A; got != a {
			t.Fatalf("DXT5 alpha %d = %d, want %d", x, got, a)
		}
	}
	// DXT5 with a0 <= a1: indices 6 and 7 are 0 and 255.
	blk5 = []byte{10, 20, 0b11110110 /* p0=6, p1=6 (bits 3..5=110) */, 0b1, 0, 0, 0, 0}
	blk5 = append(blk5, dxt1Block(0xFFFF, 0, 0)...)
	nat = d3dNative(PlatformD3D9, "dxt5b", Fmt8888, FourCCDXT5, 4, 4, 16, 1, 8, nil, blk5)
	d = mustParse(t, rawDict(StampSA, nat))
	im, _ = d.Textures()[0].Image(0)
	if im.NRGBAAt(0, 0).A != 0 {
		t.Fatalf("DXT5 6-alpha index 6 = %d, want 0", im.NRGBAAt(0, 0).A)
	}
}

func TestDXTEncodeRoundTrip(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 16, 8))
	for y := 0; y < 8; y++ {
		for x := 0; x < 16; x++ {
			img.SetNRGBA(x, y, color.NRGBA{byte(x * 16), byte(y * 32), 128, byte(x * 16)})
		}
	}
	for _, comp := range []int{CompDXT1, CompDXT3, CompDXT5} {
		tex, err := NewD3D(PlatformD3D9, img, Options{Name: "dxt", Compression: comp, Format: Fmt8888, Mipmaps: true})
		if err != nil {
			t.Fatal(err)
		}
		d := mustParse(t, dict(t, StampSA, 2, tex))
		g := d.Textures()[0]
		if g.FormatName() != "DXT"+string(rune('0'+comp)) || len(g.Levels) != 5 {
			t.Fatalf("format %s levels %d", g.FormatName(), len(g.Levels))
		}
		im, err := g.Image(0)
		if err != nil {
			t.Fatal(err)
		}
		ref := img
		if comp == CompDXT1 {
			ref = ToNRGBA(img)
		}
		for y := 0; y < 8; y++ {
			for x := 0; x < 16; x++ {
				a, b := im.NRGBAAt(x, y), ref.NRGBAAt(x, y)
				if comp == CompDXT1 {
					a.A, b.A = 0, 0 // 1-bit alpha
					if im.NRGBAAt(x, y).A == 0 {
						continue
					}
				}
				if d := testutil.MaxChannelDiff(a, b); d > 40 {
					t.Fatalf("DXT%d pixel (%d,%d) = %v, want about %v", comp, x, y, im.NRGBAAt(x, y), ref.NRGBAAt(x, y))
				}
			}
		}
		if _, err := g.Image(4); err != nil { // 1×1 level: still a whole block
			t.Fatal(err)
		}
	}
}

// Names that fill all 32 bytes have no NUL.
func TestD3DName32(t *testing.T) {
	name := strings.Repeat("n", 32)
	nat := d3dNative(PlatformD3D8, name, Fmt8888, 0, 1, 1, 32, 1, 0, nil, []byte{1, 2, 3, 4})
	d := mustParse(t, rawDict(StampVCPC, nat))
	if got := d.Textures()[0].Name; got != name {
		t.Fatalf("name %q", got)
	}
}

// Xbox: Morton-swizzled data against an independent bit interleave, BGRA palette.
func TestXboxMortonAndPalette(t *testing.T) {
	const n = 8
	pal := make([]byte, 256*4)
	for i := 0; i < 256; i++ {
		copy(pal[i*4:], []byte{byte(i), 0x11, byte(255 - i), 0x80}) // B, G, R, A
	}
	data := make([]byte, n*n)
	inter := func(x, y int) int {
		o := 0
		for b := 0; b < 3; b++ {
			o |= (x>>b&1)<<(2*b) | (y>>b&1)<<(2*b+1)
		}
		return o
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			data[inter(x, y)] = byte(y*n + x)
		}
	}
	le := binary.LittleEndian
	b := make([]byte, 88)
	le.PutUint32(b[0:], PlatformXbox)
	copy(b[8:], "xb")
	le.PutUint32(b[72:], FmtPal8|Fmt8888)
	le.PutUint16(b[80:], n)
	le.PutUint16(b[82:], n)
	b[84], b[85], b[86] = 8, 1, 4
	b = le.AppendUint32(b, uint32(len(data)))
	b = append(b, pal...)
	b = append(b, data...)
	nat := rw.Chunk(rw.IDTextureNative, StampXbox, rw.Chunk(rw.IDStruct, StampXbox, b), rw.Chunk(rw.IDExtension, StampXbox))
	d := mustParse(t, rawDict(StampXbox, nat))
	im, err := d.Textures()[0].Image(0)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			k := byte(y*n + x)
			if got := im.NRGBAAt(x, y); got != (color.NRGBA{255 - k, 0x11, k, 0x80}) {
				t.Fatalf("(%d,%d) = %v, want entry %d", x, y, got, k)
			}
		}
	}
	if !d.Textures()[0].Swizzled() {
		t.Fatal("uncompressed Xbox data is swizzled")
	}
	for x := 0; x < n; x++ {
		if MortonIndex(x, 3, n, n) != inter(x, 3) {
			t.Fatal("MortonIndex")
		}
	}
}

// An unknown platform becomes an UnsupportedError naming the id; the other
// textures still open.
func TestUnknownPlatform(t *testing.T) {
	good, _ := NewD3D(PlatformD3D9, pattern(4, 4, 0, nil, 1), Options{Name: "good", Format: Fmt8888})
	gb, _ := good.Encode()
	gc := rw.Chunk(rw.IDTextureNative, StampSA, rw.Chunk(rw.IDStruct, StampSA, append([]byte{6, 0, 0, 0, 2, 0x11, 0, 0}, make([]byte, 80)...)))
	copy(gc[12+12+8:], "gcname")
	file := rawDict(StampSA, gc, gb)
	d, err := Parse(file, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 3 || d.Items[0].Err == nil || d.Items[1].Tex == nil {
		t.Fatalf("items %+v", d.Items)
	}
	var ue *binread.UnsupportedError
	if !errors.As(d.Items[0].Err, &ue) || !strings.Contains(ue.Error(), "0x6") {
		t.Fatalf("err = %v, want an UnsupportedError naming 0x6", d.Items[0].Err)
	}
	if d.Items[0].Name != "gcname" {
		t.Fatalf("guessed name %q", d.Items[0].Name)
	}
	if out, _ := d.Bytes(); !bytes.Equal(out, file) {
		t.Fatal("re-save differs")
	}
}

// Broken inputs fail with a FormatError at a useful offset, never a panic.
func TestBrokenVariants(t *testing.T) {
	tex, _ := NewPS2(pattern(32, 32, 16, nil, 1), Options{Name: "b", Format: FmtPal4 | Fmt8888, Mipmaps: true})
	file := dict(t, StampSA, 6, tex)
	// Truncated file: the dictionary size runs past the end; complete
	// textures still open and the cut one is a broken item.
	two := dict(t, StampSA, 6, tex, tex.Clone())
	td, err := Parse(two[:len(two)-40], 0)
	if err != nil {
		t.Fatal(err)
	}
	if td.Truncated == nil || len(td.Items) != 2 || td.Items[0].Tex == nil || td.Items[1].Err == nil {
		t.Fatalf("truncated dictionary: %v, items %d", td.Truncated, len(td.Items))
	}
	if out, _ := td.Bytes(); !bytes.Equal(out, two[:len(two)-40]) {
		t.Fatal("a truncated file does not re-save as it was")
	}
	// Truncated level: shrink the pixelSize so the last level runs past the pixel section.
	p := bytes.Clone(file)
	hdr := bytes.Index(p, le32(uint32(tex.PS2.PixelSize)))
	binary.LittleEndian.PutUint32(p[hdr:], tex.PS2.PixelSize-40)
	d, err := Parse(p, 0)
	if err != nil {
		t.Fatal(err)
	}
	var fe *binread.FormatError
	if d.Items[0].Err == nil || !errors.As(d.Items[0].Err, &fe) || fe.Off <= 0 {
		t.Fatalf("truncated level: %v", d.Items[0].Err)
	}
	// Palette size past the end of the data struct.
	p = bytes.Clone(file)
	hdr = bytes.Index(p, le32(uint32(tex.PS2.PaletteSize)))
	binary.LittleEndian.PutUint32(p[hdr:], 1<<30)
	d, _ = Parse(p, 0)
	if d.Items[0].Err == nil {
		t.Fatal("palette size past the end accepted")
	}
	// D3D level size past the struct.
	nat := d3dNative(PlatformD3D8, "x", Fmt8888, 0, 2, 2, 32, 1, 0, nil, make([]byte, 16))
	i := bytes.Index(nat, le32(16))
	binary.LittleEndian.PutUint32(nat[i:], 1000)
	d, _ = Parse(rawDict(StampVCPC, nat), 0)
	if d.Items[0].Err == nil {
		t.Fatal("D3D level size past the end accepted")
	}
}

func le32(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }

func TestRegistersTable(t *testing.T) {
	tex, _ := NewPS2(pattern(64, 64, 16, nil, 2), Options{Name: "ak47icon", Format: FmtPal4 | Fmt8888})
	got := map[string]string{}
	for _, f := range tex.PS2.Registers() {
		got[f.Group+"."+f.Name] = f.Value
	}
	for k, v := range map[string]string{"TEX0.PSM": "PSMT4", "TEX0.TBW": "2 (×64 texels)", "TEX0.TW": "6 (64 texels)",
		"TEX0.CPSM": "PSMCT32", "TEX0.CLD": "1", "TEX1.K": "-4 (0xFC0)", "TEX1.MXL": "0 (1 levels)", "CLUT.entries": "24"} {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	_, _, rrw, rrh, nloop := GIFFields(tex.Levels[0].GIF)
	if rrw != 32 || rrh != 32 || nloop != 0x80 {
		t.Fatalf("GIF %d×%d %d", rrw, rrh, nloop)
	}
}

// Levels too large for one GIF IMAGE packet (NLOOP is 15 bits) are written
// in the headerless layout, like librw; they read back the same.
func TestPS2LargeLevelUsesHeaderlessLayout(t *testing.T) {
	img := pattern(1024, 1024, 64, nil, 7)
	tex, err := NewPS2(img, Options{Name: "big", Format: FmtPal8 | Fmt8888})
	if err != nil {
		t.Fatal(err)
	}
	if tex.PS2.StreamVersion != 1 || tex.Levels[0].GIF != nil || !tex.Levels[0].Swizzled {
		t.Fatalf("stream version %d, GIF %v", tex.PS2.StreamVersion, tex.Levels[0].GIF != nil)
	}
	d := mustParse(t, dict(t, StampSA, 6, tex))
	got, err := d.Textures()[0].Image(0)
	if err != nil {
		t.Fatal(err)
	}
	sameImage(t, "1024×1024 PAL8", got, img, 0)
}

// D3D PAL4 with packed 4-bit indices (depth 4, Magic.TXD), low nibble first.
func TestD3DPal4Packed(t *testing.T) {
	pal := make([]byte, 32*4)
	for i := 0; i < 32; i++ {
		copy(pal[i*4:], []byte{byte(i * 8), 0, 0, 255})
	}
	nat := d3dNative(PlatformD3D8, "p4", FmtPal4|Fmt8888, 0, 4, 1, 4, 1, 0, pal, []byte{0x21, 0x43, 0, 0})
	d := mustParse(t, rawDict(StampVCPC, nat))
	im, err := d.Textures()[0].Image(0)
	if err != nil {
		t.Fatal(err)
	}
	for x, k := range []byte{1, 2, 3, 4} {
		if im.NRGBAAt(x, 0).R != k*8 {
			t.Fatalf("pixel %d = %v, want index %d", x, im.NRGBAAt(x, 0), k)
		}
	}
}

// D3D mip chains that end early (a size-0 level, or fewer levels than the
// count byte says) keep the levels read, with a diagnostic, and re-save as they were.
func TestD3DMipChainEndsEarly(t *testing.T) {
	for _, c := range []struct {
		name   string
		levels [][]byte
	}{
		{"size 0", [][]byte{make([]byte, 64), make([]byte, 16), {}}},
		{"missing", [][]byte{make([]byte, 64), make([]byte, 16)}},
	} {
		nat := d3dNative(PlatformD3D8, "early", Fmt8888|FmtMipmap, 0, 4, 4, 32, 4, 0, nil, c.levels...)
		file := rawDict(StampVCPC, nat)
		d := mustParse(t, file)
		tex := d.Textures()[0]
		if len(tex.Levels) != 2 || len(tex.Diags) == 0 {
			t.Fatalf("%s: %d levels, diags %v", c.name, len(tex.Levels), tex.Diags)
		}
		if _, err := tex.Image(1); err != nil {
			t.Fatal(err)
		}
		enc, _ := tex.EncodeFields()
		if !bytes.Equal(enc, tex.Raw()) {
			t.Fatalf("%s: re-encode differs", c.name)
		}
	}
}
