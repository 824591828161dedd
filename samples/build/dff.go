package build

import (
	"image"
	"image/color"
	"math"

	"rummage/formats/dff"
	"rummage/formats/geom"
	"rummage/formats/txd"
)

func init() {
	Register(Builder{Name: "rumbler.dff", Build: buildCar})
	Register(Builder{Name: "rumbler.txd", Build: buildCarTXD})
}

// The sample car "rumbler": a San Andreas PC (3.6.0.3) clump with a body
// (paint, glass and lamp materials, prelit), one wheel geometry placed on
// four wheel dummies, and its own dictionary rumbler.txd.

// carPart accumulates one geometry's vertices and triangles.
type carPart struct {
	spec dff.GeometrySpec
}

func (p *carPart) vertex(pos, n geom.Vec3, uv geom.Vec2, lit uint8) uint16 {
	s := &p.spec
	s.Positions = append(s.Positions, pos)
	s.Normals = append(s.Normals, n)
	if len(s.UVs) == 0 {
		s.UVs = [][]geom.Vec2{nil}
	}
	s.UVs[0] = append(s.UVs[0], uv)
	s.Prelit = append(s.Prelit, color.NRGBA{lit, lit, lit, 255})
	return uint16(len(s.Positions) - 1)
}

func (p *carPart) tri(a, b, c uint16, mat uint16) {
	p.spec.Tris = append(p.spec.Tris, [3]uint16{a, b, c})
	p.spec.TriMats = append(p.spec.TriMats, mat)
}

// quad adds corners a, b, c, d (counter-clockwise seen from outside) with
// normal n and the unit square's UVs.
func (p *carPart) quad(a, b, c, d, n geom.Vec3, mat uint16) {
	lit := func(v geom.Vec3) uint8 { return uint8(190 + 60*min(max(v[2], 0), 1)) }
	i := p.vertex(a, n, geom.Vec2{0, 1}, lit(a))
	j := p.vertex(b, n, geom.Vec2{1, 1}, lit(b))
	k := p.vertex(c, n, geom.Vec2{1, 0}, lit(c))
	l := p.vertex(d, n, geom.Vec2{0, 0}, lit(d))
	p.tri(i, j, k, mat)
	p.tri(i, k, l, mat)
}

// box adds a box; mats gives the material of its -y, +y, -x, +x, -z, +z faces.
func (p *carPart) box(lo, hi geom.Vec3, mats [6]uint16) {
	x0, y0, z0, x1, y1, z1 := lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]
	p.quad(geom.Vec3{x0, y0, z0}, geom.Vec3{x1, y0, z0}, geom.Vec3{x1, y0, z1}, geom.Vec3{x0, y0, z1}, geom.Vec3{0, -1, 0}, mats[0])
	p.quad(geom.Vec3{x1, y1, z0}, geom.Vec3{x0, y1, z0}, geom.Vec3{x0, y1, z1}, geom.Vec3{x1, y1, z1}, geom.Vec3{0, 1, 0}, mats[1])
	p.quad(geom.Vec3{x0, y1, z0}, geom.Vec3{x0, y0, z0}, geom.Vec3{x0, y0, z1}, geom.Vec3{x0, y1, z1}, geom.Vec3{-1, 0, 0}, mats[2])
	p.quad(geom.Vec3{x1, y0, z0}, geom.Vec3{x1, y1, z0}, geom.Vec3{x1, y1, z1}, geom.Vec3{x1, y0, z1}, geom.Vec3{1, 0, 0}, mats[3])
	p.quad(geom.Vec3{x0, y1, z0}, geom.Vec3{x1, y1, z0}, geom.Vec3{x1, y0, z0}, geom.Vec3{x0, y0, z0}, geom.Vec3{0, 0, -1}, mats[4])
	p.quad(geom.Vec3{x0, y0, z1}, geom.Vec3{x1, y0, z1}, geom.Vec3{x1, y1, z1}, geom.Vec3{x0, y1, z1}, geom.Vec3{0, 0, 1}, mats[5])
}

// Material slots of the body.
const (
	matPaint = iota
	matGlass
	matLamp
)

func carBody() dff.GeometrySpec {
	var p carPart
	p.box(geom.Vec3{-0.9, -2.2, 0.25}, geom.Vec3{0.9, 2.2, 0.75}, [6]uint16{matPaint, matPaint, matPaint, matPaint, matPaint, matPaint})
	p.box(geom.Vec3{-0.75, -0.9, 0.75}, geom.Vec3{0.75, 0.8, 1.25}, [6]uint16{matGlass, matGlass, matGlass, matGlass, matPaint, matPaint})
	// Head lamps at the front (+y), tail lamps at the back.
	for _, x := range []float32{-0.6, 0.45} {
		p.box(geom.Vec3{x, 2.2, 0.5}, geom.Vec3{x + 0.15, 2.25, 0.65}, [6]uint16{matLamp, matLamp, matLamp, matLamp, matLamp, matLamp})
		p.box(geom.Vec3{x, -2.25, 0.5}, geom.Vec3{x + 0.15, -2.2, 0.6}, [6]uint16{matLamp, matLamp, matLamp, matLamp, matLamp, matLamp})
	}
	p.spec.Materials = []dff.MaterialSpec{
		{Color: color.NRGBA{255, 255, 255, 255}, Texture: "rumbler_body"},
		{Color: color.NRGBA{255, 255, 255, 200}, Texture: "rumbler_glass"},
		{Color: color.NRGBA{255, 240, 160, 255}},
	}
	return p.spec
}

// carWheel is a wheel on the X axis: a tread (material 0) and two hubs
// (material 1), written as triangle strips.
func carWheel() dff.GeometrySpec {
	const segs, r, w = 16, float32(0.35), float32(0.14)
	var p carPart
	for i := 0; i <= segs; i++ {
		a := 2 * math.Pi * float64(i) / segs
		cy, cz := float32(math.Cos(a)), float32(math.Sin(a))
		n := geom.Vec3{0, cy, cz}
		u := float32(i) / segs
		p.vertex(geom.Vec3{-w, r * cy, r * cz}, n, geom.Vec2{u * 4, 0}, 200)
		p.vertex(geom.Vec3{w, r * cy, r * cz}, n, geom.Vec2{u * 4, 1}, 200)
	}
	for i := 0; i < segs; i++ {
		a, b := uint16(2*i), uint16(2*i+2)
		p.tri(a, b, b+1, 0)
		p.tri(a, b+1, a+1, 0)
	}
	for _, side := range []float32{-1, 1} {
		n := geom.Vec3{side, 0, 0}
		centre := p.vertex(geom.Vec3{side * w, 0, 0}, n, geom.Vec2{0.5, 0.5}, 230)
		first := uint16(len(p.spec.Positions))
		for i := 0; i < segs; i++ {
			a := 2 * math.Pi * float64(i) / segs
			cy, cz := float32(math.Cos(a)), float32(math.Sin(a))
			p.vertex(geom.Vec3{side * w, r * cy, r * cz}, n, geom.Vec2{0.5 + cy/2, 0.5 - cz/2}, 230)
		}
		for i := uint16(0); i < segs; i++ {
			a, b := first+i, first+(i+1)%segs
			if side > 0 {
				p.tri(centre, a, b, 1)
			} else {
				p.tri(centre, b, a, 1)
			}
		}
	}
	p.spec.Materials = []dff.MaterialSpec{
		{Color: color.NRGBA{255, 255, 255, 255}, Texture: "rumbler_tyre"},
		{Color: color.NRGBA{255, 255, 255, 255}, Texture: "rumbler_rim"},
	}
	p.spec.Strips = true
	return p.spec
}

func buildCar() ([]byte, error) {
	b := dff.NewBuilder(txd.StampSA)
	root := b.AddFrame("rumbler", -1, geom.Vec3{})
	chassis := b.AddFrame("chassis", root, geom.Vec3{0, 0, 0.1})
	body, err := b.AddGeometry(carBody())
	if err != nil {
		return nil, err
	}
	wheel, err := b.AddGeometry(carWheel())
	if err != nil {
		return nil, err
	}
	b.AddAtomic(chassis, body)
	for _, w := range []struct {
		name string
		x, y float32
	}{{"wheel_lf_dummy", -0.85, 1.4}, {"wheel_rf_dummy", 0.85, 1.4}, {"wheel_lb_dummy", -0.85, -1.4}, {"wheel_rb_dummy", 0.85, -1.4}} {
		b.AddAtomic(b.AddFrame(w.name, root, geom.Vec3{w.x, w.y, 0.35}), wheel)
	}
	return b.File().Bytes()
}

// Textures of the car.

func carPaint(w, h int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			shade := byte(170 + 60*y/h)
			c := color.NRGBA{shade, 40, 30, 255}
			if x == w/2 || y == h/4 || (x > w/2-3 && x < w/2 && y > h/3 && y < h/3+4) {
				c = color.NRGBA{70, 15, 10, 255} // panel lines and a door handle
			}
			m.SetNRGBA(x, y, c)
		}
	}
	return m
}

func glass(w, h int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBA{90, 130, byte(170 + 60*x/w), byte(140 + 80*y/h)}
			if x < 2 || y < 2 || x >= w-2 || y >= h-2 {
				c = color.NRGBA{30, 30, 30, 255} // the frame
			}
			m.SetNRGBA(x, y, c)
		}
	}
	return m
}

func tread(w, h int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := byte(35)
			if (x+y/2)%8 < 3 {
				v = 60
			}
			m.SetNRGBA(x, y, color.NRGBA{v, v, v, 255})
		}
	}
	return m
}

func rim(w, h int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			dx, dy := float64(x)+0.5-float64(w)/2, float64(y)+0.5-float64(h)/2
			d := math.Hypot(dx, dy) / (float64(w) / 2)
			a := math.Atan2(dy, dx)
			c := color.NRGBA{40, 40, 40, 255} // tyre wall
			if d < 0.7 {
				c = color.NRGBA{200, 200, 210, 255}
				if math.Mod(a+math.Pi, math.Pi/3) < 0.5 && d > 0.2 {
					c = color.NRGBA{90, 90, 100, 255} // spokes' gaps
				}
			}
			m.SetNRGBA(x, y, c)
		}
	}
	return m
}

func buildCarTXD() ([]byte, error) {
	p := txd.PlatformD3D9
	return buildTXD(txd.StampSA, 2, []texSpec{
		{carPaint(64, 64), p, txd.Options{Name: "rumbler_body", Compression: txd.CompDXT1, Mipmaps: true}},
		{glass(32, 32), p, txd.Options{Name: "rumbler_glass", Format: txd.Fmt8888}},
		{tread(32, 16), p, txd.Options{Name: "rumbler_tyre", Format: txd.Fmt565}},
		{rim(32, 32), p, txd.Options{Name: "rumbler_rim", Format: txd.FmtPal8 | txd.Fmt8888}},
	})
}
