package txd_test

import (
	"fmt"
	"image"
	"image/color"

	"rummage/formats/txd"
)

// Build a San Andreas PS2 dictionary with one swizzled PAL4 texture, then
// read it back.
func ExampleNewPS2() {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x / 16 * 80), uint8(y / 16 * 80), 0, 255})
		}
	}
	tex, err := txd.NewPS2(img, txd.Options{Name: "ak47icon", Format: txd.FmtPal4 | txd.Fmt8888})
	if err != nil {
		panic(err)
	}
	d := txd.NewDictionary(txd.StampSA, 6)
	d.Add(tex)
	file, _ := d.Marshal()

	back, _ := txd.Parse(file, 0)
	t := back.Textures()[0]
	fmt.Printf("%s %dx%d %s swizzled=%v TEX0=%#x pixelSize=%d paletteSize=%d\n",
		t.Name, t.Width, t.Height, t.FormatName(), t.Swizzled(), t.PS2.TEX0, t.PS2.PixelSize, t.PS2.PaletteSize)
	// Output: ak47icon 64x64 PAL4 swizzled=true TEX0=0x2000000599408000 pixelSize=2128 paletteSize=176
}
