package txd

import (
	"encoding/binary"

	"rummage/formats/binread"
	"rummage/formats/rw"
)

// GS pixel storage modes.
const (
	PSMCT32  = 0x00
	PSMCT24  = 0x01
	PSMCT16  = 0x02
	PSMCT16S = 0x0A
	PSMT8    = 0x13
	PSMT4    = 0x14
)

// GIFSize is the size of the GIF packet before each PS2 level and the CLUT.
const GIFSize = 0x50

// maxLevels bounds the mip chain.
const maxLevels = 16

// parsePS2 reads the PS2 native's chunks; kids are the native's children.
func (t *Texture) parsePS2(kids []sub, splitErr error) ([]sub, error) {
	st := kids[0]
	if len(st.data) < 8 {
		return nil, binread.Errorf(st.off+rw.HeaderSize, "PS2 platform struct has %d bytes, want 8", len(st.data))
	}
	t.FilterWord = binary.LittleEndian.Uint32(st.data[4:])
	if len(kids) < 4 {
		if splitErr != nil {
			return nil, splitErr
		}
		return nil, binread.Errorf(st.off, "PS2 texture native has %d chunks, want struct, 2 strings and the raster struct", len(kids))
	}
	p := &PS2Info{}
	t.PS2 = p
	for i, want := range []uint32{rw.IDString, rw.IDString, rw.IDStruct} {
		if kids[1+i].h.Type != want {
			return nil, binread.Errorf(kids[1+i].off, "PS2 texture native chunk %d is %s, want %s", i+1, rw.TypeName(kids[1+i].h.Type), rw.TypeName(want))
		}
	}
	p.NameRaw, p.MaskRaw = kids[1].data, kids[2].data
	t.Name, t.Mask = cstr(p.NameRaw), cstr(p.MaskRaw)
	ras := kids[3]
	rk, err := subChunks(ras.data, ras.off+rw.HeaderSize)
	if err != nil {
		return nil, err
	}
	if len(rk) < 2 || rk[0].h.Type != rw.IDStruct || rk[1].h.Type != rw.IDStruct {
		return nil, binread.Errorf(ras.off+rw.HeaderSize, "PS2 raster struct does not hold the header and data structs")
	}
	if err := t.parsePS2Header(rk[0]); err != nil {
		return nil, err
	}
	data := rk[1]
	if err := t.parsePS2Data(data.data, data.off+rw.HeaderSize); err != nil {
		return nil, err
	}
	return kids[4:], nil
}

// parsePS2Header reads the 64-byte raster header: size, depth, format,
// stream version and the GS registers.
func (t *Texture) parsePS2Header(hd sub) error {
	p := t.PS2
	if len(hd.data) < 64 {
		return binread.Errorf(hd.off+rw.HeaderSize, "PS2 raster header has %d bytes, want 64", len(hd.data))
	}
	p.HeaderStamp = hd.h.Stamp
	c := binread.NewCursor(hd.data, hd.off+rw.HeaderSize)
	p.Width, p.Height, p.Depth = c.U32(), c.U32(), c.U32()
	p.RasterFormat = c.U16()
	p.StreamVersion = c.I16()
	p.TEX0 = c.U64()
	p.PaletteOffset, p.Tex1Low = c.U32(), c.U32()
	p.MIPTBP1, p.MIPTBP2 = c.U64(), c.U64()
	p.PixelSize, p.PaletteSize, p.TotalSize, p.MipmapVal = c.U32(), c.U32(), c.U32(), c.U32()
	t.Width, t.Height, t.Depth = int(p.Width), int(p.Height), int(p.Depth)
	t.RasterFormat = uint32(p.RasterFormat)
	if t.Width <= 0 || t.Height <= 0 || t.Width > 4096 || t.Height > 4096 {
		return binread.Errorf(hd.off+rw.HeaderSize, "PS2 raster size %d×%d is out of range", p.Width, p.Height)
	}
	switch t.Depth {
	case 4, 8, 16, 32:
	default:
		return binread.Unsupportedf(hd.off+rw.HeaderSize+8, "PS2 raster depth %d", t.Depth)
	}
	if t.Depth <= 8 && !t.Palettised() {
		return binread.Errorf(hd.off+rw.HeaderSize+12, "PS2 raster of depth %d has no palette flag (format 0x%X)", t.Depth, t.RasterFormat)
	}
	return nil
}

func (t *Texture) ps2LevelCount() int {
	if t.RasterFormat&FmtMipmap == 0 {
		return 1
	}
	return int(t.PS2.Tex1Low>>2&7) + 1
}

// transferMin returns librw's minimum transfer size for a level.
func transferMin(depth int, swizzled bool) (int, int) {
	switch depth {
	case 32:
		return 2, 1
	case 16:
		return 4, 1
	case 8:
		if swizzled {
			return 16, 4
		}
	case 4:
		if swizzled {
			return 32, 4
		}
	}
	return 8, 1
}

func align16(n int) int { return (n + 15) &^ 15 }

func (t *Texture) parsePS2Data(b []byte, base int64) error {
	p := t.PS2
	if int64(p.PixelSize) > int64(len(b)) {
		return binread.Errorf(base, "PS2 pixel size %d runs past the %d-byte data struct", p.PixelSize, len(b))
	}
	pix := b[:p.PixelSize]
	off, err := t.parsePS2Levels(pix, base)
	if err != nil {
		return err
	}
	if len(t.Levels) == 0 {
		return binread.Errorf(base, "PS2 raster has no image data")
	}
	p.PixTail = pix[off:]
	if t.Palettised() {
		return t.parsePS2Palette(b[p.PixelSize:], base+int64(p.PixelSize))
	}
	p.Tail = b[p.PixelSize:]
	return nil
}

// parsePS2Levels reads the mip levels of the pixel section pix (byte 0 at
// base) and returns the bytes they use.
func (t *Texture) parsePS2Levels(pix []byte, base int64) (int, error) {
	nlev := t.ps2LevelCount()
	w, h := t.Width, t.Height
	off := 0
	for lv := 0; lv < nlev && lv < maxLevels && off < len(pix); lv++ {
		L := Level{Width: max(w, 1), Height: max(h, 1)}
		var err error
		if t.PS2.StreamVersion >= 2 {
			off, err = t.ps2GIFLevel(&L, lv, pix, off, base)
		} else {
			var end bool
			if off, end, err = t.ps2RawLevel(&L, lv, pix, off, base); end {
				break
			}
		}
		if err != nil {
			return 0, err
		}
		if L.Swizzled && !ValidSwizzle(L.BufW, L.BufH) {
			return 0, binread.Errorf(L.Off, "level %d: swizzled buffer %d×%d is not a power-of-two width ≥ 16 with a height that is a multiple of 4", lv, L.BufW, L.BufH)
		}
		if L.BufW < L.Width || L.BufH < L.Height {
			return 0, binread.Errorf(L.Off, "level %d: transfer buffer %d×%d is smaller than the level %d×%d", lv, L.BufW, L.BufH, L.Width, L.Height)
		}
		t.Levels = append(t.Levels, L)
		w, h = w/2, h/2
		if w == 0 && h == 0 {
			break
		}
	}
	return off, nil
}

// ps2GIFLevel reads level lv at off in pix: its GIF packet, which gives the
// transfer buffer (or, when corrupt, the size RW would have written), then
// the data. It returns the offset after the level.
func (t *Texture) ps2GIFLevel(L *Level, lv int, pix []byte, off int, base int64) (int, error) {
	if off+GIFSize > len(pix) {
		return 0, binread.Errorf(base+int64(off), "level %d: GIF packet runs past the pixel section (%d bytes remain)", lv, len(pix)-off)
	}
	g := pix[off : off+GIFSize]
	L.GIF = g
	n, valid := t.gifBuffer(L, g)
	if !valid {
		// Corrupt tag: skip the packet and use the size RW would have written.
		t.diag(base+int64(off), "level %d: GIF packet does not look valid; using the computed level size", lv)
		L.Swizzled = t.Depth <= 8 && (t.Depth == 8 || t.Version() > 0x31000)
		mw, mh := transferMin(t.Depth, L.Swizzled)
		L.BufW, L.BufH = max(L.Width, mw), max(L.Height, mh)
		n = align16(L.BufW * L.BufH * t.Depth / 8)
	}
	off += GIFSize
	if n > len(pix)-off {
		return 0, binread.Errorf(base+int64(off), "level %d: %d bytes of image data run past the pixel section (%d bytes remain)", lv, n, len(pix)-off)
	}
	L.Data = pix[off : off+n]
	L.Off = base + int64(off)
	return off + n, nil
}

// gifBuffer reads a level's transfer buffer from its GIF packet g into L
// and returns the data bytes the packet sends, and whether the packet is
// usable.
func (t *Texture) gifBuffer(L *Level, g []byte) (int, bool) {
	rrw := int(binary.LittleEndian.Uint32(g[32:]) & 0xFFF)
	rrh := int(binary.LittleEndian.Uint32(g[36:]) & 0xFFF)
	nloop := int(binary.LittleEndian.Uint32(g[64:]) & 0x7FFF)
	n := nloop * 16
	if !validGIF(g) || rrw <= 0 || rrh <= 0 {
		return n, false
	}
	// Bits per transfer pixel (spec §2.5): 32 or 16 for swizzled 8- and
	// 4-bit data, the depth itself for linear data. NLOOP is rounded up to
	// 16 bytes, so a tiny linear level (8×2 at 4 bits: 8 bytes sent as 16)
	// looks like more bits per pixel; it is swizzled only if the swizzled
	// buffer fills the packet.
	bpx := (8*n + rrw*rrh/2) / (rrw * rrh)
	L.Swizzled = t.Depth <= 8 && bpx > t.Depth && 4*rrw*rrh*t.Depth/8 <= n
	if L.Swizzled {
		L.BufW, L.BufH = 2*rrw, 2*rrh
	} else {
		L.BufW, L.BufH = rrw, rrh
	}
	return n, L.BufW*L.BufH*t.Depth/8 <= n && (L.BufW >= L.Width || L.Swizzled)
}

// ps2RawLevel reads level lv at off in pix in the old layout without GIF
// packets, whose buffer size follows from the level size. It returns the
// offset after the level, or end when a mip level does not fit (the chain
// ends there, with a finding).
func (t *Texture) ps2RawLevel(L *Level, lv int, pix []byte, off int, base int64) (next int, end bool, err error) {
	L.Swizzled = t.PS2.StreamVersion == 1 && t.Depth == 8
	mw, mh := transferMin(t.Depth, L.Swizzled)
	L.BufW, L.BufH = max(L.Width, mw), max(L.Height, mh)
	n := align16(L.BufW * L.BufH * t.Depth / 8)
	if n > len(pix)-off {
		if lv == 0 {
			return 0, false, binread.Errorf(base+int64(off), "level 0: %d bytes of image data run past the pixel section (%d bytes remain)", n, len(pix)-off)
		}
		t.diag(base+int64(off), "level %d: %d bytes do not fit the %d that remain; mip chain ends", lv, n, len(pix)-off)
		return off, true, nil
	}
	L.Data = pix[off : off+n]
	L.Off = base + int64(off)
	return off + n, false, nil
}

// parsePS2Palette reads the palette section rest (byte 0 at pbase): a GIF
// packet in the new layout, then the CLUT.
func (t *Texture) parsePS2Palette(rest []byte, pbase int64) error {
	p := t.PS2
	if int64(p.PaletteSize) > int64(len(rest)) {
		return binread.Errorf(pbase, "PS2 palette size %d runs past the data struct (%d bytes remain)", p.PaletteSize, len(rest))
	}
	pal := rest[:p.PaletteSize]
	if p.StreamVersion >= 2 && len(pal) >= GIFSize {
		p.PalGIF = pal[:GIFSize]
		if !validGIF(p.PalGIF) {
			t.diag(pbase, "palette GIF packet does not look valid")
		}
		pal = pal[GIFSize:]
		pbase += GIFSize
	}
	p.PalData = pal
	p.PalOff = pbase
	if len(pal) < t.PaletteEntries()*t.ps2PalEntrySize() {
		return binread.Errorf(pbase, "PS2 palette has %d bytes, want %d entries of %d bytes", len(pal), t.PaletteEntries(), t.ps2PalEntrySize())
	}
	p.Tail = rest[p.PaletteSize:]
	return nil
}

// validGIF checks the fixed parts of a level's GIF packet.
func validGIF(g []byte) bool {
	le := binary.LittleEndian
	return le.Uint32(g[0:])&0x7FFF == 3 && le.Uint32(g[8:])&0xF == 0xE &&
		g[24] == 0x51 && g[40] == 0x52 && g[56] == 0x53 && le.Uint32(g[68:])>>26&3 == 2
}

// ps2PalEntrySize is 2 for 16-bit CLUTs (C1555), else 4.
func (t *Texture) ps2PalEntrySize() int {
	if t.PixelFormat() == Fmt1555 {
		return 2
	}
	return 4
}

// ps2Alpha converts PS2 alpha (0x80 = opaque) to 0..255, clamping.
func ps2Alpha(a byte) byte {
	if a >= 0x80 {
		return 255
	}
	return byte((int(a)*255 + 64) / 128)
}

// pcToPS2Alpha converts 0..255 alpha to PS2 alpha.
func pcToPS2Alpha(a byte) byte { return byte((int(a)*128 + 127) / 255) }

func expand5(v uint32) byte { return byte((v*255 + 15) / 31) }

// packNRGBA packs r, g, b, a into the little-endian word of an NRGBA pixel.
func packNRGBA(r, g, b, a byte) uint32 {
	return uint32(r) | uint32(g)<<8 | uint32(b)<<16 | uint32(a)<<24
}

// ps2Palette decodes the CLUT into packed NRGBA words in index order.
func (t *Texture) ps2Palette() []uint32 {
	n := t.PaletteEntries()
	raw := t.PS2.PalData
	out := make([]uint32, 256)
	es := t.ps2PalEntrySize()
	noAlpha := t.PixelFormat() == Fmt888
	for i := 0; i < n; i++ {
		src := i
		if n == 256 {
			src = csm1(i)
		}
		if (src+1)*es > len(raw) {
			continue
		}
		if es == 2 {
			v := uint32(binary.LittleEndian.Uint16(raw[src*2:]))
			a := byte(0)
			if v&0x8000 != 0 {
				a = 255
			}
			out[i] = packNRGBA(expand5(v&31), expand5(v>>5&31), expand5(v>>10&31), a)
		} else {
			e := raw[src*4:]
			a := ps2Alpha(e[3])
			if noAlpha {
				a = 255
			}
			out[i] = packNRGBA(e[0], e[1], e[2], a)
		}
	}
	return out
}
