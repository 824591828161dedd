package txd

import (
	"fmt"
	"strings"
)

// RasterFormatText shows a rasterFormat word as hex with its decoded flags,
// palette first: "0x2104 = PAL8 | 1555", "0xB504 = PAL8 | 8888 | MIPMAP |
// AUTOMIPMAP". The raster type byte (0x04, TEXTURE) is not named; unknown
// bits are listed in hex.
func RasterFormatText(f uint32) string {
	var parts []string
	switch {
	case f&FmtPal8 != 0:
		parts = append(parts, "PAL8")
	case f&FmtPal4 != 0:
		parts = append(parts, "PAL4")
	}
	if p := f & FmtPixelMask; p != 0 {
		parts = append(parts, pixelName(p))
	}
	if f&FmtMipmap != 0 {
		parts = append(parts, "MIPMAP")
	}
	if f&FmtAutoMip != 0 {
		parts = append(parts, "AUTOMIPMAP")
	}
	known := uint32(FmtPal8 | FmtPal4 | FmtPixelMask | FmtMipmap | FmtAutoMip | 0xFF)
	if rest := f &^ known; rest != 0 {
		parts = append(parts, fmt.Sprintf("0x%X", rest))
	}
	if len(parts) == 0 {
		parts = append(parts, "default")
	}
	return fmt.Sprintf("0x%X = %s", f, strings.Join(parts, " | "))
}

// Label returns the texture's format name ("PAL8", "DXT1", "8888"), the
// tag the window shows for it in the tree.
func (n *TexNode) Label() string { return n.Texture().FormatName() }

// FactText shows rasterFormat as hex flags with their names.
func (n *TexNode) FactText() map[string]string {
	return map[string]string{"rasterFormat": RasterFormatText(n.Texture().RasterFormat)}
}
