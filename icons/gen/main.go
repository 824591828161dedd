// Command gen draws Rummage's application icon (icons/rummage.png): an open
// crate with a magnifying glass over a wireframe cube. Run by `go generate
// ./icons`.
package main

import (
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
)

const size = 512

type pt struct{ x, y float64 }

func inPoly(p pt, poly []pt) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.y > p.y) != (b.y > p.y) && p.x < (b.x-a.x)*(p.y-a.y)/(b.y-a.y)+a.x {
			in = !in
		}
	}
	return in
}

func segDist(p, a, b pt) float64 {
	dx, dy := b.x-a.x, b.y-a.y
	t := ((p.x-a.x)*dx + (p.y-a.y)*dy) / (dx*dx + dy*dy)
	t = math.Max(0, math.Min(1, t))
	x, y := a.x+t*dx-p.x, a.y+t*dy-p.y
	return math.Hypot(x, y)
}

func roundRect(p pt, x0, y0, x1, y1, r float64) bool {
	cx := math.Max(x0+r, math.Min(p.x, x1-r))
	cy := math.Max(y0+r, math.Min(p.y, y1-r))
	return math.Hypot(p.x-cx, p.y-cy) <= r
}

// shade returns the colour of the icon at p (in 0..1 units), with alpha.
func shade(p pt) color.NRGBA {
	var c color.NRGBA
	over := func(n color.NRGBA) {
		a := float64(n.A) / 255
		c.R = uint8(float64(n.R)*a + float64(c.R)*(1-a))
		c.G = uint8(float64(n.G)*a + float64(c.G)*(1-a))
		c.B = uint8(float64(n.B)*a + float64(c.B)*(1-a))
		c.A = uint8(math.Min(255, float64(n.A)+float64(c.A)*(1-a)))
	}
	if roundRect(p, 0.04, 0.04, 0.96, 0.96, 0.18) {
		g := p.y
		over(color.NRGBA{uint8(28 + 20*g), uint8(52 + 40*g), uint8(74 + 30*g), 255})
	} else {
		return c
	}
	// The crate: front face, side face and open top in isometric view.
	front := []pt{{0.16, 0.50}, {0.48, 0.62}, {0.48, 0.88}, {0.16, 0.76}}
	side := []pt{{0.48, 0.62}, {0.80, 0.50}, {0.80, 0.76}, {0.48, 0.88}}
	top := []pt{{0.16, 0.50}, {0.48, 0.38}, {0.80, 0.50}, {0.48, 0.62}}
	inner := []pt{{0.21, 0.50}, {0.48, 0.40}, {0.75, 0.50}, {0.48, 0.60}}
	switch {
	case inPoly(p, front):
		over(color.NRGBA{196, 132, 68, 255})
		if math.Mod((p.y-0.12*(p.x-0.16)/0.32)*16, 1) < 0.12 {
			over(color.NRGBA{150, 96, 46, 255})
		}
	case inPoly(p, side):
		over(color.NRGBA{160, 104, 52, 255})
		if math.Mod((p.y+0.12*(p.x-0.48)/0.32)*16, 1) < 0.12 {
			over(color.NRGBA{120, 76, 36, 255})
		}
	case inPoly(p, inner):
		over(color.NRGBA{70, 44, 24, 255})
	case inPoly(p, top):
		over(color.NRGBA{222, 164, 96, 255})
	}
	// The magnifying glass, above and to the right of the crate.
	lc := pt{0.60, 0.34}
	d := math.Hypot(p.x-lc.x, p.y-lc.y)
	if d < 0.20 {
		over(color.NRGBA{200, 235, 255, 90})
		// A wireframe cube seen through the lens.
		s := 0.085
		o := pt{lc.x - 0.02, lc.y + 0.02}
		k := 0.05
		f := [4]pt{{o.x - s, o.y - s}, {o.x + s, o.y - s}, {o.x + s, o.y + s}, {o.x - s, o.y + s}}
		var b [4]pt
		for i, q := range f {
			b[i] = pt{q.x + k, q.y - k}
		}
		edges := [][2]pt{}
		for i := 0; i < 4; i++ {
			edges = append(edges, [2]pt{f[i], f[(i+1)%4]}, [2]pt{b[i], b[(i+1)%4]}, [2]pt{f[i], b[i]})
		}
		for _, e := range edges {
			if segDist(p, e[0], e[1]) < 0.008 {
				over(color.NRGBA{110, 255, 170, 255})
			}
		}
	}
	if d >= 0.20 && d < 0.24 {
		over(color.NRGBA{236, 240, 244, 255})
	}
	if segDist(p, pt{lc.x + 0.17, lc.y + 0.17}, pt{0.90, 0.64}) < 0.035 && d >= 0.22 {
		over(color.NRGBA{236, 240, 244, 255})
	}
	return c
}

func main() {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	const ss = 4
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			var r, g, b, a float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					c := shade(pt{(float64(x) + (float64(sx)+0.5)/ss) / size, (float64(y) + (float64(sy)+0.5)/ss) / size})
					fa := float64(c.A) / 255
					r += float64(c.R) * fa
					g += float64(c.G) * fa
					b += float64(c.B) * fa
					a += fa
				}
			}
			if a > 0 {
				img.SetNRGBA(x, y, color.NRGBA{uint8(r / a), uint8(g / a), uint8(b / a), uint8(255 * a / (ss * ss))})
			}
		}
	}
	out := "rummage.png"
	if len(os.Args) > 1 {
		out = os.Args[1]
	}
	f, err := os.Create(out)
	if err != nil {
		panic(err)
	}
	if err := png.Encode(f, img); err != nil {
		panic(err)
	}
	f.Close()
}
