package dxt

import (
	"flag"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// The generated images the encoder is measured on, against libsquish
// (squish_test.go): smooth gradients, noise and photo-like textures, each
// 128×128 and opaque. Every pixel comes from a fixed seed through
// splitMix, so the images are the same on every machine and Go version;
// TestWriteTestImages writes them as PAM files for an outside encoder.

const testSide = 128

// testImage is one generated image and its category ("gradient",
// "noise" or "photo").
type testImage struct {
	cat, name string
	img       *image.NRGBA
}

// splitMix is the SplitMix64 generator: a fixed, documented sequence.
type splitMix uint64

func (s *splitMix) next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// unit returns a number in [0, 1) from the top 53 bits.
func (s *splitMix) unit() float64 { return float64(s.next()>>11) / (1 << 53) }

// byteOf returns a byte from the top 8 bits.
func (s *splitMix) byteOf() byte { return byte(s.next() >> 56) }

// testImages returns the measured set, in a fixed order.
func testImages() []testImage {
	return []testImage{
		{"gradient", "linear", fill(func(x, y float64) [3]float64 { return mix3(c3(200, 40, 10), c3(30, 90, 220), x) })},
		{"gradient", "diagonal", fill(func(x, y float64) [3]float64 {
			t := (x + y) / 2
			if t < 0.5 {
				return mix3(c3(250, 240, 60), c3(60, 200, 90), 2*t)
			}
			return mix3(c3(60, 200, 90), c3(20, 30, 120), 2*t-1)
		})},
		{"gradient", "radial", fill(func(x, y float64) [3]float64 {
			return mix3(c3(255, 250, 220), c3(90, 20, 60), min(math.Hypot(x-0.45, y-0.55)/0.7, 1))
		})},
		{"gradient", "sky", fill(func(x, y float64) [3]float64 { return mix3(c3(96, 140, 200), c3(170, 200, 235), y) })},
		{"gradient", "corners", fill(func(x, y float64) [3]float64 {
			top := mix3(c3(230, 20, 40), c3(40, 230, 60), x)
			return mix3(top, mix3(c3(20, 40, 230), c3(240, 240, 240), x), y)
		})},
		{"noise", "uniform", noiseImage(1, func(s *splitMix) [3]byte { return [3]byte{s.byteOf(), s.byteOf(), s.byteOf()} })},
		{"noise", "grey", noiseImage(2, func(s *splitMix) [3]byte { v := s.byteOf(); return [3]byte{v, v, v} })},
		{"noise", "grain", noiseImage(3, func(s *splitMix) [3]byte {
			d := int(s.byteOf()%33) - 16
			return [3]byte{clampByte(150 + d), clampByte(110 + d), clampByte(70 + d)}
		})},
		{"noise", "speckle", noiseImage(4, func(s *splitMix) [3]byte {
			if s.next()&1 == 0 {
				return [3]byte{30, 60, 20}
			}
			return [3]byte{200, 180, 90}
		})},
		{"photo", "field", fractal(11, 1)},
		{"photo", "terrain", fractal(12, 4)},
		{"photo", "rock", fractal(13, 6)},
		{"photo", "discs", discs(14)},
	}
}

func c3(r, g, b float64) [3]float64 { return [3]float64{r, g, b} }

func mix3(a, b [3]float64, t float64) [3]float64 {
	return [3]float64{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}

func clampByte(v int) byte { return byte(min(max(v, 0), 255)) }

// fill makes an opaque image from a colour function of x, y in [0, 1].
func fill(f func(x, y float64) [3]float64) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, testSide, testSide))
	for y := 0; y < testSide; y++ {
		for x := 0; x < testSide; x++ {
			c := f(float64(x)/(testSide-1), float64(y)/(testSide-1))
			p := img.Pix[y*img.Stride+4*x:]
			for i := 0; i < 3; i++ {
				p[i] = byte(min(max(c[i]+0.5, 0), 255))
			}
			p[3] = 255
		}
	}
	return img
}

// noiseImage makes an opaque image of independent pixels from seed.
func noiseImage(seed uint64, pix func(*splitMix) [3]byte) *image.NRGBA {
	s := splitMix(seed)
	img := image.NewNRGBA(image.Rect(0, 0, testSide, testSide))
	for i := 0; i < len(img.Pix); i += 4 {
		c := pix(&s)
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c[0], c[1], c[2], 255
	}
	return img
}

// valueNoise is a lattice of random colours over [0, 1]², cells cells a
// side, read with smoothstep interpolation.
type valueNoise struct {
	cells int
	v     [][3]float64
}

func newValueNoise(s *splitMix, cells int) valueNoise {
	n := valueNoise{cells: cells, v: make([][3]float64, (cells+1)*(cells+1))}
	for i := range n.v {
		n.v[i] = [3]float64{s.unit(), s.unit(), s.unit()}
	}
	return n
}

func (n valueNoise) at(x, y float64) [3]float64 {
	fx, fy := x*float64(n.cells), y*float64(n.cells)
	ix, iy := min(int(fx), n.cells-1), min(int(fy), n.cells-1)
	tx, ty := smooth(fx-float64(ix)), smooth(fy-float64(iy))
	w := n.cells + 1
	a := mix3(n.v[iy*w+ix], n.v[iy*w+ix+1], tx)
	b := mix3(n.v[(iy+1)*w+ix], n.v[(iy+1)*w+ix+1], tx)
	return mix3(a, b, ty)
}

func smooth(t float64) float64 { return t * t * (3 - 2*t) }

// fractal is octaves of value noise (4, 8, 16, ... cells, each half the
// last's weight), the colours correlated as in photographs (a shared
// luminance plus a smaller chroma) and the contrast doubled.
func fractal(seed uint64, octaves int) *image.NRGBA {
	s := splitMix(seed)
	layers := make([]valueNoise, octaves)
	for i := range layers {
		layers[i] = newValueNoise(&s, 4<<i)
	}
	return fill(func(x, y float64) [3]float64 {
		var sum [3]float64
		w, total := 1.0, 0.0
		for _, l := range layers {
			v := l.at(x, y)
			for c := range sum {
				sum[c] += w * v[c]
			}
			total += w
			w /= 2
		}
		lum := (sum[0] + sum[1] + sum[2]) / (3 * total)
		var out [3]float64
		for c := range out {
			out[c] = 255 * (0.5 + 2*(0.75*lum+0.25*sum[c]/total-0.5))
		}
		return out
	})
}

// discs is soft-edged discs of flat colours over a fractal background.
func discs(seed uint64) *image.NRGBA {
	s := splitMix(seed)
	bg := fractal(seed+100, 3)
	type disc struct {
		x, y, r float64
		c       [3]float64
	}
	ds := make([]disc, 12)
	for i := range ds {
		ds[i] = disc{s.unit(), s.unit(), 0.05 + 0.15*s.unit(), [3]float64{255 * s.unit(), 255 * s.unit(), 255 * s.unit()}}
	}
	return fill(func(x, y float64) [3]float64 {
		p := bg.Pix[int(y*(testSide-1)+0.5)*bg.Stride+4*int(x*(testSide-1)+0.5):]
		c := [3]float64{float64(p[0]), float64(p[1]), float64(p[2])}
		for _, d := range ds {
			edge := (d.r - math.Hypot(x-d.x, y-d.y)) * testSide / 1.5 // 1.5 pixels of soft edge
			c = mix3(c, d.c, min(max(edge, 0), 1))
		}
		return c
	})
}

var imagesOut = flag.String("dxt.images", "", "write the generated test images as PAM files into this folder (TestWriteTestImages)")

// TestWriteTestImages writes the measured images as binary PAM
// (RGB_ALPHA) files named CATEGORY-NAME.pam when -dxt.images is given,
// for an outside encoder to read.
func TestWriteTestImages(t *testing.T) {
	if *imagesOut == "" {
		t.Skip("no -dxt.images folder")
	}
	for _, ti := range testImages() {
		hdr := fmt.Sprintf("P7\nWIDTH %d\nHEIGHT %d\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n", testSide, testSide)
		path := filepath.Join(*imagesOut, ti.cat+"-"+ti.name+".pam")
		if err := os.WriteFile(path, append([]byte(hdr), ti.img.Pix...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
