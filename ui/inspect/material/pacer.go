package material

import "time"

// pacer decides when the animated swatch redraws: at most maxFPS times a
// second, never again before the last redraw was painted, and, while
// nothing paints it (its tab is not selected, or the window is hidden),
// only a probe every probeEvery; the full rate comes back as soon as a
// probe gets painted.
type pacer struct {
	asked   time.Time // the last redraw asked for
	painted time.Time // the last time the swatch was painted
}

const (
	maxFPS     = 30
	frameEvery = time.Second/maxFPS - 2*time.Millisecond // a 60 Hz tick may come a little early
	probeEvery = 500 * time.Millisecond
)

// due reports whether a redraw may be asked for now.
func (p *pacer) due(now time.Time) bool {
	gap := now.Sub(p.asked)
	return gap >= frameEvery && (!p.painted.Before(p.asked) || gap >= probeEvery)
}

// ask records that a redraw was asked for.
func (p *pacer) ask(now time.Time) { p.asked = now }

// paint records that the swatch was painted.
func (p *pacer) paint(now time.Time) { p.painted = now }
