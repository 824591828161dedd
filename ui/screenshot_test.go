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

// RUMMAGE_SCREENSHOT_SHOW opens a menu by its English title (in either
// language) or a dialog by name, refuses a name it does not know, and a
// menu or dialog larger than the window fails the shot.
func TestShowForShot(t *testing.T) {
	w := newRussianWindow(t)
	addFake(w)
	w.win.Resize(fyne.NewSize(1024, 640))
	for _, what := range []string{"menu:Edit", "settings", "help:formats", "messages"} {
		if err := w.showForShot(what); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		top := w.win.Canvas().Overlays().Top()
		if top == nil {
			t.Fatalf("%s opened nothing", what)
		}
		if err := checkOverlays(w.win); err != nil {
			t.Errorf("%s: %v", what, err)
		}
		top.Hide()
		w.win.Canvas().Overlays().Remove(top)
	}
	if err := w.showForShot("menu:Edit"); err != nil || !strings.Contains(strings.Join(shownTexts(w.win.Canvas().Overlays().Top()), "\n"), "Копировать путь") {
		t.Errorf("menu:Edit: %v", err)
	}
	w.win.Canvas().Overlays().Remove(w.win.Canvas().Overlays().Top())
	for _, bad := range []string{"menu:Tools", "about-box"} {
		if err := w.showForShot(bad); err == nil {
			t.Errorf("%s opened", bad)
		}
	}
	w.win.Resize(fyne.NewSize(300, 200))
	w.view.showSettings()
	if err := checkOverlays(w.win); err == nil || !strings.Contains(err.Error(), "the window has 300x200") {
		t.Errorf("Settings in a 300x200 window: %v", err)
	}
}
