package cli

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/img"
	"rummage/formats/tga"
	"rummage/formats/txd"
)

// writeImages writes n w×h PNGs (and one TGA) with distinct colours into
// a new folder.
func writeImages(t *testing.T, n, w, h int) string {
	dir := t.TempDir()
	for i := 0; i < n; i++ {
		m := image.NewNRGBA(image.Rect(0, 0, w, h))
		for p := 0; p < len(m.Pix); p += 4 {
			copy(m.Pix[p:], []byte{byte(40 * i), byte(p / 4 % 200), 90, 255})
		}
		var buf bytes.Buffer
		name := filepath.Join(dir, "tex"+string(rune('a'+i))+".png")
		if i == n-1 {
			tga.Encode(&buf, m)
			name = strings.TrimSuffix(name, ".png") + ".tga"
		} else {
			png.Encode(&buf, m)
		}
		if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not an image"), 0o644)
	return dir
}

func readTXD(t *testing.T, path string) *txd.Dictionary {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := txd.Parse(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// build txd makes a TXD of a folder's images that our reader reads back;
// an existing OUT is kept unless --overwrite.
func TestBuildTXD(t *testing.T) {
	src := writeImages(t, 3, 32, 16)
	out := filepath.Join(t.TempDir(), "new.txd")
	code, stdout, stderr := run(t, "build", "txd", "--platform", "ps2", "--format", "PAL8", "--mips", "2", "--out", out, src)
	if code != 0 || strings.TrimSpace(stdout) != out {
		t.Fatalf("status %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	d := readTXD(t, out)
	ts := d.Textures()
	if len(ts) != 3 || ts[0].Name != "texa" || ts[2].Name != "texc" || ts[0].Platform != txd.PlatformPS2 || len(ts[0].Levels) != 2 || d.Device != 6 {
		t.Fatalf("read back %d textures", len(ts))
	}
	before, _ := os.ReadFile(out)
	code, _, stderr = run(t, "build", "txd", "--platform", "d3d9", "--out", out, src)
	if after, _ := os.ReadFile(out); code != 1 || !strings.Contains(stderr, "--overwrite") || !bytes.Equal(before, after) {
		t.Fatalf("existing OUT: status %d, stderr %q", code, stderr)
	}
	code, _, stderr = run(t, "build", "txd", "--platform", "d3d9", "--format", "auto", "--overwrite", "--out", out, src)
	if code != 0 {
		t.Fatalf("--overwrite: status %d, %s", code, stderr)
	}
	if ts := readTXD(t, out).Textures(); len(ts) != 3 || ts[1].Compression != txd.CompDXT1 {
		t.Fatal("rebuilt TXD is not 3 DXT1 textures")
	}
}

// Bad usage is status 2 with the usage line; bad input files status 1.
func TestBuildTXDErrors(t *testing.T) {
	src := writeImages(t, 2, 8, 8)
	out := filepath.Join(t.TempDir(), "x.txd")
	for _, c := range []struct {
		args []string
		code int
		text string
	}{
		{[]string{"build", "txd", "--out", out, src}, 2, "--platform"},
		{[]string{"build", "txd", "--platform", "ps3", "--out", out, src}, 2, "ps3"},
		{[]string{"build", "txd", "--platform", "ps2", "--format", "DXT1", "--out", out, src}, 1, "no DXT"},
		{[]string{"build", "txd", "--platform", "d3d9", "--mips", "0", "--out", out, src}, 2, "--mips"},
		{[]string{"build", "txd", "--platform", "d3d9", src}, 2, "--out"},
		{[]string{"build", "txd", "--platform", "d3d9", "--out", out, filepath.Join(src, "notes.txt")}, 1, "not a PNG"},
		{[]string{"build", "zip", "--out", out, src}, 2, "zip"},
		{[]string{"convert", "txd", "--platform", "d3d9", "--out", out, filepath.Join(src, "notes.txt")}, 1, "notes.txt"},
	} {
		code, _, stderr := run(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.text) || strings.Count(stderr, "\n") != 1 {
			t.Fatalf("%v: status %d, stderr %q", c.args, code, stderr)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("a failed build left OUT behind")
	}
}

// convert txd turns a PS2 TXD into a D3D9 one and back, pixels kept.
func TestConvertTXD(t *testing.T) {
	src := writeImages(t, 2, 16, 16)
	dir := t.TempDir()
	ps2, pc, back := filepath.Join(dir, "a.txd"), filepath.Join(dir, "b.txd"), filepath.Join(dir, "c.txd")
	for _, args := range [][]string{
		{"build", "txd", "--platform", "ps2", "--out", ps2, src},
		{"convert", "txd", "--platform", "d3d9", "--out", pc, ps2},
		{"convert", "txd", "--platform", "ps2", "--out", back, pc},
	} {
		if code, _, stderr := run(t, args...); code != 0 {
			t.Fatalf("%v: %s", args, stderr)
		}
	}
	a, b, c := readTXD(t, ps2).Textures(), readTXD(t, pc).Textures(), readTXD(t, back).Textures()
	if b[0].Platform != txd.PlatformD3D9 || c[0].Platform != txd.PlatformPS2 {
		t.Fatal("platforms not converted")
	}
	for i := range a {
		x, _ := a[i].Image(0)
		y, _ := c[i].Image(0)
		if !bytes.Equal(x.Pix, y.Pix) {
			t.Fatalf("%s: pixels changed in PS2 → D3D9 → PS2", a[i].Name)
		}
	}
}

// build img writes a sorted VER2 archive, or a version 1 .img and .dir.
func TestBuildIMG(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"b.dff", "A.txd", "c.col"} {
		os.WriteFile(filepath.Join(dir, n), bytes.Repeat([]byte(n[:1]), 3000), 0o644)
	}
	out := filepath.Join(t.TempDir(), "x.img")
	if code, _, stderr := run(t, "build", "img", "--out", out, dir); code != 0 {
		t.Fatal(stderr)
	}
	b, _ := os.ReadFile(out)
	a, err := img.ParseVER2(bytes.NewReader(b), int64(len(b)))
	if err != nil || len(a.Entries) != 3 || a.Entries[0].Name != "A.txd" || a.Entries[2].Name != "c.col" {
		t.Fatalf("VER2: %v %+v", err, a)
	}
	if e := a.Entries[1]; !bytes.Equal(b[e.Offset:e.Offset+3000], bytes.Repeat([]byte("b"), 3000)) {
		t.Fatal("b.dff data wrong")
	}
	out1 := filepath.Join(t.TempDir(), "gta3.img")
	code, stdout, stderr := run(t, "build", "img", "--version", "1", "--out", out1, dir)
	if code != 0 || strings.Count(stdout, "\n") != 2 {
		t.Fatalf("v1: %d %q %q", code, stdout, stderr)
	}
	ib, _ := os.ReadFile(out1)
	db, _ := os.ReadFile(strings.TrimSuffix(out1, ".img") + ".dir")
	a1, err := img.ParseDir(db, int64(len(ib)))
	if err != nil || len(a1.Entries) != 3 || a1.Entries[0].Offset != 0 {
		t.Fatalf("v1: %v %+v", err, a1)
	}
	if code, _, _ := run(t, "build", "img", "--version", "1", "--out", out1, dir); code != 1 {
		t.Fatal("v1 over an existing archive without --overwrite")
	}
}
