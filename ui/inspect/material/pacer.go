package material

import "time"

// pacer decides when the animated swatch redraws. Every redraw repaints
// the whole window (Fyne has no partial repaint), which under a software
// GL costs milliseconds of CPU, so the pacer keeps the whole process under
// cpuBudget of one core: it starts at maxFPS and lowers or raises the rate
// each second from the CPU time actually used. It also never asks again
// before the last redraw was painted and, while nothing paints the swatch
// (its tab is not selected, or the window is hidden), only probes every
// probeEvery; the rate comes back as soon as a probe gets painted.
type pacer struct {
	asked   time.Time // the last redraw asked for
	painted time.Time // the last time the swatch was painted

	fps       float64              // the current rate (0: maxFPS)
	cpu       func() time.Duration // the process's CPU time; nil or 0 turns the budget off
	windowAt  time.Time            // start of the current one-second window
	windowCPU time.Duration        // CPU time at its start
}

const (
	maxFPS     = 30
	minFPS     = 1
	cpuBudget  = 0.045 // of one core: with the window's own upkeep the process stays under 10 %
	probeEvery = 500 * time.Millisecond
)

// due reports whether a redraw may be asked for now.
func (p *pacer) due(now time.Time) bool {
	p.adapt(now)
	fps := p.fps
	if fps == 0 {
		fps = maxFPS
	}
	every := time.Duration(float64(time.Second)/fps) - 2*time.Millisecond // a tick may come a little early
	gap := now.Sub(p.asked)
	return gap >= every && (!p.painted.Before(p.asked) || gap >= probeEvery)
}

// adapt updates the rate once a second from the CPU time used meanwhile.
func (p *pacer) adapt(now time.Time) {
	if p.cpu == nil {
		return
	}
	cpu := p.cpu()
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
		p.fps = maxFPS
	}
	switch {
	case used > cpuBudget:
		p.fps = max(minFPS, p.fps*cpuBudget/used)
	case used < cpuBudget*0.7:
		p.fps = min(maxFPS, p.fps*1.25+1)
	}
}

// ask records that a redraw was asked for.
func (p *pacer) ask(now time.Time) { p.asked = now }

// paint records that the swatch was painted.
func (p *pacer) paint(now time.Time) { p.painted = now }
