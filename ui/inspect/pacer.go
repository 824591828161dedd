package inspect

import (
	"time"

	"fyne.io/fyne/v2"
)

// Pacer decides when an animation (the material swatch, a model's
// animated materials in the preview) redraws. Every redraw repaints the
// whole window (Fyne has no partial repaint), which under a software GL
// costs milliseconds of CPU, so the Pacer keeps the whole process under
// cpuBudget of one core: it starts at MaxFPS and lowers or raises the rate
// each second from the CPU time actually used. It also never asks again
// before the last redraw was painted and, while nothing paints the view
// (its tab is not selected, or the window is hidden), only probes every
// probeEvery; the rate comes back as soon as a probe gets painted. The
// zero Pacer has no CPU budget; set CPU (cputime.Process) for one.
type Pacer struct {
	asked   time.Time // the last redraw asked for
	painted time.Time // the last time the swatch was painted

	fps       float64              // the current rate (0: MaxFPS)
	CPU       func() time.Duration // the process's CPU time; nil or 0 turns the budget off
	windowAt  time.Time            // start of the current one-second window
	windowCPU time.Duration        // CPU time at its start
}

// MaxFPS is the most redraws a second a Pacer allows; tickers driving
// one tick at this rate.
const MaxFPS = 30

const (
	minFPS     = 1
	cpuBudget  = 0.045 // of one core: with the window's own upkeep the process stays under 10 %
	probeEvery = 500 * time.Millisecond
)

// Due reports whether a redraw may be asked for now.
func (p *Pacer) Due(now time.Time) bool {
	p.adapt(now)
	fps := p.fps
	if fps == 0 {
		fps = MaxFPS
	}
	every := time.Duration(float64(time.Second)/fps) - 2*time.Millisecond // a tick may come a little early
	gap := now.Sub(p.asked)
	return gap >= every && (!p.painted.Before(p.asked) || gap >= probeEvery)
}

// adapt updates the rate once a second from the CPU time used meanwhile.
func (p *Pacer) adapt(now time.Time) {
	if p.CPU == nil {
		return
	}
	cpu := p.CPU()
	if cpu == 0 {
		return
	}
	span := now.Sub(p.windowAt)
	if p.windowAt.IsZero() || span < 0 {
		p.windowAt, p.windowCPU = now, cpu
		return
	}
	if span < time.Second {
		return
	}
	used := float64(cpu-p.windowCPU) / float64(span)
	p.windowAt, p.windowCPU = now, cpu
	if p.fps == 0 {
		p.fps = MaxFPS
	}
	switch {
	case used > cpuBudget:
		p.fps = max(minFPS, p.fps*cpuBudget/used)
	case used < cpuBudget*0.7:
		p.fps = min(MaxFPS, p.fps*1.25+1)
	}
}

// Ask records that a redraw was asked for.
func (p *Pacer) Ask(now time.Time) { p.asked = now }

// Paint records that the view was painted.
func (p *Pacer) Paint(now time.Time) { p.painted = now }

// Tick calls frame with the time on the UI goroutine MaxFPS times a second
// until stop is closed (a frame queued when stop closes is dropped). A
// plain ticker, not a fyne.Animation: a running animation makes the driver
// repaint the whole window every frame, changed or not.
func Tick(stop chan struct{}, frame func(now time.Time)) {
	tk := time.NewTicker(time.Second / MaxFPS)
	defer tk.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tk.C:
			fyne.Do(func() {
				select {
				case <-stop:
					return // stopped meanwhile
				default:
				}
				frame(time.Now())
			})
		}
	}
}
