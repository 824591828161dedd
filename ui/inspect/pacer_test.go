package inspect

import (
	"testing"
	"time"
)

func TestPacer(t *testing.T) {
	var p Pacer
	t0 := time.Unix(1000, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	// Painted after every redraw: at most 30 a second over one second of
	// about 60 ticks.
	frames := 0
	for ms := 0; ms < 1000; ms += 17 {
		if p.Due(at(ms)) {
			p.Ask(at(ms))
			frames++
			p.Paint(at(ms + 1))
		}
	}
	if frames < 25 || frames > MaxFPS {
		t.Errorf("%d frames in a second, want about %d", frames, MaxFPS)
	}
	// Nothing paints it any more (tab hidden): after idleAfter only a
	// probe every probeEvery.
	asks := 0
	for ms := 1000; ms < 3000; ms += 17 {
		if p.Due(at(ms)) {
			p.Ask(at(ms))
			asks++
		}
	}
	if asks > 2000/int(probeEvery/time.Millisecond)+3 {
		t.Errorf("%d redraws asked in 2 s while hidden", asks)
	}
	// Shown again: the next probe is painted and the rate comes back.
	for ms := 3000; ms < 3600; ms += 17 {
		if p.Due(at(ms)) {
			p.Ask(at(ms))
			p.Paint(at(ms + 1))
		}
	}
	frames = 0
	for ms := 3600; ms < 4600; ms += 17 {
		if p.Due(at(ms)) {
			p.Ask(at(ms))
			frames++
			p.Paint(at(ms + 1))
		}
	}
	if frames < 25 {
		t.Errorf("%d frames a second after being shown again", frames)
	}
}

// TestPacerBudget: when each redraw costs CPU, the rate settles where the
// process stays within the budget, and comes back up when it gets cheap.
func TestPacerBudget(t *testing.T) {
	var cpu time.Duration
	p := Pacer{CPU: func() time.Duration { return cpu + 1 }}
	t0 := time.Unix(1000, 0)
	frameCost := 10 * time.Millisecond // a 1 % idle cost plus 10 ms a frame
	run := func(from, to int) (frames int) {
		for ms := from; ms < to; ms += 17 {
			now := t0.Add(time.Duration(ms) * time.Millisecond)
			cpu += 170 * time.Microsecond
			if p.Due(now) {
				p.Ask(now)
				p.Paint(now.Add(time.Millisecond))
				cpu += frameCost
				frames++
			}
		}
		return frames
	}
	run(0, 10000) // settle
	used := func(frames int) float64 { return (float64(frames)*0.010 + 10*0.01) / 10 }
	if f := run(10000, 20000); used(f) > cpuBudget*1.25 || used(f) < cpuBudget*0.5 {
		t.Errorf("%d frames in 10 s: %.1f %% of a core, budget %.0f %%", f, used(f)*100, cpuBudget*100)
	}
	frameCost = 0
	run(20000, 30000)
	if f := run(30000, 31000); f < 25 {
		t.Errorf("%d frames a second once frames are cheap", f)
	}
}
