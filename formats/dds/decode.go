package dds

import (
	"image"
	"math/bits"
)

// channel extracts one channel of an uncompressed pixel and widens it to
// eight bits.
type channel struct {
	mask  uint32
	shift uint
	max   uint32 // largest value after the shift
	def   byte   // value when the mask is 0
}

func newChannel(mask uint32, def byte) channel {
	if mask == 0 {
		return channel{def: def}
	}
	s := uint(bits.TrailingZeros32(mask))
	return channel{mask: mask, shift: s, max: mask >> s}
}

func (c channel) get(v uint32) byte {
	if c.mask == 0 {
		return c.def
	}
	x := (v & c.mask) >> c.shift
	if c.max == 255 {
		return byte(x)
	}
	return byte((uint64(x)*255 + uint64(c.max)/2) / uint64(c.max))
}

// decodeMasked decodes a w×h uncompressed level from b (which holds at
// least LevelSize bytes).
func (f Format) decodeMasked(b []byte, w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	r, g, bl := newChannel(f.Masks[0], 0), newChannel(f.Masks[1], 0), newChannel(f.Masks[2], 0)
	a := newChannel(f.Masks[3], 255)
	n := f.Bits / 8
	for y := 0; y < h; y++ {
		row := b[y*w*n:]
		out := img.Pix[y*img.Stride:]
		for x := 0; x < w; x++ {
			var v uint32
			for k := n - 1; k >= 0; k-- {
				v = v<<8 | uint32(row[x*n+k])
			}
			o := out[4*x : 4*x+4 : 4*x+4]
			o[0], o[1], o[2], o[3] = r.get(v), g.get(v), bl.get(v), a.get(v)
			if f.Luminance {
				o[1], o[2] = o[0], o[0]
			}
		}
	}
	return img
}
