package dff

import (
	"image"
	"strings"
	"sync"

	"rummage/formats/geom"
	"rummage/formats/txd"
)

// textureSet is the textures found for a model, by lower-case name.
type textureSet struct {
	txd    string // the --txd list the set was looked up with (txdKey)
	lookup *Lookup
	byName map[string]foundTexture

	mu     sync.Mutex
	images map[*txd.Texture]decoded
}

// decoded is a texture's top level (nil when it failed) and whether it
// has partly transparent texels.
type decoded struct {
	img   image.Image
	alpha bool
}

// foundTexture is one texture found for a material.
type foundTexture struct {
	Path   string // "<file name>/<node path>"
	Source TXDSource
	Tex    *txd.Texture
}

// image decodes a found texture's top level once.
func (ts *textureSet) image(t *txd.Texture) decoded {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if d, ok := ts.images[t]; ok {
		return d
	}
	var d decoded
	if img, err := t.Image(0); err == nil {
		d = decoded{img, HasAlpha(img)}
	}
	if ts.images == nil {
		ts.images = map[*txd.Texture]decoded{}
	}
	ts.images[t] = d
	return d
}

// surfaces finds the model's textures: once, and again when the --txd
// option has changed since (the window's File › Set texture dictionary…).
func (r *Root) surfaces() *textureSet {
	var opt []string
	if r.src.Opts != nil {
		opt = r.src.Opts.TXD
	}
	r.texMu.Lock()
	defer r.texMu.Unlock()
	if r.tex == nil || r.tex.txd != txdKey(opt) {
		r.tex = r.findSurfaces(opt)
	}
	return r.tex
}

// txdKey is a --txd list as one comparable string.
func txdKey(list []string) string { return strings.Join(list, "\x00") }

// findSurfaces looks the model's textures up with extra as --txd.
func (r *Root) findSurfaces(extra []string) *textureSet {
	ts := &textureSet{txd: txdKey(extra), byName: map[string]foundTexture{}}
	f, err := r.File()
	if err != nil {
		return ts
	}
	var names []string
	for _, g := range f.Clump.Geometries {
		for _, m := range g.Materials {
			if m.Texture != nil {
				names = append(names, m.Texture.Name)
			}
		}
	}
	ts.lookup = r.lookupTextures(extra)
	ts.byName = ts.lookup.resolve(names)
	return ts
}

// found returns the path of the texture used for name, "" when none.
func (ts *textureSet) found(name string) string {
	return ts.byName[lower(name)].Path
}

// surface is the look of a material slot: its colour and texture.
func (ts *textureSet) surface(g *Geometry, slot int) *geom.Material {
	return materialSurface(g, slot, func(name string) (image.Image, bool) {
		if ft, ok := ts.byName[lower(name)]; ok {
			d := ts.image(ft.Tex)
			return d.img, d.alpha
		}
		return nil, false
	})
}

// SurfaceFrom is the Surfacer of models whose textures come from tex: it
// returns a texture's top level and whether it has partly transparent
// texels, nil when it has none by that name (scenes find their models'
// textures their own way, each decoded once for all of them).
func SurfaceFrom(tex func(name string) (img image.Image, alpha bool)) Surfacer {
	return func(g *Geometry, slot int) *geom.Material { return materialSurface(g, slot, tex) }
}

// materialSurface is the look of a material slot with its texture from
// tex: the material's colour (blended when not opaque), the texture
// alpha-tested (and blended when partly transparent), its addressing.
func materialSurface(g *Geometry, slot int, tex func(name string) (image.Image, bool)) *geom.Material {
	if slot >= len(g.Materials) {
		return nil
	}
	mt := g.Materials[slot]
	s := &geom.Material{Color: mt.Color}
	if mt.Color.A < 255 {
		s.Blend = geom.BlendAlpha
	}
	if mt.Texture != nil {
		if img, alpha := tex(mt.Texture.Name); img != nil {
			s.Texture, s.TextureName = img, mt.Texture.Name
			s.AlphaTest, s.AlphaRef = true, 8
			if alpha {
				s.Blend = geom.BlendAlpha
			}
		}
		s.AddressU, s.AddressV = address(mt.Texture.Filter>>8&0xF), address(mt.Texture.Filter>>12&0xF)
	}
	return s
}

// HasAlpha reports a texture with partly transparent texels.
func HasAlpha(img image.Image) bool {
	n, ok := img.(*image.NRGBA)
	if !ok {
		return false
	}
	for i := 3; i < len(n.Pix); i += 4 {
		if a := n.Pix[i]; a > 8 && a < 247 {
			return true
		}
	}
	return false
}

// address maps RW texture addressing (1 wrap, 2 mirror, 3 clamp, 4 border).
func address(a uint32) geom.Address {
	if a == 3 || a == 4 {
		return geom.Clamp
	}
	return geom.Wrap
}
