package ui

import (
	"image"
	"image/color"
	"testing"
)

func TestUniformAndSameImage(t *testing.T) {
	a := image.NewRGBA(image.Rect(0, 0, 100, 80))
	if !uniform(a) {
		t.Error("blank image not uniform")
	}
	b := image.NewRGBA(a.Bounds())
	b.Set(64, 64, color.RGBA{255, 0, 0, 255})
	if uniform(b) {
		t.Error("image with a red pixel on the sample grid is uniform")
	}
	if sameImage(a, b) || !sameImage(b, b) {
		t.Error("sameImage wrong")
	}
	if sameImage(a, image.NewRGBA(image.Rect(0, 0, 10, 10))) {
		t.Error("different sizes compare equal")
	}
	n := image.NewNRGBA(a.Bounds())
	if !sameImage(a, n) {
		t.Error("equal blank images of different types differ")
	}
}
