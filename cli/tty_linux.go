package cli

import (
	"syscall"
	"unsafe"
)

// ttyWidth reports whether fd is a terminal (TCGETS succeeds) and its width.
func ttyWidth(fd uintptr) (int, bool) {
	var t syscall.Termios
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TCGETS, uintptr(unsafe.Pointer(&t))); e != 0 {
		return 0, false
	}
	return winWidth(fd), true
}
