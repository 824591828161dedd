package export

import (
	"crypto/sha256"
	"encoding/binary"
	"image"
	"image/color"
	"reflect"

	"rummage/formats/geom"
)

// surface is how a group's material looks in an exported file: the
// material at clock 0 (an animated material is exported as it first
// looks), with its texture page cut out of the texture.
type surface struct {
	color    color.NRGBA // base colour, straight alpha
	tex      *texImage   // nil: untextured
	uvSet    int         // the mesh's UV set the texture uses
	addrU    geom.Address
	addrV    geom.Address
	blend    geom.BlendMode
	test     bool  // alpha test
	ref      uint8 // alpha test reference: alpha >= ref is kept
	twoSided bool
}

// texImage is a texture ready to be written: the page's pixels with the
// origin at (0, 0), a digest of them that finds identical textures, and
// the texture's own name ("" when it has none), which its file is named
// after.
type texImage struct {
	img  *image.NRGBA
	sum  [32]byte
	name string
}

// newSurface resolves the group material mt of mesh m. A texture is kept
// only when the mesh has the UV set it uses (one UV per position) and its
// page holds pixels; the cropped textures are shared through cache, keyed
// by image (a pointer) and page, so a texture used by many groups is
// converted once.
func newSurface(m *geom.Mesh, mt *geom.Material, cache map[texKey]*texImage) surface {
	look := mt.Look(0)
	s := surface{
		color: look.Color, uvSet: mt.UVSet, addrU: mt.AddressU, addrV: mt.AddressV,
		blend: mt.Blend, test: mt.AlphaTest, ref: mt.AlphaRef, twoSided: mt.TwoSided,
	}
	if s.color == (color.NRGBA{}) {
		s.color = color.NRGBA{255, 255, 255, 255}
	}
	if look.Texture == nil || mt.UVSet < 0 || mt.UVSet >= len(m.UVs) || len(m.UVs[mt.UVSet]) != len(m.Positions) {
		return s
	}
	if reflect.ValueOf(look.Texture).Kind() != reflect.Pointer {
		s.tex = cropTexture(look.Texture, look.Page, look.TextureName) // not usable as a map key
		return s
	}
	key := texKey{look.Texture, look.Page, look.TextureName}
	t, ok := cache[key]
	if !ok {
		t = cropTexture(look.Texture, look.Page, look.TextureName)
		cache[key] = t
	}
	s.tex = t
	return s
}

// texKey identifies a texture page before it is cut out.
type texKey struct {
	img  image.Image
	page image.Rectangle
	name string
}

// cropTexture cuts page out of img (the whole image when page is empty)
// as straight-alpha pixels with the origin at (0, 0), named name; nil when
// the page holds no pixel of the image. The unit UV square maps to the page, so
// cutting it out keeps the mesh's UVs, wrap addressing included.
func cropTexture(img image.Image, page image.Rectangle, name string) *texImage {
	r := img.Bounds()
	if !page.Empty() {
		r = page.Intersect(r)
	}
	if r.Empty() {
		return nil
	}
	out := image.NewNRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	if src, ok := img.(*image.NRGBA); ok {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			i := src.PixOffset(r.Min.X, y)
			copy(out.Pix[(y-r.Min.Y)*out.Stride:], src.Pix[i:i+4*r.Dx()])
		}
	} else {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				out.SetNRGBA(x-r.Min.X, y-r.Min.Y, color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA))
			}
		}
	}
	h := sha256.New()
	var dims [8]byte
	binary.LittleEndian.PutUint32(dims[:], uint32(r.Dx()))
	binary.LittleEndian.PutUint32(dims[4:], uint32(r.Dy()))
	h.Write(dims[:])
	h.Write(out.Pix)
	t := &texImage{img: out, name: name}
	h.Sum(t.sum[:0])
	return t
}

// hintColor is the colour of group gi without a material: its colour
// hint, or the palette's colour for it, opaque.
func hintColor(g geom.Group, gi int) color.NRGBA {
	c := g.Color
	if c.A == 0 {
		c = geom.Palette(gi)
	}
	c.A = 255
	return c
}
