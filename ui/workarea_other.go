//go:build !windows && !(linux && cgo && !ci && !wayland)

package ui

// screenWorkArea is unknown here (Wayland, macOS, builds without cgo):
// the window opens at its small size.
func screenWorkArea() (workArea, bool) { return workArea{}, false }
