package txd

import (
	"fmt"
	"image"
	"strings"

	xdraw "golang.org/x/image/draw"
)

// The filter and addressing modes as a build takes them, in lower case
// with dashes (Magic.TXD's words): "linear-mip-linear", "clamp". The
// stored names of FilterModes and AddressModes ("LINEARMIPLINEAR") are
// taken too, in any case.
var (
	buildFilterNames  = []string{"nearest", "linear", "mip-nearest", "mip-linear", "linear-mip-nearest", "linear-mip-linear"}
	buildAddressNames = []string{"wrap", "mirror", "clamp", "border"}
)

// BuildFilterNames returns the filter modes a build takes, mode 1 first.
func BuildFilterNames() []string { return append([]string(nil), buildFilterNames...) }

// BuildAddressNames returns the addressing modes a build takes, mode 1
// first.
func BuildAddressNames() []string { return append([]string(nil), buildAddressNames...) }

// ParseFilterMode returns the filter mode (1 to 6) named name.
func ParseFilterMode(name string) (uint32, error) {
	return parseMode(buildFilterNames, "filter", name)
}

// ParseAddressMode returns the addressing mode (1 to 4) named name.
func ParseAddressMode(name string) (uint32, error) {
	return parseMode(buildAddressNames, "addressing", name)
}

// parseMode finds name among names (mode i+1), ignoring case, dashes and
// underscores.
func parseMode(names []string, what, name string) (uint32, error) {
	key := strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(name))
	for i, n := range names {
		if strings.ReplaceAll(n, "-", "") == key {
			return uint32(i + 1), nil
		}
	}
	return 0, fmt.Errorf("no %s mode %q (want %s)", what, name, strings.Join(names, ", "))
}

// ParseAddressing reads addressing modes for U and V: "wrap" for both, or
// "wrap,clamp" for U then V.
func ParseAddressing(s string) (u, v uint32, err error) {
	us, vs, two := strings.Cut(s, ",")
	if u, err = ParseAddressMode(strings.TrimSpace(us)); err != nil {
		return 0, 0, err
	}
	if !two {
		return u, u, nil
	}
	if v, err = ParseAddressMode(strings.TrimSpace(vs)); err != nil {
		return 0, 0, err
	}
	return u, v, nil
}

// Resize says how a build fits an image's size to the platform.
type Resize int

// The ways of resizing.
const (
	// ResizeNone keeps the size (the platform may refuse it).
	ResizeNone Resize = iota
	// ResizeMax shrinks an image larger than the platform's textures
	// (MaxSide) to fit, keeping its aspect.
	ResizeMax
	// ResizePow2 takes each side to the nearest power of two (the larger
	// one at a tie), at most MaxSide: what the PS2 needs.
	ResizePow2
)

// ResizeNames returns the names of ResizeMax and ResizePow2.
func ResizeNames() []string { return []string{"max", "pow2"} }

// ParseResize returns the Resize named s ("" and "none" are ResizeNone).
func ParseResize(s string) (Resize, error) {
	switch strings.ToLower(s) {
	case "", "none":
		return ResizeNone, nil
	case "max":
		return ResizeMax, nil
	case "pow2":
		return ResizePow2, nil
	}
	return 0, fmt.Errorf("no resize %q (want max or pow2)", s)
}

// maxSourceSide is the largest side of an image a resizing build reads.
const maxSourceSide = 16384

// Size is the size an image of w×h becomes on platform.
func (r Resize) Size(w, h int, platform uint32) (int, int) {
	m := MaxSide(platform)
	switch r {
	case ResizeMax:
		if w > m || h > m {
			if w >= h {
				return m, max(1, (h*m+w/2)/w)
			}
			return max(1, (w*m+h/2)/h), m
		}
	case ResizePow2:
		return min(nearestPow2(w), m), min(nearestPow2(h), m)
	}
	return w, h
}

// nearestPow2 is the power of two nearest n (the larger at a tie).
func nearestPow2(n int) int {
	lo := 1
	for lo*2 <= n {
		lo *= 2
	}
	if n-lo >= lo*2-n {
		return lo * 2
	}
	return lo
}

// scaleTo returns src scaled to w×h (Catmull-Rom, in premultiplied space
// so that transparent texels do not bleed their colour), or src itself
// when it has that size.
func scaleTo(src *image.NRGBA, w, h int) *image.NRGBA {
	if src.Rect.Dx() == w && src.Rect.Dy() == h {
		return src
	}
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(dst, dst.Rect, src, src.Rect, xdraw.Src, nil)
	return dst
}
