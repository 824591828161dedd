package txd

import "image/color"

// PaletteColors returns the decoded palette as colours in index order, or
// nil without a palette.
func (t *Texture) PaletteColors() []color.NRGBA {
	pal := t.Palette()
	if pal == nil {
		return nil
	}
	out := make([]color.NRGBA, len(pal))
	for i, v := range pal {
		out[i] = color.NRGBA{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)}
	}
	return out
}
