package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/dds"
	"rummage/formats/tga"
)

// export --as dds copies DXT blocks as stored with every mip; other
// formats become A8R8G8B8 with their mips; --as tga writes level 0.
func TestExportDDSAndTGA(t *testing.T) {
	src := writeImages(t, 2, 32, 32)
	dir := t.TempDir()
	for _, c := range []struct{ plat, format, fourCC string }{{"d3d9", "DXT1", "DXT1"}, {"d3d8", "DXT3", "DXT3"}, {"ps2", "PAL8", ""}} {
		in := filepath.Join(dir, c.plat+".txd")
		if code, _, stderr := run(t, "build", "txd", "--platform", c.plat, "--format", c.format, "--out", in, src); code != 0 {
			t.Fatal(stderr)
		}
		tex := readTXD(t, in).Textures()[0]
		out := filepath.Join(dir, c.plat)
		code, stdout, stderr := run(t, "export", "--as", "dds", "--out", out, in, tex.Name)
		if code != 0 {
			t.Fatalf("%s: %s", c.plat, stderr)
		}
		b, err := os.ReadFile(strings.TrimSpace(stdout))
		if err != nil {
			t.Fatal(err)
		}
		f, err := dds.Open(bytes.NewReader(b), 0, int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Levels) != len(tex.Levels) || f.Width != 32 {
			t.Fatalf("%s: DDS %dx%d with %d levels, texture has %d", c.plat, f.Width, f.Height, len(f.Levels), len(tex.Levels))
		}
		if c.fourCC != "" && f.Format.Name != c.fourCC {
			t.Fatalf("%s: DDS format %s, want %s", c.plat, f.Format.Name, c.fourCC)
		}
		for i, L := range f.Levels {
			if c.fourCC != "" && !bytes.Equal(b[L.Offset:L.Offset+L.Size], tex.Levels[i].Data) {
				t.Fatalf("%s level %d: blocks not copied as stored", c.plat, i)
			}
			got, _ := f.Image(i)
			want, _ := tex.Image(i)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Fatalf("%s level %d: DDS pixels differ from the texture", c.plat, i)
			}
		}
		code, stdout, stderr = run(t, "export", "--as", "tga", "--out", out, in, tex.Name)
		if code != 0 || !strings.HasSuffix(strings.TrimSpace(stdout), ".tga") {
			t.Fatalf("tga: %d %q %s", code, stdout, stderr)
		}
		tb, _ := os.ReadFile(strings.TrimSpace(stdout))
		img, err := tga.DecodeBytes(tb)
		want, _ := tex.Image(0)
		if err != nil || !bytes.Equal(img.Pix, want.Pix) {
			t.Fatalf("%s: TGA differs (%v)", c.plat, err)
		}
	}
}
