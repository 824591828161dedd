package scene

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"

	"rummage/preview"
	"rummage/ui/count"
)

// keyState is the movement keys held down, and the ticker that moves the
// camera while any is.
type keyState struct {
	held map[fyne.KeyName]bool
	fast bool // Shift
	tick *time.Ticker
	stop chan struct{}
	last time.Time
}

// moveKeys maps a key to a movement: ahead, to the right, up.
var moveKeys = map[fyne.KeyName][3]float32{
	fyne.KeyW: {1, 0, 0}, fyne.KeyUp: {1, 0, 0},
	fyne.KeyS: {-1, 0, 0}, fyne.KeyDown: {-1, 0, 0},
	fyne.KeyA: {0, -1, 0}, fyne.KeyLeft: {0, -1, 0},
	fyne.KeyD: {0, 1, 0}, fyne.KeyRight: {0, 1, 0},
	fyne.KeyE: {0, 0, 1}, fyne.KeyPageUp: {0, 0, 1},
	fyne.KeyQ: {0, 0, -1}, fyne.KeyPageDown: {0, 0, -1},
}

// fastFactor is how much faster the camera flies with Shift held.
const fastFactor = 4

// flyEvery is how often the camera moves while a key is held.
const flyEvery = 33 * time.Millisecond

// KeyDown starts a movement (desktop.Keyable).
func (c *sceneCanvas) KeyDown(ev *fyne.KeyEvent) {
	switch ev.Name {
	case desktop.KeyShiftLeft, desktop.KeyShiftRight:
		c.keys.fast = true
		return
	}
	if _, ok := moveKeys[ev.Name]; !ok || c.world == nil {
		return
	}
	if c.keys.held == nil {
		c.keys.held = map[fyne.KeyName]bool{}
	}
	c.keys.held[ev.Name] = true
	c.startFlying()
}

// KeyUp ends a movement.
func (c *sceneCanvas) KeyUp(ev *fyne.KeyEvent) {
	switch ev.Name {
	case desktop.KeyShiftLeft, desktop.KeyShiftRight:
		c.keys.fast = false
		return
	}
	delete(c.keys.held, ev.Name)
}

// startFlying starts the ticker that moves the camera while keys are held.
func (c *sceneCanvas) startFlying() {
	if c.keys.tick != nil {
		return
	}
	c.keys.tick = time.NewTicker(flyEvery)
	c.keys.stop = make(chan struct{})
	c.keys.last = time.Now()
	tick, stop := c.keys.tick, c.keys.stop
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				fyne.Do(c.flyStep)
			}
		}
	}()
}

// stopFlying stops the ticker.
func (c *sceneCanvas) stopFlying() {
	if c.keys.tick != nil {
		c.keys.tick.Stop()
		close(c.keys.stop)
		c.keys.tick = nil
	}
}

// flyStep moves the camera by the time since the last step (UI goroutine).
func (c *sceneCanvas) flyStep() {
	now := time.Now()
	dt := float32(now.Sub(c.keys.last).Seconds())
	c.keys.last = now
	if len(c.keys.held) == 0 || c.isClosed() {
		c.stopFlying()
		return
	}
	var m [3]float32
	for k := range c.keys.held {
		d := moveKeys[k]
		m[0], m[1], m[2] = m[0]+d[0], m[1]+d[1], m[2]+d[2]
	}
	if c.keys.fast {
		dt *= fastFactor
	}
	c.fly.Move(m[0], m[1], m[2], min(dt, 0.2))
	c.request()
}

// TypedKey is part of fyne.Focusable (movement is KeyDown/KeyUp's).
func (c *sceneCanvas) TypedKey(*fyne.KeyEvent) {}

// TypedRune handles F (fit the selection) and +/- (speed).
func (c *sceneCanvas) TypedRune(r rune) {
	switch r {
	case 'f', 'F':
		c.fitSelection()
	case '+', '=':
		c.fly.Faster(1)
		c.request()
	case '-', '_':
		c.fly.Faster(-1)
		c.request()
	}
}

// FocusGained is part of fyne.Focusable.
func (c *sceneCanvas) FocusGained() {}

// FocusLost stops flying (the keys' release goes elsewhere).
func (c *sceneCanvas) FocusLost() {
	clear(c.keys.held)
	c.keys.fast = false
}

// focus takes the keyboard focus.
func (c *sceneCanvas) focus() {
	if cv := fyne.CurrentApp().Driver().CanvasForObject(c); cv != nil {
		cv.Focus(c)
	}
}

// MouseDown takes the focus (desktop.Mouseable).
func (c *sceneCanvas) MouseDown(*desktop.MouseEvent) { c.focus() }

// MouseUp is part of desktop.Mouseable.
func (c *sceneCanvas) MouseUp(*desktop.MouseEvent) {}

// Dragged looks around.
func (c *sceneCanvas) Dragged(ev *fyne.DragEvent) {
	if c.world == nil {
		return
	}
	c.fly.Look(ev.Dragged.DX, ev.Dragged.DY)
	c.request()
}

// DragEnd is part of fyne.Draggable.
func (c *sceneCanvas) DragEnd() {}

// Scrolled changes the speed: a notch is a quarter faster or slower.
func (c *sceneCanvas) Scrolled(ev *fyne.ScrollEvent) {
	if ev.Scrolled.DY == 0 {
		return
	}
	c.fly.Faster(ev.Scrolled.DY / 25)
	c.request()
}

// Tapped selects the instance under the pointer.
func (c *sceneCanvas) Tapped(ev *fyne.PointEvent) {
	c.focus()
	c.pickAt(ev.Position)
}

// DoubleTapped flies to the selection.
func (c *sceneCanvas) DoubleTapped(*fyne.PointEvent) { c.fitSelection() }

// frameText is the overlay line of a frame: instances drawn and culled,
// triangles, time, and the flying speed.
func frameText(st preview.WorldStats, speed float32) string {
	return lang.XN("scene.frame.drawn", "{{.PluralCount}} instances drawn", st.Instances) + " · " +
		lang.X("scene.frame.culled", "{{.Count}} culled", map[string]any{"Count": st.Culled}) + " · " +
		count.Triangles(st.Triangles) + " · " +
		lang.X("scene.frame.ms", "{{.Ms}} ms", map[string]any{"Ms": fmt.Sprintf("%.1f", float64(st.Elapsed.Microseconds())/1000)}) + " · " +
		lang.X("scene.frame.speed", "speed {{.Speed}}/s", map[string]any{"Speed": fmt.Sprintf("%.0f", speed)})
}
