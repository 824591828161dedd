package cli

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/dds"
	"rummage/formats/dxt"
	"rummage/formats/txd"
)

// gentle is a shallow gradient with a little texture: the DXT qualities
// encode it differently.
func gentle(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, color.NRGBA{byte(40 + x*40/w + (x*y)%3), byte(90 + y*30/h), byte(160 - (x+y)*20/(w+h)), 255})
		}
	}
	return img
}

// psnr is the RGB PSNR of b against a.
func psnr(a, b *image.NRGBA) float64 {
	var se float64
	for i := 0; i < len(a.Pix); i += 4 {
		for c := 0; c < 3; c++ {
			d := float64(a.Pix[i+c]) - float64(b.Pix[i+c])
			se += d * d
		}
	}
	return 10 * math.Log10(255*255*3*float64(len(a.Pix)/4)/max(se, 1e-9))
}

// build txd --quality chooses the DXT search: best is closer to the
// image than normal, normal than fast; an unknown quality is bad usage.
func TestBuildTXDQuality(t *testing.T) {
	dir := t.TempDir()
	img := gentle(64, 64)
	var buf bytes.Buffer
	png.Encode(&buf, img)
	src := filepath.Join(dir, "sky.png")
	os.WriteFile(src, buf.Bytes(), 0o644)
	var got []float64
	for _, q := range dxt.Qualities() {
		out := filepath.Join(dir, q+".txd")
		if code, _, stderr := run(t, "build", "txd", "--platform", "d3d9", "--format", "DXT1", "--mips", "1", "--quality", q, "--out", out, src); code != 0 {
			t.Fatalf("--quality %s: %s", q, stderr)
		}
		dec, err := readTXD(t, out).Textures()[0].Image(0)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, psnr(img, txd.ToNRGBA(dec)))
	}
	if !(got[0] < got[1] && got[1] < got[2]) {
		t.Errorf("PSNR fast %.2f, normal %.2f, best %.2f dB: not rising", got[0], got[1], got[2])
	}
	code, _, stderr := run(t, "build", "txd", "--platform", "d3d9", "--quality", "slow", "--out", filepath.Join(dir, "x.txd"), src)
	if code != 2 || !strings.Contains(stderr, `"slow"`) || !strings.Contains(stderr, "fast, normal, best") {
		t.Errorf("--quality slow: status %d, stderr %q", code, stderr)
	}
	code, _, stderr = run(t, "convert", "txd", "--platform", "d3d8", "--quality", "slow", "--out", filepath.Join(dir, "y.txd"), filepath.Join(dir, "best.txd"))
	if code != 2 || !strings.Contains(stderr, `"slow"`) {
		t.Errorf("convert --quality slow: status %d, stderr %q", code, stderr)
	}
}

// A DDS built into a TXD and the TXD converted to another PC platform
// keep the DDS's DXT blocks byte for byte, even at --quality fast (which
// would encode them otherwise); the mip levels the DDS lacks are made.
func TestDXTBlocksKeptThroughCLI(t *testing.T) {
	dir := t.TempDir()
	img := gentle(32, 32)
	blocks := dxt.EncodeWith(img, dxt.DXT1, dxt.Options{Quality: dxt.Best})
	dec, _ := dxt.Decode(blocks, 32, 32, dxt.DXT1, true, 0)
	if bytes.Equal(dxt.EncodeWith(dec, dxt.DXT1, dxt.Options{Quality: dxt.Fast}), blocks) {
		t.Fatal("fast encodes best's blocks by itself; the test proves nothing")
	}
	file, err := dds.EncodeBlocks(dds.BlockFormat(dxt.DXT1), 32, 32, [][]byte{blocks})
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "wall.dds")
	os.WriteFile(src, file, 0o644)
	built, conv := filepath.Join(dir, "a.txd"), filepath.Join(dir, "b.txd")
	for _, args := range [][]string{
		{"build", "txd", "--platform", "d3d9", "--quality", "fast", "--out", built, src},
		{"convert", "txd", "--platform", "xbox", "--quality", "fast", "--out", conv, built},
	} {
		if code, _, stderr := run(t, args...); code != 0 {
			t.Fatalf("%v: %s", args, stderr)
		}
	}
	for _, path := range []string{built, conv} {
		tx := readTXD(t, path).Textures()[0]
		if tx.Compression != txd.CompDXT1 || !bytes.Equal(tx.Levels[0].Data, blocks) {
			t.Errorf("%s: DXT%d; level 0's blocks kept: %v", filepath.Base(path), tx.Compression, bytes.Equal(tx.Levels[0].Data, blocks))
		}
	}
}
