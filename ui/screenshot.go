package ui

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"rummage/internal/atomicfile"
)

// screenshotTimeout is how long the screenshot mode may take in all.
const screenshotTimeout = 60 * time.Second

// screenshot is `--screenshot OUT.png [--size WxH]... [--select NODE]
// [--tab TAB]`: it opens the files (or the samples), selects NODE in the
// first file and TAB in its inspector, shows the real window and, for each
// shot in turn, sizes the window, waits until two captures a few frames
// apart agree, writes the PNG; then it quits. A window that had to grow
// past the size asked for (its content's minimum size is larger) fails.
// The status is 0, or 1 with a message on errw.
func (w *window) screenshot(cfg config, errw io.Writer) int {
	first := cfg.shots[0]
	w.win.Resize(fyne.NewSize(float32(first.width), float32(first.height)))
	w.win.SetFixedSize(true)
	if err := w.screenshotState(cfg); err != nil {
		fmt.Fprintf(errw, "rummage: %v\n", err)
		return 1
	}
	var failed error
	w.app.Lifecycle().SetOnStarted(func() {
		go func() {
			w.waitJobs() // folder roots list and open in the background
			fyne.DoAndWait(func() { failed = w.selectLaterTab() })
			if show := os.Getenv("RUMMAGE_SCREENSHOT_SHOW"); show != "" && failed == nil {
				fyne.DoAndWait(func() { failed = w.showForShot(show) })
			}
			if failed == nil {
				failed = takeShots(w.win, w.insp, cfg.shots)
			}
			fyne.Do(w.app.Quit)
		}()
	})
	timer := time.AfterFunc(screenshotTimeout, func() {
		fmt.Fprintf(errw, "rummage: --screenshot: timed out after %v\n", screenshotTimeout)
		os.Exit(1)
	})
	w.win.ShowAndRun()
	timer.Stop()
	if failed != nil {
		fmt.Fprintf(errw, "rummage: --screenshot %v\n", failed)
		return 1
	}
	return 0
}

// screenshotState opens the files (the samples when none is named),
// selects the node and the tab, and sets the filter text of
// RUMMAGE_SCREENSHOT_FILTER (a development aid; RUMMAGE_SCREENSHOT_SHOW,
// screenshotshow.go, opens a menu or dialog once the window shows).
func (w *window) screenshotState(cfg config) error {
	if len(cfg.files) == 0 {
		w.opened.addFiles(sampleFiles(&w.opts))
	} else {
		for _, p := range cfg.files {
			if _, err := os.Stat(p); err != nil {
				return fmt.Errorf("--screenshot: %v", err)
			}
		}
		var fs []*openFile
		for _, t := range targetsOf(cfg.files) {
			fs = append(fs, openDisk(t.path, t.name, &w.opts))
		}
		if len(fs) == 0 {
			return fmt.Errorf("--screenshot: no file to show in %v", cfg.files)
		}
		w.opened.addFiles(fs)
	}
	if cfg.selectNode != "" {
		if err := w.selectStart(cfg.selectNode); err != nil {
			return fmt.Errorf("--select %s: %v", cfg.selectNode, err)
		}
	}
	if q := os.Getenv("RUMMAGE_SCREENSHOT_FILTER"); q != "" {
		w.filter.SetText(q)
	}
	if cfg.tab != "" && w.insp.selectTabPath(cfg.tab) != nil {
		w.laterTab = cfg.tab // a folder root's file or folder shows its tabs once loaded
	}
	return nil
}

// selectLaterTab selects the --tab that the selection did not have before
// the folder roots' background work was done (on the UI goroutine).
func (w *window) selectLaterTab() error {
	if w.laterTab == "" {
		return nil
	}
	if err := w.insp.selectTabPath(w.laterTab); err != nil {
		return fmt.Errorf("--tab %s: %v", w.laterTab, err)
	}
	return nil
}

// takeShots sizes the window for each shot, captures and writes it (off
// the UI goroutine). The error names the shot.
func takeShots(win fyne.Window, in *inspector, shots []shot) error {
	for i, s := range shots {
		want := fyne.NewSize(float32(s.width), float32(s.height))
		if i > 0 {
			fyne.DoAndWait(func() { win.Resize(want) })
		}
		img, err := captureStable(win)
		if err == nil {
			err = checkSize(win, want)
		}
		if err == nil {
			err = checkTab(in)
		}
		if err == nil {
			err = checkOverlays(win)
		}
		if err == nil {
			err = writePNG(s.path, img)
		}
		if err != nil {
			return fmt.Errorf("%s: %v", s.path, err)
		}
	}
	return nil
}

// checkSize fails when the window is larger than want: its content's
// minimum size did not fit.
func checkSize(win fyne.Window, want fyne.Size) error {
	var got, need fyne.Size
	fyne.DoAndWait(func() {
		got = win.Canvas().Size()
		need = win.Content().MinSize()
	})
	if got.Width > want.Width+0.5 || got.Height > want.Height+0.5 {
		return fmt.Errorf("the window grew to %.0fx%.0f: its content needs at least %.0fx%.0f",
			got.Width, got.Height, need.Width, need.Height)
	}
	return nil
}

// checkTab fails when the selected inspector tab needs more room than the
// window gives it: it would scroll as a whole, its controls cut off at the
// window's edge (long words, as Russian has, make a tab wider).
func checkTab(in *inspector) error {
	var err error
	fyne.DoAndWait(func() {
		if in.tabs == nil || in.tabs.Selected() == nil {
			return
		}
		t := in.tabs.Selected()
		sc, ok := t.Content.(*container.Scroll)
		if !ok {
			return // Overview and Hex fill the room they get
		}
		need, have := sc.Content.MinSize(), sc.Size()
		if need.Width > have.Width+0.5 || need.Height > have.Height+0.5 {
			err = fmt.Errorf("the %s tab needs %.0fx%.0f, the inspector has %.0fx%.0f", t.Text, need.Width, need.Height, have.Width, have.Height)
		}
	})
	return err
}

// captureStable captures the window until two captures a few frames apart
// are equal (the layout has settled), at most 12 times; an animated
// inspector never settles, and then the latest capture is kept.
func captureStable(win fyne.Window) (image.Image, error) {
	time.Sleep(400 * time.Millisecond)
	var prev, last image.Image
	for try := 0; try < 12; try++ {
		var img image.Image
		fyne.DoAndWait(func() {
			img = win.Canvas().Capture()
			if img == nil || uniform(img) {
				// The GL front buffer is empty on some software GL
				// stacks (llvmpipe under Xvfb): read the X window.
				if g, err := grabNative(win); err == nil {
					img = g
				}
			}
		})
		if img != nil && !uniform(img) {
			if prev != nil && sameImage(prev, img) {
				return img, nil
			}
			prev, last = img, img
		}
		time.Sleep(170 * time.Millisecond)
	}
	if last == nil {
		return nil, fmt.Errorf("the window did not render (is there a display? try xvfb-run)")
	}
	return last, nil
}

// sameImage compares two captures pixel by pixel.
func sameImage(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	ra, okA := a.(*image.RGBA)
	rb, okB := b.(*image.RGBA)
	if okA && okB {
		return bytes.Equal(ra.Pix, rb.Pix)
	}
	return bytes.Equal(encodePNG(a), encodePNG(b))
}

// uniform reports whether img is one colour (nothing drawn yet).
func uniform(img image.Image) bool {
	b := img.Bounds()
	if b.Empty() {
		return true
	}
	first := img.At(b.Min.X, b.Min.Y)
	r0, g0, b0, a0 := first.RGBA()
	step := max(1, b.Dx()/64)
	for y := b.Min.Y; y < b.Max.Y; y += step {
		for x := b.Min.X; x < b.Max.X; x += step {
			r, g, bb, a := img.At(x, y).RGBA()
			if r != r0 || g != g0 || bb != b0 || a != a0 {
				return false
			}
		}
	}
	return true
}

func encodePNG(img image.Image) []byte {
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

// writePNG writes img to path (atomically, replacing what is there: the
// screenshot's path is the caller's explicit choice).
func writePNG(path string, img image.Image) error {
	return atomicfile.WriteFile(path, encodePNG(img), atomicfile.Options{Policy: atomicfile.Replace})
}
