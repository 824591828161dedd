//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package cli

import (
	"syscall"
	"unsafe"
)

// winWidth is the terminal's width in columns, 80 when unknown.
func winWidth(fd uintptr) int {
	var ws struct{ Row, Col, X, Y uint16 }
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCGWINSZ, uintptr(unsafe.Pointer(&ws))); e != 0 || ws.Col == 0 {
		return 80
	}
	return int(ws.Col)
}
