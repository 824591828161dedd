package txd

import (
	"fmt"

	"rummage/formats/pixfmt"
)

// rwD3DFormats are the D3DFORMAT codes of the RenderWare raster pixel
// formats, as the D3D9 driver maps them (_rwRasterConvTable).
var rwD3DFormats = map[uint32]uint32{
	Fmt1555: 25, Fmt565: 23, Fmt4444: 26, FmtLUM8: 50, Fmt8888: 21, Fmt888: 22, Fmt555: 24,
}

// layout returns the pixel layout of an uncompressed, unpalettised D3D or
// Xbox raster: its D3D9 D3DFORMAT's when that is a colour format pixfmt
// knows (the format wins over the raster format bits, as in the driver),
// else its raster format's. 888 is 24 or 32 bits as the depth says.
func (t *Texture) layout() (pixfmt.Layout, bool) {
	code, ok := uint32(0), false
	if t.Platform == PlatformD3D9 && t.D3D != nil {
		if _, ok = pixfmt.D3D(t.D3D.Alpha); ok {
			code = t.D3D.Alpha
		}
	}
	if !ok {
		if code, ok = rwD3DFormats[t.PixelFormat()]; !ok {
			return pixfmt.Layout{}, false
		}
	}
	if code == 20 || code == 22 { // R8G8B8, X8R8G8B8
		code = 22
		if t.Depth == 24 {
			code = 20
		}
	}
	return pixfmt.D3D(code)
}

// d3dOnlyLayout returns the layout of a D3D9 raster stored in a D3DFORMAT
// that no RenderWare raster format stands for (A8L8, A4L4, A8, ...).
func (t *Texture) d3dOnlyLayout() (pixfmt.Layout, bool) {
	if t.Platform != PlatformD3D9 || t.D3D == nil || t.Compression != 0 || t.Palettised() {
		return pixfmt.Layout{}, false
	}
	l, ok := pixfmt.D3D(t.D3D.Alpha)
	if !ok || t.D3D.Alpha == 20 {
		return pixfmt.Layout{}, false
	}
	for _, code := range rwD3DFormats {
		if code == t.D3D.Alpha {
			return pixfmt.Layout{}, false
		}
	}
	return l, true
}

// alphaField returns what the native's own alpha field says and where it
// is (relative to the struct): the D3D9 raster flags' HAS_ALPHA bit (byte
// 87), the D3D8 hasAlpha word or the Xbox hasAlpha half-word (76).
func (t *Texture) alphaField() (alpha bool, at int64, name string) {
	switch {
	case t.D3D == nil:
		return false, -1, ""
	case t.Platform == PlatformD3D9:
		return t.D3D.Flags&1 != 0, 87, "the D3D9 HAS_ALPHA flag"
	case t.Platform == PlatformXbox:
		return t.D3D.Alpha&0xFFFF != 0, 76, "hasAlpha"
	}
	return t.D3D.Alpha != 0, 76, "hasAlpha"
}

// dxt1Alpha reports whether DXT1 keeps the transparent texels of its
// three-colour blocks, as the game draws them: when the native's alpha
// field says alpha (the driver enables blending for such rasters) or the
// raster format is 1555. Only when neither does is it made opaque (the
// fourth colour decodes as black).
func (t *Texture) dxt1Alpha() bool {
	a, _, _ := t.alphaField()
	return a || t.PixelFormat() == Fmt1555
}

// checkDXT1Alpha notes a DXT1 native whose alpha field and raster format
// disagree (1555 with no alpha flag, 565 with one), saying which reading
// wins; base is the struct's absolute offset.
func (t *Texture) checkDXT1Alpha(base int64) {
	if t.Compression != CompDXT1 {
		return
	}
	a, at, name := t.alphaField()
	p := t.PixelFormat()
	if name == "" || a && p != Fmt565 || !a && p != Fmt1555 {
		return
	}
	say := map[bool]string{true: "is set", false: "is clear"}[a]
	t.diag(base+at, "%s: %s %s but the raster format is %s; the transparent texels of three-colour blocks are kept, as the game draws them",
		t.FormatName(), name, say, pixelName(p))
}

// replaceable says why Replace cannot store a new image in t's format,
// nil when it can.
func (t *Texture) replaceable() error {
	if l, ok := t.d3dOnlyLayout(); ok {
		return fmt.Errorf("texture %q: replacing %s textures is not supported (convert it to a RenderWare format first)", t.Name, l.Name)
	}
	return nil
}
