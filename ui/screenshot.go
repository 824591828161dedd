package ui

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"time"

	"fyne.io/fyne/v2"
)

// screenshotTimeout is how long the screenshot mode may take in all.
const screenshotTimeout = 60 * time.Second

// screenshot is `--screenshot OUT.png [--select NODE] [--size WxH]`: it
// opens the files (or the samples), selects NODE in the first file, shows
// the real window, waits until two captures a few frames apart agree,
// writes the PNG and quits. The status is 0, or 1 with a message on errw.
func (w *window) screenshot(cfg config, errw io.Writer) int {
	w.win.Resize(fyne.NewSize(float32(cfg.width), float32(cfg.height)))
	w.win.SetFixedSize(true)
	if len(cfg.files) == 0 {
		w.addFiles(sampleFiles(&w.opts))
	} else {
		for _, p := range cfg.files {
			if _, err := os.Stat(p); err != nil {
				fmt.Fprintf(errw, "rummage: --screenshot: %v\n", err)
				return 1
			}
		}
		var fs []*openFile
		for _, t := range expandPaths(context.Background(), cfg.files) {
			if f := openDisk(t.path, t.name, &w.opts, t.fromFolder); f != nil {
				fs = append(fs, f)
			}
		}
		if len(fs) == 0 {
			fmt.Fprintf(errw, "rummage: --screenshot: no file to show in %v\n", cfg.files)
			return 1
		}
		w.addFiles(fs)
	}
	if cfg.selectNode != "" {
		if err := w.selectStart(cfg.selectNode); err != nil {
			fmt.Fprintf(errw, "rummage: --select %s: %v\n", cfg.selectNode, err)
			return 1
		}
	}
	// Development aids for screenshots of other states: a filter text and
	// the inspector tab to show.
	if q := os.Getenv("RUMMAGE_SCREENSHOT_FILTER"); q != "" {
		w.filter.SetText(q)
	}
	if tab := os.Getenv("RUMMAGE_SCREENSHOT_TAB"); tab != "" {
		w.insp.selectTab(tab)
	}
	status := 1
	var failure error
	w.app.Lifecycle().SetOnStarted(func() {
		go func() {
			img, err := w.captureStable()
			if err == nil {
				err = writePNG(cfg.screenshot, img)
			}
			if err != nil {
				failure = err
			} else {
				status = 0
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
	if failure != nil {
		fmt.Fprintf(errw, "rummage: --screenshot %s: %v\n", cfg.screenshot, failure)
	}
	return status
}

// captureStable captures the window until two captures a few frames apart
// are equal (the layout has settled), at most 12 times; an animated
// inspector never settles, and then the latest capture is kept.
func (w *window) captureStable() (image.Image, error) {
	time.Sleep(400 * time.Millisecond)
	var prev, last image.Image
	for try := 0; try < 12; try++ {
		var img image.Image
		fyne.DoAndWait(func() {
			img = w.win.Canvas().Capture()
			if img == nil || uniform(img) {
				// The GL front buffer is empty on some software GL
				// stacks (llvmpipe under Xvfb): read the X window.
				if g, err := grabNative(w.win); err == nil {
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

// writePNG writes img to path.
func writePNG(path string, img image.Image) error {
	return os.WriteFile(path, encodePNG(img), 0o644)
}
