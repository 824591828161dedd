package widgets

import (
	"image/color"
	"testing"
)

// A phase colour typed in place: hex with or without '#' and alpha, or
// numbers 0–255 or 0–1; a colour without alpha keeps the current alpha;
// anything else is refused and leaves the colour as it was.
func TestParseColor(t *testing.T) {
	cur := color.NRGBA{1, 2, 3, 0x40}
	for _, c := range []struct {
		in   string
		want color.NRGBA
	}{
		{"#FF8000", color.NRGBA{0xFF, 0x80, 0x00, 0x40}},
		{"ff8000cc", color.NRGBA{0xFF, 0x80, 0x00, 0xCC}},
		{" #0a0B0c0D ", color.NRGBA{0x0A, 0x0B, 0x0C, 0x0D}},
		{"255, 128, 0", color.NRGBA{255, 128, 0, 0x40}},
		{"255 128 0 255", color.NRGBA{255, 128, 0, 255}},
		{"rgba(10, 20, 30, 40)", color.NRGBA{10, 20, 30, 40}},
		{"RGB(10,20,30)", color.NRGBA{10, 20, 30, 0x40}},
		{"1.0, 0.5, 0, 0.25", color.NRGBA{255, 128, 0, 64}},
	} {
		got, err := ParseColor(c.in, cur)
		if err != nil || got != c.want {
			t.Errorf("%q: %v %v, want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "#FFF", "#GG0000", "256, 0, 0", "1, 2", "1, 2, 3, 4, 5", "-1, 0, 0", "1.5, 0, 0", "10.5, 0, 0", "red"} {
		if got, err := ParseColor(bad, cur); err == nil || got != cur {
			t.Errorf("%q: %v accepted", bad, got)
		}
	}
}
