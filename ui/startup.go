package ui

import (
	"math"
	"runtime/debug"
	"sync"

	"fyne.io/fyne/v2"
)

// startUpHeap bounds the heap while the collector waits for the first
// frame: the window's start allocates some 50 MB, most of it garbage, and a
// start that somehow allocates far more still collects.
const startUpHeap = 256 << 20

// firstFrameStyles are the text styles the first frame draws, in the order
// the window first measures them: plain (the status bar), bold (buttons,
// the inspector's title) and monospace (offsets and sizes).
var firstFrameStyles = []fyne.TextStyle{{}, {Bold: true}, {Monospace: true}}

// beginStartUp readies the process for the way to the window's first
// frame, which runs on the one UI thread while the second core idles, and
// returns the function that ends that (call it once the first frame is
// drawn; later calls do nothing):
//
//   - the fonts of firstFrameStyles are parsed, and the system's fonts
//     scanned for the fallbacks, on another goroutine, so that the window
//     finds them in Fyne's font cache instead of loading each on the UI
//     thread at its first label (some 45 ms of a 350 ms start). Fyne's font
//     and text-size caches are safe for concurrent use and keyed by style
//     alone; the theme's fonts are Fyne's own whatever the variant, so the
//     faces made here are the ones the window would make.
//   - the garbage collector waits (up to startUpHeap) until the first
//     frame: the eight collections of a start take the second core from
//     the font loading and assist on the UI thread.
//
// main calls BeginStartUp as soon as the app exists; Run does when main
// did not.
func beginStartUp() (end func()) {
	gc := debug.SetGCPercent(-1)
	limit := debug.SetMemoryLimit(startUpHeap)
	go warmFonts()
	var once sync.Once
	return func() {
		once.Do(func() {
			debug.SetGCPercent(gc)
			if limit == startUpHeap {
				limit = math.MaxInt64
			}
			debug.SetMemoryLimit(limit)
		})
	}
}

// startUp is the end of the start begun by BeginStartUp.
var startUp struct {
	once sync.Once
	end  func()
}

// BeginStartUp readies the process for the window's start (see
// beginStartUp) the first time it is called; call it as soon as the app
// exists, so the fonts load while the language and icon are set up.
func BeginStartUp() {
	startUp.once.Do(func() { startUp.end = beginStartUp() })
}

// startedUp ends the start begun by BeginStartUp (after the first frame).
func startedUp() {
	BeginStartUp()
	startUp.end()
}

// warmFonts loads the faces of firstFrameStyles into Fyne's font cache by
// measuring a short text in each.
func warmFonts() {
	for _, s := range firstFrameStyles {
		fyne.MeasureText("Mg", 14, s)
	}
}
