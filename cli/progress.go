package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"
)

// terminalWidth reports whether w is a terminal and, if so, its width in
// columns (80 when unknown): Run's writers are terminals only when they are
// an *os.File on a tty.
func terminalWidth(w io.Writer) (int, bool) {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return 0, false
	}
	return ttyWidth(f.Fd())
}

// ttyFunc is terminalWidth or, in tests, a stand-in for it.
type ttyFunc func(w io.Writer) (width int, ok bool)

// progressEvery is the least time between two redraws of the progress line.
const progressEvery = 100 * time.Millisecond

// progressLine draws "exporting 12/345 (3%) path" on one terminal line,
// rewriting it in place. A nil *progressLine draws nothing, so callers need
// no terminal check.
type progressLine struct {
	w     io.Writer
	width int
	last  time.Time
	shown bool
	now   func() time.Time
}

// newProgressLine returns a progress line on w when tty says w is a
// terminal, else nil.
func newProgressLine(w io.Writer, tty ttyFunc) *progressLine {
	width, ok := tty(w)
	if !ok {
		return nil
	}
	if width < 20 {
		width = 80
	}
	return &progressLine{w: w, width: width, now: time.Now}
}

// message shows a free text (e.g. while the export is being planned).
func (p *progressLine) message(s string) {
	if p == nil {
		return
	}
	p.draw(s)
	p.last = p.now()
}

// update shows the progress after done of total jobs; node is the last
// job's node path. Redraws are throttled except for the first and last.
func (p *progressLine) update(done, total int, node string) {
	if p == nil {
		return
	}
	now := p.now()
	if done > 0 && done < total && p.shown && now.Sub(p.last) < progressEvery {
		return
	}
	p.last = now
	pct := 100
	if total > 0 {
		pct = done * 100 / total
	}
	p.draw(fmt.Sprintf("exporting %d/%d (%d%%) %s", done, total, pct, printable(node)))
}

// draw rewrites the line with s, cut to the terminal's width.
func (p *progressLine) draw(s string) {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7F {
			return '?'
		}
		return r
	}, s)
	if max := p.width - 1; utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max-1]) + "…"
	}
	fmt.Fprintf(p.w, "\r%s\x1b[K", s)
	p.shown = true
}

// clear erases the line, so the output that follows starts on a clean line.
func (p *progressLine) clear() {
	if p == nil || !p.shown {
		return
	}
	io.WriteString(p.w, "\r\x1b[K")
	p.shown = false
}

// manyProgress is the state of a many-file export shown on the progress line.
type manyProgress struct {
	files, totalFiles int
	nodes             int64
	bytes, totalBytes int64 // input bytes of the files done, of all files
	elapsed           time.Duration
}

// text is "exporting 12/345 files, 678 nodes, 1.2/34.5 MB, 5.6 MB/s, ETA 0:06":
// the rate is of input bytes, the ETA from the bytes left at that rate
// (shown once a file is done).
func (m manyProgress) text() string {
	s := fmt.Sprintf("exporting %d/%d files, %d nodes, %s/%s MB", m.files, m.totalFiles, m.nodes,
		megabytes(m.bytes), megabytes(m.totalBytes))
	secs := m.elapsed.Seconds()
	if m.bytes <= 0 || secs <= 0 {
		return s
	}
	rate := float64(m.bytes) / secs
	eta := time.Duration(float64(m.totalBytes-m.bytes) / rate * float64(time.Second))
	return s + fmt.Sprintf(", %s MB/s, ETA %s", megabytes(int64(rate)), clock(eta))
}

// megabytes is n bytes in MB with one decimal.
func megabytes(n int64) string { return fmt.Sprintf("%.1f", float64(n)/1e6) }

// clock is d as M:SS, or H:MM:SS from an hour.
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// many shows the progress of a many-file export, at most every
// progressEvery unless final.
func (p *progressLine) many(m manyProgress, final bool) {
	if p == nil {
		return
	}
	now := p.now()
	if !final && p.shown && now.Sub(p.last) < progressEvery {
		return
	}
	p.last = now
	p.draw(m.text())
}
