package inspect

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
)

// ProgressAfter is how long a tab's work may take before the tab shows
// that it is working.
const ProgressAfter = 300 * time.Millisecond

// quickWait is how long Load waits for the work before it shows a
// placeholder: quick work then shows its tab at once, without a blank
// frame first. Tests wait for the work (their views are built from the
// result), except where they ask for the placeholder (loadWithin).
func quickWait() time.Duration { return QuickWait() }

// QuickWait is how long a view built on the UI goroutine may wait for
// background work before it shows the result later through fyne.Do
// (quickWait's reading: a minute in tests, whose driver would otherwise
// run the fyne.Do on the worker while the test draws).
func QuickWait() time.Duration {
	if testing.Testing() {
		return time.Minute
	}
	return 20 * time.Millisecond
}

// loadStep, in tests, hears a placeholder's steps ("busy", "shown") on
// the goroutine that made them.
var loadStep = func(string) {}

// Load builds a tab whose content needs slow work first (reading other
// files, decoding a whole level): work runs off the UI goroutine, behind
// the format panic guard, and show builds the content from its result on
// the UI goroutine. Until then the tab is empty; once the work has taken
// ProgressAfter it shows an activity bar saying what (e.g. "Looking for
// the textures…"). Work done within a few milliseconds is shown at once.
func Load[T any](what string, work func() (T, error), show func(T, error) fyne.CanvasObject) fyne.CanvasObject {
	return loadWithin(quickWait(), ProgressAfter, what, work, show)
}

// loadWithin is Load waiting wait before the placeholder and showing the
// activity after progress.
func loadWithin[T any](wait, progress time.Duration, what string, work func() (T, error), show func(T, error) fyne.CanvasObject) fyne.CanvasObject {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := formats.Guard(what, work)
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return show(r.v, r.err)
	case <-time.After(wait):
	}
	bar := widget.NewProgressBarInfinite()
	bar.Stop()
	busy := container.NewVBox(widget.NewLabel(what), bar)
	busy.Hide()
	holder := container.NewStack(container.NewCenter(busy))
	finished := false // set on the UI goroutine
	timer := time.AfterFunc(max(progress-wait, 0), func() {
		fyne.Do(func() {
			if !finished {
				busy.Show()
				bar.Start()
				loadStep("busy")
			}
		})
	})
	go func() {
		r := <-done
		timer.Stop()
		fyne.Do(func() {
			finished = true
			bar.Stop()
			holder.Objects = []fyne.CanvasObject{show(r.v, r.err)}
			holder.Refresh()
			loadStep("shown")
		})
	}()
	return holder
}
