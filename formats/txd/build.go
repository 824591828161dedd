package txd

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/draw"

	xdraw "golang.org/x/image/draw"

	"rummage/formats/rw"
)

// Stamps of common RW versions.
const (
	StampGTA3PS2 = 0x00000310 // 3.1.0.0
	StampVCPS2   = 0x0C02FFFF // 3.3.0.2
	StampVCPC    = 0x1003FFFF // 3.4.0.3
	StampXbox    = 0x1400FFFF // 3.5.0.0
	StampSA      = 0x1803FFFF // 3.6.0.3
)

// Options describe a texture to build from an image.
type Options struct {
	Name, Mask string
	// Format is the rasterFormat pixel and palette bits: Fmt8888, Fmt565,
	// FmtPal8|Fmt8888, ... For DXT set Compression and the pixel bits
	// (Fmt1555 or Fmt565 for DXT1, Fmt4444 or Fmt8888 for DXT3/5).
	Format      uint32
	Compression int
	Mipmaps     bool
	Stamp       uint32 // RW version stamp; StampSA when 0
	Filter      uint32 // filter/addressing word; 0x1102 (0x1106 with mips) when 0
	// Levels limits the mip chain (0: as many as the format allows).
	Levels int
	// Headerless writes a PS2 raster in the old layout without GIF packets
	// (GTA III), with StreamVersion 0 (nothing swizzled) or 1 (8-bit
	// indices swizzled). Levels too large for a GIF packet are always
	// written this way (stream version 1).
	Headerless    bool
	StreamVersion int16
	// Swizzle decides whether PS2 PAL4/PAL8 indices written with GIF
	// packets are swizzled: SwizzleAuto as RenderWare does for the version
	// (8-bit always, 4-bit after 3.1), SwizzleOff or SwizzleOn to keep what
	// a file had.
	Swizzle int
	// DepthPacked stores D3D PAL4 indices two per byte (depth 4) instead
	// of one per byte (depth 8, as RenderWare writes them).
	DepthPacked bool
}

func (o *Options) defaults() {
	if o.Stamp == 0 {
		o.Stamp = StampSA
	}
	if o.Filter == 0 {
		o.Filter = 0x1102
		if o.Mipmaps {
			o.Filter = 0x1106
		}
	}
}

// Values of Options.Swizzle.
const (
	SwizzleAuto = iota
	SwizzleOff
	SwizzleOn
)

// ToNRGBA converts any image to an NRGBA image at the origin.
func ToNRGBA(img image.Image) *image.NRGBA {
	if n, ok := img.(*image.NRGBA); ok && n.Rect.Min == (image.Point{}) {
		return n
	}
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	return out
}

// halve box-filters an image to half size (at least 1×1).
func halve(src *image.NRGBA) *image.NRGBA {
	w, h := src.Rect.Dx(), src.Rect.Dy()
	nw, nh := max(w/2, 1), max(h/2, 1)
	out := image.NewNRGBA(image.Rect(0, 0, nw, nh))
	for y := 0; y < nh; y++ {
		for x := 0; x < nw; x++ {
			var s [4]int
			n := 0
			for dy := 0; dy < 2; dy++ {
				for dx := 0; dx < 2; dx++ {
					sx, sy := min(2*x+dx, w-1), min(2*y+dy, h-1)
					p := src.Pix[sy*src.Stride+sx*4:]
					for c := 0; c < 4; c++ {
						s[c] += int(p[c])
					}
					n++
				}
			}
			o := out.Pix[y*out.Stride+x*4:]
			for c := 0; c < 4; c++ {
				o[c] = byte((s[c] + n/2) / n)
			}
		}
	}
	return out
}

// mipChain returns level 0 and its halvings while keep(w, h, n) says so.
func mipChain(img *image.NRGBA, keep func(w, h, n int) bool) []*image.NRGBA {
	out := []*image.NRGBA{img}
	for {
		last := out[len(out)-1]
		w, h := last.Rect.Dx()/2, last.Rect.Dy()/2
		if w == 0 && h == 0 || !keep(w, h, len(out)) {
			return out
		}
		out = append(out, halve(last))
	}
}

// NewPS2 builds a PS2 texture native from an image. Supported formats:
// FmtPal4|Fmt8888, FmtPal8|Fmt8888, FmtPal4|Fmt1555, FmtPal8|Fmt1555,
// Fmt8888, Fmt888 and Fmt1555. Sizes must be powers of two up to 1024.
// With Mipmaps the GS layout comes from the experimental allocator.
func NewPS2(img image.Image, o Options) (*Texture, error) {
	o.defaults()
	src := ToNRGBA(img)
	w, h := src.Rect.Dx(), src.Rect.Dy()
	if !pow2(w) || !pow2(h) || w > 1024 || h > 1024 {
		return nil, fmt.Errorf("PS2 texture %q: size %d×%d must be powers of two up to 1024", o.Name, w, h)
	}
	pal := o.Format & (FmtPal4 | FmtPal8)
	pix := o.Format & FmtPixelMask
	depth := 32
	switch {
	case pal == FmtPal8:
		depth = 8
	case pal == FmtPal4:
		depth = 4
	case pix == Fmt1555:
		depth = 16
	case pix == Fmt8888 || pix == Fmt888:
	default:
		return nil, fmt.Errorf("PS2 texture %q: format 0x%X is not supported by the writer", o.Name, o.Format)
	}
	if pal != 0 && pix != Fmt8888 && pix != Fmt1555 {
		return nil, fmt.Errorf("PS2 texture %q: palette entries must be 8888 or 1555, not 0x%X", o.Name, pix)
	}
	version := rw.Header{Stamp: o.Stamp}.Version()
	levels := []*image.NRGBA{src}
	if o.Mipmaps {
		levels = mipChain(src, func(w, h, n int) bool { return n < 7 && w >= 8 && h >= 8 && (o.Levels == 0 || n < o.Levels) })
	}
	t := &Texture{Platform: PlatformPS2, FilterWord: o.Filter, Name: o.Name, Mask: o.Mask, Depth: depth,
		Width: w, Height: h, Stamp: o.Stamp, Off: -1, HasExt: true, HasSky: true, SkyMipmap: 0xFC0}
	t.RasterFormat = o.Format | RasterTex
	if len(levels) > 1 {
		t.RasterFormat |= FmtMipmap | FmtAutoMip
	}
	t.Ext = rw.Chunk(rw.IDSkyMipmapVal, o.Stamp, binary.LittleEndian.AppendUint32(nil, 0xFC0))
	p := &PS2Info{Width: uint32(w), Height: uint32(h), Depth: uint32(depth), RasterFormat: uint16(t.RasterFormat),
		MipmapVal: 0xFC0, HeaderStamp: o.Stamp, Experimental: len(levels) > 1}
	t.PS2 = p
	newStyle := w*h*depth/8/16 < 0x7FFF && !o.Headerless
	swz := depth == 8 || depth == 4 && version > 0x31000
	switch o.Swizzle {
	case SwizzleOff:
		swz = false
	case SwizzleOn:
		swz = depth <= 8
	}
	sver := int16(2)
	if !newStyle {
		sver = 0
		if depth == 8 && (!o.Headerless || o.StreamVersion == 1) {
			sver = 1
		}
		swz = sver == 1 && depth == 8
	}
	var psm, cpsm int
	palW, palH, palDepth := 0, 0, 0
	switch depth {
	case 8:
		psm, palW, palH = PSMT8, 16, 16
	case 4:
		psm, palW, palH = PSMT4, 8, 2
	case 16:
		psm = PSMCT16S
	case 32:
		psm = PSMCT32
		if pix == Fmt888 {
			psm = PSMCT24
		}
	}
	if pal != 0 {
		palDepth = 4
		if pix == Fmt1555 {
			palDepth, cpsm = 2, PSMCT16S
		}
	}
	lay := gsLayoutFor(w, h, depth, psm, cpsm, pix != Fmt888 || pal != 0, len(levels), palW, palH)
	p.TEX0, p.MIPTBP1, p.MIPTBP2, p.Tex1Low = lay.tex0, lay.miptbp1, lay.miptbp2, lay.tex1low
	p.TotalSize, p.PaletteOffset = lay.totalSize, lay.paletteOffset
	if len(levels) > 1 {
		levels = levels[:int(lay.tex1low>>2)+1]
	}

	var indices [][]byte
	var colors []color.NRGBA
	if pal != 0 {
		colors, indices = quantize(levels, 1<<depth)
	}
	for li, img := range levels {
		lw, lh := img.Rect.Dx(), img.Rect.Dy()
		mw, mh := transferMin(depth, swz)
		bw, bh := max(lw, mw), max(lh, mh)
		L := Level{Width: lw, Height: lh, BufW: bw, BufH: bh, Swizzled: swz && depth <= 8, Off: -1}
		n := align16(bw * bh * depth / 8)
		data := make([]byte, n)
		switch depth {
		case 8, 4:
			lin := make([]byte, bw*bh)
			for y := 0; y < lh; y++ {
				copy(lin[y*bw:], indices[li][y*lw:(y+1)*lw])
			}
			switch {
			case depth == 8 && L.Swizzled:
				Swizzle8(data, lin, bw, bh)
			case depth == 8:
				copy(data, lin)
			case L.Swizzled:
				Swizzle4(data, lin, bw, bh)
			default:
				for i, v := range lin {
					data[i>>1] |= (v & 0xF) << (uint(i&1) * 4)
				}
			}
		case 32:
			for y := 0; y < lh; y++ {
				for x := 0; x < lw; x++ {
					s := img.Pix[y*img.Stride+x*4:]
					d := data[(y*bw+x)*4:]
					d[0], d[1], d[2], d[3] = s[0], s[1], s[2], pcToPS2Alpha(s[3])
					if pix == Fmt888 {
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
		if newStyle {
			rrw, rrh := bw, bh
			trx := lay.trxpos[li]
			if L.Swizzled {
				rrw, rrh = bw/2, bh/2
				trx = (trx &^ 0x10001) / 2
			}
			L.GIF = gifPacket(uint64(trx)<<32, rrw, rrh, n)
		}
		t.Levels = append(t.Levels, L)
	}
	if pal != 0 {
		if palH == 2 && version > 0x31000 && newStyle {
			palH = 3
		}
		cl := make([]byte, palW*palH*palDepth)
		for i, c := range colors {
			dst := i
			if depth == 8 {
				dst = csm1(i)
			}
			if palDepth == 4 {
				e := cl[dst*4:]
				e[0], e[1], e[2], e[3] = c.R, c.G, c.B, pcToPS2Alpha(c.A)
			} else {
				binary.LittleEndian.PutUint16(cl[dst*2:], to1555(c.R, c.G, c.B, c.A))
			}
		}
		p.PalData = cl
		if newStyle {
			p.PalGIF = gifPacket(uint64(lay.palTrxpos)<<32, palW, palH, len(cl))
		}
	}
	var ps int
	for _, L := range t.Levels {
		ps += len(L.GIF) + len(L.Data)
	}
	p.PixelSize = uint32(ps)
	p.PaletteSize = uint32(len(p.PalGIF) + len(p.PalData))
	p.StreamVersion = sver
	return t, nil
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

// d3d9Format returns the D3DFORMAT for a pixel format.
func d3d9Format(pix uint32, pal bool, comp int) uint32 {
	switch {
	case comp == CompDXT1:
		return FourCCDXT1
	case comp == CompDXT3:
		return FourCCDXT3
	case comp == CompDXT5:
		return FourCCDXT5
	case pal:
		return 41
	}
	switch pix {
	case Fmt8888:
		return 21
	case Fmt888:
		return 22
	case Fmt565:
		return 23
	case Fmt555:
		return 24
	case Fmt1555:
		return 25
	case Fmt4444:
		return 26
	case FmtLUM8:
		return 50
	}
	return 0
}

func hasAlpha(img *image.NRGBA) bool {
	for i := 3; i < len(img.Pix); i += 4 {
		if img.Pix[i] != 255 {
			return true
		}
	}
	return false
}

// NewD3D builds a D3D8, D3D9 or Xbox texture native from an image.
func NewD3D(platform uint32, img image.Image, o Options) (*Texture, error) {
	o.defaults()
	src := ToNRGBA(img)
	w, h := src.Rect.Dx(), src.Rect.Dy()
	if w < 1 || h < 1 || w > 4096 || h > 4096 {
		return nil, fmt.Errorf("texture %q: size %d×%d is out of range", o.Name, w, h)
	}
	if platform == PlatformXbox && (!pow2(w) || !pow2(h)) {
		return nil, fmt.Errorf("xbox texture %q: size %d×%d must be powers of two", o.Name, w, h)
	}
	if len(o.Name) > 31 || len(o.Mask) > 31 {
		return nil, fmt.Errorf("texture %q: names are limited to 31 bytes", o.Name)
	}
	pal := o.Format & (FmtPal4 | FmtPal8)
	pix := o.Format & FmtPixelMask
	t := &Texture{Platform: platform, FilterWord: o.Filter, Name: o.Name, Mask: o.Mask, Width: w, Height: h,
		Stamp: o.Stamp, Off: -1, HasExt: true, Compression: o.Compression}
	levels := []*image.NRGBA{src}
	if o.Mipmaps {
		levels = mipChain(src, func(w, h, n int) bool { return o.Levels == 0 || n < o.Levels })
	}
	t.RasterFormat = o.Format
	if len(levels) > 1 {
		t.RasterFormat |= FmtMipmap
	}
	alpha := hasAlpha(src)
	d := &D3DInfo{RasterType: RasterTex, LevelCount: len(levels)}
	t.D3D = d
	switch {
	case o.Compression != 0:
		if o.Compression != CompDXT1 && o.Compression != CompDXT3 && o.Compression != CompDXT5 {
			return nil, fmt.Errorf("texture %q: compression DXT%d is not supported", o.Name, o.Compression)
		}
		t.Depth = 16
		if pix == 0 {
			t.RasterFormat |= Fmt565
			if o.Compression == CompDXT1 && alpha {
				t.RasterFormat = t.RasterFormat&^FmtPixelMask | Fmt1555
			} else if o.Compression != CompDXT1 {
				t.RasterFormat = t.RasterFormat&^FmtPixelMask | Fmt4444
			}
		}
	case pal != 0:
		t.Depth = 8
		if pal == FmtPal4 && o.DepthPacked && platform != PlatformXbox {
			t.Depth = 4
		}
		if pix != Fmt8888 && pix != Fmt888 {
			return nil, fmt.Errorf("texture %q: palette entries must be 8888 or 888", o.Name)
		}
	default:
		if !knownPixel(pix) {
			return nil, fmt.Errorf("texture %q: pixel format 0x%X is not supported", o.Name, pix)
		}
		t.Depth = t.bitsPerPixel()
	}
	switch platform {
	case PlatformD3D8:
		if alpha {
			d.Alpha = 1
		}
		d.Flags = byte(o.Compression)
	case PlatformD3D9:
		d.Alpha = d3d9Format(t.PixelFormat(), pal != 0, o.Compression)
		if alpha {
			d.Flags |= 1
		}
		if o.Compression != 0 {
			d.Flags |= 8
		}
	case PlatformXbox:
		if alpha {
			d.Alpha = 1
		}
		d.Flags = [...]byte{0, XboxDXT1, 0, XboxDXT3, 0, XboxDXT5}[o.Compression]
	default:
		return nil, fmt.Errorf("texture %q: platform 0x%X is not a D3D platform", o.Name, platform)
	}
	var indices [][]byte
	if pal != 0 {
		n := 256
		if pal == FmtPal4 {
			n = 16
		}
		colors, idx := quantize(levels, n)
		indices = idx
		entries := t.PaletteEntries()
		d.PalRaw = make([]byte, entries*4)
		for i, c := range colors {
			e := d.PalRaw[i*4:]
			e[0], e[1], e[2], e[3] = c.R, c.G, c.B, c.A
			if pix == Fmt888 {
				e[3] = 255
			}
			if platform == PlatformXbox {
				e[0], e[2] = e[2], e[0]
			}
		}
	}
	bpp := t.bitsPerPixel()
	var total int
	for li, img := range levels {
		lw, lh := img.Rect.Dx(), img.Rect.Dy()
		L := Level{Width: lw, Height: lh, Off: -1}
		if o.Compression != 0 {
			L.Data = encodeDXT(img, o.Compression)
		} else {
			pitch := ((lw*bpp+7)/8 + 3) &^ 3
			if platform == PlatformXbox {
				pitch = (lw*bpp + 7) / 8
			}
			data := make([]byte, pitch*lh)
			for y := 0; y < lh; y++ {
				row := data[y*pitch:]
				for x := 0; x < lw; x++ {
					s := img.Pix[y*img.Stride+x*4:]
					if pal != 0 {
						if bpp == 4 {
							row[x>>1] |= indices[li][y*lw+x] << (uint(x&1) * 4)
						} else {
							row[x] = indices[li][y*lw+x]
						}
						continue
					}
					encodePixel(row, x, t.PixelFormat(), bpp, s)
				}
			}
			if platform == PlatformXbox {
				sw := make([]byte, len(data))
				if err := morton(sw, data, lw, lh, bpp/8); err != nil {
					return nil, err
				}
				data = sw
				L.Swizzled = true
			}
			L.Data = data
		}
		total += len(L.Data)
		t.Levels = append(t.Levels, L)
	}
	if platform == PlatformXbox {
		d.TotalSize = uint32((total + 3) &^ 3)
	}
	return t, nil
}

func encodePixel(row []byte, x int, pf uint32, bpp int, s []byte) {
	r, g, b, a := s[0], s[1], s[2], s[3]
	le := binary.LittleEndian
	switch pf {
	case Fmt8888:
		copy(row[x*4:], []byte{b, g, r, a})
	case Fmt888:
		if bpp == 24 {
			copy(row[x*3:], []byte{b, g, r})
		} else {
			copy(row[x*4:], []byte{b, g, r, 255})
		}
	case FmtLUM8:
		row[x] = byte((int(r)*299 + int(g)*587 + int(b)*114 + 500) / 1000)
	case Fmt565:
		le.PutUint16(row[x*2:], uint16(to5(r))<<11|uint16((int(g)*63+127)/255)<<5|uint16(to5(b)))
	case Fmt555:
		le.PutUint16(row[x*2:], uint16(to5(r))<<10|uint16(to5(g))<<5|uint16(to5(b)))
	case Fmt1555:
		v := uint16(to5(r))<<10 | uint16(to5(g))<<5 | uint16(to5(b))
		if a >= 128 {
			v |= 0x8000
		}
		le.PutUint16(row[x*2:], v)
	case Fmt4444:
		q := func(c byte) uint16 { return uint16((int(c)*15 + 127) / 255) }
		le.PutUint16(row[x*2:], q(a)<<12|q(r)<<8|q(g)<<4|q(b))
	}
}

// Replace builds a texture from img that keeps t's platform, size, format,
// mip count, names, filter, RW version and (for PS2) stream layout and
// mipmap K/L value. The image is scaled to t's size when it differs;
// palettised targets are quantised to the palette size, DXT is encoded
// again, PS2 indices are swizzled again with the GS headers rebuilt (marked
// experimental when there are mipmaps).
func Replace(t *Texture, img image.Image) (*Texture, error) {
	if t.Depth == 24 {
		return nil, fmt.Errorf("texture %q: replacing 24-bit textures is not supported", t.Name)
	}
	src := ToNRGBA(img)
	if src.Rect.Dx() != t.Width || src.Rect.Dy() != t.Height {
		dst := image.NewNRGBA(image.Rect(0, 0, t.Width, t.Height))
		xdraw.CatmullRom.Scale(dst, dst.Rect, src, src.Rect, xdraw.Src, nil)
		src = dst
	}
	o := Options{Name: t.Name, Mask: t.Mask, Format: t.RasterFormat & (FmtPixelMask | FmtPal4 | FmtPal8),
		Compression: t.Compression, Mipmaps: len(t.Levels) > 1, Levels: len(t.Levels), Stamp: t.Stamp, Filter: t.FilterWord}
	if o.Compression == CompDXT1 && !t.dxt1Alpha() {
		// Opaque DXT1 (C565): transparent pixels would decode as black.
		src = opaque(src)
	}
	var nt *Texture
	var err error
	switch t.Platform {
	case PlatformPS2:
		p := t.PS2
		if p == nil {
			return nil, fmt.Errorf("texture %q has no PS2 header", t.Name)
		}
		if p.HeaderStamp != 0 {
			o.Stamp = p.HeaderStamp
		}
		if o.Format&FmtPixelMask == 0 {
			o.Format |= t.effectivePixel()
		}
		if p.StreamVersion < 2 {
			o.Headerless, o.StreamVersion = true, p.StreamVersion
		} else if t.Depth <= 8 && len(t.Levels) > 0 {
			o.Swizzle = SwizzleOff
			if t.Levels[0].Swizzled {
				o.Swizzle = SwizzleOn
			}
		}
		nt, err = NewPS2(src, o)
		if err != nil {
			return nil, err
		}
		nt.Stamp = t.Stamp
		np := nt.PS2
		np.MipmapVal = p.MipmapVal
		np.NameRaw, np.MaskRaw = p.NameRaw, p.MaskRaw
		auto := uint32(p.RasterFormat) & FmtAutoMip
		nt.RasterFormat |= auto
		np.RasterFormat |= uint16(auto)
	case PlatformD3D8, PlatformD3D9, PlatformXbox:
		if t.Compression == 0 && !t.Palettised() {
			o.Format = o.Format&^FmtPixelMask | t.effectivePixel()
		}
		o.DepthPacked = t.Palettised() && t.Depth == 4
		nt, err = NewD3D(t.Platform, src, o)
		if err != nil {
			return nil, err
		}
		nt.RasterFormat |= t.RasterFormat & FmtAutoMip
		if d := t.D3D; d != nil {
			nt.D3D.RasterType = d.RasterType
			switch t.Platform {
			case PlatformD3D9:
				nt.D3D.Alpha = d.Alpha      // the D3DFORMAT as stored (DXT2/DXT4 FourCCs, X8R8G8B8 vs R8G8B8, ...)
				nt.D3D.Flags |= d.Flags & 6 // cube texture, auto mipmap
			case PlatformD3D8:
				nt.D3D.Flags = d.Flags // the compression byte as stored (2 and 4: premultiplied DXT2/DXT4)
			}
		}
	default:
		return nil, fmt.Errorf("texture %q: platform 0x%X cannot be written", t.Name, t.Platform)
	}
	nt.FilterWord = t.FilterWord
	if t.HasExt {
		nt.HasExt, nt.Ext = true, t.Ext
		nt.HasSky, nt.SkyMipmap = t.HasSky, t.SkyMipmap
	}
	return nt, nil
}

// opaque returns a copy of img with every alpha set to 255.
func opaque(img *image.NRGBA) *image.NRGBA {
	out := image.NewNRGBA(img.Rect)
	copy(out.Pix, img.Pix)
	for i := 3; i < len(out.Pix); i += 4 {
		out.Pix[i] = 255
	}
	return out
}

// Rename returns a copy of t with a new name (and mask).
func Rename(t *Texture, name, mask string) (*Texture, error) {
	if t.Platform != PlatformPS2 && (len(name) > 31 || len(mask) > 31) {
		return nil, fmt.Errorf("texture names are limited to 31 bytes on %s", t.PlatformName())
	}
	c := t.Clone()
	c.Name, c.Mask = name, mask
	if c.PS2 != nil {
		c.PS2.NameRaw, c.PS2.MaskRaw = nil, nil
	}
	return c, nil
}

// WithFilter returns a copy of t with new filter and addressing modes.
func WithFilter(t *Texture, filter, u, v uint32) *Texture {
	c := t.Clone()
	c.SetFilter(filter, u, v)
	return c
}
