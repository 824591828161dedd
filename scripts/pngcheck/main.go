// Command pngcheck fails when a PNG is missing, tiny, or blank (nearly one
// colour), as the screenshot test requires.
package main

import (
	"fmt"
	"image"
	_ "image/png"
	"math"
	"os"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: pngcheck FILE.png")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
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
	fmt.Printf("pngcheck: %s %dx%d, %d+ colours, luminance mean %.3f sd %.3f\n", os.Args[1], b.Dx(), b.Dy(), len(colours), mean, sd)
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "pngcheck: "+os.Args[1]+": "+msg)
	os.Exit(1)
}
