package cli

import "golang.org/x/sys/windows"

// What golang.org/x/term does not do: a Windows console clears a line with
// an escape sequence only with ENABLE_VIRTUAL_TERMINAL_PROCESSING on
// (Windows 10 and later accept it).
func init() {
	enableEscapes = func(fd uintptr) bool {
		h := windows.Handle(fd)
		var mode uint32
		if err := windows.GetConsoleMode(h, &mode); err != nil {
			return false
		}
		if mode&windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING != 0 {
			return true
		}
		return windows.SetConsoleMode(h, mode|windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING) == nil
	}
}
