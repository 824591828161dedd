package cli

import "syscall"

// enableVTProcessing is ENABLE_VIRTUAL_TERMINAL_PROCESSING: the console
// understands the escape sequence that clears the line.
const enableVTProcessing = 0x0004

// ttyWidth reports whether fd is a console that understands escape
// sequences; the width is taken as 80.
func ttyWidth(fd uintptr) (int, bool) {
	var mode uint32
	if err := syscall.GetConsoleMode(syscall.Handle(fd), &mode); err != nil || mode&enableVTProcessing == 0 {
		return 0, false
	}
	return 80, true
}
