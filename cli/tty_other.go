//go:build !linux && !windows && !darwin && !freebsd && !netbsd && !openbsd && !dragonfly

package cli

// ttyWidth: no terminal detection here, so no progress line.
func ttyWidth(fd uintptr) (int, bool) { return 0, false }
