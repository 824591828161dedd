// Package widgets holds the pieces of the window shared by the shell and
// its inspectors: the texture view, the texture background setting, the
// table layout that fits its rows, guarded child names and count texts.
package widgets

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	_ "rummage/ui/i18n" // the translations of lang.X below
)

// RectOverlay is an optional capability of an Imager: rectangles (Texm
// pages, atlas cells) drawn over mip level level by the image view.
type RectOverlay interface {
	OverlayRects(level int) []image.Rectangle
}

// Channel views of the image view (as SetView takes them; channelLabel
// is how the view names them).
const (
	ViewRGBA  = "RGBA"
	ViewRGB   = "RGB"
	ViewAlpha = "Alpha"
	ViewR     = "R"
	ViewG     = "G"
	ViewB     = "B"
)

// ImageView is the texture view: any formats.Imager with fit, 1:1 and
// wheel zoom (nearest-neighbour), a checkerboard under alpha, channel
// views, a mip selector, the pixel under the cursor and an optional
// rectangle overlay. The texture inspector and the TXD PS2 tab use it.
type ImageView struct {
	Content fyne.CanvasObject
	src     formats.Imager
	canvas  *imageCanvas
	pixel   *widget.Label
	zoomL   *widget.Label
	mip     *widget.Select
	channel *widget.Select
	pages   *widget.Check
	swap    *widget.Check // the byte-order debug toggle (specs/nres.md §3.2)
	swapRB  bool
	errL    *widget.Label
}

// swapRB returns a copy of img with red and blue exchanged.
func swapRB(img *image.NRGBA) *image.NRGBA {
	out := &image.NRGBA{Pix: append([]uint8(nil), img.Pix...), Stride: img.Stride, Rect: img.Rect}
	for y := 0; y < img.Rect.Dy(); y++ {
		row := out.Pix[y*out.Stride : y*out.Stride+4*img.Rect.Dx()]
		for x := 0; x+3 < len(row); x += 4 {
			row[x], row[x+2] = row[x+2], row[x]
		}
	}
	return out
}

// NewImageView builds the view of an Imager. swapRB offers the R⇄B
// toggle: a debug reading of textures whose channel order is a reading of
// bytes (Texm: B,G,R[,A] here, R,G,B in other tools), so a user can compare.
func NewImageView(src formats.Imager, swapRB bool) *ImageView {
	v := &ImageView{src: src}
	v.canvas = newImageCanvas()
	v.pixel = widget.NewLabel(" ")
	v.zoomL = widget.NewLabel("")
	v.errL = widget.NewLabel("")
	v.errL.Importance = widget.DangerImportance
	v.errL.Wrapping = fyne.TextWrapWord
	v.errL.Hide()
	v.canvas.onHover = v.showPixel
	v.canvas.onZoom = func(z float64) { v.zoomL.SetText(fmt.Sprintf("%.0f%%", z*100)) }

	var mips []string
	for i := 0; i < src.Levels(); i++ {
		mips = append(mips, lang.X("image.mip", "mip {{.Level}}", map[string]any{"Level": i}))
	}
	v.mip = widget.NewSelect(mips, func(s string) {
		for i, m := range mips {
			if m == s {
				v.setLevel(i)
			}
		}
	})
	var labels []string
	for _, ch := range channelViews {
		labels = append(labels, channelLabel(ch))
	}
	v.channel = widget.NewSelect(labels, func(s string) {
		for _, ch := range channelViews {
			if channelLabel(ch) == s {
				v.canvas.channel = ch
			}
		}
		v.canvas.redraw()
	})
	v.SetView(ViewRGBA)
	fit := widget.NewButton(lang.X("image.fit", "Fit"), func() { v.canvas.fit() })
	one := widget.NewButton("1:1", func() { v.canvas.setZoom(1) })
	tools := []fyne.CanvasObject{fit, one, v.zoomL, v.channel}
	if src.Levels() > 1 {
		tools = append(tools, v.mip)
	}
	if o, ok := src.(RectOverlay); ok && len(o.OverlayRects(0)) > 0 {
		v.pages = widget.NewCheck(lang.X("image.pages", "Pages"), func(on bool) {
			v.canvas.showRects = on
			v.canvas.redraw()
		})
		v.pages.SetChecked(true)
		tools = append(tools, v.pages)
	}
	if swapRB {
		v.swap = widget.NewCheck("R⇄B", func(on bool) {
			v.swapRB = on
			v.setLevel(v.canvas.level)
		})
		tools = append(tools, v.swap)
	}
	top := container.NewVBox(container.NewHBox(tools...), v.errL)
	bottom := fyne.CanvasObject(v.pixel)
	if o, ok := src.(RectOverlay); ok {
		if rects := o.OverlayRects(0); len(rects) > 0 {
			var sb strings.Builder
			sb.WriteString(lang.X("image.pages.list", "pages (mip 0):"))
			for i, r := range rects {
				fmt.Fprintf(&sb, "  %d: %d,%d %d×%d", i, r.Min.X, r.Min.Y, r.Dx(), r.Dy())
			}
			l := widget.NewLabel(sb.String())
			l.Wrapping = fyne.TextWrapWord
			bottom = container.NewVBox(l, v.pixel)
		}
	}
	v.Content = container.NewBorder(top, bottom, nil, nil, v.canvas)
	v.mip.SetSelectedIndex(0)
	return v
}

// channelViews are the channel views in the order the view offers them.
var channelViews = []string{ViewRGBA, ViewRGB, ViewAlpha, ViewR, ViewG, ViewB}

// channelLabel is the name the view shows for a channel view.
func channelLabel(ch string) string {
	if ch == ViewAlpha {
		return lang.X("image.channel.alpha", "Alpha")
	}
	return ch // RGBA, RGB, R, G, B: the same in every language
}

// SetView selects a channel view (ViewRGBA, ...).
func (v *ImageView) SetView(ch string) { v.channel.SetSelected(channelLabel(ch)) }

// SetLevel selects a mip level.
func (v *ImageView) SetLevel(i int) {
	if i >= 0 && i < v.src.Levels() {
		v.mip.SetSelectedIndex(i)
		v.setLevel(i)
	}
}

func (v *ImageView) setLevel(i int) {
	img, err := formats.SafeImage(v.src, i)
	if err != nil {
		v.errL.SetText(lang.X("image.mip.error", "mip {{.Level}}: {{.Error}}", map[string]any{"Level": i, "Error": err}))
		v.errL.Show()
		v.canvas.setImage(nil, nil)
		return
	}
	v.errL.Hide()
	var rects []image.Rectangle
	if o, ok := v.src.(RectOverlay); ok {
		rects = o.OverlayRects(i)
	}
	nrgba := ToNRGBA(img)
	if v.swapRB && nrgba != nil {
		nrgba = swapRB(nrgba) // the debug reading: R,G,B byte order
	}
	v.canvas.setImage(nrgba, rects)
	v.canvas.level = i
}

// PixelAt returns the text shown for the source pixel (x, y) of the current
// level ("" outside the image).
func (v *ImageView) PixelAt(x, y int) string {
	img := v.canvas.img
	if img == nil || !(image.Point{x, y}).In(img.Rect) {
		return ""
	}
	c := img.NRGBAAt(x, y)
	return fmt.Sprintf("x %d  y %d   R %d  G %d  B %d  A %d   #%02X%02X%02X%02X", x, y, c.R, c.G, c.B, c.A, c.R, c.G, c.B, c.A)
}

func (v *ImageView) showPixel(x, y int, inside bool) {
	if !inside {
		v.pixel.SetText(" ")
		return
	}
	v.pixel.SetText(v.PixelAt(x, y))
}

// ToNRGBA converts any image to straight-alpha NRGBA at origin (0, 0).
func ToNRGBA(img image.Image) *image.NRGBA {
	if n, ok := img.(*image.NRGBA); ok && n.Rect.Min == (image.Point{}) {
		return n
	}
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			out.SetNRGBA(x, y, color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA))
		}
	}
	return out
}

// imageCanvas draws an image with nearest-neighbour zoom over a
// checkerboard, in device pixels, with pan by drag and zoom by wheel.
type imageCanvas struct {
	widget.BaseWidget
	raster    *canvas.Raster
	img       *image.NRGBA
	rects     []image.Rectangle
	level     int
	channel   string
	showRects bool
	zoom      float64 // device pixels per texel
	offX      float64 // device position of texel (0, 0)
	offY      float64
	fitted    bool // the user has not zoomed yet: keep fitting on resize
	lastW     int
	lastH     int
	buf       *image.NRGBA
	onHover   func(x, y int, inside bool)
	onZoom    func(z float64)
}

func newImageCanvas() *imageCanvas {
	c := &imageCanvas{channel: ViewRGBA, zoom: 1, fitted: true, showRects: true}
	c.raster = canvas.NewRaster(c.generate)
	c.raster.ScaleMode = canvas.ImageScalePixels
	c.ExtendBaseWidget(c)
	return c
}

// CreateRenderer draws the raster.
func (c *imageCanvas) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(c.raster) }

// MinSize keeps room for the image.
func (c *imageCanvas) MinSize() fyne.Size { return fyne.NewSize(160, 120) }

func (c *imageCanvas) setImage(img *image.NRGBA, rects []image.Rectangle) {
	c.img, c.rects = img, rects
	if c.fitted {
		c.fitPending()
	}
	c.redraw()
}

func (c *imageCanvas) redraw() { c.raster.Refresh() }

// scale is device pixels per dp.
func (c *imageCanvas) scale() float64 {
	if s := c.Size().Width; s > 0 && c.lastW > 0 {
		return float64(c.lastW) / float64(s)
	}
	if cv := fyne.CurrentApp().Driver().CanvasForObject(c); cv != nil {
		return float64(cv.Scale())
	}
	return 1
}

func (c *imageCanvas) fitPending() {
	c.fitted = true
	if c.img == nil || c.lastW == 0 || c.lastH == 0 {
		return
	}
	w, h := float64(c.img.Rect.Dx()), float64(c.img.Rect.Dy())
	z := math.Min(float64(c.lastW)/w, float64(c.lastH)/h)
	if z >= 1 {
		z = math.Floor(z)
	}
	c.zoom = math.Max(z, 1.0/64)
	c.offX = math.Floor((float64(c.lastW) - w*c.zoom) / 2)
	c.offY = math.Floor((float64(c.lastH) - h*c.zoom) / 2)
	if c.onZoom != nil {
		c.onZoom(c.zoom)
	}
}

func (c *imageCanvas) fit() {
	c.fitPending()
	c.redraw()
}

// setZoom zooms about the view centre.
func (c *imageCanvas) setZoom(z float64) {
	c.zoomAbout(z, float64(c.lastW)/2, float64(c.lastH)/2)
}

func (c *imageCanvas) zoomAbout(z, px, py float64) {
	z = math.Max(1.0/64, math.Min(64, z))
	tx, ty := (px-c.offX)/c.zoom, (py-c.offY)/c.zoom
	c.zoom = z
	c.offX, c.offY = math.Round(px-tx*z), math.Round(py-ty*z)
	c.fitted = false
	if c.onZoom != nil {
		c.onZoom(z)
	}
	c.redraw()
}

// Scrolled zooms with the wheel about the cursor.
func (c *imageCanvas) Scrolled(e *fyne.ScrollEvent) {
	s := c.scale()
	f := 1.25
	if e.Scrolled.DY < 0 {
		f = 1 / f
	}
	c.zoomAbout(c.zoom*f, float64(e.Position.X)*s, float64(e.Position.Y)*s)
}

// Dragged pans.
func (c *imageCanvas) Dragged(e *fyne.DragEvent) {
	s := c.scale()
	c.offX += float64(e.Dragged.DX) * s
	c.offY += float64(e.Dragged.DY) * s
	c.fitted = false
	c.redraw()
}

// DragEnd ends a pan.
func (c *imageCanvas) DragEnd() {}

// MouseIn starts tracking the pixel under the cursor.
func (c *imageCanvas) MouseIn(e *desktop.MouseEvent) { c.MouseMoved(e) }

// MouseMoved reports the texel under the cursor.
func (c *imageCanvas) MouseMoved(e *desktop.MouseEvent) {
	if c.onHover == nil || c.img == nil {
		return
	}
	x, y, ok := c.texelAt(e.Position)
	c.onHover(x, y, ok)
}

// MouseOut clears the pixel readout.
func (c *imageCanvas) MouseOut() {
	if c.onHover != nil {
		c.onHover(0, 0, false)
	}
}

// texelAt maps a widget position (dp) to a texel.
func (c *imageCanvas) texelAt(p fyne.Position) (int, int, bool) {
	s := c.scale()
	x := int(math.Floor((float64(p.X)*s - c.offX) / c.zoom))
	y := int(math.Floor((float64(p.Y)*s - c.offY) / c.zoom))
	return x, y, c.img != nil && (image.Point{x, y}).In(c.img.Rect)
}

// Checker is the grey of an 8-pixel checkerboard at (x, y).
func Checker(x, y int) uint8 {
	if (x/8+y/8)%2 == 0 {
		return 0xCC
	}
	return 0x99
}

// generate renders the view at w×h device pixels.
func (c *imageCanvas) generate(w, h int) image.Image {
	if w != c.lastW || h != c.lastH {
		c.lastW, c.lastH = w, h
		if c.fitted {
			c.fitPending()
		}
	}
	if c.buf == nil || c.buf.Rect.Dx() != w || c.buf.Rect.Dy() != h {
		c.buf = image.NewNRGBA(image.Rect(0, 0, w, h))
	}
	out := c.buf
	img := c.img
	for y := 0; y < h; y++ {
		row := out.Pix[y*out.Stride : y*out.Stride+4*w]
		ty := -1
		if img != nil {
			ty = int(math.Floor((float64(y) - c.offY) / c.zoom))
		}
		for x := 0; x < w; x++ {
			bg := TextureBG(x, y) // Settings › Texture background
			r, g, b := bg, bg, bg
			if img != nil && ty >= 0 && ty < img.Rect.Dy() {
				tx := int(math.Floor((float64(x) - c.offX) / c.zoom))
				if tx >= 0 && tx < img.Rect.Dx() {
					p := img.Pix[ty*img.Stride+4*tx : ty*img.Stride+4*tx+4]
					r, g, b = c.shade(p, bg)
				}
			}
			o := row[4*x : 4*x+4]
			o[0], o[1], o[2], o[3] = r, g, b, 255
		}
	}
	if c.showRects && img != nil {
		for _, rc := range c.rects {
			c.outline(out, rc)
		}
	}
	return out
}

// shade applies the channel view to one texel over the background value.
func (c *imageCanvas) shade(p []uint8, bg uint8) (uint8, uint8, uint8) {
	switch c.channel {
	case ViewRGB:
		return p[0], p[1], p[2]
	case ViewAlpha:
		return p[3], p[3], p[3]
	case ViewR:
		return p[0], p[0], p[0]
	case ViewG:
		return p[1], p[1], p[1]
	case ViewB:
		return p[2], p[2], p[2]
	}
	a := uint32(p[3])
	mix := func(v uint8) uint8 { return uint8((uint32(v)*a + uint32(bg)*(255-a) + 127) / 255) }
	return mix(p[0]), mix(p[1]), mix(p[2])
}

// outline draws a rectangle given in texels.
func (c *imageCanvas) outline(out *image.NRGBA, r image.Rectangle) {
	x0 := int(math.Round(float64(r.Min.X)*c.zoom + c.offX))
	y0 := int(math.Round(float64(r.Min.Y)*c.zoom + c.offY))
	x1 := int(math.Round(float64(r.Max.X)*c.zoom+c.offX)) - 1
	y1 := int(math.Round(float64(r.Max.Y)*c.zoom+c.offY)) - 1
	col := color.NRGBA{255, 0, 255, 255}
	for x := x0; x <= x1; x++ {
		setPix(out, x, y0, col)
		setPix(out, x, y1, col)
	}
	for y := y0; y <= y1; y++ {
		setPix(out, x0, y, col)
		setPix(out, x1, y, col)
	}
}

func setPix(img *image.NRGBA, x, y int, c color.NRGBA) {
	if (image.Point{x, y}).In(img.Rect) {
		img.SetNRGBA(x, y, c)
	}
}
