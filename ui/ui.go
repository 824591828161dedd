// Package ui is Rummage's Fyne application: the window, the tree browser,
// the inspector frame (header, error card, Overview and Hex tabs), menus,
// status bar, export and save. The inspectors of the node kinds live in
// ui/inspect/<family> and register themselves (see ui/inspect); the shell
// knows nothing of a format's bytes or types.
//
// Without files the window opens the built-in sample set, each sample file
// as a root of the tree. Files named on the command line are opened in the
// background; a folder opens as one root, a lazy tree of its folders and
// recognised files, each listed or opened in the background when it is
// first shown (folderroot.go).
//
// `--screenshot OUT.png [--size WxH]... [--select NODE] [--tab TAB]`
// renders the real window and saves it, at each size given (see
// screenshot.go). RUMMAGE_SCREENSHOT_FILTER sets the filter box's text for
// screenshots of a filtered tree; RUMMAGE_SCREENSHOT_SHOW opens a menu
// ("menu:File") or a dialog ("settings", "help", "export", …) over the
// window, and the shot fails when it does not fit (screenshotshow.go).
package ui

import (
	"errors"
	"fmt"
	"os"

	"fyne.io/fyne/v2"

	"rummage/formats"
	_ "rummage/formats/all"    // every format
	_ "rummage/ui/inspect/all" // every inspector
)

// AppID is the application ID used for preferences and the desktop file.
const AppID = "io.github.rummage"

// Run opens the window on the files in args and returns the exit status:
// 0, 1 when a screenshot could not be made, 2 on bad usage.
func Run(a fyne.App, args []string) int {
	cfg, err := parseArgs(args)
	if err != nil {
		fmt.Fprintln(os.Stderr, "rummage:", err)
		fmt.Fprintln(os.Stderr, usage)
		return 2
	}
	BeginStartUp(a)
	defer startedUp()
	w, err := openWindow(a, formats.Options{Materials: cfg.materials, TXD: cfg.txd})
	if err != nil {
		fmt.Fprintln(os.Stderr, "rummage: cannot open the window:", err)
		return 1
	}
	if len(cfg.shots) > 0 {
		startedUp()
		return w.screenshot(cfg, os.Stderr)
	}
	forwarded, stop := w.claimInstance(cfg)
	if forwarded {
		return 0 // the running window opens the files
	}
	defer stop()
	w.fitScreen(a.Settings().Scale()) // the user's scale: the screen's is known once the window is
	if len(cfg.files) == 0 {
		w.opened.addFiles(sampleFiles(&w.opts))
		w.selectStart(cfg.selectNode)
	}
	a.Lifecycle().SetOnStarted(func() {
		startedUp() // the first frame is drawn
		w.fitScreen(w.win.Canvas().Scale())
		if len(cfg.files) == 0 {
			return
		}
		j := w.opened.openPaths(cfg.files, true)
		if cfg.selectNode != "" {
			go func() {
				<-j.done
				fyne.Do(func() { w.selectStart(cfg.selectNode) })
			}()
		}
	})
	w.win.ShowAndRun()
	return 0
}

// openWindow is newWindow with a driver failure (no display: GLFW panics)
// turned into an error.
func openWindow(a fyne.App, opts formats.Options) (*window, error) {
	w, err := formats.Guard("open the window", func() (*window, error) { return newWindow(a, opts), nil })
	if pe := (*formats.PanicError)(nil); errors.As(err, &pe) {
		return nil, fmt.Errorf("%v (is there a display? try xvfb-run)", pe.Value)
	}
	return w, err
}

// selectStart selects NODE (a node path in the first file) given with
// --select; an unknown path is reported in the status bar.
// ("FILE/NODE" picks an open file, the first one too, by its root name.)
func (w *window) selectStart(path string) error {
	files := w.opened.openFiles()
	if path == "" || len(files) == 0 {
		return nil
	}
	err := w.nav.selectPath(files, path)
	w.status.setError(err)
	return err
}
