package mip

import (
	"image"
	"image/color"
	"testing"
)

func TestHalve(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 5, 1))
	for x, v := range []uint8{10, 21, 100, 0, 255} {
		src.SetNRGBA(x, 0, color.NRGBA{v, v, v, 255 - v})
	}
	got := Halve(src)
	if got.Rect.Dx() != 2 || got.Rect.Dy() != 1 {
		t.Fatalf("5×1 halves to %v, want 2×1", got.Rect)
	}
	// (10+21+1)/2 = 16, (100+0+1)/2 = 50; the fifth texel is dropped.
	if c := got.NRGBAAt(0, 0); c != (color.NRGBA{16, 16, 16, 240}) {
		t.Errorf("texel 0 = %v", c)
	}
	if c := got.NRGBAAt(1, 0); c != (color.NRGBA{50, 50, 50, 205}) {
		t.Errorf("texel 1 = %v", c)
	}
	one := Halve(image.NewNRGBA(image.Rect(0, 0, 1, 1)))
	if one.Rect.Dx() != 1 || one.Rect.Dy() != 1 {
		t.Errorf("1×1 halves to %v", one.Rect)
	}
	sq := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	sq.Pix = []uint8{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4}
	if c := Halve(sq).NRGBAAt(0, 0); c != (color.NRGBA{2, 2, 2, 2}) { // (7+2)/4
		t.Errorf("2×2 mean = %v, want 2 (rounded 1.75)", c)
	}
}
