package ui

import (
	"testing"

	"fyne.io/fyne/v2"
)

// The window opens at 1280×800 where the work area has room, within the
// work area (less a window manager's frames, in units of the scale) where
// it has not, and at 1024×640 where it is unknown.
func TestWindowSizeFor(t *testing.T) {
	cases := []struct {
		area  workArea
		known bool
		scale float32
		want  fyne.Size
	}{
		{workArea{}, false, 1, fyne.NewSize(1024, 640)},
		{workArea{width: 1920, height: 1080, framed: true}, true, 1, fyne.NewSize(1280, 800)},
		{workArea{width: 1024, height: 640}, true, 1, fyne.NewSize(1024, 640)},
		{workArea{width: 1024, height: 640, framed: true}, true, 1, fyne.NewSize(1024-16, 640-48)},
		{workArea{width: 1366, height: 738, framed: true}, true, 1, fyne.NewSize(1280, 738-48)},
		{workArea{width: 2560, height: 1400, framed: true}, true, 2, fyne.NewSize(1272, 676)},
		{workArea{width: 1280, height: 800}, true, 0, fyne.NewSize(1280, 800)},
		{workArea{width: -5, height: 800}, true, 1, fyne.NewSize(1024, 640)},
	}
	for _, c := range cases {
		if got := windowSizeFor(c.area, c.known, c.scale); got != c.want {
			t.Errorf("%+v (known %v) at scale %v: %v, want %v", c.area, c.known, c.scale, got, c.want)
		}
	}
}
