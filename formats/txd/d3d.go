package txd

import (
	"fmt"
	"image"

	"rummage/formats/binread"
	"rummage/formats/dxt"
	"rummage/formats/rw"
)

// D3D9 FourCC codes.
const (
	FourCCDXT1 = 0x31545844
	FourCCDXT2 = 0x32545844
	FourCCDXT3 = 0x33545844
	FourCCDXT4 = 0x34545844
	FourCCDXT5 = 0x35545844
)

// Xbox D3DFORMAT codes of compressed textures.
const (
	XboxDXT1 = 0x0C
	XboxDXT3 = 0x0E
	XboxDXT5 = 0x0F
)

// D3DHeaderSize is the size of the common D3D8/D3D9/Xbox native header.
const D3DHeaderSize = 88

// parseCommon reads the 88-byte header shared by D3D8, D3D9 and Xbox.
func (t *Texture) parseCommon(c *binread.Cursor) {
	c.U32()
	t.FilterWord = c.U32()
	t.D3D = &D3DInfo{}
	t.D3D.NameRaw = c.Take(32)
	t.D3D.MaskRaw = c.Take(32)
	t.Name, t.Mask = cstr(t.D3D.NameRaw), cstr(t.D3D.MaskRaw)
	t.RasterFormat = c.U32()
	t.D3D.Alpha = c.U32()
	t.Width = int(c.U16())
	t.Height = int(c.U16())
	t.Depth = int(c.U8())
	t.D3D.LevelCount = int(c.U8())
	t.D3D.RasterType = c.U8()
	t.D3D.Flags = c.U8()
}

func fourCCComp(f uint32) int {
	switch f {
	case FourCCDXT1:
		return CompDXT1
	case FourCCDXT2:
		return CompDXT2
	case FourCCDXT3:
		return CompDXT3
	case FourCCDXT4:
		return CompDXT4
	case FourCCDXT5:
		return CompDXT5
	}
	return 0
}

func (t *Texture) checkDims(off int64) error {
	if t.Width <= 0 || t.Height <= 0 || t.Width > 8192 || t.Height > 8192 {
		return binread.Errorf(off+80, "texture size %d×%d is out of range", t.Width, t.Height)
	}
	return nil
}

func (t *Texture) parseD3D(st sub) error {
	base := st.off + rw.HeaderSize
	if len(st.data) < D3DHeaderSize {
		return binread.Errorf(base, "D3D texture header has %d bytes, want %d", len(st.data), D3DHeaderSize)
	}
	c := binread.NewCursor(st.data, base)
	t.parseCommon(c)
	if err := t.checkDims(base); err != nil {
		return err
	}
	if err := t.d3dCompression(base); err != nil {
		return err
	}
	if err := t.checkD3DFormat(base); err != nil {
		return err
	}
	t.checkDXT1Alpha(base)
	if err := t.readPalette(c); err != nil {
		return err
	}
	w, h := t.Width, t.Height
	levels := t.D3D.LevelCount
	if levels == 0 && c.Len() >= 4 {
		// Real San Andreas textures store a count of 0 with one full
		// level after it: decode that level and say so (a texture with no
		// bytes for it stays broken below).
		levels = 1
		t.zeroCount = base + 85
	}
	for lv := 0; lv < levels; lv++ {
		L, ok, err := t.readD3DLevel(c, lv, max(w, 1), max(h, 1))
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		t.Levels = append(t.Levels, L)
		w, h = w/2, h/2
	}
	return t.endLevels(c, base)
}

// d3dCompression sets the DXT compression from the D3D8 flags or the D3D9
// D3DFORMAT (header at base).
func (t *Texture) d3dCompression(base int64) error {
	if t.Platform != PlatformD3D8 {
		t.Compression = fourCCComp(t.D3D.Alpha)
		if flagged := t.D3D.Flags&8 != 0; flagged != (t.Compression != 0) {
			t.diag(base+87, "D3D9 compressed flag (%v) disagrees with the D3DFORMAT 0x%X; the format wins", flagged, t.D3D.Alpha)
		}
		return nil
	}
	switch f := int(t.D3D.Flags); f {
	case 0:
	case 1, 2, 3, 4, 5:
		t.Compression = f // the DXT number, 2 and 4 premultiplied
	default:
		return binread.Unsupportedf(base+87, "D3D8 compression %d", f)
	}
	return nil
}

// checkD3DFormat checks that an uncompressed raster has a depth and pixel
// format the decoder knows.
func (t *Texture) checkD3DFormat(base int64) error {
	if t.Compression != 0 {
		return nil
	}
	switch t.Depth {
	case 8, 16, 24, 32:
	case 4:
		if !t.Palettised() {
			return binread.Errorf(base+84, "depth 4 without a PAL4 format (0x%X)", t.RasterFormat)
		}
	default:
		return binread.Unsupportedf(base+84, "D3D depth %d", t.Depth)
	}
	if _, ok := t.layout(); !t.Palettised() && !ok {
		return binread.Unsupportedf(base+72, "D3D raster format 0x%X (D3DFORMAT %d)", t.RasterFormat, t.D3D.Alpha)
	}
	return nil
}

// readD3DLevel reads level lv (w×h): a u32 size and the data. A bad level
// 0 is an error; a bad later level ends the mip chain with a finding and
// the cursor back before it (ok false).
func (t *Texture) readD3DLevel(c *binread.Cursor, lv, w, h int) (L Level, ok bool, err error) {
	off, pos := c.Off(), c.Pos()
	end := func(first error, format string, args ...any) (Level, bool, error) {
		if lv == 0 {
			return Level{}, false, first
		}
		t.diag(off, format, args...)
		c.Seek(pos)
		return Level{}, false, nil
	}
	if c.Len() < 4 {
		return end(binread.Errorf(off, "level 0 size is missing"), "level %d of %d is missing; the mip chain ends early", lv, t.D3D.LevelCount)
	}
	n := int(c.U32())
	if n == 0 {
		return end(binread.Errorf(off, "level 0 has size 0"), "level %d has size 0; the mip chain ends early", lv)
	}
	if n > c.Len() {
		return end(binread.Errorf(off, "level 0 size %d runs past the struct (%d bytes remain)", n, c.Len()),
			"level %d size %d runs past the struct; the mip chain ends early", lv, n)
	}
	L = Level{Width: w, Height: h, Off: c.Off()}
	L.Data = c.Take(n)
	if need := t.minLevelBytes(L.Width, L.Height); n < need {
		return end(binread.Errorf(off, "level 0 has %d bytes, want at least %d", n, need), "level %d has %d bytes, want %d; the mip chain ends early", lv, n, need)
	}
	return L, true, nil
}

func knownPixel(p uint32) bool {
	switch p {
	case Fmt8888, Fmt888, Fmt565, Fmt555, Fmt1555, Fmt4444, FmtLUM8:
		return true
	}
	return false
}

// bitsPerPixel of the stored uncompressed data.
func (t *Texture) bitsPerPixel() int {
	if t.Palettised() {
		if t.Depth == 4 {
			return 4
		}
		return 8
	}
	if l, ok := t.layout(); ok {
		return l.Bits
	}
	return 16
}

func dxtBlockSize(comp int) int {
	if comp == CompDXT1 {
		return 8
	}
	return 16
}

// minLevelBytes is the smallest data size a w×h level can have.
func (t *Texture) minLevelBytes(w, h int) int {
	if t.Compression != 0 {
		return ((w + 3) / 4) * ((h + 3) / 4) * dxtBlockSize(t.Compression)
	}
	return (w*t.bitsPerPixel() + 7) / 8 * h
}

// d3dPalette returns 256 packed NRGBA words; bgra for Xbox.
func (t *Texture) d3dPalette(bgra bool) []uint32 {
	out := make([]uint32, 256)
	raw := t.D3D.PalRaw
	keepAlpha := false
	switch t.PixelFormat() {
	case Fmt8888, Fmt1555, Fmt4444:
		keepAlpha = true
	}
	for i := 0; i < len(raw)/4 && i < 256; i++ {
		e := raw[i*4:]
		r, g, b, a := e[0], e[1], e[2], e[3]
		if bgra {
			r, b = b, r
		}
		if !keepAlpha {
			a = 255
		}
		out[i] = packNRGBA(r, g, b, a)
	}
	return out
}

func (t *Texture) d3dImage(lv int) (*image.NRGBA, error) {
	L := &t.Levels[lv]
	if t.Compression != 0 {
		return dxt.Decode(L.Data, L.Width, L.Height, dxt.Kind(t.Compression), t.dxt1Alpha(), L.Off)
	}
	pitch := len(L.Data) / L.Height
	return t.decodeLinear(L.Data, L.Width, L.Height, pitch, L.Off, false)
}

// decodeLinear decodes row-major uncompressed data with the given row pitch.
func (t *Texture) decodeLinear(d []byte, w, h, pitch int, off int64, bgraPal bool) (*image.NRGBA, error) {
	bpp := t.bitsPerPixel()
	if pitch*8 < w*bpp || pitch*h > len(d) {
		return nil, binread.Errorf(off, "level of %d×%d at %d bits needs %d bytes per row, has %d bytes in all", w, h, bpp, (w*bpp+7)/8, len(d))
	}
	if t.Palettised() {
		return decodeIndices(d, w, h, pitch, bpp, t.d3dPalette(bgraPal)), nil
	}
	l, ok := t.layout()
	if !ok {
		return nil, binread.Unsupportedf(off, "raster format 0x%X", t.RasterFormat)
	}
	return l.Decode(d, w, h, pitch), nil
}

// decodeIndices decodes rows of 4- or 8-bit (bpp) palette indices through
// pal.
func decodeIndices(d []byte, w, h, pitch, bpp int, pal []uint32) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		row := d[y*pitch:]
		o := y * img.Stride
		for x := 0; x < w; x++ {
			var idx byte
			if bpp == 4 {
				idx = row[x>>1] >> (uint(x&1) * 4) & 0xF
			} else {
				idx = row[x]
			}
			putPix(img.Pix, o, pal[idx])
			o += 4
		}
	}
	return img
}

// Xbox native.

func (t *Texture) parseXbox(st sub) error {
	base := st.off + rw.HeaderSize
	if len(st.data) < D3DHeaderSize+4 {
		return binread.Errorf(base, "Xbox texture header has %d bytes, want %d", len(st.data), D3DHeaderSize+4)
	}
	c := binread.NewCursor(st.data, base)
	t.parseCommon(c)
	if err := t.checkDims(base); err != nil {
		return err
	}
	t.D3D.TotalSize = c.U32()
	switch t.D3D.Flags {
	case 0:
	case XboxDXT1:
		t.Compression = CompDXT1
	case XboxDXT3:
		t.Compression = CompDXT3
	case XboxDXT5:
		t.Compression = CompDXT5
	default:
		return binread.Unsupportedf(base+87, "Xbox texture format 0x%X", t.D3D.Flags)
	}
	t.checkDXT1Alpha(base)
	if t.Compression == 0 {
		if _, ok := t.layout(); !t.Palettised() && !ok {
			return binread.Unsupportedf(base+72, "Xbox raster format 0x%X", t.RasterFormat)
		}
		if t.Depth != 8 && t.Depth != 16 && t.Depth != 32 {
			return binread.Unsupportedf(base+84, "Xbox depth %d", t.Depth)
		}
	}
	if err := t.readPalette(c); err != nil {
		return err
	}
	w, h := t.Width, t.Height
	for lv := 0; lv < t.D3D.LevelCount && lv < maxLevels; lv++ {
		L := Level{Width: max(w, 1), Height: max(h, 1), Off: c.Off()}
		n := t.minLevelBytes(L.Width, L.Height)
		if t.Compression == 0 {
			n = L.Width * L.Height * t.bitsPerPixel() / 8
		}
		if n > c.Len() {
			if lv == 0 {
				return binread.Errorf(c.Off(), "level 0 needs %d bytes, %d remain", n, c.Len())
			}
			t.diag(c.Off(), "level %d needs %d bytes, %d remain; the mip chain ends early", lv, n, c.Len())
			break
		}
		L.Data = c.Take(n)
		L.Swizzled = t.Compression == 0
		t.Levels = append(t.Levels, L)
		w, h = w/2, h/2
	}
	return t.endLevels(c, base)
}

func (t *Texture) xboxImage(lv int) (*image.NRGBA, error) {
	L := &t.Levels[lv]
	if t.Compression != 0 {
		return dxt.Decode(L.Data, L.Width, L.Height, dxt.Kind(t.Compression), t.dxt1Alpha(), L.Off)
	}
	bpp := t.bitsPerPixel() / 8
	lin := make([]byte, len(L.Data))
	if err := unmorton(lin, L.Data, L.Width, L.Height, bpp); err != nil {
		return nil, binread.Errorf(L.Off, "level %d: %v", lv, err)
	}
	return t.decodeLinear(lin, L.Width, L.Height, L.Width*bpp, L.Off, true)
}

func pow2(n int) bool { return n > 0 && n&(n-1) == 0 }

// unmorton copies Morton-ordered elements of bpp bytes into row-major order.
func unmorton(dst, src []byte, w, h, bpp int) error { return swizzle(dst, src, w, h, bpp, false) }

// morton is the inverse of unmorton.
func morton(dst, src []byte, w, h, bpp int) error { return swizzle(dst, src, w, h, bpp, true) }

// swizzle copies elements of bpp bytes between row-major and Morton order:
// into Morton order when toMorton, out of it otherwise.
func swizzle(dst, src []byte, w, h, bpp int, toMorton bool) error {
	if !pow2(w) || !pow2(h) {
		return fmt.Errorf("the Xbox swizzle needs power-of-two sizes, not %d×%d", w, h)
	}
	xs, ys := mortonTables(w, h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			s, r := (xs[x]|ys[y])*bpp, (y*w+x)*bpp
			if toMorton {
				copy(dst[s:s+bpp], src[r:r+bpp])
			} else {
				copy(dst[r:r+bpp], src[s:s+bpp])
			}
		}
	}
	return nil
}

// readPalette reads the palette after the D3D or Xbox header struct, if the
// raster has one.
func (t *Texture) readPalette(c *binread.Cursor) error {
	if n := t.PaletteEntries(); n > 0 {
		t.D3D.PalRaw = c.Take(n * 4)
		if c.Err() != nil {
			return binread.Errorf(c.Off(), "palette of %d entries runs past the header struct", n)
		}
	}
	return nil
}

// endLevels checks that the D3D or Xbox struct at base gave at least one
// level and keeps what follows the levels as the tail.
func (t *Texture) endLevels(c *binread.Cursor, base int64) error {
	if len(t.Levels) == 0 {
		return binread.Errorf(base+85, "texture has no levels")
	}
	if t.zeroCount > 0 {
		t.diag(t.zeroCount, "the level count is 0, but one full level follows: decoded as 1 level")
	}
	t.D3D.Tail = c.Take(c.Len())
	return nil
}
