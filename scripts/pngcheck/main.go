// Command pngcheck fails when a PNG is missing, tiny, or blank (nearly one
// colour), as the screenshot test requires. It checks every file named.
//
//	go run ./scripts/pngcheck FILE.png...
package main

import (
	"fmt"
	"image"
	_ "image/png"
	"math"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: pngcheck FILE.png...")
		os.Exit(2)
	}
	for _, name := range os.Args[1:] {
		check(name)
	}
}

// check reads one PNG and fails (exits) when it is blank or too small.
func check(name string) {
	fail := func(msg string) {
		fmt.Fprintln(os.Stderr, "pngcheck: "+name+": "+msg)
		os.Exit(1)
	}
	f, err := os.Open(name)
	if err != nil {
		fail(err.Error())
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		fail(err.Error())
	}
	b := img.Bounds()
	if b.Dx() < 200 || b.Dy() < 200 {
		fail(fmt.Sprintf("image is only %dx%d", b.Dx(), b.Dy()))
	}
	var sum, sq float64
	colours := map[uint32]bool{}
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			l := (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(bl)) / 65535
			sum += l
			sq += l * l
			n++
			if len(colours) < 1000 {
				colours[(r>>8)<<16|(g>>8)<<8|bl>>8] = true
			}
		}
	}
	mean := sum / float64(n)
	sd := math.Sqrt(math.Max(0, sq/float64(n)-mean*mean))
	if sd < 0.02 || len(colours) < 8 {
		fail(fmt.Sprintf("image looks blank: %d colours, luminance sd %.4f", len(colours), sd))
	}
	fmt.Printf("pngcheck: %s %dx%d, %d+ colours, luminance mean %.3f sd %.3f\n", name, b.Dx(), b.Dy(), len(colours), mean, sd)
}
