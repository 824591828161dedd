package widgets

import (
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"

	"rummage/formats/geom"
)

// SurfaceLegend is a row naming the colour of each surface group of a
// collision mesh ("surface N" groups): a swatch and the material number,
// with its triangle count, scrolled sideways when it does not fit.
func SurfaceLegend(m *geom.Mesh) fyne.CanvasObject {
	row := container.NewHBox(canvas.NewText(lang.X("col.legend", "Surfaces:"), theme.Color(theme.ColorNameForeground)))
	for _, g := range m.Groups {
		n, ok := strings.CutPrefix(g.Name, "surface ")
		if !ok || g.Lines {
			continue
		}
		c := g.Color
		c.A = 255
		sw := canvas.NewRectangle(color.NRGBA(c))
		sw.SetMinSize(fyne.NewSquareSize(12))
		label := canvas.NewText(lang.X("col.legend.surface", "{{.Material}} ({{.Triangles}})", map[string]any{"Material": n, "Triangles": strconv.Itoa(g.TriCount)}),
			theme.Color(theme.ColorNameForeground))
		label.TextSize = theme.CaptionTextSize()
		row.Add(container.NewHBox(container.NewCenter(sw), label))
	}
	s := container.NewHScroll(row)
	s.SetMinSize(fyne.NewSize(0, row.MinSize().Height))
	return s
}
