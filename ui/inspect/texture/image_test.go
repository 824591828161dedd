package texture

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/texm"
	"rummage/ui/inspect/inspecttest"
)

// TestImageByteOrderToggle: a Texm 8888 texture offers the R⇄B debug
// reading, which shows red and blue exchanged; 565 does not offer it.
func TestImageByteOrderToggle(t *testing.T) {
	test.NewTempApp(t)
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	img.SetNRGBA(1, 1, color.NRGBA{10, 20, 30, 255})
	open := func(format uint32) formats.Imager {
		data, err := texm.Build(img, format, 1, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		n, err := texm.Open(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "T.0"})
		if err != nil {
			t.Fatal(err)
		}
		return n.(formats.Imager)
	}
	swapOf := func(v fyne.CanvasObject) *widget.Check {
		for _, c := range inspecttest.Find[*widget.Check](v) {
			if c.Text == "R⇄B" {
				return c
			}
		}
		return nil
	}
	v := newImageView(open(texm.Format8888))
	swap := swapOf(v.Content)
	if swap == nil {
		t.Fatal("no R⇄B toggle for 8888")
	}
	if got := v.PixelAt(1, 1); !strings.Contains(got, "R 10  G 20  B 30  A 255") {
		t.Fatalf("decoded %q", got)
	}
	swap.SetChecked(true)
	if got := v.PixelAt(1, 1); !strings.Contains(got, "R 30  G 20  B 10  A 255") {
		t.Errorf("swapped %q", got)
	}
	swap.SetChecked(false)
	if got := v.PixelAt(1, 1); !strings.Contains(got, "R 10  G 20  B 30  A 255") {
		t.Errorf("unswapped %q", got)
	}
	if swapOf(newImageView(open(texm.Format565)).Content) != nil {
		t.Error("565 offers the byte-order toggle")
	}
}
