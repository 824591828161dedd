package txd

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"rummage/formats/rw"
)

// ps2Build holds what NewPS2 decides from the options before it encodes
// the levels: the depth, the stream layout and the GS formats and layout.
type ps2Build struct {
	o        Options
	pal, pix uint32 // palette and pixel bits of o.Format
	depth    int
	version  uint32 // RW library version
	newStyle bool   // levels carry GIF packets
	swz      bool   // indices are swizzled
	sver     int16  // stream version
	psm      int    // GS pixel storage format
	cpsm     int    // GS CLUT storage format
	palW     int    // CLUT width in entries (0: no palette)
	palH     int
	palDepth int // bytes per CLUT entry
	lay      gsLayout
}

// NewPS2 builds a PS2 texture native from an image. Supported formats:
// FmtPal4|Fmt8888, FmtPal8|Fmt8888, FmtPal4|Fmt1555, FmtPal8|Fmt1555,
// Fmt8888, Fmt888 and Fmt1555. Sizes must be powers of two up to 1024.
// With Mipmaps the GS layout comes from the mipmap allocator (gs.go), marked
// Experimental for the shapes no real file confirms.
func NewPS2(img image.Image, o Options) (*Texture, error) {
	o.defaults()
	src := ToNRGBA(img)
	w, h := src.Rect.Dx(), src.Rect.Dy()
	if !pow2(w) || !pow2(h) || w > MaxSide(PlatformPS2) || h > MaxSide(PlatformPS2) {
		return nil, fmt.Errorf("PS2 texture %q: size %d×%d must be powers of two up to %d", o.Name, w, h, MaxSide(PlatformPS2))
	}
	b := &ps2Build{o: o, pal: o.Format & (FmtPal4 | FmtPal8), pix: o.Format & FmtPixelMask, version: rw.Header{Stamp: o.Stamp}.Version()}
	if err := b.chooseDepth(); err != nil {
		return nil, err
	}
	levels := []*image.NRGBA{src}
	if o.Mipmaps {
		levels = o.chain(src, func(w, h, n int) bool { return n < 7 && w >= 8 && h >= 8 && (o.Levels == 0 || n < o.Levels) })
	}
	t := b.texture(w, h, len(levels) > 1)
	b.streamLayout(w, h)
	b.gsFormats()
	p := t.PS2
	b.lay = gsLayoutFor(w, h, b.depth, b.psm, b.cpsm, b.pix != Fmt888 || b.pal != 0, len(levels), b.palW, b.palH)
	p.TEX0, p.MIPTBP1, p.MIPTBP2, p.Tex1Low = b.lay.tex0, b.lay.miptbp1, b.lay.miptbp2, b.lay.tex1low
	p.TotalSize, p.PaletteOffset = b.lay.totalSize, b.lay.paletteOffset
	p.Experimental = len(levels) > 1 && b.lay.unchecked
	if len(levels) > 1 {
		levels = levels[:int(b.lay.tex1low>>2)+1]
	}
	var indices [][]byte
	var colors []color.NRGBA
	if b.pal != 0 {
		colors, indices = quantize(levels, 1<<b.depth)
	}
	for li, img := range levels {
		var idx []byte
		if indices != nil {
			idx = indices[li]
		}
		t.Levels = append(t.Levels, b.level(li, img, idx))
	}
	if b.pal != 0 {
		b.palette(p, colors)
	}
	var ps int
	for _, L := range t.Levels {
		ps += len(L.GIF) + len(L.Data)
	}
	p.PixelSize = uint32(ps)
	p.PaletteSize = uint32(len(p.PalGIF) + len(p.PalData))
	p.StreamVersion = b.sver
	return t, nil
}

// chooseDepth sets the bits per texel of the format, or says why the
// writer does not support it.
func (b *ps2Build) chooseDepth() error {
	b.depth = 32
	switch {
	case b.pal == FmtPal4|FmtPal8:
		return fmt.Errorf("PS2 texture %q: format 0x%X sets both palette bits (PAL4 and PAL8)", b.o.Name, b.o.Format)
	case b.pal == FmtPal8:
		b.depth = 8
	case b.pal == FmtPal4:
		b.depth = 4
	case b.pix == Fmt1555:
		b.depth = 16
	case b.pix == Fmt8888 || b.pix == Fmt888:
	default:
		return fmt.Errorf("PS2 texture %q: format 0x%X is not supported by the writer", b.o.Name, b.o.Format)
	}
	if b.pal != 0 && b.pix != Fmt8888 && b.pix != Fmt1555 {
		return fmt.Errorf("PS2 texture %q: palette entries must be 8888 or 1555, not 0x%X", b.o.Name, b.pix)
	}
	return nil
}

// texture makes the texture and its PS2 raster header, without levels.
func (b *ps2Build) texture(w, h int, mips bool) *Texture {
	o := b.o
	t := &Texture{Platform: PlatformPS2, FilterWord: o.Filter, Name: o.Name, Mask: o.Mask, Depth: b.depth,
		Width: w, Height: h, Stamp: o.Stamp, Off: -1, HasExt: true, HasSky: true, SkyMipmap: 0xFC0}
	t.RasterFormat = o.Format | RasterTex
	if mips {
		t.RasterFormat |= FmtMipmap | FmtAutoMip
	}
	t.Ext = rw.Chunk(rw.IDSkyMipmapVal, o.Stamp, binary.LittleEndian.AppendUint32(nil, 0xFC0))
	t.PS2 = &PS2Info{Width: uint32(w), Height: uint32(h), Depth: uint32(b.depth), RasterFormat: uint16(t.RasterFormat),
		MipmapVal: 0xFC0, HeaderStamp: o.Stamp}
	return t
}

// streamLayout decides between levels with GIF packets (stream version 2)
// and the old headerless layout (0, or 1 with swizzled 8-bit indices), and
// whether indices are swizzled.
func (b *ps2Build) streamLayout(w, h int) {
	o, depth := b.o, b.depth
	b.newStyle = w*h*depth/8/16 < 0x7FFF && !o.Headerless
	b.swz = depth == 8 || depth == 4 && b.version > 0x31000
	switch o.Swizzle {
	case SwizzleOff:
		b.swz = false
	case SwizzleOn:
		b.swz = depth <= 8
	}
	b.sver = 2
	if !b.newStyle {
		b.sver = 0
		if depth == 8 && (!o.Headerless || o.StreamVersion == 1) {
			b.sver = 1
		}
		b.swz = b.sver == 1 && depth == 8
	}
}

// gsFormats picks the GS storage formats of the texels and the CLUT and
// the CLUT's size.
func (b *ps2Build) gsFormats() {
	switch b.depth {
	case 8:
		b.psm, b.palW, b.palH = PSMT8, 16, 16
	case 4:
		b.psm, b.palW, b.palH = PSMT4, 8, 2
	case 16:
		b.psm = PSMCT16S
	case 32:
		b.psm = PSMCT32
		if b.pix == Fmt888 {
			b.psm = PSMCT24
		}
	}
	if b.pal != 0 {
		b.palDepth = 4
		if b.pix == Fmt1555 {
			b.palDepth, b.cpsm = 2, PSMCT16S
		}
	}
}

// level encodes mip level li (palette indices idx for palettised formats)
// into a GS transfer buffer, with its GIF packet in the new layout.
func (b *ps2Build) level(li int, img *image.NRGBA, idx []byte) Level {
	depth := b.depth
	lw, lh := img.Rect.Dx(), img.Rect.Dy()
	mw, mh := transferMin(depth, b.swz)
	bw, bh := max(lw, mw), max(lh, mh)
	L := Level{Width: lw, Height: lh, BufW: bw, BufH: bh, Swizzled: b.swz && depth <= 8, Off: -1}
	n := align16(bw * bh * depth / 8)
	data := make([]byte, n)
	switch depth {
	case 8, 4:
		packIndices(data, idx, lw, lh, bw, bh, depth, L.Swizzled)
	case 32:
		for y := 0; y < lh; y++ {
			for x := 0; x < lw; x++ {
				s := img.Pix[y*img.Stride+x*4:]
				d := data[(y*bw+x)*4:]
				d[0], d[1], d[2], d[3] = s[0], s[1], s[2], pcToPS2Alpha(s[3])
				if b.pix == Fmt888 {
					d[3] = 0x80
				}
			}
		}
	case 16:
		for y := 0; y < lh; y++ {
			for x := 0; x < lw; x++ {
				s := img.Pix[y*img.Stride+x*4:]
				binary.LittleEndian.PutUint16(data[(y*bw+x)*2:], to1555(s[0], s[1], s[2], s[3]))
			}
		}
	}
	L.Data = data
	if b.newStyle {
		rrw, rrh := bw, bh
		trx := b.lay.trxpos[li]
		if L.Swizzled {
			rrw, rrh = bw/2, bh/2
			trx = (trx &^ 0x10001) / 2
		}
		L.GIF = gifPacket(uint64(trx)<<32, rrw, rrh, n)
	}
	return L
}

// packIndices writes a level's lw×lh palette indices into the bw×bh
// buffer data: one byte each (depth 8) or two per byte (depth 4), swizzled
// or linear.
func packIndices(data, idx []byte, lw, lh, bw, bh, depth int, swizzled bool) {
	lin := make([]byte, bw*bh)
	for y := 0; y < lh; y++ {
		copy(lin[y*bw:], idx[y*lw:(y+1)*lw])
	}
	switch {
	case depth == 8 && swizzled:
		Swizzle8(data, lin, bw, bh)
	case depth == 8:
		copy(data, lin)
	case swizzled:
		Swizzle4(data, lin, bw, bh)
	default:
		for i, v := range lin {
			data[i>>1] |= (v & 0xF) << (uint(i&1) * 4)
		}
	}
}

// palette writes the CLUT (CSM1 order for 8-bit indices) and, in the new
// layout, its GIF packet.
func (b *ps2Build) palette(p *PS2Info, colors []color.NRGBA) {
	palH := b.palH
	if palH == 2 && b.version > 0x31000 && b.newStyle {
		palH = 3
	}
	cl := make([]byte, b.palW*palH*b.palDepth)
	for i, c := range colors {
		dst := i
		if b.depth == 8 {
			dst = csm1(i)
		}
		if b.palDepth == 4 {
			e := cl[dst*4:]
			e[0], e[1], e[2], e[3] = c.R, c.G, c.B, pcToPS2Alpha(c.A)
		} else {
			binary.LittleEndian.PutUint16(cl[dst*2:], to1555(c.R, c.G, c.B, c.A))
		}
	}
	p.PalData = cl
	if b.newStyle {
		p.PalGIF = gifPacket(uint64(b.lay.palTrxpos)<<32, b.palW, palH, len(cl))
	}
}

func to1555(r, g, b, a byte) uint16 {
	v := uint16(to5(r)) | uint16(to5(g))<<5 | uint16(to5(b))<<10
	if a >= 128 {
		v |= 0x8000
	}
	return v
}

func to5(c byte) byte { return byte((int(c)*31 + 127) / 255) }

// gifPacket builds the 80-byte GIF packet before a level or the CLUT.
func gifPacket(trxpos uint64, rrw, rrh, n int) []byte {
	g := make([]byte, GIFSize)
	le := binary.LittleEndian
	le.PutUint32(g[0:], 3)
	le.PutUint32(g[4:], 0x10000000)
	le.PutUint32(g[8:], 0xE)
	le.PutUint64(g[16:], trxpos)
	g[24] = 0x51
	le.PutUint32(g[32:], uint32(rrw))
	le.PutUint32(g[36:], uint32(rrh))
	g[40] = 0x52
	g[56] = 0x53
	le.PutUint32(g[64:], uint32(n/16)&0x7FFF)
	le.PutUint32(g[68:], 0x08000000)
	return g
}
