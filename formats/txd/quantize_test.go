package txd

import (
	"image"
	"image/color"
	"math/rand"
	"testing"
)

// The pruned palette search finds an entry as near as the full scan.
func TestSearcherMatchesFullScan(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for trial := 0; trial < 20; trial++ {
		pal := make([]color.NRGBA, 1+r.Intn(256))
		for i := range pal {
			pal[i] = color.NRGBA{byte(r.Intn(256)), byte(r.Intn(256)), byte(r.Intn(256)), byte(r.Intn(256))}
			if trial%3 == 0 {
				pal[i].A = 255
			}
		}
		s := newSearcher(pal)
		for q := 0; q < 2000; q++ {
			p := [4]int32{int32(r.Intn(256)), int32(r.Intn(256)), int32(r.Intn(256)), int32(r.Intn(256))}
			a, b := s.nearest(p), nearest(pal, p)
			if distance(pal[a], p) != distance(pal[b], p) {
				t.Fatalf("trial %d: searcher %v (d %d), full scan %v (d %d)", trial, pal[a], distance(pal[a], p), pal[b], distance(pal[b], p))
			}
		}
	}
}

// Quantising keeps alpha: a sprite with a soft alpha edge in 16 colours
// still has transparent, half and opaque pixels, close to the source.
func TestQuantizeKeepsAlpha(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			img.SetNRGBA(x, y, color.NRGBA{byte(200 + x/2), byte(100 + y), byte(x * 4), byte(255 - x*4)})
		}
	}
	for _, n := range []int{16, 256} {
		pal, idx := quantize([]*image.NRGBA{img}, n)
		if len(pal) > n {
			t.Fatalf("%d colours for a palette of %d", len(pal), n)
		}
		var worstA int
		for i, k := range idx[0] {
			c := pal[k]
			d := int(c.A) - int(img.Pix[4*i+3])
			worstA = max(worstA, d, -d)
		}
		if worstA > 40 {
			t.Fatalf("n=%d: alpha off by up to %d", n, worstA)
		}
		if pal[idx[0][0]].A < 200 || pal[idx[0][63]].A > 40 {
			t.Fatalf("n=%d: edge alphas %d and %d, want opaque and clear", n, pal[idx[0][0]].A, pal[idx[0][63]].A)
		}
	}
	// Few colours are kept exactly.
	small := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := 0; i < 16; i++ {
		small.SetNRGBA(i%4, i/4, color.NRGBA{byte(i * 16), 0, byte(255 - i), byte(i * 17)})
	}
	pal, idx := quantize([]*image.NRGBA{small}, 16)
	for i, k := range idx[0] {
		if pal[k] != small.NRGBAAt(i%4, i/4) {
			t.Fatalf("pixel %d: %v, want %v", i, pal[k], small.NRGBAAt(i%4, i/4))
		}
	}
}

func BenchmarkQuantize512(b *testing.B) {
	img := image.NewNRGBA(image.Rect(0, 0, 512, 512))
	for y := 0; y < 512; y++ {
		for x := 0; x < 512; x++ {
			img.SetNRGBA(x, y, color.NRGBA{byte(x / 2), byte(y / 2), byte(x * y % 251), byte(255 - x/2)})
		}
	}
	for i := 0; i < b.N; i++ {
		quantize([]*image.NRGBA{img}, 256)
	}
}

// nearest is the full-scan reference the fast searcher is checked against.
func nearest(pal []color.NRGBA, p [4]int32) int {
	best, bd := 0, int64(1)<<62
	for i, c := range pal {
		if d := distance(c, p); d < bd {
			bd, best = d, i
		}
	}
	return best
}
