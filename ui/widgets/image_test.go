package widgets

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"rummage/formats"
	"rummage/formats/texm"
)

func TestImageView(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("t")
	img := image.NewNRGBA(image.Rect(0, 0, 4, 2))
	img.SetNRGBA(3, 1, color.NRGBA{10, 20, 30, 40})
	data, err := texm.Build(img, texm.Format8888, 2, nil, []texm.Page{{X: 0, Y: 0, W: 2, H: 2}})
	if err != nil {
		t.Fatal(err)
	}
	n, err := texm.Open(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "T.0"})
	if err != nil {
		t.Fatal(err)
	}
	v := NewImageView(n.(formats.Imager), false)
	w.SetContent(v.Content)
	w.Resize(fyne.NewSize(400, 300))
	if got := v.PixelAt(3, 1); got == "" || !bytes.Contains([]byte(got), []byte("A 40")) {
		t.Errorf("pixel readout %q", got)
	}
	if len(v.canvas.rects) != 1 {
		t.Errorf("page rects %v", v.canvas.rects)
	}
	v.canvas.zoom, v.canvas.offX, v.canvas.offY = 10, 0, 0
	out := v.canvas.generate(40, 20).(*image.NRGBA)
	// Texel (3,1) alpha 40 over the checkerboard; texel (2,0) transparent shows the board.
	if got := out.NRGBAAt(35, 15); got.R == Checker(35, 15) {
		t.Errorf("texel (3,1) not drawn: %v", got)
	}
	if got := out.NRGBAAt(25, 5); got.R != Checker(25, 5) {
		t.Errorf("transparent texel hides the checkerboard: %v", got)
	}
	v.SetView(ViewAlpha)
	out = v.canvas.generate(40, 20).(*image.NRGBA)
	if got := out.NRGBAAt(35, 15); got.R != 40 {
		t.Errorf("alpha view %v", got)
	}
	v.SetLevel(1)
	if v.canvas.img.Rect.Dx() != 2 {
		t.Errorf("mip 1 is %v", v.canvas.img.Rect)
	}
}
