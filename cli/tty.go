package cli

import "golang.org/x/term"

// ttyWidth reports whether fd is a terminal that can show the progress
// line and, if so, its width in columns (80 when unknown).
func ttyWidth(fd uintptr) (int, bool) {
	if !term.IsTerminal(int(fd)) || !enableEscapes(fd) {
		return 0, false
	}
	if w, _, err := term.GetSize(int(fd)); err == nil && w > 0 {
		return w, true
	}
	return 80, true
}

// enableEscapes makes terminal fd understand the escape sequence that
// clears the line, reporting whether it does. Terminals do; a Windows
// console must be asked (tty_windows.go).
var enableEscapes = func(fd uintptr) bool { return true }
