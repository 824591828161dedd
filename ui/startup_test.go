package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// The UI thread's await and the goroutine's warm share the styles: every
// style is loaded, once, and await returns only when all are, whoever
// started first.
func TestFontLoadsShareTheStyles(t *testing.T) {
	test.NewTempApp(t)
	styles := []fyne.TextStyle{{}, {Bold: true}, {Monospace: true}, {Italic: true}}
	for range 20 {
		ls := newFontLoads(styles)
		go ls.warm()
		ls.await()
		for i, l := range ls {
			select {
			case <-l.done: // closed once: a second close would panic
			default:
				t.Fatalf("style %d not loaded when await returned", i)
			}
			if !l.claimed.Load() {
				t.Fatalf("style %d loaded without a claim", i)
			}
		}
		ls.warm() // everything claimed: nothing to do, no second load
	}
}

// Without a begun start (tests, a screenshot's window) the UI thread waits
// for nothing.
func TestAwaitStartFontsWithoutAStart(t *testing.T) {
	if startUp.fonts != nil {
		t.Skip("a start was begun in this test binary")
	}
	awaitStartFonts()
}
