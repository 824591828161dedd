package cli

import (
	"fmt"
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY returns the terminal side of a new pseudo-terminal, cols columns
// wide (0: its size left unset).
func openPTY(t *testing.T, cols uint16) *os.File {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	fd := int(master.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tty.Close() })
	if cols > 0 {
		if err := unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 30, Col: cols}); err != nil {
			t.Fatal(err)
		}
	}
	return tty
}

// TestTerminalWidthOnPTY: a terminal is one, with its width; one whose
// size is not set is 80 wide; TERM=dumb has no progress line.
func TestTerminalWidthOnPTY(t *testing.T) {
	t.Setenv("TERM", "xterm")
	if w, ok := terminalWidth(openPTY(t, 123)); !ok || w != 123 {
		t.Errorf("a 123-column terminal: width %d, terminal %v", w, ok)
	}
	if w, ok := terminalWidth(openPTY(t, 0)); !ok || w != 80 {
		t.Errorf("a terminal without a size: width %d, terminal %v; want 80", w, ok)
	}
	t.Setenv("TERM", "dumb")
	if _, ok := terminalWidth(openPTY(t, 100)); ok {
		t.Error("TERM=dumb shows a progress line")
	}
}
