//go:build windows

package ui

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

var procSystemParametersInfo = windows.NewLazySystemDLL("user32.dll").NewProc("SystemParametersInfoW")

// spiGetWorkArea is SPI_GETWORKAREA: the primary screen less the taskbar.
const spiGetWorkArea = 0x0030

// screenWorkArea asks Windows for the primary screen's work area, in
// pixels (SystemParametersInfo SPI_GETWORKAREA).
func screenWorkArea() (workArea, bool) {
	var r windows.Rect
	ok, _, _ := procSystemParametersInfo.Call(spiGetWorkArea, 0, uintptr(unsafe.Pointer(&r)), 0)
	w, h := int(r.Right-r.Left), int(r.Bottom-r.Top)
	if ok == 0 || w <= 0 || h <= 0 {
		return workArea{}, false
	}
	return workArea{width: w, height: h, framed: true}, true
}
