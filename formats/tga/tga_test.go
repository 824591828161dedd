package tga

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"runtime"
	"strings"
	"testing"

	"rummage/formats"
)

func gradient(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, color.NRGBA{byte(x * 40), byte(y * 50), byte(x ^ y), byte(255 - x*10)})
		}
	}
	return img
}

// Encode then Decode gives the image back exactly.
func TestRoundTrip(t *testing.T) {
	src := gradient(5, 3)
	var buf bytes.Buffer
	if err := Encode(&buf, src); err != nil {
		t.Fatal(err)
	}
	got, err := Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Pix, src.Pix) {
		t.Fatal("pixels differ")
	}
}

// A run-length 24-bit image with the origin at the bottom left, and a
// colour-mapped one, decode to the pixels they spell.
func TestRLEAndColourMap(t *testing.T) {
	// 3×2, type 10, 24 bits, bottom-left origin: bottom row red×3 (one run),
	// top row blue, green, white (one raw packet).
	rle := []byte{0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 2, 0, 24, 0,
		0x82, 0, 0, 255,
		0x02, 255, 0, 0, 0, 255, 0, 255, 255, 255}
	img, err := DecodeBytes(rle)
	if err != nil {
		t.Fatal(err)
	}
	want := []color.NRGBA{{0, 0, 255, 255}, {0, 255, 0, 255}, {255, 255, 255, 255}, {255, 0, 0, 255}, {255, 0, 0, 255}, {255, 0, 0, 255}}
	for i, c := range want {
		if got := img.NRGBAAt(i%3, i/3); got != c {
			t.Fatalf("RLE pixel %d = %v, want %v", i, got, c)
		}
	}
	// 2×1, type 1, top-left origin, 2-entry 24-bit map.
	cm := []byte{0, 1, 1, 0, 0, 2, 0, 24, 0, 0, 0, 0, 2, 0, 1, 0, 8, 0x20,
		0, 0, 255, 255, 0, 0,
		1, 0}
	img, err = DecodeBytes(cm)
	if err != nil {
		t.Fatal(err)
	}
	if img.NRGBAAt(0, 0) != (color.NRGBA{0, 0, 255, 255}) || img.NRGBAAt(1, 0) != (color.NRGBA{255, 0, 0, 255}) {
		t.Fatalf("colour-mapped pixels %v %v", img.NRGBAAt(0, 0), img.NRGBAAt(1, 0))
	}
}

// Truncated and unsupported files are errors with the byte offset.
func TestBroken(t *testing.T) {
	var buf bytes.Buffer
	Encode(&buf, gradient(4, 4))
	good := buf.Bytes()
	for _, c := range []struct {
		b    []byte
		off  int64
		text string
	}{
		{good[:10], 0, "header"},
		{good[:HeaderSize+20], HeaderSize + 20, "ends after 5"},
		{append([]byte{0, 0, 7}, good[3:]...), 2, "type 7"},
		{append(append([]byte{}, good[:12]...), append([]byte{0, 0}, good[14:]...)...), 12, "size"},
	} {
		_, err := DecodeBytes(c.b)
		if err == nil || !strings.Contains(err.Error(), c.text) || formats.ErrorOffset(err) != c.off {
			t.Fatalf("want %q at %d, got %v (offset %d)", c.text, c.off, err, formats.ErrorOffset(err))
		}
	}
}

// A header claiming far more pixels than the file holds is refused before
// the image is allocated.
func TestHugeClaimRefused(t *testing.T) {
	var buf bytes.Buffer
	if err := Encode(&buf, gradient(4, 4)); err != nil {
		t.Fatal(err)
	}
	for _, typ := range []byte{2, 10} {
		b := append([]byte(nil), buf.Bytes()...)
		b[2] = typ
		binary.LittleEndian.PutUint16(b[12:], MaxSide)
		binary.LittleEndian.PutUint16(b[14:], MaxSide)
		allocated := bytesAllocated(func() { DecodeBytes(b) })
		if _, err := DecodeBytes(b); err == nil || !strings.Contains(err.Error(), "bytes left") && !strings.Contains(err.Error(), "ends after") {
			t.Errorf("type %d: err = %v, want the size refused", typ, err)
		}
		if allocated > 1<<20 {
			t.Errorf("type %d: %d bytes allocated before refusing (the image is %d)", typ, allocated, 4*MaxSide*MaxSide)
		}
	}
}

// bytesAllocated is how many heap bytes f allocates. Counting bytes rather
// than allocations keeps the check true under the race detector, which adds
// small allocations of its own.
func bytesAllocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// FuzzTGA: any input decodes or fails with an error, never a panic, and a
// decoded image is as large as its header says.
func FuzzTGA(f *testing.F) {
	var buf bytes.Buffer
	if err := Encode(&buf, gradient(5, 3)); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte{0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 2, 0, 24, 0, 0x82, 0, 0, 255, 0x02, 255, 0, 0, 0, 255, 0, 255, 255, 255})
	f.Add([]byte{0, 1, 1, 0, 0, 2, 0, 24, 0, 0, 0, 0, 2, 0, 1, 0, 8, 0x20, 0, 0, 255, 255, 0, 0, 1, 0})
	f.Add(file(Header{ImageType: 11, Width: 2, Height: 1, Bits: 16, Desc: 8}, nil, nil, []byte{0x81, 200, 77}, -1))
	f.Add(file(Header{ImageType: 2, Width: 1, Height: 1, Bits: 32, Desc: 8}, nil, nil, []byte{25, 50, 100, 128}, 4))
	f.Fuzz(func(t *testing.T, b []byte) {
		img, err := DecodeBytes(b)
		if err != nil {
			return
		}
		w, h := int(binary.LittleEndian.Uint16(b[12:])), int(binary.LittleEndian.Uint16(b[14:]))
		if img.Rect.Dx() != w || img.Rect.Dy() != h {
			t.Fatalf("image %v for a %d×%d header", img.Rect, w, h)
		}
	})
}
