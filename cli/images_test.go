package cli

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/bmp"

	"rummage/formats/tga"
)

// writeImageFiles writes the same opaque 6×4 picture as a.png, b.bmp and c.tga
// (by image/png, x/image/bmp and the project's TGA writer), and d.tga, a
// run-length colour-mapped TGA with its origin at the bottom left built
// byte by byte, into dir; it returns the picture and d.tga's pixels.
func writeImageFiles(t *testing.T, dir string) (pic, mapped *image.NRGBA) {
	t.Helper()
	pic = image.NewNRGBA(image.Rect(0, 0, 6, 4))
	for y := range 4 {
		for x := range 6 {
			pic.SetNRGBA(x, y, color.NRGBA{uint8(40 * x), uint8(60 * y), 200, 255})
		}
	}
	var p, b, tg bytes.Buffer
	if png.Encode(&p, pic) != nil || bmp.Encode(&b, pic) != nil || tga.Encode(&tg, pic) != nil {
		t.Fatal("encoding the fixtures")
	}
	// 2×2, type 9 (RLE colour-mapped), a 2-entry 24-bit map, bottom-left:
	// the bottom row is one run of index 1 (red), the top row raw 0, 1
	d := []byte{0, 1, 9, 0, 0, 2, 0, 24, 0, 0, 0, 0, 2, 0, 2, 0, 8, 0,
		255, 0, 0, 0, 0, 255, // map: blue, red (BGR)
		0x81, 1, 0x01, 0, 1}
	mapped = image.NewNRGBA(image.Rect(0, 0, 2, 2))
	red, blue := color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 255, 255}
	mapped.SetNRGBA(0, 1, red)
	mapped.SetNRGBA(1, 1, red)
	mapped.SetNRGBA(0, 0, blue)
	mapped.SetNRGBA(1, 0, red)
	for name, data := range map[string][]byte{"a.png": p.Bytes(), "b.bmp": b.Bytes(), "c.tga": tg.Bytes(), "d.tga": d} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return pic, mapped
}

// TestStandAloneImages: PNG, BMP and TGA files are texture nodes for
// info, ls and export: the texture facts, and an export that writes the
// pixels they hold (as PNG, or TGA with --as tga).
func TestStandAloneImages(t *testing.T) {
	dir := t.TempDir()
	pic, mapped := writeImageFiles(t, dir)
	for _, c := range []struct {
		file, typ, format string
		want              *image.NRGBA
	}{
		{"a.png", "PNG", "888", pic}, {"b.bmp", "BMP", "888", pic}, {"c.tga", "TGA", "8888", pic}, {"d.tga", "TGA", "PAL8", mapped},
	} {
		path := filepath.Join(dir, c.file)
		obj, ok := infoJSON(t, path, "")
		b := c.want.Rect
		if !ok || obj["kind"] != "texture" || obj["file"] != c.typ || obj["format"] != c.format ||
			obj["width"] != float64(b.Dx()) || obj["height"] != float64(b.Dy()) || obj["levels"] != float64(1) {
			t.Errorf("info %s: %v", c.file, obj)
		}
		for _, as := range []string{"png", "tga"} {
			out := t.TempDir()
			code, stdout, errs := run(t, "export", "--as", as, "--out", out, path)
			if code != 0 {
				t.Errorf("export --as %s %s: status %d, %s", as, c.file, code, errs)
				continue
			}
			got := decodeExported(t, strings.TrimSpace(stdout))
			if !bytes.Equal(got.Pix, c.want.Pix) {
				t.Errorf("export --as %s %s: pixels differ", as, c.file)
			}
		}
	}
	// a folder of them: each file one record, all textures
	code, out, errs := run(t, "ls", "--json", dir)
	if code != 0 || strings.Count(out, "\n") != 4 || errs != "" {
		t.Errorf("ls of the folder: status %d, %q %q", code, out, errs)
	}
	o := t.TempDir()
	if code, _, errs := run(t, "export", "-q", "--kind", "texture", "--out", o, dir); code != 0 || len(listDir(t, o)) != 4 {
		t.Errorf("export --kind texture of the folder: status %d, %q, wrote %v", code, errs, listDir(t, o))
	}
	if code, _, errs := run(t, "render", "--out", filepath.Join(o, "x.png"), filepath.Join(dir, "a.png")); code != 1 || !strings.Contains(errs, "has no mesh to render") {
		t.Errorf("render of an image: status %d, %q", code, errs)
	}
}

// TestImageHugeClaim: a small PNG whose header claims 60000×60000 pixels
// is refused before decoding, at its width field, as a broken texture;
// a .tga that is no TGA is not recognised at all.
func TestImageHugeClaim(t *testing.T) {
	dir := t.TempDir()
	writeImageFiles(t, dir)
	data, _ := os.ReadFile(filepath.Join(dir, "a.png"))
	binary.BigEndian.PutUint32(data[16:], 60000)
	binary.BigEndian.PutUint32(data[20:], 60000)
	huge := filepath.Join(dir, "huge.png")
	os.WriteFile(huge, data, 0o644)
	for _, args := range [][]string{{"info", huge}, {"ls", huge}, {"export", "--out", t.TempDir(), huge}} {
		code, _, errs := run(t, args...)
		if code != 1 || !strings.Contains(errs, "huge.png: offset 0x10 (16): PNG of 60000×60000 pixels would decode to") {
			t.Errorf("%q: status %d, %q", args, code, errs)
		}
	}
	// in a folder: the others still list, the status is 1 at the end
	code, out, errs := run(t, "ls", "--json", dir)
	if code != 1 || strings.Count(out, "\n") != 4 || strings.Count(errs, "\n") != 1 {
		t.Errorf("folder with a broken image: status %d, %d records, %q", code, strings.Count(out, "\n"), errs)
	}
	notes := filepath.Join(dir, "notes.tga")
	os.WriteFile(notes, []byte("these are notes, not an image, whatever the name says"), 0o644)
	if code, _, errs := run(t, "info", notes); code != 1 || !strings.Contains(errs, "not a recognised format") {
		t.Errorf("notes.tga: status %d, %q", code, errs)
	}
}

// decodeExported reads an exported PNG or TGA.
func decodeExported(t *testing.T, path string) *image.NRGBA {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(path, ".tga") {
		img, err := tga.DecodeBytes(data)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewNRGBA(img.Bounds())
	for y := range img.Bounds().Dy() {
		for x := range img.Bounds().Dx() {
			out.Set(x, y, img.At(x, y))
		}
	}
	return out
}

// listDir lists the files under dir.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}
