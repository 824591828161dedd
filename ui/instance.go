package ui

import (
	"fmt"
	"os"

	"fyne.io/fyne/v2"

	"rummage/internal/instance"
)

// claimInstance keeps one window per user (see internal/instance): when
// another Rummage window runs, the files of the command line are handed to
// it and forwarded is true (the caller exits); otherwise this window
// becomes the one that later `rummage FILE...` calls (double-clicks) join,
// and stop must be called when it closes. A command line with options
// (--materials, --txd, --select) is not handed over, since the running window
// would ignore them; it opens a window of its own. RUMMAGE_SINGLE_INSTANCE=0
// turns the hand-over off.
func (w *window) claimInstance(cfg config) (forwarded bool, stop func()) {
	stop = func() {}
	if os.Getenv("RUMMAGE_SINGLE_INSTANCE") == "0" {
		return false, stop
	}
	paths := cfg.files
	if cfg.materials != "" || len(cfg.txd) > 0 || cfg.selectNode != "" {
		paths = nil // never forwarded: without files Claim only tries to be the primary
	}
	srv, forwarded, err := instance.Start(AppID, paths, func(p []string) { handOver(w, p) })
	if err != nil {
		fmt.Fprintln(os.Stderr, "rummage: single window:", err)
	}
	if srv != nil {
		stop = func() { srv.Close() }
	}
	return forwarded, stop
}

// handOver opens files handed over by a later instance. It runs on the
// instance server's goroutine (tests replace it).
var handOver = func(w *window, paths []string) {
	fyne.Do(func() { w.openHandedOver(paths) })
}

// openHandedOver opens the files of a later instance and raises the window.
func (w *window) openHandedOver(paths []string) {
	w.openPaths(paths, true)
	w.win.RequestFocus()
}
