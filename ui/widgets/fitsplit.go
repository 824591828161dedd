package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// NewFitSplit is a vertical split the user can drag whose top part (a
// table, say) starts as tall as it wants (want, in units), at most the
// share most of the whole and at least the share splitLeast; the bottom
// gets the rest. Until the user drags the divider the split follows the
// window's size; after that the user's offset stays.
func NewFitSplit(top, bottom fyne.CanvasObject, want float32, most float64) fyne.CanvasObject {
	s := container.NewVSplit(top, bottom)
	l := &fitSplit{split: s, want: want, most: most, set: -1}
	return container.New(l, s)
}

// splitLeast is the smallest share a NewFitSplit gives its top.
const splitLeast = 0.2

// fitSplit lays out one split, setting its offset from want while the
// offset is still the one it set.
type fitSplit struct {
	split *container.Split
	want  float32
	most  float64
	set   float64 // the offset last set here; -1 before the first layout
}

// Layout sizes the split and, unless the user moved the divider, sets its
// offset for the new height.
func (l *fitSplit) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	if size.Height > 0 && (l.set < 0 || l.split.Offset == l.set) {
		off := min(max(float64(l.want/size.Height), splitLeast), l.most)
		if off != l.split.Offset {
			l.split.Offset = off
			l.split.Refresh()
		}
		l.set = off
	}
	l.split.Move(fyne.NewPos(0, 0))
	l.split.Resize(size)
}

// MinSize is the split's.
func (l *fitSplit) MinSize([]fyne.CanvasObject) fyne.Size { return l.split.MinSize() }
