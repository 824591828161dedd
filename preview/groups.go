package preview

import (
	"image"
	"image/color"
	"image/draw"
	"reflect"

	"rummage/formats/geom"
)

// groupState is a group's material resolved for one frame.
type groupState struct {
	tint     [4]float32 // base colour, 0..1, straight alpha
	tex      texView    // tex.pix nil: untextured
	uv       []geom.Vec2
	colors   bool // multiply by the mesh's vertex colours
	blend    geom.BlendMode
	test     bool    // alpha test: keep alpha >= ref
	ref      float32 // 0..1
	twoSided bool
	pass     uint8
	fast     bool // plain colour: opaque, untested, untextured, no vertex colours
}

// neutral is the solid colour of a group with no colour of its own.
var neutral = color.NRGBA{200, 200, 200, 255}

// setGroups resolves every group's material for this frame: the solid
// view takes only the colour (the group's hint with GroupColors, else the
// material's) and two-sidedness; the textured views take it all, at the
// animation clock.
func (r *renderer) setGroups() {
	m := r.mesh
	n := max(len(m.Groups), 1)
	if cap(r.groups) < n {
		r.groups = make([]groupState, n)
	}
	r.groups = r.groups[:n]
	textured := r.opt.Mode == ModeTextured || r.opt.Mode == ModeTexturedWire
	for i := range r.groups {
		var grp geom.Group
		if i < len(m.Groups) {
			grp = m.Groups[i]
		}
		g := &r.groups[i]
		*g = groupState{}
		mat := grp.Surface
		if mat != nil {
			g.twoSided = mat.TwoSided
		}
		if !textured {
			c := neutral
			switch {
			case r.opt.GroupColors:
				c = groupColor(m, i)
			case mat != nil && mat.Color != color.NRGBA{}:
				c = mat.Color
			}
			g.tint = unitColor(c)
			g.tint[3] = 1
			g.fast = true
			continue
		}
		r.setMaterial(g, &grp, mat)
	}
}

// groupColor is group i's colour hint, or a palette colour when it has
// none (the wire view's group colours).
func groupColor(m *geom.Mesh, i int) color.NRGBA {
	if i < len(m.Groups) && m.Groups[i].Color.A != 0 {
		return m.Groups[i].Color
	}
	return geom.Palette(i)
}

// setMaterial resolves a group for the textured views.
func (r *renderer) setMaterial(g *groupState, grp *geom.Group, mat *geom.Material) {
	m := r.mesh
	g.colors = len(m.Colors) == len(m.Positions) && len(m.Colors) > 0
	if mat == nil {
		c := grp.Color
		if c.A == 0 {
			c = neutral
		}
		g.tint = unitColor(c)
		g.fast = !g.colors
		return
	}
	look := mat.Look(r.opt.Clock)
	c := look.Color
	if c == (color.NRGBA{}) {
		c = color.NRGBA{255, 255, 255, 255}
	}
	g.tint = unitColor(c)
	g.blend, g.test, g.ref = mat.Blend, mat.AlphaTest, float32(mat.AlphaRef)/255
	if g.blend > geom.BlendModulate2X {
		g.blend = geom.BlendOpaque
	}
	if g.blend != geom.BlendOpaque {
		g.pass = passBlend
	}
	if look.Texture != nil && mat.UVSet >= 0 && mat.UVSet < len(m.UVs) && len(m.UVs[mat.UVSet]) == len(m.Positions) {
		if img := r.texture(look.Texture); img != nil {
			g.tex = newTexView(img, look.Page, mat.AddressU, mat.AddressV, r.opt.Nearest)
			g.uv = m.UVs[mat.UVSet]
		}
	}
	g.fast = g.tex.pix == nil && !g.colors && !g.test && g.blend == geom.BlendOpaque
}

// unitColor is c's channels as 0..1.
func unitColor(c color.NRGBA) [4]float32 {
	return [4]float32{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(c.A) / 255}
}

// texture returns img as an *image.NRGBA: itself when it is one, else a
// copy made once per mesh (an image whose type cannot be a map key is
// copied every frame). nil for an empty image or a nil pointer.
func (r *renderer) texture(img image.Image) *image.NRGBA {
	if v := reflect.ValueOf(img); v.Kind() == reflect.Pointer && v.IsNil() {
		return nil
	}
	if n, ok := img.(*image.NRGBA); ok {
		if n.Rect.Empty() {
			return nil
		}
		return n
	}
	keyed := reflect.TypeOf(img).Comparable()
	if keyed {
		if t, ok := r.textures[img]; ok {
			return t
		}
	}
	b := img.Bounds()
	if b.Empty() {
		return nil
	}
	t := image.NewNRGBA(b)
	draw.Draw(t, b, img, b.Min, draw.Src)
	if keyed {
		if r.textures == nil {
			r.textures = map[image.Image]*image.NRGBA{}
		}
		r.textures[img] = t
	}
	return t
}
