package export

import (
	"image"
	"image/color"

	"rummage/formats/geom"
)

// checker is a 4×4 texture with every alpha from 0 to 240 and colour
// under zero alpha (a premultiplying writer would lose it).
func checker() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for y := range 4 {
		for x := range 4 {
			img.SetNRGBA(x, y, color.NRGBA{uint8(60 * x), uint8(60 * y), 200, uint8(16 * (4*y + x))})
		}
	}
	return img
}

// atlas holds the checker as its right half (page (4,0)-(8,4)) and red on
// the left.
func atlas() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 4))
	c := checker()
	for y := range 4 {
		for x := range 8 {
			if x < 4 {
				img.SetNRGBA(x, y, color.NRGBA{255, 0, 0, 255})
			} else {
				img.SetNRGBA(x, y, c.NRGBAAt(x-4, y))
			}
		}
	}
	return img
}

// blink is an animated material: green with a 2×2 texture at clock 0,
// blue without one later.
type blink struct{ tex *image.NRGBA }

func (b blink) At(ms uint32) geom.Look {
	if ms == 0 {
		return geom.Look{Color: color.NRGBA{0, 255, 0, 255}, Texture: b.tex}
	}
	return geom.Look{Color: color.NRGBA{0, 0, 255, 255}}
}

// quadSurfaces are the materials of texturedQuads, one per quad: every
// blend category, alpha test, two-sided, clamp addressing, a Texm-like
// page, UV set 1, a premultiplied texture, an animation, and none.
func quadSurfaces() []*geom.Material {
	rgba := image.NewRGBA(image.Rect(0, 0, 2, 2)) // premultiplied: converted
	rgba.SetRGBA(1, 1, color.RGBA{50, 0, 0, 100})
	small := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	small.SetNRGBA(0, 0, color.NRGBA{1, 2, 3, 255})
	ck := checker()
	return []*geom.Material{
		{Texture: ck, AddressU: geom.Clamp},                                                  // 0 opaque
		{Texture: ck, AlphaTest: true, AlphaRef: 128},                                        // 1 cut-out
		{Texture: ck, Blend: geom.BlendAlpha, Color: color.NRGBA{255, 255, 255, 128}},        // 2 glass
		{Color: color.NRGBA{255, 200, 0, 255}, Blend: geom.BlendAdd, TwoSided: true},         // 3 glow, untextured
		{Texture: atlas(), Page: image.Rect(4, 0, 8, 4), Blend: geom.BlendModulate},          // 4 the checker again
		{Texture: rgba, UVSet: 1, Blend: geom.BlendModulate2X, AddressV: geom.Clamp},         // 5 second UV set
		{Anim: blink{small}, Texture: ck},                                                    // 6 animated
		nil,                                                                                  // 7 colour hint
		{Texture: ck, UVSet: 5},                                                              // 8 a UV set the mesh lacks
		{Texture: atlas(), Page: image.Rect(20, 20, 30, 30), Color: color.NRGBA{9, 9, 9, 9}}, // 9 a page off the image
	}
}

// texturedQuads is a Y-up mesh of unit quads side by side along x, one
// group per quadSurfaces entry, with normals (not unit length, one zero),
// two UV sets and vertex colours.
func texturedQuads() *geom.Mesh {
	surf := quadSurfaces()
	m := &geom.Mesh{UVs: [][]geom.Vec2{nil, nil}}
	for i, s := range surf {
		b := uint32(len(m.Positions))
		x := float32(i)
		m.Positions = append(m.Positions, geom.Vec3{x, 0, 0}, geom.Vec3{x + 1, 0, 0}, geom.Vec3{x + 1, 1, 0}, geom.Vec3{x, 1, 0})
		m.Indices = append(m.Indices, b, b+1, b+2, b, b+2, b+3)
		m.Normals = append(m.Normals, geom.Vec3{0, 0, 2}, geom.Vec3{0, 0, 2}, geom.Vec3{0, 0, 0.5}, geom.Vec3{0, 0, 1})
		m.UVs[0] = append(m.UVs[0], geom.Vec2{0, 1}, geom.Vec2{1, 1}, geom.Vec2{1, 0}, geom.Vec2{0, 0})
		m.UVs[1] = append(m.UVs[1], geom.Vec2{0, 0.5}, geom.Vec2{0.5, 0.5}, geom.Vec2{0.5, 0}, geom.Vec2{0, 0})
		c := uint8(20 * i)
		m.Colors = append(m.Colors, color.NRGBA{255, c, 0, 255}, color.NRGBA{c, 255, 0, 200}, color.NRGBA{0, 0, 255, 255}, color.NRGBA{255, 255, 255, 255})
		m.Groups = append(m.Groups, geom.Group{Name: "quad" + string(rune('0'+i)), FirstTri: 2 * i, TriCount: 2, Surface: s})
	}
	m.Normals[5] = geom.Vec3{} // a zero normal
	return m
}
