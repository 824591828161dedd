// Package tga reads and writes Truevision TGA images: uncompressed and
// run-length (RLE) true-colour (15/16, 24, 32 bits), grey (8 bits) and
// colour-mapped (8-bit indices into a 16/24/32-bit map) images, either
// origin. Pixels come out as straight-alpha *image.NRGBA; Encode writes
// uncompressed 32-bit BGRA with the origin at the top left.
package tga

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"io"

	"rummage/formats/binread"
)

// HeaderSize is the size of the fixed header.
const HeaderSize = 18

// MaxSide caps the width and height a header may claim.
const MaxSide = 16384

// header is the decoded fixed header.
type header struct {
	idLen, mapType, imgType byte
	mapFirst, mapLen        int
	mapBits                 int
	w, h                    int
	bits                    int
	desc                    byte
}

func parseHeader(b []byte) (header, error) {
	h := header{idLen: b[0], mapType: b[1], imgType: b[2],
		mapFirst: int(binary.LittleEndian.Uint16(b[3:])), mapLen: int(binary.LittleEndian.Uint16(b[5:])), mapBits: int(b[7]),
		w: int(binary.LittleEndian.Uint16(b[12:])), h: int(binary.LittleEndian.Uint16(b[14:])), bits: int(b[16]), desc: b[17]}
	if h.mapType == 1 && !okBits(h.mapBits) { // a map may come with any image type; its entries must be readable
		return h, binread.Errorf(7, "TGA colour map with %d-bit entries is not supported", h.mapBits)
	}
	switch h.imgType &^ 8 {
	case 1:
		if h.mapType != 1 || h.bits != 8 || !okBits(h.mapBits) {
			return h, binread.Errorf(1, "colour-mapped TGA with map type %d, %d-bit indices and %d-bit map is not supported", h.mapType, h.bits, h.mapBits)
		}
	case 2:
		if !okBits(h.bits) {
			return h, binread.Errorf(16, "true-colour TGA with %d bits per pixel is not supported", h.bits)
		}
	case 3:
		if h.bits != 8 {
			return h, binread.Errorf(16, "grey TGA with %d bits per pixel is not supported", h.bits)
		}
	default:
		return h, binread.Errorf(2, "TGA image type %d is not supported", h.imgType)
	}
	if h.w == 0 || h.h == 0 || h.w > MaxSide || h.h > MaxSide {
		return h, binread.Errorf(12, "TGA size %d×%d is out of range", h.w, h.h)
	}
	return h, nil
}

func okBits(b int) bool { return b == 15 || b == 16 || b == 24 || b == 32 }

// Decode reads a TGA image from r.
func Decode(r io.Reader) (*image.NRGBA, error) {
	b, err := io.ReadAll(io.LimitReader(r, HeaderSize+255+3*65536+int64(MaxSide)*MaxSide*5))
	if err != nil {
		return nil, err
	}
	return DecodeBytes(b)
}

// DecodeBytes reads a TGA image held in b.
func DecodeBytes(b []byte) (*image.NRGBA, error) {
	if len(b) < HeaderSize {
		return nil, binread.Errorf(0, "TGA header needs %d bytes, the file has %d", HeaderSize, len(b))
	}
	h, err := parseHeader(b)
	if err != nil {
		return nil, err
	}
	pos := HeaderSize + int(h.idLen)
	if pos > len(b) {
		return nil, binread.Errorf(0, "TGA image ID of %d bytes runs past the end of the %d-byte file", h.idLen, len(b))
	}
	var cmap []color.NRGBA
	if h.mapType == 1 {
		mb := (h.mapBits + 7) / 8
		end := pos + h.mapLen*mb
		if end > len(b) {
			return nil, binread.Errorf(int64(pos), "TGA colour map of %d entries runs past the end of the file", h.mapLen)
		}
		for i := 0; i < h.mapLen; i++ {
			cmap = append(cmap, pixel(b[pos+i*mb:], h.mapBits, h.mapBits == 32))
		}
		pos = end
	}
	// The pixels must fit in what is left before anything is allocated: a
	// raw pixel takes its bytes, a run-length packet (a count byte and at
	// least one pixel) stands for at most 128 pixels.
	bpp, n, rest := (h.bits+7)/8, h.w*h.h, len(b)-pos
	if whole := rest / bpp; h.imgType&8 == 0 && n > whole {
		return nil, binread.Errorf(int64(pos+whole*bpp), "TGA pixel data ends after %d of %d pixels", whole, n)
	}
	if h.imgType&8 != 0 && n > rest/(1+bpp)*128 {
		return nil, binread.Errorf(int64(pos), "TGA of %d×%d pixels needs more than the %d bytes left in the file", h.w, h.h, rest)
	}
	img := image.NewNRGBA(image.Rect(0, 0, h.w, h.h))
	d := &decoder{h: h, b: b, pos: pos, cmap: cmap, img: img, alpha: h.desc&0xF != 0 || h.bits == 32}
	if err := d.pixels(); err != nil {
		return nil, err
	}
	return img, nil
}

// decoder walks the pixel data, raw or run-length.
type decoder struct {
	h     header
	b     []byte
	pos   int
	cmap  []color.NRGBA
	img   *image.NRGBA
	alpha bool
}

func (d *decoder) pixels() error {
	h := d.h
	bpp := (h.bits + 7) / 8
	n := h.w * h.h
	rle := h.imgType&8 != 0
	for i := 0; i < n; {
		count, repeat := n-i, false
		if rle {
			if d.pos >= len(d.b) {
				return binread.Errorf(int64(d.pos), "TGA RLE data ends after %d of %d pixels", i, n)
			}
			p := d.b[d.pos]
			d.pos++
			count, repeat = int(p&0x7F)+1, p&0x80 != 0
			count = min(count, n-i)
		}
		need := count * bpp
		if repeat {
			need = bpp
		}
		if d.pos+need > len(d.b) {
			whole := 0
			if !repeat {
				whole = (len(d.b) - d.pos) / bpp
			}
			return binread.Errorf(int64(d.pos+whole*bpp), "TGA pixel data ends after %d of %d pixels", i+whole, n)
		}
		for k := 0; k < count; k++ {
			src := d.pos + k*bpp
			if repeat {
				src = d.pos
			}
			c, err := d.colour(d.b[src:])
			if err != nil {
				return binread.Errorf(int64(src), "%w", err)
			}
			d.set(i+k, c)
		}
		d.pos += need
		i += count
	}
	return nil
}

func (d *decoder) colour(p []byte) (color.NRGBA, error) {
	switch d.h.imgType &^ 8 {
	case 1:
		k := int(p[0]) - d.h.mapFirst
		if k < 0 || k >= len(d.cmap) {
			return color.NRGBA{}, fmt.Errorf("TGA colour index %d is outside the %d-entry map", p[0], len(d.cmap))
		}
		return d.cmap[k], nil
	case 3:
		return color.NRGBA{p[0], p[0], p[0], 255}, nil
	}
	return pixel(p, d.h.bits, d.alpha), nil
}

// set stores pixel i of the file order, honouring the origin bits.
func (d *decoder) set(i int, c color.NRGBA) {
	x, y := i%d.h.w, i/d.h.w
	if d.h.desc&0x10 != 0 {
		x = d.h.w - 1 - x
	}
	if d.h.desc&0x20 == 0 {
		y = d.h.h - 1 - y
	}
	d.img.SetNRGBA(x, y, c)
}

// pixel decodes one BGR(A) or A1R5G5B5 pixel.
func pixel(p []byte, bits int, alpha bool) color.NRGBA {
	switch bits {
	case 15, 16:
		v := binary.LittleEndian.Uint16(p)
		a := byte(255)
		if bits == 16 && alpha && v&0x8000 == 0 {
			a = 0
		}
		return color.NRGBA{expand5(v >> 10), expand5(v >> 5), expand5(v), a}
	case 24:
		return color.NRGBA{p[2], p[1], p[0], 255}
	}
	a := p[3]
	if !alpha {
		a = 255
	}
	return color.NRGBA{p[2], p[1], p[0], a}
}

func expand5(v uint16) byte { return byte((int(v&31)*255 + 15) / 31) }

// Encode writes img as an uncompressed 32-bit TGA, origin at the top left,
// 8 alpha bits.
func Encode(w io.Writer, img image.Image) error {
	b := img.Bounds()
	if b.Dx() <= 0 || b.Dy() <= 0 || b.Dx() > 0xFFFF || b.Dy() > 0xFFFF {
		return fmt.Errorf("tga: cannot write a %d×%d image", b.Dx(), b.Dy())
	}
	out := make([]byte, HeaderSize, HeaderSize+4*b.Dx()*b.Dy())
	out[2] = 2
	binary.LittleEndian.PutUint16(out[12:], uint16(b.Dx()))
	binary.LittleEndian.PutUint16(out[14:], uint16(b.Dy()))
	out[16], out[17] = 32, 0x28
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			out = append(out, c.B, c.G, c.R, c.A)
		}
	}
	_, err := w.Write(out)
	return err
}
