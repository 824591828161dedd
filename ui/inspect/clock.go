package inspect

import (
	"sync"
	"time"
)

// Clock is the material animation clock: milliseconds that run while it
// plays and stand still while it is paused. One clock (MaterialClock) is
// shared by every tab that plays materials, the Material tab's swatch and
// a model's Preview, so that they show the same moment: scrub or pause in
// one and the other follows.
//
// Ms may be called from any goroutine; the methods that change the clock
// are called on the UI goroutine, and the watchers run there, inside them.
type Clock struct {
	mu       sync.Mutex
	playing  bool
	baseMs   uint32    // the time at started, or the paused time
	started  time.Time // when it last started playing
	now      func() time.Time
	watchers map[int]func()
	next     int
}

// NewClock returns a clock playing from 0.
func NewClock() *Clock { return newClockAt(time.Now) }

// newClockAt is NewClock with a time source (for tests).
func newClockAt(now func() time.Time) *Clock {
	return &Clock{playing: true, started: now(), now: now, watchers: map[int]func(){}}
}

var materialClock = NewClock()

// MaterialClock returns the window's material clock, which the Material
// and Preview tabs share.
func MaterialClock() *Clock { return materialClock }

// Ms returns the clock's time in milliseconds (it wraps after 49 days).
func (c *Clock) Ms() uint32 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.msLocked()
}

func (c *Clock) msLocked() uint32 {
	if !c.playing {
		return c.baseMs
	}
	return c.baseMs + uint32(c.now().Sub(c.started).Milliseconds())
}

// Playing reports whether the clock runs.
func (c *Clock) Playing() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.playing
}

// Play starts the clock from where it stands.
func (c *Clock) Play() {
	c.change(func() {
		if !c.playing {
			c.playing, c.started = true, c.now()
		}
	})
}

// Pause stops the clock where it stands.
func (c *Clock) Pause() {
	c.change(func() {
		if c.playing {
			c.baseMs, c.playing = c.msLocked(), false
		}
	})
}

// Toggle plays a paused clock and pauses a playing one.
func (c *Clock) Toggle() {
	if c.Playing() {
		c.Pause()
	} else {
		c.Play()
	}
}

// Seek sets the time to ms (scrubbing); a playing clock plays on from
// there.
func (c *Clock) Seek(ms uint32) {
	c.change(func() { c.baseMs, c.started = ms, c.now() })
}

// Watch calls f (on the UI goroutine) after every Play, Pause and Seek,
// until the returned stop is called.
func (c *Clock) Watch(f func()) (stop func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	id := c.next
	c.next++
	c.watchers[id] = f
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		delete(c.watchers, id)
	}
}

// change runs fn under the lock, then calls the watchers outside it (a
// watcher may read the clock or change it).
func (c *Clock) change(fn func()) {
	c.mu.Lock()
	fn()
	ws := make([]func(), 0, len(c.watchers))
	for id := 0; id < c.next; id++ {
		if w, ok := c.watchers[id]; ok {
			ws = append(ws, w)
		}
	}
	c.mu.Unlock()
	for _, w := range ws {
		w()
	}
}
