package imagefile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/png"

	"rummage/formats/binread"
)

// pngMagic starts every PNG file; its first chunk is IHDR.
const pngMagic = "\x89PNG\r\n\x1a\n"

// isPNG reports the PNG signature followed by the IHDR chunk.
func isPNG(head []byte) bool {
	return len(head) >= 16 && string(head[:8]) == pngMagic && string(head[12:16]) == "IHDR"
}

// pngColour names PNG's colour types.
var pngColour = map[byte]string{0: "grey", 2: "RGB", 3: "palette", 4: "grey+alpha", 6: "RGBA"}

// pngDepths are the bit depths each colour type allows.
var pngDepths = map[byte][]byte{0: {1, 2, 4, 8, 16}, 2: {8, 16}, 3: {1, 2, 4, 8}, 4: {8, 16}, 6: {8, 16}}

// readPNG reads the IHDR chunk.
func readPNG(head []byte, size int64) (*header, error) {
	if len(head) < 33 {
		return nil, binread.Errorf(int64(len(head)), "PNG file of %d bytes ends inside its IHDR chunk", size)
	}
	be := binary.BigEndian
	if n := be.Uint32(head[8:]); n != 13 {
		return nil, binread.Errorf(8, "PNG IHDR chunk is %d bytes long, not 13", n)
	}
	w, h := be.Uint32(head[16:]), be.Uint32(head[20:])
	depth, ct, interlace := head[24], head[25], head[28]
	switch {
	case w == 0 || h == 0 || w > 1<<31-1 || h > 1<<31-1:
		return nil, binread.Errorf(16, "PNG size %d×%d is out of range", w, h)
	case !allowed(pngDepths[ct], depth):
		return nil, binread.Errorf(24, "PNG colour type %d with bit depth %d is not defined", ct, depth)
	case head[26] != 0 || head[27] != 0:
		return nil, binread.Errorf(26, "PNG compression method %d, filter method %d: only 0 is defined", head[26], head[27])
	case interlace > 1:
		return nil, binread.Errorf(28, "PNG interlace method %d is not defined", interlace)
	}
	hd := &header{typ: "PNG", w: int(w), h: int(h), format: pngFormat(ct, depth), sizeOff: 16, pixelBytes: 4,
		facts:  map[string]any{"colorType": pngColour[ct], "bitDepth": int(depth), "interlaced": interlace == 1},
		decode: decodePNG}
	if depth == 16 {
		hd.pixelBytes = 12 // decoded as 16 bits a channel, then copied to 8
	}
	return hd, nil
}

// decodePNG decodes a whole PNG file. image/png does not say where it
// failed, so a failure is placed by a walk of the chunks: at a chunk cut
// short by the end of the file, at the end of a file without IEND, else
// at the first IDAT chunk (the image data image/png could not use).
func decodePNG(b []byte) (image.Image, error) {
	img, err := png.Decode(bytes.NewReader(b))
	if err == nil {
		return img, nil
	}
	be := binary.BigEndian
	firstIDAT := int64(-1)
	for pos := int64(8); ; {
		if pos+12 > int64(len(b)) {
			return nil, binread.Errorf(int64(len(b)), "PNG file ends without its IEND chunk (%v)", err)
		}
		n, typ := int64(be.Uint32(b[pos:])), string(b[pos+4:pos+8])
		if n > int64(len(b))-pos-12 {
			return nil, binread.Errorf(pos, "PNG %q chunk of %d bytes runs past the end of the file (%d bytes left)", typ, n, int64(len(b))-pos-12)
		}
		if typ == "IDAT" && firstIDAT < 0 {
			firstIDAT = pos
		}
		if typ == "IEND" {
			break
		}
		pos += n + 12
	}
	return nil, binread.Errorf(max(firstIDAT, 8), "PNG image data: %v", err)
}

func allowed(set []byte, v byte) bool {
	for _, s := range set {
		if s == v {
			return true
		}
	}
	return false
}

// pngFormat names the texture format of a PNG colour type and depth.
func pngFormat(ct, depth byte) string {
	switch ct {
	case 3:
		return fmt.Sprintf("PAL%d", depth)
	case 0:
		return fmt.Sprintf("L%d", depth)
	}
	if depth == 16 {
		return map[byte]string{2: "RGB16", 4: "A16L16", 6: "RGBA16"}[ct]
	}
	return map[byte]string{2: "888", 4: "A8L8", 6: "8888"}[ct]
}
