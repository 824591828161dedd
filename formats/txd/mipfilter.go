package txd

import (
	"fmt"
	"image"
	"math"

	xdraw "golang.org/x/image/draw"

	"rummage/formats/mip"
)

// MipFilter names how a mip level is made from the one above.
type MipFilter string

// The mip filters.
const (
	MipBox     MipFilter = "box"     // the mean of each 2×2 block
	MipLanczos MipFilter = "lanczos" // Lanczos-3 (golang.org/x/image/draw kernel), sharper
)

// MipFilters returns the filter names, box first.
func MipFilters() []string { return []string{string(MipBox), string(MipLanczos)} }

// lanczos3 is the Lanczos kernel with a = 3.
var lanczos3 = &xdraw.Kernel{Support: 3, At: func(t float64) float64 {
	if t == 0 {
		return 1
	}
	if t >= 3 || t <= -3 {
		return 0
	}
	pt := math.Pi * t
	return 3 * math.Sin(pt) * math.Sin(pt/3) / (pt * pt)
}}

// halve makes the next mip level (half size, at least 1×1).
func (f MipFilter) halve(src *image.NRGBA) *image.NRGBA {
	if f != MipLanczos {
		return mip.Halve(src)
	}
	w, h := src.Rect.Dx(), src.Rect.Dy()
	dst := image.NewNRGBA(image.Rect(0, 0, max(w/2, 1), max(h/2, 1)))
	// Scale in premultiplied space (NRGBA→RGBA conversions by draw) so
	// transparent texels do not bleed their colour.
	lanczos3.Scale(dst, dst.Rect, src, src.Rect, xdraw.Src, nil)
	return dst
}

// ParseMipFilter returns the filter named s ("" is box).
func ParseMipFilter(s string) (MipFilter, error) {
	switch MipFilter(s) {
	case "", MipBox:
		return MipBox, nil
	case MipLanczos:
		return MipLanczos, nil
	}
	return "", fmt.Errorf("no mip filter %q (want box or lanczos)", s)
}
