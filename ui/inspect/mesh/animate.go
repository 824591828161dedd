package mesh

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/formats/material"
	"rummage/internal/cputime"
	"rummage/ui/inspect"
)

// cycler is an animation that knows the length of its cycle in ms
// (geom.CrateFlip): the scrubber spans the longest cycle of the mesh's
// animations.
type cycler interface{ Duration() uint32 }

// animCycle is the cycle of group g's animation a: its own, or when the
// group's material is a MAT0 node (an MSH model's, which plays block 0),
// that block's duration; 0 when unknown.
func animCycle(n formats.Node, g int, a geom.Animator) uint32 {
	if cy, ok := a.(cycler); ok {
		return cy.Duration()
	}
	if mn, ok := inspect.GroupMaterial(n, g).(*material.Node); ok {
		if b, err := mn.Material().BlockAt(0); err == nil {
			return b.Duration()
		}
	}
	return 0
}

// defaultCycle is the scrubber's span when no animation tells its cycle.
const defaultCycle = 4000

// clockBar plays the mesh's animated materials on the material clock it
// shares with the Material tab: play/pause, a scrubber over one cycle and
// the time. It shows only when some group is animated. While the clock
// plays, a ticker asks for frames at most inspect.MaxFPS a second, paced
// like the material swatch (within a CPU budget, and only probing while
// nothing paints the preview, its tab hidden); a paused clock draws only
// when it is scrubbed or the camera moves.
type clockBar struct {
	c        *previewCanvas
	clk      *inspect.Clock
	animated bool   // some group of the mesh is animated
	cycle    uint32 // the scrubber's span, ms
	loading  bool   // the scrubber is being moved to the clock: ignore its callback
	closed   bool
	manual   bool          // tests: no ticker goroutine, they call frame themselves
	stop     chan struct{} // closes the running ticker; nil when none runs
	unwatch  func()

	play    *widget.Button
	slider  *widget.Slider
	label   *widget.Label
	content *fyne.Container
}

func newClockBar(c *previewCanvas, clk *inspect.Clock) *clockBar {
	b := &clockBar{c: c, clk: clk}
	b.play = widget.NewButtonWithIcon("", theme.MediaPauseIcon(), clk.Toggle)
	b.slider = widget.NewSlider(0, defaultCycle)
	b.slider.Step = 1
	b.slider.OnChanged = func(v float64) {
		if b.loading {
			return
		}
		clk.Pause()
		clk.Seek(uint32(v))
	}
	b.label = widget.NewLabel("")
	b.label.TextStyle.Monospace = true
	b.content = container.NewBorder(nil, nil, b.play, b.label, b.slider)
	b.content.Hide()
	c.pace.CPU = cputime.Process
	b.unwatch = clk.Watch(b.changed)
	return b
}

// meshLoaded shows the bar when some group of m is animated and starts
// playing the clock on it.
func (b *clockBar) meshLoaded(m *geom.Mesh) {
	b.animated, b.cycle = false, 0
	for i, g := range m.Groups {
		if g.Surface == nil || g.Surface.Anim == nil {
			continue
		}
		b.animated = true
		b.cycle = max(b.cycle, animCycle(b.c.node, i, g.Surface.Anim))
	}
	if !b.animated {
		return
	}
	if b.cycle == 0 {
		b.cycle = defaultCycle
	}
	b.slider.Max = float64(b.cycle)
	b.content.Show()
	b.changed() // the time's text first: the layout makes room for it (its width is fixed, monospace, padded)
	if v := b.c.view; v != nil && v.Content != nil {
		v.Content.Refresh()
	}
}

// changed follows the clock (UI goroutine, after a play, pause or seek,
// here or in the Material tab): the button, the scrubber, the ticker
// running only while the clock plays, and a frame of the new moment.
func (b *clockBar) changed() {
	if !b.animated || b.closed {
		return
	}
	icon := theme.MediaPlayIcon()
	if b.clk.Playing() {
		icon = theme.MediaPauseIcon()
		b.start()
	} else {
		b.halt()
	}
	if b.play.Icon != icon {
		b.play.SetIcon(icon)
	}
	b.showTime()
	b.c.request(false)
}

// showTime moves the scrubber to the clock's place in the cycle and
// writes the time.
func (b *clockBar) showTime() {
	ms := b.clk.Ms() % b.cycle
	if b.slider.Value != float64(ms) {
		b.loading = true
		b.slider.Value = float64(ms)
		b.slider.Refresh()
		b.loading = false
	}
	if s := lang.X("mesh.clock.time", "{{.Ms}} / {{.Cycle}} ms",
		map[string]any{"Ms": fmt.Sprintf("%*d", len(fmt.Sprint(b.cycle)), ms), "Cycle": b.cycle}); b.label.Text != s {
		b.label.SetText(s)
	}
}

// start runs the ticker unless it runs.
func (b *clockBar) start() {
	if b.stop != nil || b.manual {
		return
	}
	b.stop = make(chan struct{})
	go b.tick(b.stop)
}

// halt stops the ticker.
func (b *clockBar) halt() {
	if b.stop != nil {
		close(b.stop)
		b.stop = nil
	}
}

// tick asks for frames until stop is closed (inspect.Tick).
func (b *clockBar) tick(stop chan struct{}) {
	inspect.Tick(stop, func(now time.Time) { b.frame(now) })
}

// frame asks for a frame at the clock's time when the pacer allows one;
// it reports whether it did.
func (b *clockBar) frame(now time.Time) bool {
	if b.closed || !b.animated || !b.clk.Playing() || !b.c.pace.Due(now) {
		return false
	}
	b.c.pace.Ask(now)
	b.showTime()
	b.c.request(false)
	return true
}

// close stops the ticker and the watching.
func (b *clockBar) close() {
	b.closed = true
	b.halt()
	if b.unwatch != nil {
		b.unwatch()
		b.unwatch = nil
	}
}
