package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// asTerminal is a terminal check that takes w for a terminal of the given
// width (and nothing else for one).
func asTerminal(w io.Writer, width int) ttyFunc {
	return func(x io.Writer) (int, bool) {
		if x == w {
			return width, true
		}
		return 0, false
	}
}

func TestExportProgressOnTerminal(t *testing.T) {
	file, _ := fixture(t)

	// Not a terminal: nothing but the contract's output.
	var out1, err1 bytes.Buffer
	dir1 := t.TempDir()
	if code := Run([]string{"export", "--out", dir1, file, "Sub", "readme.txt"}, &out1, &err1); code != 0 {
		t.Fatalf("status %d: %s", code, err1.String())
	}
	if err1.Len() != 0 {
		t.Errorf("stderr is not a terminal but got %q", err1.String())
	}

	var out2, err2 bytes.Buffer
	dir2 := t.TempDir()
	if code := runWith([]string{"export", "--out", dir2, file, "Sub", "readme.txt"}, &out2, &err2, asTerminal(&err2, 60)); code != 0 {
		t.Fatalf("status %d: %s", code, err2.String())
	}
	// stdout is the same list of files (under the other folder).
	if got := strings.ReplaceAll(out2.String(), dir2, dir1); got != out1.String() {
		t.Errorf("stdout changed on a terminal:\n%s\nwant\n%s", got, out1.String())
	}
	s := err2.String()
	if !strings.Contains(s, "\rplanning the export") {
		t.Errorf("no planning message in %q", s)
	}
	if !strings.Contains(s, "\rexporting 0/") {
		t.Errorf("no initial progress in %q", s)
	}
	if !strings.HasSuffix(s, "\r\x1b[K") {
		t.Errorf("progress line not erased at the end: %q", s)
	}
	// The last job is always drawn, with 100%.
	lines := strings.Split(s, "\r")
	var last string
	for _, l := range lines {
		if strings.HasPrefix(l, "exporting ") {
			last = l
		}
		if n := utf8.RuneCountInString(strings.TrimSuffix(l, "\x1b[K")); n >= 60 {
			t.Errorf("line of %d runes is wider than the terminal: %q", n, l)
		}
	}
	if !strings.Contains(last, "(100%)") || !strings.HasPrefix(last, "exporting ") {
		t.Errorf("last progress %q, want 100%%", last)
	}
}

func TestExportProgressErrorsOnCleanLine(t *testing.T) {
	file, _ := fixture(t)
	var out, errb bytes.Buffer
	code := runWith([]string{"export", "--as", "png", "--out", t.TempDir(), file, "readme.txt"}, &out, &errb, asTerminal(&errb, 80))
	if code != 1 {
		t.Fatalf("status %d", code)
	}
	// The error line follows the erased progress line.
	s := errb.String()
	i := strings.LastIndex(s, "\r\x1b[K")
	if i < 0 || !strings.HasPrefix(s[i+4:], "rummage: ") || !strings.HasSuffix(s, "\n") {
		t.Errorf("error not on a clean line: %q", s)
	}
	if strings.Count(s[i+4:], "\n") != 1 {
		t.Errorf("want one error line after the progress: %q", s[i+4:])
	}
}

func TestProgressLine(t *testing.T) {
	var nilBar *progressLine
	nilBar.update(1, 2, "x") // a nil line draws nothing and does not panic
	nilBar.message("x")
	nilBar.clear()

	var b bytes.Buffer
	clock := time.Unix(0, 0)
	p := &progressLine{w: &b, width: 30, now: func() time.Time { return clock }}
	p.update(1, 4, "a")
	p.update(2, 4, "b") // within progressEvery: skipped
	clock = clock.Add(progressEvery)
	p.update(3, 4, "c\nd")
	p.update(4, 4, strings.Repeat("é", 100)) // last: drawn, cut to the width
	p.clear()
	p.clear() // once only
	parts := strings.Split(b.String(), "\r")
	want := []string{"", "exporting 1/4 (25%) a\x1b[K", `exporting 3/4 (75%) "c\nd"` + "\x1b[K"}
	for i, w := range want {
		if i >= len(parts) || parts[i] != w {
			t.Errorf("part %d = %q, want %q", i, parts[i], w)
		}
	}
	if len(parts) != 5 || parts[4] != "\x1b[K" {
		t.Fatalf("parts %q", parts)
	}
	if l := strings.TrimSuffix(parts[3], "\x1b[K"); utf8.RuneCountInString(l) != 29 || !strings.HasSuffix(l, "…") {
		t.Errorf("long line %q (%d runes), want 29 ending in …", l, utf8.RuneCountInString(l))
	}
}

func TestTerminalWidthOnFiles(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, ok := terminalWidth(f); ok {
		t.Error("a regular file is a terminal")
	}
	// /dev/null is a character device but not a terminal.
	if null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0); err == nil {
		defer null.Close()
		if _, ok := terminalWidth(null); ok {
			t.Error("/dev/null is a terminal")
		}
	}
	if _, ok := terminalWidth(&bytes.Buffer{}); ok {
		t.Error("a buffer is a terminal")
	}
}
