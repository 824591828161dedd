package widgets

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// ColorPicker is a dialog that picks a colour: a palette of swatches, each
// framed in BorderColor (Fyne's own picker draws white as a borderless
// square on the light theme's white dialog), the channels as sliders, the
// colour as text that can be typed (see ParseColor), and the colour
// before and after side by side. Apply hands the colour over.
type ColorPicker struct {
	Swatches []*Swatch
	Channels []*widget.Slider // R, G, B and, with alpha, A
	Text     *widget.Entry
	ApplyB   *widget.Button
	Dialog   *dialog.CustomDialog

	color    color.NRGBA
	alpha    bool
	now      *canvas.Rectangle
	problem  *widget.Label
	updating bool
}

// swatchSide is the side of a palette swatch.
const swatchSide = 22

// ShowColorPicker opens the picker at c; alpha says whether the colour has
// an alpha channel (without one, c's alpha is kept). pick gets the colour
// on Apply.
func ShowColorPicker(title, message string, c color.NRGBA, alpha bool, pick func(color.NRGBA), win fyne.Window) *ColorPicker {
	p := &ColorPicker{color: c, alpha: alpha}
	palette := container.NewGridWrap(fyne.NewSquareSize(swatchSide))
	for _, pc := range pickerPalette() {
		s := NewSwatch(pc, func(pc color.NRGBA) {
			if !p.alpha {
				pc.A = p.color.A
			}
			p.set(pc)
		})
		p.Swatches = append(p.Swatches, s)
		palette.Add(s)
	}
	p.Text = widget.NewEntry()
	p.Text.SetPlaceHolder(lang.X("picker.hint", "#RRGGBBAA or R, G, B, A"))
	p.Text.OnSubmitted = p.typed
	p.problem = widget.NewLabel("")
	p.problem.Importance = widget.DangerImportance
	p.problem.Wrapping = fyne.TextWrapWord
	p.problem.Hide()
	before, after := framed(c), framed(c)
	p.now = after.Objects[0].(*canvas.Rectangle)
	channels := container.New(layout.NewFormLayout())
	names := []string{"R", "G", "B", "A"}
	for i := range 4 {
		if i == 3 && !alpha {
			break
		}
		s := widget.NewSlider(0, 255)
		s.Step = 1
		i := i
		s.OnChanged = func(v float64) { p.channel(i, v) }
		p.Channels = append(p.Channels, s)
		channels.Add(widget.NewLabel(names[i]))
		channels.Add(s)
	}
	compare := container.NewGridWithColumns(2, before, after)
	content := container.NewVBox(widget.NewLabel(message), palette, channels,
		container.NewBorder(nil, nil, nil, compare, p.Text), p.problem)
	p.ApplyB = widget.NewButtonWithIcon(lang.X("picker.apply", "Apply"), theme.ConfirmIcon(), func() {
		p.Dialog.Hide()
		pick(p.color)
	})
	p.ApplyB.Importance = widget.HighImportance
	cancel := widget.NewButtonWithIcon(lang.X("picker.cancel", "Cancel"), theme.CancelIcon(), func() { p.Dialog.Hide() })
	p.Dialog = dialog.NewCustomWithoutButtons(title, content, win)
	p.Dialog.SetButtons([]fyne.CanvasObject{cancel, p.ApplyB})
	p.set(c)
	p.Dialog.Show()
	return p
}

// Color is the colour picked so far.
func (p *ColorPicker) Color() color.NRGBA { return p.color }

// set shows c in the sliders, the text and the preview.
func (p *ColorPicker) set(c color.NRGBA) {
	p.color = c
	p.updating = true
	for i, v := range []uint8{c.R, c.G, c.B, c.A} {
		if i < len(p.Channels) {
			p.Channels[i].SetValue(float64(v))
		}
	}
	p.updating = false
	p.Text.SetText(colorText(c, p.alpha))
	p.now.FillColor = c
	p.now.Refresh()
	p.problem.Hide()
}

// channel is slider i moved to v.
func (p *ColorPicker) channel(i int, v float64) {
	if p.updating {
		return
	}
	c := p.color
	b := uint8(v)
	switch i {
	case 0:
		c.R = b
	case 1:
		c.G = b
	case 2:
		c.B = b
	case 3:
		c.A = b
	}
	p.set(c)
}

// typed is Enter in the text: the colour it names, or why not.
func (p *ColorPicker) typed(s string) {
	c, err := ParseColor(s, p.color)
	if err != nil {
		p.problem.SetText(err.Error())
		p.problem.Show()
		return
	}
	if !p.alpha {
		c.A = p.color.A
	}
	p.set(c)
}

// colorText is "#RRGGBBAA", or "#RRGGBB" without alpha.
func colorText(c color.NRGBA, alpha bool) string {
	if alpha {
		return fmt.Sprintf("#%02X%02X%02X%02X", c.R, c.G, c.B, c.A)
	}
	return fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B)
}

// framed is a preview square of c with a BorderColor frame.
func framed(c color.NRGBA) *fyne.Container {
	r := canvas.NewRectangle(c)
	r.StrokeColor = BorderColor()
	r.StrokeWidth = 1
	r.SetMinSize(fyne.NewSize(40, 28))
	return container.NewStack(r)
}

// pickerPalette is the palette: a row of greys, white to black, then
// twelve hues pale, full and dark.
func pickerPalette() []color.NRGBA {
	var out []color.NRGBA
	for i := range 12 {
		v := uint8(255 - i*255/11)
		out = append(out, color.NRGBA{v, v, v, 255})
	}
	for _, sv := range [][2]float64{{0.35, 1}, {1, 1}, {1, 0.55}} {
		for h := range 12 {
			out = append(out, hsv(float64(h)*30, sv[0], sv[1]))
		}
	}
	return out
}

// hsv is the opaque colour of hue h (degrees), saturation s and value v.
func hsv(h, s, v float64) color.NRGBA {
	c := v * s
	x := c * (1 - abs(mod2(h/60)-1))
	var r, g, b float64
	switch int(h/60) % 6 {
	case 0:
		r, g = c, x
	case 1:
		r, g = x, c
	case 2:
		g, b = c, x
	case 3:
		g, b = x, c
	case 4:
		r, b = x, c
	default:
		r, b = c, x
	}
	m := v - c
	to := func(f float64) uint8 { return uint8((f+m)*255 + 0.5) }
	return color.NRGBA{to(r), to(g), to(b), 255}
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// mod2 is f modulo 2.
func mod2(f float64) float64 { return f - 2*float64(int(f/2)) }

// Swatch is a framed square of a colour that calls back when tapped.
type Swatch struct {
	widget.BaseWidget
	Color  color.NRGBA
	rect   *canvas.Rectangle
	tapped func(color.NRGBA)
}

// NewSwatch makes a swatch of c.
func NewSwatch(c color.NRGBA, tapped func(color.NRGBA)) *Swatch {
	s := &Swatch{Color: c, tapped: tapped}
	s.ExtendBaseWidget(s)
	return s
}

// Tapped picks the swatch's colour.
func (s *Swatch) Tapped(*fyne.PointEvent) {
	if s.tapped != nil {
		s.tapped(s.Color)
	}
}

// Frame is the colour of the swatch's frame.
func (s *Swatch) Frame() color.Color { return BorderColor() }

// CreateRenderer draws the colour with a frame.
func (s *Swatch) CreateRenderer() fyne.WidgetRenderer {
	s.rect = canvas.NewRectangle(s.Color)
	s.rect.StrokeWidth = 1
	s.rect.StrokeColor = s.Frame()
	return &swatchRenderer{s: s}
}

type swatchRenderer struct{ s *Swatch }

func (r *swatchRenderer) Layout(size fyne.Size)        { r.s.rect.Resize(size) }
func (r *swatchRenderer) MinSize() fyne.Size           { return fyne.NewSquareSize(swatchSide) }
func (r *swatchRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.s.rect} }
func (r *swatchRenderer) Destroy()                     {}
func (r *swatchRenderer) Refresh() {
	r.s.rect.FillColor = r.s.Color
	r.s.rect.StrokeColor = r.s.Frame()
	r.s.rect.Refresh()
}
