package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// WideSelect lays sel out as wide as its longest option needs (a
// Select's own minimum cuts "Textured+wire", "Перспектива" or "LOD по
// расстоянию" short).
func WideSelect(sel *widget.Select) fyne.CanvasObject {
	w := float32(0)
	for _, o := range sel.Options {
		w = max(w, fyne.MeasureText(o, theme.TextSize(), fyne.TextStyle{}).Width)
	}
	room := canvas.NewRectangle(color.Transparent)
	room.SetMinSize(fyne.NewSize(w+4*theme.InnerPadding()+theme.IconInlineSize(), 0))
	return container.NewStack(room, sel)
}
