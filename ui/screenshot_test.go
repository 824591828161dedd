package ui

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
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

// --tab picks a tab, and a tab inside it, by title; a title that is not
// there is an error naming the tabs there are.
func TestSelectTabPath(t *testing.T) {
	w := newTestWindow(t)
	if err := w.insp.selectTabPath("Hex"); err == nil {
		t.Error("a tab picked with nothing selected")
	}
	w.opened.addFiles(sampleFiles(&w.opts))
	if err := w.selectStart("Material.lib/WATER_M"); err != nil {
		t.Fatal(err)
	}
	if err := w.insp.selectTabPath("material/Animation"); err != nil {
		t.Fatal(err)
	}
	if got := w.insp.tabs.Selected().Text; got != "Material" {
		t.Errorf("tab %s selected", got)
	}
	inner, _ := findObject(w.insp.tabs.Selected().Content, func(o fyne.CanvasObject) bool { _, ok := o.(*container.AppTabs); return ok }).(*container.AppTabs)
	if inner == nil || inner.Selected().Text != "Animation" {
		t.Errorf("inner tabs %v", inner)
	}
	err := w.insp.selectTabPath("Material/Bogus")
	if err == nil || !strings.Contains(err.Error(), "Phase, Animation") {
		t.Errorf("a missing tab: %v", err)
	}
	if err := w.insp.selectTabPath("Overview/Phase"); err == nil {
		t.Error("a tab inside a tab without tabs picked")
	}
}
