//go:build !(linux && cgo && !ci && !wayland)

package ui

import (
	"errors"
	"image"

	"fyne.io/fyne/v2"
)

// grabNative is only available on X11 builds with cgo.
func grabNative(fyne.Window) (image.Image, error) {
	return nil, errors.New("reading the native window is not supported in this build")
}
