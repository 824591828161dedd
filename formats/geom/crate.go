package geom

import (
	"image"
	"image/color"
)

// Crate makes a cube of side 2 around the origin, Z up, with normals and
// one UV set, whose three groups show the preview's textured views and
// material clock without any game file:
//
//   - "checker": the -Y, +Y, -X and -Z faces, a 64×64 checker texture;
//   - "flip": the +X face, its texture swapping between the checker and
//     hazard stripes every 600 ms (a CrateFlip animation of 1200 ms);
//   - "pulse": the +Z face, untextured, its colour running from amber to
//     teal to violet and back over 3000 ms (CratePulse).
//
// Each face has its own four vertices, so its normals are the face's.
func Crate() *Mesh {
	checker, stripes := crateChecker(), crateStripes()
	m := &Mesh{Up: ZUp, UVs: [][]Vec2{nil}}
	x, y, z := Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}
	neg := func(v Vec3) Vec3 { return Vec3{-v[0], -v[1], -v[2]} }
	type face struct{ n, u, v Vec3 } // u×v = n: the corners run counter-clockwise seen from outside
	groups := []struct {
		name  string
		faces []face
		mat   *Material
	}{
		{"checker", []face{{neg(y), x, z}, {y, neg(x), z}, {neg(x), neg(y), z}, {neg(z), x, neg(y)}},
			&Material{Texture: checker, TextureName: "crate_checker"}},
		{"flip", []face{{x, y, z}}, &Material{Texture: checker, TextureName: "crate_checker", Anim: CrateFlip{checker, stripes}}},
		{"pulse", []face{{z, x, y}}, &Material{Color: cratePulse[0], Anim: CratePulse{}}},
	}
	for gi, g := range groups {
		grp := Group{Name: g.name, FirstTri: m.Triangles(), Material: g.name, Color: Palette(gi), Surface: g.mat}
		for _, f := range g.faces {
			base := uint32(len(m.Positions))
			for k, c := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
				var p Vec3
				for i := range p {
					p[i] = f.n[i] + c[0]*f.u[i] + c[1]*f.v[i]
				}
				m.Positions = append(m.Positions, p)
				m.Normals = append(m.Normals, f.n)
				m.UVs[0] = append(m.UVs[0], Vec2{float32(k/2 ^ k&1), float32(1 - k/2)}) // (0,1) (1,1) (1,0) (0,0): the image upright
			}
			m.Indices = append(m.Indices, base, base+1, base+2, base, base+2, base+3)
			grp.TriCount += 2
		}
		m.Groups = append(m.Groups, grp)
	}
	return m
}

// crateChecker is a 64×64 checker of 16-texel squares, light and dark
// wood.
func crateChecker() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			c := color.NRGBA{222, 184, 120, 255}
			if (x/16+y/16)%2 == 1 {
				c = color.NRGBA{120, 78, 40, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// crateStripes is 64×64 of diagonal hazard stripes, yellow and black.
func crateStripes() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			c := color.NRGBA{245, 200, 30, 255}
			if (x+y)/16%2 == 1 {
				c = color.NRGBA{30, 30, 30, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// CrateFlip is the crate's "flip" animation: texture A for the first 600
// ms of every 1200, texture B for the rest, in white.
type CrateFlip struct{ A, B image.Image }

// At returns the texture shown at clock ms.
func (f CrateFlip) At(ms uint32) Look {
	tex, name := f.A, "crate_checker"
	if ms%1200 >= 600 {
		tex, name = f.B, "crate_stripes"
	}
	return Look{Color: color.NRGBA{255, 255, 255, 255}, Texture: tex, TextureName: name}
}

// Duration is the animation's cycle, 1200 ms.
func (CrateFlip) Duration() uint32 { return 1200 }

// CratePulse is the crate's "pulse" animation: a colour blended round
// the three colours of cratePulse, 1000 ms from each to the next.
type CratePulse struct{}

var cratePulse = [3]color.NRGBA{{250, 170, 40, 255}, {40, 200, 190, 255}, {150, 80, 230, 255}}

// At returns the colour at clock ms.
func (CratePulse) At(ms uint32) Look {
	ms %= 3000
	a, b := cratePulse[ms/1000], cratePulse[(ms/1000+1)%3]
	t := ms % 1000
	mix := func(x, y uint8) uint8 { return uint8((uint32(x)*(1000-t) + uint32(y)*t) / 1000) }
	return Look{Color: color.NRGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255}}
}

// Duration is the animation's cycle, 3000 ms.
func (CratePulse) Duration() uint32 { return 3000 }
