package export

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/samples"
)

// pngChunks returns the colour type of a PNG file and whether it has a
// tRNS chunk, read from the bytes.
func pngChunks(t *testing.T, b []byte) (colorType byte, trns bool) {
	t.Helper()
	if len(b) < 33 || string(b[1:4]) != "PNG" || string(b[12:16]) != "IHDR" {
		t.Fatalf("not a PNG")
	}
	colorType = b[25]
	for off := 8; off+8 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[off:]))
		if string(b[off+4:off+8]) == "tRNS" {
			trns = true
		}
		off += 12 + n
	}
	return colorType, trns
}

// TestPalettePNG exports every texture of the sample TXDs and Texm
// archive: a palettised texture becomes a palette PNG (colour type 3,
// with tRNS when an entry is not opaque), any other an RGBA one, and each
// decodes to exactly the pixels its node decodes to, straight alpha and
// colour under alpha 0 included.
func TestPalettePNG(t *testing.T) {
	dir := t.TempDir()
	var paletted, truecolour int
	for _, f := range samples.Files() {
		if !strings.HasSuffix(f.Name, ".txd") && f.Name != "Textures.lib" {
			continue
		}
		in := filepath.Join(dir, f.Name)
		if err := os.WriteFile(in, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		file, err := formats.Open(in, nil)
		if err != nil {
			t.Fatal(err)
		}
		kids, err := file.Root.Children()
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range kids {
			im, ok := n.(formats.Imager)
			if !ok || n.Kind() != formats.KindTexture {
				continue
			}
			out := filepath.Join(dir, "out", f.Name)
			res, err := Export(context.Background(), []Item{{Node: n, Path: n.Name()}}, Options{Dir: out, As: PNG})
			if err != nil || len(res.Failures) > 0 || len(res.Written) != 1 {
				t.Fatalf("%s/%s: %v %v", f.Name, n.Name(), err, res.Failures)
			}
			b, err := os.ReadFile(res.Written[0])
			if err != nil {
				t.Fatal(err)
			}
			ct, trns := pngChunks(t, b)
			want, err := im.Image(0)
			if err != nil {
				t.Fatal(err)
			}
			p, _ := n.(formats.Paletter)
			var pal *image.Paletted
			if p != nil {
				pal, _ = p.PalettedImage(0)
			}
			name := f.Name + "/" + n.Name()
			switch {
			case pal != nil && ct != 3:
				t.Errorf("%s: palettised texture written as colour type %d", name, ct)
			case pal == nil && ct == 3:
				t.Errorf("%s: written as a palette PNG", name)
			case pal != nil && hasAlpha(pal) != trns:
				t.Errorf("%s: tRNS %v for a palette whose alpha says %v", name, trns, hasAlpha(pal))
			}
			if pal != nil {
				paletted++
			} else {
				truecolour++
			}
			got, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			sameNRGBA(t, name, got, want)
		}
		file.Close()
	}
	if paletted < 5 || truecolour < 5 {
		t.Fatalf("%d palette and %d RGBA PNGs: the samples cover less than the test says", paletted, truecolour)
	}
}

func hasAlpha(p *image.Paletted) bool {
	for _, c := range p.Palette {
		if _, _, _, a := c.RGBA(); a != 0xffff {
			return true
		}
	}
	return false
}

// sameNRGBA compares got, converted to straight alpha, with want exactly
// (a palette PNG decodes to entries of color.NRGBA, those in tRNS, and
// color.RGBA, opaque ones: both convert without loss).
func sameNRGBA(t *testing.T, what string, got, want image.Image) {
	t.Helper()
	g, w := toNRGBA(got), toNRGBA(want)
	if g.Rect != w.Rect || !bytes.Equal(g.Pix, w.Pix) {
		t.Errorf("%s: the PNG decodes to other pixels than the node", what)
	}
}
