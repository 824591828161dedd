package widgets

import (
	"errors"
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"
)

// ParseColor reads a colour typed by the user (a phase colour): hex "#RRGGBB" or
// "#RRGGBBAA" (the '#' optional), or three or four numbers "R, G, B[, A]"
// (commas or spaces, "rgb(…)"/"rgba(…)" around them allowed) from 0 to
// 255, or from 0 to 1 when written with a decimal point. A colour without
// alpha keeps cur's alpha.
func ParseColor(s string, cur color.NRGBA) (color.NRGBA, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for _, p := range []string{"rgba(", "rgb("} {
		if strings.HasPrefix(t, p) && strings.HasSuffix(t, ")") {
			t = t[len(p) : len(t)-1]
			break
		}
	}
	if c, ok := parseHexColor(t, cur); ok {
		return c, nil
	}
	if c, ok := parseNumbers(t, cur); ok {
		return c, nil
	}
	return cur, errors.New(lang.X("colour.invalid",
		"colour {{.Text}}: want #RRGGBB, #RRGGBBAA or R, G, B, A (0–255, or 0–1 with a decimal point)",
		map[string]any{"Text": strconv.Quote(s)}))
}

// parseHexColor reads "#RRGGBB" or "#RRGGBBAA".
func parseHexColor(t string, cur color.NRGBA) (color.NRGBA, bool) {
	t = strings.TrimPrefix(t, "#")
	if len(t) != 6 && len(t) != 8 {
		return cur, false
	}
	v, err := strconv.ParseUint(t, 16, 32)
	if err != nil {
		return cur, false
	}
	if len(t) == 6 {
		return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), cur.A}, true
	}
	return color.NRGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}, true
}

// parseNumbers reads "R, G, B[, A]": whole numbers 0–255, or fractions
// 0–1 when any has a decimal point.
func parseNumbers(t string, cur color.NRGBA) (color.NRGBA, bool) {
	parts := strings.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ' ' || r == ';' || r == '\t' })
	if len(parts) != 3 && len(parts) != 4 {
		return cur, false
	}
	unit := strings.Contains(t, ".")
	var b [4]uint8
	b[3] = cur.A
	for i, p := range parts {
		f, err := strconv.ParseFloat(p, 64)
		if err != nil || f < 0 {
			return cur, false
		}
		if unit {
			if f > 1 {
				return cur, false
			}
			f = f*255 + 0.5
		} else if f > 255 || f != float64(int(f)) {
			return cur, false
		}
		b[i] = uint8(f)
	}
	return color.NRGBA{b[0], b[1], b[2], b[3]}, true
}
