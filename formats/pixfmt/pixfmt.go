// Package pixfmt decodes uncompressed pixel layouts given by bits per
// pixel and a mask per channel, and names the Direct3D formats (D3DFORMAT
// codes) that RenderWare D3D9 texture natives and DDS files store. It is
// the one masked-pixel decoder of Rummage: TXD natives and DDS files both
// use it.
package pixfmt

import (
	"fmt"
	"image"
	"math/bits"
)

// Layout is an uncompressed pixel layout: each pixel a little-endian word
// of Bits bits, a channel's value the bits under its mask. A zero colour
// mask reads 0, a zero alpha mask 255.
type Layout struct {
	Name  string    // "A8R8G8B8", "A8L8", ...
	Bits  int       // bits per pixel: 8, 16, 24 or 32
	Masks [4]uint32 // red, green, blue, alpha
	// Luminance: the red mask holds luminance, green and blue copy it.
	Luminance bool
}

// HasAlpha reports whether the layout stores alpha.
func (l Layout) HasAlpha() bool { return l.Masks[3] != 0 }

// Check says why a layout cannot be decoded, nil when it can: a bit count
// other than 8, 16, 24 or 32, a mask that does not fit it or is not one
// run of bits, or no mask at all.
func (l Layout) Check() error {
	if l.Bits != 8 && l.Bits != 16 && l.Bits != 24 && l.Bits != 32 {
		return fmt.Errorf("%d bits per pixel (8, 16, 24 or 32 are read)", l.Bits)
	}
	all := uint32(0)
	for i, k := range l.Masks {
		if k == 0 {
			continue
		}
		if l.Bits < 32 && k>>l.Bits != 0 {
			return fmt.Errorf("mask 0x%X of channel %d does not fit %d bits", k, i, l.Bits)
		}
		if run := k >> bits.TrailingZeros32(k); run&(run+1) != 0 {
			return fmt.Errorf("mask 0x%X of channel %d is not one run of bits", k, i)
		}
		all |= k
	}
	if all == 0 {
		return fmt.Errorf("every channel mask is 0")
	}
	return nil
}

// RowBytes returns the bytes of w pixels.
func (l Layout) RowBytes(w int) int { return w * (l.Bits / 8) }

// Decode decodes w×h pixels from b, whose rows start pitch bytes apart
// (b must hold (h-1)*pitch + RowBytes(w) bytes; the layout must pass
// Check), into a new straight-alpha image. Channels are widened to eight
// bits rounded to nearest: v*255/max.
func (l Layout) Decode(b []byte, w, h, pitch int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	if idx, ok := l.byteChannels(); ok {
		l.decodeBytes(img, b, pitch, idx)
	} else {
		l.decodeWords(img, b, pitch)
	}
	if l.Luminance {
		for i := 0; i < len(img.Pix); i += 4 {
			img.Pix[i+1], img.Pix[i+2] = img.Pix[i], img.Pix[i]
		}
	}
	return img
}

// byteChannels returns, when every channel is a whole byte of the pixel
// (or absent), the index of each channel's byte (-1 when absent).
func (l Layout) byteChannels() (idx [4]int, ok bool) {
	for i, m := range l.Masks {
		s := bits.TrailingZeros32(m)
		switch {
		case m == 0:
			idx[i] = -1
		case s%8 == 0 && m>>s == 0xFF:
			idx[i] = s / 8
		default:
			return idx, false
		}
	}
	return idx, true
}

// decodeBytes copies whole-byte channels (A8R8G8B8, L8, A8L8, ...).
func (l Layout) decodeBytes(img *image.NRGBA, b []byte, pitch int, idx [4]int) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	n := l.Bits / 8
	for y := 0; y < h; y++ {
		row := b[y*pitch : y*pitch+w*n]
		out := img.Pix[y*img.Stride : y*img.Stride+4*w]
		for c, k := range idx {
			if k < 0 {
				v := byte(0)
				if c == 3 {
					v = 255
				}
				for o := c; o < len(out); o += 4 {
					out[o] = v
				}
				continue
			}
			for x, o := k, c; o < len(out); x, o = x+n, o+4 {
				out[o] = row[x]
			}
		}
	}
}

// decodeWords decodes pixels of any masks, a channel at a time through
// its table.
func (l Layout) decodeWords(img *image.NRGBA, b []byte, pitch int) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	var ch [4]channel
	for i := range ch {
		ch[i] = newChannel(l.Masks[i], i == 3)
	}
	n := l.Bits / 8
	for y := 0; y < h; y++ {
		row := b[y*pitch : y*pitch+w*n]
		out := img.Pix[y*img.Stride : y*img.Stride+4*w]
		for x := 0; x < w; x++ {
			v := word(row[x*n:], n)
			o := out[4*x : 4*x+4 : 4*x+4]
			o[0], o[1], o[2], o[3] = ch[0].get(v), ch[1].get(v), ch[2].get(v), ch[3].get(v)
		}
	}
}

// word reads a little-endian pixel of n bytes.
func word(p []byte, n int) uint32 {
	switch n {
	case 1:
		return uint32(p[0])
	case 2:
		return uint32(p[0]) | uint32(p[1])<<8
	case 3:
		return uint32(p[0]) | uint32(p[1])<<8 | uint32(p[2])<<16
	}
	return uint32(p[0]) | uint32(p[1])<<8 | uint32(p[2])<<16 | uint32(p[3])<<24
}

// channel extracts one channel of a pixel and widens it to eight bits,
// through a table for channels of up to 12 bits.
type channel struct {
	mask  uint32
	shift uint
	max   uint32
	def   byte
	table []byte
}

func newChannel(mask uint32, alpha bool) channel {
	if mask == 0 {
		if alpha {
			return channel{def: 255}
		}
		return channel{}
	}
	s := uint(bits.TrailingZeros32(mask))
	c := channel{mask: mask, shift: s, max: mask >> s}
	if c.max < 1<<12 && c.max != 255 {
		c.table = make([]byte, c.max+1)
		for v := range c.table {
			c.table[v] = widen(uint32(v), c.max)
		}
	}
	return c
}

func widen(v, max uint32) byte { return byte((uint64(v)*255 + uint64(max)/2) / uint64(max)) }

func (c *channel) get(v uint32) byte {
	switch {
	case c.mask == 0:
		return c.def
	case c.table != nil:
		return c.table[(v&c.mask)>>c.shift]
	case c.max == 255:
		return byte((v & c.mask) >> c.shift)
	}
	return widen((v&c.mask)>>c.shift, c.max)
}
