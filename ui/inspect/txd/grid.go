package txd

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/ui/inspect"
)

// gridThumb is the grid's thumbnail size in pixels.
const gridThumb = 96

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Grid",
		Order: 19,
		Match: func(n formats.Node) bool { return texChildren(n) != nil },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			g := newGridView(h, texChildren(n))
			return &inspect.Tab{Title: lang.X("tab.grid", "Grid"), Content: g.content, Close: g.thumbs.close}
		},
	})
}

// gridView is the lazy thumbnail grid of a container's textures: the
// GridWrap makes cells for the visible items only and the thumbnails are
// decoded in the background for the cells that show them.
type gridView struct {
	kids    []formats.Node
	grid    *widget.GridWrap
	thumbs  *thumbs
	content fyne.CanvasObject
}

func newGridView(h inspect.Host, kids []formats.Node) *gridView {
	g := &gridView{kids: kids}
	g.thumbs = newThumbs(gridThumb, func() { g.grid.Refresh() })
	g.grid = widget.NewGridWrap(
		func() int { return len(g.kids) },
		func() fyne.CanvasObject {
			img := canvas.NewImageFromImage(nil)
			img.FillMode = canvas.ImageFillContain
			img.ScaleMode = canvas.ImageScalePixels
			img.SetMinSize(fyne.NewSize(gridThumb, gridThumb))
			// canvas.Text, not a Label: a truncating label shapes its
			// text again on every bind, the slow part of scrolling.
			l := canvas.NewText("", theme.Color(theme.ColorNameForeground))
			l.Alignment = fyne.TextAlignCenter
			l.TextSize = theme.CaptionTextSize()
			return container.NewBorder(nil, l, nil, nil, img)
		},
		func(id widget.GridWrapItemID, o fyne.CanvasObject) {
			c := o.(*fyne.Container)
			var img *canvas.Image
			var l *canvas.Text
			for _, x := range c.Objects {
				switch y := x.(type) {
				case *canvas.Image:
					img = y
				case *canvas.Text:
					l = y
				}
			}
			if id < 0 || id >= len(g.kids) {
				return
			}
			n := g.kids[id]
			if name := gridName(formats.SafeName(n)); l.Text != name {
				l.Text = name
				l.Refresh()
			}
			th := g.thumbs.bind(img, n)
			if img.Image != th {
				img.Image = th
				img.Refresh()
			}
		})
	g.grid.OnSelected = func(id widget.GridWrapItemID) {
		if id >= 0 && id < len(g.kids) {
			h.SelectNode(g.kids[id])
		}
	}
	info := widget.NewLabel(lang.XN("txd.grid.hint", "{{.PluralCount}} textures · thumbnails load as they scroll into view · click one to open it", len(kids)))
	info.Truncation = fyne.TextTruncateEllipsis
	g.content = container.NewBorder(info, nil, nil, nil, g.grid)
	return g
}

// gridNameMax is the longest name a grid cell shows whole (caption text
// under a 96-pixel thumbnail).
const gridNameMax = 14

// gridName cuts a long name to fit under its thumbnail.
func gridName(s string) string {
	r := []rune(s)
	if len(r) <= gridNameMax {
		return s
	}
	return string(r[:gridNameMax-1]) + "…"
}
