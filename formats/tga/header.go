package tga

import (
	"encoding/binary"
	"path"
	"strings"

	"rummage/formats/binread"
)

// Header is a TGA file's fixed 18-byte header.
type Header struct {
	IDLen     int  // bytes of the image ID after the header
	MapType   int  // 1: a colour map follows the ID
	ImageType int  // 1 colour-mapped, 2 true-colour, 3 grey; +8 run-length encoded
	MapFirst  int  // the first colour-map index stored
	MapLen    int  // colour-map entries stored
	MapBits   int  // bits per colour-map entry
	Width     int  // pixels
	Height    int  // pixels
	Bits      int  // bits per pixel (per index for a colour-mapped image)
	Desc      byte // image descriptor: alpha bits (0-3), right-to-left (4), top-down (5)
}

// RLE reports a run-length encoded image.
func (h Header) RLE() bool { return h.ImageType&8 != 0 }

// Mapped reports a colour-mapped image.
func (h Header) Mapped() bool { return h.ImageType&^8 == 1 }

// Grey reports a greyscale image.
func (h Header) Grey() bool { return h.ImageType&^8 == 3 }

// AlphaBits is the descriptor's count of attribute (alpha) bits per pixel.
func (h Header) AlphaBits() int { return int(h.Desc & 0xF) }

// Origin names the corner the first stored pixel goes to: "bottom-left"
// (the TGA default), "top-left", "bottom-right" or "top-right".
func (h Header) Origin() string {
	v, u := "bottom", "left"
	if h.Desc&0x20 != 0 {
		v = "top"
	}
	if h.Desc&0x10 != 0 {
		u = "right"
	}
	return v + "-" + u
}

// mapBytes is the size of the stored colour map.
func (h Header) mapBytes() int {
	if h.MapType != 1 {
		return 0
	}
	return h.MapLen * ((h.MapBits + 7) / 8)
}

// pixelBytes is the size of one stored pixel (or index).
func (h Header) pixelBytes() int { return (h.Bits + 7) / 8 }

// parse reads the fixed header from b (at least HeaderSize bytes).
func parse(b []byte) Header {
	le := binary.LittleEndian
	return Header{IDLen: int(b[0]), MapType: int(b[1]), ImageType: int(b[2]),
		MapFirst: int(le.Uint16(b[3:])), MapLen: int(le.Uint16(b[5:])), MapBits: int(b[7]),
		Width: int(le.Uint16(b[12:])), Height: int(le.Uint16(b[14:])), Bits: int(b[16]), Desc: b[17]}
}

// Probe reports whether head, the first bytes of a file of size bytes
// named name, is a TGA file. TGA has no magic bytes: the name must end in
// .tga and the header must be sane by the specification (an image type of
// 1, 2, 3, 9, 10 or 11; a colour-map type of 0 or 1, a map only with an
// entry size TGA defines and none described without one, a colour-mapped
// image with its map; a pixel size TGA defines; a width and height; no
// interleaving; the ID and the map within the file). Whether Rummage
// decodes that kind of TGA is Config's question.
func Probe(head []byte, size int64, name string) bool {
	if !strings.EqualFold(path.Ext(name), ".tga") || len(head) < HeaderSize || size <= HeaderSize {
		return false
	}
	h := parse(head)
	switch {
	case h.ImageType&^8 < 1 || h.ImageType&^8 > 3 || h.ImageType > 11,
		h.MapType > 1,
		h.MapType == 1 && (h.MapLen == 0 || !okBits(h.MapBits)),
		h.MapType == 0 && (h.MapLen != 0 || h.MapFirst != 0),
		h.Mapped() && h.MapType != 1,
		h.Bits != 8 && !okBits(h.Bits),
		h.Width == 0 || h.Height == 0,
		h.Desc&0xC0 != 0:
		return false
	}
	return int64(HeaderSize+h.IDLen+h.mapBytes()) < size
}

// Config reads the header from the first bytes of a TGA file of size
// bytes and checks that Decode can read it and that its pixels fit in
// the file (a run-length packet stands for at most 128 pixels), before
// any pixel is allocated. Errors carry the offset of the field at fault.
func Config(head []byte, size int64) (Header, error) {
	if len(head) < HeaderSize || size < HeaderSize {
		return Header{}, binread.Errorf(0, "TGA header needs %d bytes, the file has %d", HeaderSize, size)
	}
	h := parse(head)
	if err := h.supported(); err != nil {
		return h, err
	}
	pos := int64(HeaderSize + h.IDLen)
	if pos > size {
		return h, binread.Errorf(0, "TGA image ID of %d bytes runs past the end of the %d-byte file", h.IDLen, size)
	}
	if end := pos + int64(h.mapBytes()); end > size {
		return h, binread.Errorf(pos, "TGA colour map of %d entries runs past the end of the file", h.MapLen)
	}
	pos += int64(h.mapBytes())
	bpp, n, rest := int64(h.pixelBytes()), int64(h.Width)*int64(h.Height), size-pos
	if whole := rest / bpp; !h.RLE() && n > whole {
		return h, binread.Errorf(pos+whole*bpp, "TGA pixel data ends after %d of %d pixels", whole, n)
	}
	if h.RLE() && n > rest/(1+bpp)*128 {
		return h, binread.Errorf(pos, "TGA of %d×%d pixels needs more than the %d bytes left in the file", h.Width, h.Height, rest)
	}
	return h, nil
}

// supported checks that the decoder reads this kind of TGA.
func (h Header) supported() error {
	if h.MapType == 1 && !okBits(h.MapBits) { // a map may come with any image type; its entries must be readable
		return binread.Unsupportedf(7, "TGA colour map with %d-bit entries", h.MapBits)
	}
	switch h.ImageType &^ 8 {
	case 1:
		if h.MapType != 1 || h.Bits != 8 {
			return binread.Unsupportedf(1, "colour-mapped TGA with map type %d, %d-bit indices and %d-bit map", h.MapType, h.Bits, h.MapBits)
		}
	case 2:
		if !okBits(h.Bits) {
			return binread.Unsupportedf(16, "true-colour TGA with %d bits per pixel", h.Bits)
		}
	case 3:
		if h.Bits != 8 && h.Bits != 16 {
			return binread.Unsupportedf(16, "grey TGA with %d bits per pixel", h.Bits)
		}
	default:
		return binread.Unsupportedf(2, "TGA image type %d", h.ImageType)
	}
	if h.ImageType > 11 {
		return binread.Unsupportedf(2, "TGA image type %d", h.ImageType)
	}
	if h.Width == 0 || h.Height == 0 || h.Width > MaxSide || h.Height > MaxSide {
		return binread.Errorf(12, "TGA size %d×%d is out of range", h.Width, h.Height)
	}
	return nil
}

func okBits(b int) bool { return b == 15 || b == 16 || b == 24 || b == 32 }
