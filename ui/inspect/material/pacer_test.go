package material

import (
	"testing"
	"time"
)

func TestPacer(t *testing.T) {
	var p pacer
	t0 := time.Unix(1000, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	// Painted after every redraw: at most 30 a second over one second of
	// about 60 ticks.
	frames := 0
	for ms := 0; ms < 1000; ms += 17 {
		if p.due(at(ms)) {
			p.ask(at(ms))
			frames++
			p.paint(at(ms + 1))
		}
	}
	if frames < 25 || frames > maxFPS {
		t.Errorf("%d frames in a second, want about %d", frames, maxFPS)
	}
	// Nothing paints it any more (tab hidden): after idleAfter only a
	// probe every probeEvery.
	asks := 0
	for ms := 1000; ms < 3000; ms += 17 {
		if p.due(at(ms)) {
			p.ask(at(ms))
			asks++
		}
	}
	if asks > 2000/int(probeEvery/time.Millisecond)+3 {
		t.Errorf("%d redraws asked in 2 s while hidden", asks)
	}
	// Shown again: the next probe is painted and the rate comes back.
	for ms := 3000; ms < 3600; ms += 17 {
		if p.due(at(ms)) {
			p.ask(at(ms))
			p.paint(at(ms + 1))
		}
	}
	frames = 0
	for ms := 3600; ms < 4600; ms += 17 {
		if p.due(at(ms)) {
			p.ask(at(ms))
			frames++
			p.paint(at(ms + 1))
		}
	}
	if frames < 25 {
		t.Errorf("%d frames a second after being shown again", frames)
	}
}
