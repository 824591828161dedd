package txd

import (
	"image"
	"image/color"
	"testing"

	"rummage/internal/testutil"
)

// pattern makes a w×h image whose colours depend on (x, y) and seed, using
// at most ncol distinct colours (0 = many) and alpha values in alphas.
func pattern(w, h, ncol int, alphas []byte, seed int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			k := x*7 + y*13 + seed*31 + (x*y)%5
			if ncol > 0 {
				k %= ncol
			}
			a := byte(255)
			if len(alphas) > 0 {
				a = alphas[k%len(alphas)]
			}
			img.SetNRGBA(x, y, color.NRGBA{byte(k * 37), byte(k*53 + 11), byte(k*97 + 3), a})
		}
	}
	return img
}

func sameImage(t *testing.T, what string, got, want *image.NRGBA, tol int) {
	t.Helper()
	if got.Rect.Dx() != want.Rect.Dx() || got.Rect.Dy() != want.Rect.Dy() {
		t.Fatalf("%s: size %v, want %v", what, got.Rect, want.Rect)
	}
	for y := 0; y < want.Rect.Dy(); y++ {
		for x := 0; x < want.Rect.Dx(); x++ {
			g, w := got.NRGBAAt(x, y), want.NRGBAAt(x, y)
			if d := testutil.MaxChannelDiff(g, w); d > tol {
				t.Fatalf("%s: pixel (%d,%d) = %v, want %v", what, x, y, g, w)
			}
		}
	}
}

// dict wraps textures in a dictionary file.
func dict(t testing.TB, stamp uint32, device uint16, texs ...*Texture) []byte {
	t.Helper()
	d := NewDictionary(stamp, device)
	for _, x := range texs {
		d.Add(x)
	}
	b, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustParse(t testing.TB, b []byte) *Dictionary {
	t.Helper()
	d, err := Parse(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range d.Items {
		if it.Err != nil {
			t.Fatalf("item at %d: %v", it.Off, it.Err)
		}
	}
	return d
}
