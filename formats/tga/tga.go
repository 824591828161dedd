// Package tga reads and writes Truevision TGA images: uncompressed and
// run-length (RLE) true-colour (15/16, 24, 32 bits), grey (8 bits, or 16
// with alpha) and colour-mapped (8-bit indices into a 15/16/24/32-bit map)
// images, either origin and either direction. Pixels come out as
// straight-alpha *image.NRGBA; Encode writes uncompressed 32-bit BGRA with
// the origin at the top left.
//
// TGA has no magic bytes: Probe recognises a file by its .tga name and a
// sane header, and Config checks a header (and that its pixels fit in the
// file) before anything is decoded.
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
	h, err := Config(b, int64(len(b)))
	if err != nil {
		return nil, err
	}
	pos := HeaderSize + h.IDLen
	var cmap []color.NRGBA
	if h.MapType == 1 {
		mb := (h.MapBits + 7) / 8
		for i := 0; i < h.MapLen; i++ {
			cmap = append(cmap, pixel(b[pos+i*mb:], h.MapBits, h.MapBits == 32))
		}
		pos += h.mapBytes()
	}
	img := image.NewNRGBA(image.Rect(0, 0, h.Width, h.Height))
	d := &decoder{h: h, b: b, pos: pos, cmap: cmap, img: img, alpha: h.AlphaBits() != 0 || h.Bits == 32}
	if attr, ok := attributes(b); ok {
		// TGA 2.0: the extension area says what the alpha bits hold
		d.alpha = d.alpha && (attr == 3 || attr == 4)
		d.premultiplied = attr == 4
	}
	if err := d.pixels(); err != nil {
		return nil, err
	}
	return img, nil
}

// attributes returns the attributes type of a TGA 2.0 file's extension
// area (0 no alpha, 1 and 2 alpha to be ignored, 3 alpha, 4 premultiplied
// alpha), found through its footer; ok is false for a file without one.
func attributes(b []byte) (attr byte, ok bool) {
	const footer, extSize = 26, 495
	if len(b) < HeaderSize+footer || string(b[len(b)-18:]) != "TRUEVISION-XFILE.\x00" {
		return 0, false
	}
	ext := int(binary.LittleEndian.Uint32(b[len(b)-footer:]))
	if ext < HeaderSize || ext+extSize > len(b)-footer || binary.LittleEndian.Uint16(b[ext:]) != extSize {
		return 0, false
	}
	return b[ext+extSize-1], true
}

// decoder walks the pixel data, raw or run-length.
type decoder struct {
	h             Header
	b             []byte
	pos           int
	cmap          []color.NRGBA
	img           *image.NRGBA
	alpha         bool // the pixels' alpha bits count
	premultiplied bool // and their colour is premultiplied by it
}

func (d *decoder) pixels() error {
	h := d.h
	bpp := h.pixelBytes()
	n := h.Width * h.Height
	for i := 0; i < n; {
		count, repeat := n-i, false
		if h.RLE() {
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
				return binread.Errorf(int64(src), "%v", err)
			}
			d.set(i+k, c)
		}
		d.pos += need
		i += count
	}
	return nil
}

func (d *decoder) colour(p []byte) (color.NRGBA, error) {
	switch d.h.ImageType &^ 8 {
	case 1:
		k := int(p[0]) - d.h.MapFirst
		if k < 0 || k >= len(d.cmap) {
			return color.NRGBA{}, fmt.Errorf("TGA colour index %d is outside the %d-entry map", p[0], len(d.cmap))
		}
		return d.cmap[k], nil
	case 3:
		a := byte(255)
		if d.h.Bits == 16 && d.alpha {
			a = p[1] // grey, then alpha
		}
		return d.straight(color.NRGBA{p[0], p[0], p[0], a}), nil
	}
	return d.straight(pixel(p, d.h.Bits, d.alpha)), nil
}

// straight undoes premultiplied alpha (TGA 2.0 attributes type 4).
func (d *decoder) straight(c color.NRGBA) color.NRGBA {
	if !d.premultiplied || c.A == 255 || c.A == 0 {
		return c
	}
	un := func(v byte) byte { return byte(min(255, (int(v)*255+int(c.A)/2)/int(c.A))) }
	return color.NRGBA{un(c.R), un(c.G), un(c.B), c.A}
}

// set stores pixel i of the file order, honouring the origin bits.
func (d *decoder) set(i int, c color.NRGBA) {
	x, y := i%d.h.Width, i/d.h.Width
	if d.h.Desc&0x10 != 0 {
		x = d.h.Width - 1 - x
	}
	if d.h.Desc&0x20 == 0 {
		y = d.h.Height - 1 - y
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
