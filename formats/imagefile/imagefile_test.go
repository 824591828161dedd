package imagefile

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/image/bmp"

	"rummage/formats"
	"rummage/formats/tga"
)

// picture is a w×h test image with colour kept under partial alpha.
func picture(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA(x, y, color.NRGBA{uint8(40 * x), uint8(60 * y), uint8(x ^ y), uint8(255 - 50*x)})
		}
	}
	return img
}

func encodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodeBMP(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := bmp.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodeTGA(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := tga.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// openNode opens data named name through the registry, as a file.
func openNode(t testing.TB, name string, data []byte) (formats.Node, error) {
	t.Helper()
	f, err := formats.OpenBytes(name, data, nil)
	if err != nil {
		return f.Root, err
	}
	return f.Root, nil
}

// TestImagesOpenAsTextures: PNG, BMP and TGA files open as texture nodes
// whose facts are the texture shape of the contract and whose one level
// holds the pixels the file spells.
func TestImagesOpenAsTextures(t *testing.T) {
	pic := picture(5, 3)
	opaque := picture(5, 3)
	for i := 3; i < len(opaque.Pix); i += 4 {
		opaque.Pix[i] = 255
	}
	deep := image.NewNRGBA64(image.Rect(0, 0, 2, 1))
	deep.SetNRGBA64(0, 0, color.NRGBA64{0x1234, 0xABCD, 0xFF00, 0x0101}) // colour under almost no alpha
	deep.SetNRGBA64(1, 0, color.NRGBA64{0xFFFF, 0, 0x8080, 0xFFFF})
	pal := image.NewPaletted(image.Rect(0, 0, 2, 2), color.Palette{color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 255, 128}})
	pal.SetColorIndex(1, 1, 1)
	grey := image.NewGray(image.Rect(0, 0, 3, 1))
	copy(grey.Pix, []byte{0, 128, 255})
	for _, c := range []struct {
		name, typ, format string
		data              []byte
		want              *image.NRGBA
		facts             map[string]any
	}{
		{"a.png", "PNG", "8888", encodePNG(t, pic), pic, map[string]any{"colorType": "RGBA", "bitDepth": 8}},
		{"deep.png", "PNG", "RGBA16", encodePNG(t, deep), &image.NRGBA{Rect: deep.Rect, Stride: 8, Pix: []byte{0x12, 0xAB, 0xFF, 0x01, 0xFF, 0, 0x80, 0xFF}}, map[string]any{"bitDepth": 16}},
		{"pal.png", "PNG", "PAL1", encodePNG(t, pal), toNRGBA(pal), map[string]any{"colorType": "palette"}},
		{"grey.png", "PNG", "L8", encodePNG(t, grey), toNRGBA(grey), nil},
		{"a.bmp", "BMP", "888", encodeBMP(t, opaque), opaque, map[string]any{"bitsPerPixel": 24, "topDown": false}},
		{"g.bmp", "BMP", "PAL8", encodeBMP(t, grey), toNRGBA(grey), map[string]any{"bitsPerPixel": 8}},
		{"a.tga", "TGA", "8888", encodeTGA(t, pic), pic, map[string]any{"origin": "top-left", "rle": false}},
		{"UPPER.TGA", "TGA", "8888", encodeTGA(t, pic), pic, nil},
	} {
		n, err := openNode(t, c.name, c.data)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		node, ok := n.(*Node)
		if !ok || n.Kind() != formats.KindTexture || node.Type() != c.typ || node.Levels() != 1 {
			t.Errorf("%s: %T kind %s", c.name, n, n.Kind())
			continue
		}
		d, _ := node.Describe()
		facts := d.(map[string]any)
		b := c.want.Rect
		if facts["width"] != b.Dx() || facts["height"] != b.Dy() || facts["levels"] != 1 || facts["format"] != c.format || facts["name"] != c.name || facts["file"] != c.typ {
			t.Errorf("%s: facts %v", c.name, facts)
		}
		for k, v := range c.facts {
			if facts[k] != v {
				t.Errorf("%s: %s = %v, want %v", c.name, k, facts[k], v)
			}
		}
		img, err := node.Image(0)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := img.(*image.NRGBA); !bytes.Equal(got.Pix, c.want.Pix) || got.Rect != c.want.Rect {
			t.Errorf("%s: pixels\n got %v\nwant %v", c.name, got.Pix, c.want.Pix)
		}
	}
}

// TestTGAIsKnownByName: TGA has no magic, so only a .tga name with a sane
// header makes a TGA; the same bytes named otherwise, or a .tga that is
// no TGA, are not recognised.
func TestTGAIsKnownByName(t *testing.T) {
	data := encodeTGA(t, picture(2, 2))
	if _, err := openNode(t, "x.dat", data); err == nil || !strings.Contains(err.Error(), "not a recognised format") {
		t.Errorf("TGA bytes named x.dat: %v", err)
	}
	if _, err := openNode(t, "notes.tga", []byte("these are some notes, not an image at all")); err == nil || !strings.Contains(err.Error(), "not a recognised format") {
		t.Errorf("text named notes.tga: %v", err)
	}
	// a .tga holding PNG bytes is a PNG: bytes win over the name
	if n, err := openNode(t, "x.tga", encodePNG(t, picture(2, 2))); err != nil || n.(*Node).Type() != "PNG" {
		t.Errorf("PNG bytes named x.tga: %v", err)
	}
}

// TestBrokenImages: a header that claims a huge image is refused at its
// size field before any pixel is allocated; cut and unsupported files are
// broken texture nodes whose errors name the offset.
func TestBrokenImages(t *testing.T) {
	hugePNG := encodePNG(t, picture(4, 4))
	binary.BigEndian.PutUint32(hugePNG[16:], 60000)
	binary.BigEndian.PutUint32(hugePNG[20:], 60000)
	hugeBMP := encodeBMP(t, picture(4, 4))
	binary.LittleEndian.PutUint32(hugeBMP[18:], 60000)
	hugeTGA := encodeTGA(t, picture(4, 4))
	binary.LittleEndian.PutUint16(hugeTGA[12:], 16000)
	rle8 := encodeBMP(t, image.NewGray(image.Rect(0, 0, 4, 4)))
	binary.LittleEndian.PutUint32(rle8[30:], 1)
	whole := encodePNG(t, picture(30, 30))
	flipped := bytes.Clone(whole)
	flipped[50] ^= 0xFF // inside the first IDAT chunk
	for _, c := range []struct {
		name string
		data []byte
		off  int64
		text string
		open bool // the header opens; the pixels fail
	}{
		{"huge.png", hugePNG, 16, "would decode to 14400000000 bytes", false},
		{"huge.bmp", hugeBMP, 54, "BMP pixel data of 60000×4 at 32 bits needs 240000 bytes a row", false},
		{"huge.tga", hugeTGA, 18 + 16*4, "TGA pixel data ends after 16 of 64000 pixels", false},
		{"rle.bmp", rle8, 30, "unsupported: BMP with RLE8 compression", false},
		{"cut.png", whole[:len(whole)-40], 33, `PNG "IDAT" chunk of`, true},
		{"flipped.png", flipped, 33, "PNG image data: ", true},
	} {
		var allocated uint64
		var n formats.Node
		var err error
		allocated = bytesAllocated(func() { n, err = openNode(t, c.name, c.data) })
		if !c.open {
			if err == nil || formats.ErrorOffset(err) != c.off || !strings.Contains(err.Error(), c.text) {
				t.Errorf("%s: %v (offset %d), want %q at %d", c.name, err, formats.ErrorOffset(err), c.text, c.off)
			}
			if n.Kind() != formats.KindTexture {
				t.Errorf("%s: a broken %s node, want a broken texture", c.name, n.Kind())
			}
			if allocated > 1<<20 {
				t.Errorf("%s: %d bytes allocated to refuse it", c.name, allocated)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		_, err = n.(formats.Imager).Image(0)
		if err == nil || formats.ErrorOffset(err) != c.off || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s: %v, want %q at %d", c.name, err, c.text, c.off)
		}
	}
}

// bytesAllocated is how many heap bytes f allocates.
func bytesAllocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// FuzzImageFile: any bytes, named as any of the three kinds, open or fail
// with an error, never a panic; an image decodes to its header's size.
func FuzzImageFile(f *testing.F) {
	f.Add("a.png", encodePNG(f, picture(3, 2)))
	f.Add("a.bmp", encodeBMP(f, picture(3, 2)))
	f.Add("g.bmp", encodeBMP(f, image.NewGray(image.Rect(0, 0, 3, 2))))
	f.Add("a.tga", encodeTGA(f, picture(3, 2)))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		n, err := openNode(t, name, data)
		node, ok := n.(*Node)
		if err != nil || !ok {
			return
		}
		img, err := node.Image(0)
		if err == nil && (img.Bounds().Dx() != node.Width() || img.Bounds().Dy() != node.Height()) {
			t.Fatalf("%v for a %d×%d header", img.Bounds(), node.Width(), node.Height())
		}
	})
}
