package txd

import (
	"fmt"
	"image/png"
	"io"
	"path/filepath"
	"strings"

	"rummage/formats/dds"
	"rummage/formats/tga"
)

// MaxSide is the largest width or height a texture of platform may have:
// 1024 on the PS2 (its GS addresses no more), 4096 elsewhere.
func MaxSide(platform uint32) int {
	if platform == PlatformPS2 {
		return 1024
	}
	return 4096
}

// maxAnySide is the largest side a texture of any platform may have.
const maxAnySide = 4096

// SourceInfo is what an image file's header claims, read before any
// pixel is decoded.
type SourceInfo struct {
	Kind          string // "PNG", "TGA" or "DDS"
	Width, Height int
	Levels        int // mip levels stored (1 but for a DDS)
}

// PeekSource reads the header of the image file path (r holds its size
// bytes): its kind, size and stored levels. Only the header is read.
func PeekSource(path string, r io.ReaderAt, size int64) (SourceInfo, error) {
	sr := io.NewSectionReader(r, 0, size)
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png":
		c, err := png.DecodeConfig(sr)
		if err != nil {
			return SourceInfo{}, fmt.Errorf("reading the PNG header: %w", err)
		}
		return SourceInfo{Kind: "PNG", Width: c.Width, Height: c.Height, Levels: 1}, nil
	case ".tga":
		head := make([]byte, min(size, tga.HeaderSize))
		n, _ := r.ReadAt(head, 0)
		h, err := tga.Config(head[:n], size)
		if err != nil {
			return SourceInfo{}, fmt.Errorf("reading the TGA header: %w", err)
		}
		return SourceInfo{Kind: "TGA", Width: h.Width, Height: h.Height, Levels: 1}, nil
	case ".dds":
		f, err := dds.Open(r, 0, size)
		if err != nil {
			return SourceInfo{}, fmt.Errorf("reading the DDS header: %w", err)
		}
		return SourceInfo{Kind: "DDS", Width: f.Width, Height: f.Height, Levels: len(f.Levels)}, nil
	}
	return SourceInfo{}, fmt.Errorf("not a PNG, TGA or DDS file")
}

// CheckSide refuses an image larger than a texture of platform may be
// (any platform's largest when platform is 0), saying what it claims.
func (s SourceInfo) CheckSide(platform uint32) error {
	limit, what := maxAnySide, "a TXD texture"
	if platform != 0 {
		limit, what = MaxSide(platform), PlatformName(platform)+" texture"
	}
	if s.Width > limit || s.Height > limit {
		return fmt.Errorf("the %s header claims %d×%d pixels; a %s is at most %d×%d", s.Kind, s.Width, s.Height, what, limit, limit)
	}
	return nil
}

// CheckFits is CheckSide for a build that resizes as r says: with a
// resize any image up to 16384×16384 fits (it is shrunk).
func (s SourceInfo) CheckFits(platform uint32, r Resize) error {
	if r == ResizeNone {
		return s.CheckSide(platform)
	}
	if s.Width > maxSourceSide || s.Height > maxSourceSide {
		return fmt.Errorf("the %s header claims %d×%d pixels; a resized image is at most %d×%d", s.Kind, s.Width, s.Height, maxSourceSide, maxSourceSide)
	}
	return nil
}

// BuildCostFor is BuildCost of the texture o builds from this image: at
// the size o.Resize gives it, plus the image decoded at its own size (8
// bytes a pixel: its decoding and the copy scaled from) when that differs.
func (s SourceInfo) BuildCostFor(o BuildOptions) int64 {
	w, h := o.Resize.Size(s.Width, s.Height, o.Platform)
	cost := SourceInfo{Kind: s.Kind, Width: w, Height: h, Levels: 1}.BuildCost(o.Format)
	if w != s.Width || h != s.Height {
		cost += int64(s.Width) * int64(s.Height) * 8
	}
	return cost
}

// BuildCost is about the most memory (bytes) building a texture of this
// size stored as format (a FormatNames name or "auto") holds at once: the
// decoded image, its mip chain, the stored levels and their share of the
// written dictionary. Measured on the 2-core development machine (peak
// resident memory of `build txd` on 1024² and 4096² images, the garbage
// collector held at its limit): 23.5 bytes a pixel for 8888 and 888, 12.3
// for 16-bit formats, at most 9.4 for DXT and 9 for palettes; rounded up.
func (s SourceInfo) BuildCost(format string) int64 {
	px := int64(s.Width) * int64(s.Height)
	perPixel := int64(10) // DXT (what auto picks off the PS2), PAL8, PAL4
	switch strings.ToUpper(format) {
	case "8888", "888":
		perPixel = 24
	case "565", "1555", "4444":
		perPixel = 13
	}
	return px * perPixel
}
