package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
)

// A shot fails when the selected inspector tab needs more room than the
// window gives it, and passes when it fits.
func TestCheckTab(t *testing.T) {
	w := newTestWindow(t)
	w.addFiles(sampleFiles(&w.opts))
	inspectorSpace(t, w, fyne.NewSize(1024, 640)) // selects the first file's root
	if err := w.checkTab(); err != nil {
		t.Fatalf("the first root's tab: %v", err)
	}
	sc := w.insp.tabs.Selected().Content.(*container.Scroll)
	wide := canvas.NewRectangle(nil)
	wide.SetMinSize(fyne.NewSize(2000, 10))
	sc.Content = container.NewVBox(sc.Content, wide)
	sc.Refresh()
	if err := w.checkTab(); err == nil || !strings.Contains(err.Error(), "needs 2000x") {
		t.Errorf("a tab 2000 wide passes: %v", err)
	}
}
