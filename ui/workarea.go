package ui

import "fyne.io/fyne/v2"

// The window's sizes: large where the screen has room, small (the size
// every inspector is made to fit) where the room is unknown.
var (
	largeWindow = fyne.NewSize(1280, 800)
	smallWindow = fyne.NewSize(1024, 640)
)

// frameAllowance is the room left for a window manager's title bar and
// borders, in pixels, when it manages the window (the work area counts
// them, the window's size does not).
var frameAllowance = fyne.NewSize(16, 48)

// workArea is the room the system gives windows, in pixels (see
// screenWorkArea in workarea_*.go).
type workArea struct {
	width, height int
	framed        bool // a window manager draws frames around windows
}

// windowSizeFor is the size the window opens at: the large size, cut to
// the work area (less the frames) at scale pixels per unit; the small size
// when the work area is not known.
func windowSizeFor(area workArea, known bool, scale float32) fyne.Size {
	if !known || area.width <= 0 || area.height <= 0 {
		return smallWindow
	}
	if scale <= 0 {
		scale = 1
	}
	w, h := float32(area.width), float32(area.height)
	if area.framed {
		w, h = w-frameAllowance.Width, h-frameAllowance.Height
	}
	return largeWindow.Min(fyne.NewSize(w/scale, h/scale))
}

// fitScreen sizes the window to the screen's work area at scale (the
// canvas's pixels per unit once the window exists; before, the user's
// scale setting, corrected when the window is shown).
func (w *window) fitScreen(scale float32) {
	area, known := screenWorkArea()
	want := windowSizeFor(area, known, scale)
	if cur := w.win.Canvas().Size(); cur.Width > 0 && cur.Width <= want.Width && cur.Height <= want.Height {
		return // already fits: the user's size stays
	}
	w.win.Resize(want)
}

// dialogMargin is the room kept around a dialog inside the window.
const dialogMargin = 32

// dialogSize is a dialog's size: w×h, cut to the window's canvas (less a
// margin) so that a dialog on a small window keeps its buttons in view.
func dialogSize(win fyne.Window, w, h float32) fyne.Size {
	want := fyne.NewSize(w, h)
	if c := win.Canvas().Size(); c.Width > dialogMargin && c.Height > dialogMargin {
		want = want.Min(fyne.NewSize(c.Width-dialogMargin, c.Height-dialogMargin))
	}
	return want
}
