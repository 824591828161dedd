package widgets

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// The picker's swatches, white among them, are framed 3:1 off the
// dialog's background in the light theme; a swatch, the sliders and typed
// text change the colour (without alpha the alpha stays); Apply hands it
// over.
func TestColorPicker(t *testing.T) {
	a := test.NewTempApp(t)
	a.Settings().SetTheme(forcedTheme{theme.DefaultTheme(), theme.VariantLight})
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(800, 600))
	var picked []color.NRGBA
	p := ShowColorPicker("directional colour", "Phase 0", color.NRGBA{1, 2, 3, 4}, true, func(c color.NRGBA) { picked = append(picked, c) }, w)
	white := p.Swatches[0]
	if white.Color != (color.NRGBA{255, 255, 255, 255}) {
		t.Fatalf("the first swatch is %v, not white", white.Color)
	}
	if r := ContrastRatio(white.Frame(), theme.Color(theme.ColorNameOverlayBackground)); r < 3 {
		t.Errorf("the white swatch's frame is %.2f:1 on the dialog", r)
	}
	if len(p.Channels) != 4 || p.Text.Text != "#01020304" || p.Channels[3].Value != 4 {
		t.Fatalf("%d channels, text %q", len(p.Channels), p.Text.Text)
	}
	test.Tap(p.Swatches[12+12]) // the full red
	if c := p.Color(); c != (color.NRGBA{255, 0, 0, 255}) || p.Text.Text != "#FF0000FF" || p.Channels[0].Value != 255 {
		t.Errorf("after the red swatch: %v, %q", c, p.Text.Text)
	}
	p.Channels[1].SetValue(128)
	if c := p.Color(); c != (color.NRGBA{255, 128, 0, 255}) || p.Text.Text != "#FF8000FF" {
		t.Errorf("after the green slider: %v, %q", c, p.Text.Text)
	}
	p.Text.SetText("rgba(10, 20, 30, 40)")
	p.Text.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if c := p.Color(); c != (color.NRGBA{10, 20, 30, 40}) {
		t.Errorf("typed: %v", c)
	}
	p.Text.SetText("nonsense")
	p.Text.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !p.problem.Visible() || p.Color() != (color.NRGBA{10, 20, 30, 40}) {
		t.Errorf("nonsense: problem shown %v, colour %v", p.problem.Visible(), p.Color())
	}
	test.Tap(p.ApplyB)
	if len(picked) != 1 || picked[0] != (color.NRGBA{10, 20, 30, 40}) {
		t.Errorf("picked %v", picked)
	}

	q := ShowColorPicker("additive colour", "Phase 0", color.NRGBA{1, 2, 3, 255}, false, func(color.NRGBA) {}, w)
	test.Tap(q.Swatches[0])
	q.Text.SetText("#10203040")
	q.Text.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if len(q.Channels) != 3 || q.Color() != (color.NRGBA{0x10, 0x20, 0x30, 255}) || q.Text.Text != "#102030" {
		t.Errorf("without alpha: %d channels, %v, %q", len(q.Channels), q.Color(), q.Text.Text)
	}
	if need := q.Dialog.MinSize(); need.Width > 1000 || need.Height > 580 {
		t.Errorf("the picker needs %v", need)
	}
}
