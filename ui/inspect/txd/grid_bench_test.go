package txd

import (
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"rummage/ui/inspect/inspecttest"
)

// BenchmarkGridScroll2000 scrolls the grid of a 2,000-texture dictionary
// from top to bottom in 60-pixel steps after the first fill, each step a
// frame: scroll, bind the cells in view and lay them out (the UI
// goroutine's work; the GL driver's drawing is not in it — the test
// driver's software painter would measure itself), with the thumbnails
// decoding in the background. It reports the slowest frame (budget: 33
// ms), the 99th percentile and the mean. On a loaded two-core machine the
// slowest frame is the scheduler's: compare the percentile.
func BenchmarkGridScroll2000(b *testing.B) {
	decodeInBackground(b)
	a := test.NewTempApp(b)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	root, _ := dictFixture(b, 2000)
	kids, _ := root.Children()
	var worst, total time.Duration
	frames, worstAt := 0, 0
	var all []time.Duration
	for i := 0; i < b.N; i++ {
		g := newGridView(h, kids)
		// The test driver runs fyne.Do on the calling goroutine: pick up
		// the decoded thumbnails in each frame instead, as the UI
		// goroutine does.
		g.thumbs.mu.Lock()
		g.thumbs.done = nil
		g.thumbs.mu.Unlock()
		h.Win.SetContent(g.content)
		h.Win.Resize(fyne.NewSize(1000, 700))
		h.Win.Canvas().(test.WindowlessCanvas).Capture() // the first fill
		for y := float32(0); y < 60*400; y += 60 {
			start := time.Now()
			g.grid.ScrollToOffset(y)
			g.grid.Refresh()
			d := time.Since(start)
			if d > worst {
				worst, worstAt = d, frames
			}
			total, frames = total+d, frames+1
			all = append(all, d)
		}
		g.thumbs.close()
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms/frame")
	b.ReportMetric(float64(worstAt), "slowest-frame-index")
	slices.Sort(all)
	b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "p99-ms/frame")
	b.ReportMetric(float64(total.Microseconds())/1000/float64(frames), "mean-ms/frame")
}
