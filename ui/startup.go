package ui

import (
	"math"
	"runtime/debug"
	"sync"
	"sync/atomic"

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
//     thread at its first label (some 45 ms of a 350 ms start); the window
//     takes its share before its first label (awaitStartFonts). Fyne's
//     font and text-size caches are safe for concurrent use and keyed by
//     style alone; the theme's fonts are Fyne's own whatever the variant,
//     so the faces made here are the ones the window would make.
//   - the garbage collector waits (up to startUpHeap) until the first
//     frame: the eight collections of a start take the second core from
//     the font loading and assist on the UI thread.
//
// main calls BeginStartUp as soon as the app exists; Run does when main
// did not.
func beginStartUp(fonts fontLoads) (end func()) {
	gc := debug.SetGCPercent(-1)
	limit := debug.SetMemoryLimit(startUpHeap)
	go fonts.warm()
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
	once  sync.Once
	end   func()
	fonts fontLoads
}

// BeginStartUp readies the process for the window's start (see
// beginStartUp) the first time it is called; call it as soon as the app
// exists, so the fonts load while the language and icon are set up. It
// applies the remembered theme first: the font loading reads the theme.
func BeginStartUp(a fyne.App) {
	startUp.once.Do(func() {
		applyThemePref(a)
		startUp.fonts = newFontLoads(firstFrameStyles)
		startUp.end = beginStartUp(startUp.fonts)
	})
}

// startedUp ends the start begun by BeginStartUp (after the first frame).
func startedUp() {
	if startUp.end != nil {
		startUp.end()
	}
}

// awaitStartFonts is the UI thread's share of the fonts' loading, before
// its first label: the styles the goroutine has not begun it loads itself,
// and it waits for the one the goroutine is loading, so that no style is
// loaded twice (on a busy machine the second core is no spare). Nothing
// when no start was begun (tests).
func awaitStartFonts() {
	if startUp.fonts != nil {
		startUp.fonts.await()
	}
}

// fontLoad is the loading of one style's faces into Fyne's font cache (by
// measuring a short text in it), done once by whoever claims it first.
type fontLoad struct {
	style   fyne.TextStyle
	claimed atomic.Bool
	done    chan struct{}
}

// fontLoads are the loads of the first frame's styles.
type fontLoads []*fontLoad

func newFontLoads(styles []fyne.TextStyle) fontLoads {
	ls := make(fontLoads, len(styles))
	for i, s := range styles {
		ls[i] = &fontLoad{style: s, done: make(chan struct{})}
	}
	return ls
}

// claim reports whether the caller is the one to load l.
func (l *fontLoad) claim() bool { return l.claimed.CompareAndSwap(false, true) }

func (l *fontLoad) load() {
	fyne.MeasureText("Mg", 14, l.style)
	close(l.done)
}

// warm loads the styles nobody has claimed (the goroutine's part).
func (ls fontLoads) warm() {
	for _, l := range ls {
		if l.claim() {
			l.load()
		}
	}
}

// await loads the styles nobody has claimed and waits for the others. It
// takes them from the last, the goroutine from the first, so the two
// share the work rather than one waiting for the other.
func (ls fontLoads) await() {
	for i := len(ls) - 1; i >= 0; i-- {
		if l := ls[i]; l.claim() {
			l.load()
		} else {
			<-ls[i].done
		}
	}
}
