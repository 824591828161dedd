package imagefile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"

	"golang.org/x/image/bmp"

	"rummage/formats/binread"
)

// bmpInfoSizes are the DIB header sizes Windows and OS/2 define.
var bmpInfoSizes = map[uint32]bool{12: true, 40: true, 52: true, 56: true, 64: true, 108: true, 124: true}

// bmpCompression names BMP compression methods.
var bmpCompression = map[uint32]string{0: "none", 1: "RLE8", 2: "RLE4", 3: "bitfields", 4: "JPEG", 5: "PNG", 6: "alpha bitfields"}

// isBMP reports "BM" with a DIB header of a defined size, one plane, a
// defined pixel size and pixel data that starts inside the file.
func isBMP(head []byte, size int64) bool {
	if len(head) < 30 || string(head[:2]) != "BM" {
		return false
	}
	le := binary.LittleEndian
	info, data := le.Uint32(head[14:]), le.Uint32(head[10:])
	if !bmpInfoSizes[info] || int64(data) < 14+int64(info) || int64(data) >= size {
		return false
	}
	planes, bpp := le.Uint16(head[26:]), le.Uint16(head[28:])
	if info == 12 {
		planes, bpp = le.Uint16(head[22:]), le.Uint16(head[24:])
	}
	return planes == 1 && allowedBits(bpp)
}

func allowedBits(b uint16) bool {
	return b == 1 || b == 2 || b == 4 || b == 8 || b == 16 || b == 24 || b == 32
}

// readBMP reads the file and info headers; what golang.org/x/image/bmp
// does not decode (OS/2 headers, 16-bit pixels, RLE and other compression)
// is named as unsupported at the field that says it.
func readBMP(head []byte, size int64) (*header, error) {
	le := binary.LittleEndian
	info := le.Uint32(head[14:])
	if info == 12 {
		return nil, binread.Unsupportedf(14, "OS/2 BMP (12-byte core header)")
	}
	if len(head) < 54 {
		return nil, binread.Errorf(14, "BMP info header of %d bytes runs past the end of the %d-byte file", info, size)
	}
	w, h := int64(int32(le.Uint32(head[18:]))), int64(int32(le.Uint32(head[22:])))
	bpp, comp := int(le.Uint16(head[28:])), le.Uint32(head[30:])
	topDown := h < 0
	if topDown {
		h = -h
	}
	if w <= 0 || h <= 0 {
		return nil, binread.Errorf(18, "BMP size %d×%d is out of range", w, int32(le.Uint32(head[22:])))
	}
	if comp == 3 && bpp == 32 && info > 40 && defaultMasks(head) {
		comp = 0 // x/image/bmp reads the masks it would assume anyway
	}
	if comp != 0 {
		return nil, binread.Unsupportedf(30, "BMP with %s compression", compressionName(comp))
	}
	if bpp == 16 {
		return nil, binread.Unsupportedf(28, "16-bit BMP")
	}
	data := int64(le.Uint32(head[10:]))
	if want := 14 + int64(info) + 4*int64(paletteEntries(head, bpp)); data != want {
		return nil, binread.Unsupportedf(10, "BMP whose pixels start at offset %d, not right after its headers and palette (%d)", data, want)
	}
	if row := (w*int64(bpp) + 31) / 32 * 4; row > (size-data)/h {
		return nil, binread.Errorf(data, "BMP pixel data of %d×%d at %d bits needs %d bytes a row, the file has %d bytes after offset %d", w, h, bpp, row, size-data, data)
	}
	hd := &header{typ: "BMP", w: int(w), h: int(h), format: bmpFormat(bpp, info), sizeOff: 18, pixelBytes: 4,
		facts: map[string]any{"bitsPerPixel": bpp, "compression": compressionName(comp), "topDown": topDown, "infoHeader": int(info)},
		decode: func(b []byte) (image.Image, error) {
			img, err := bmp.Decode(bytes.NewReader(b))
			if err != nil {
				return nil, binread.Errorf(data, "BMP pixels: %v", err)
			}
			return img, nil
		}}
	return hd, nil
}

// paletteEntries is the colour table's length: the header's count of
// colours used, or all 2^bpp; none above 8 bits a pixel.
func paletteEntries(head []byte, bpp int) int {
	if bpp > 8 {
		return 0
	}
	if n := int(binary.LittleEndian.Uint32(head[46:])); n > 0 && n <= 1<<bpp {
		return n
	}
	return 1 << bpp
}

// defaultMasks reports a 32-bit bitfields header whose masks are BGRA.
func defaultMasks(head []byte) bool {
	le := binary.LittleEndian
	return len(head) >= 70 && le.Uint32(head[54:]) == 0xff0000 && le.Uint32(head[58:]) == 0xff00 &&
		le.Uint32(head[62:]) == 0xff && le.Uint32(head[66:]) == 0xff000000
}

func compressionName(c uint32) string {
	if n, ok := bmpCompression[c]; ok {
		return n
	}
	return fmt.Sprintf("method %d", c)
}

// bmpFormat names the texture format of a BMP pixel size: 32-bit pixels
// have alpha only with a version 4 or 5 header (as browsers read them).
func bmpFormat(bpp int, info uint32) string {
	switch {
	case bpp <= 8:
		return fmt.Sprintf("PAL%d", bpp)
	case bpp == 32 && info > 40:
		return "8888"
	}
	return "888"
}
