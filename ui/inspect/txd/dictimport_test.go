package txd

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"rummage/formats/dds"
	"rummage/formats/dxt"
	"rummage/formats/tga"
	"rummage/formats/txd"
	"rummage/ui/inspect/inspecttest"
)

// flat is a w×h image of one colour.
func flat(w, h int, r, g, b, a byte) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for p := 0; p < len(img.Pix); p += 4 {
		img.Pix[p], img.Pix[p+1], img.Pix[p+2], img.Pix[p+3] = r, g, b, a
	}
	return img
}

// writeImages writes sign.tga (16×16 with alpha, our TGA writer) and
// walls.dds (16×16 DXT1 with 5 levels of their own, our DDS writer) into
// dir and returns the DDS's blocks per level.
func writeImages(t *testing.T, dir string) [][]byte {
	t.Helper()
	var g bytes.Buffer
	if err := tga.Encode(&g, flat(16, 16, 90, 20, 200, 128)); err != nil {
		t.Fatal(err)
	}
	var blocks [][]byte
	for i, c := range []byte{200, 150, 100, 50, 10} {
		s := max(16>>i, 1)
		blocks = append(blocks, dxt.Encode(flat(s, s, c, 255-c, 40, 255), dxt.DXT1))
	}
	file, err := dds.EncodeBlocks(dds.BlockFormat(dxt.DXT1), 16, 16, blocks)
	if err != nil {
		t.Fatal(err)
	}
	if os.WriteFile(filepath.Join(dir, "sign.tga"), g.Bytes(), 0o644) != nil || os.WriteFile(filepath.Join(dir, "walls.dds"), file, 0o644) != nil {
		t.Fatal("cannot write the fixtures")
	}
	return blocks
}

// Adding a TGA and a DDS (keeping its mips) adds two textures, the DDS's
// levels and blocks as imported; undoing both gives back the file.
func TestAddTGAAndDDSUndo(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	root, orig := dictFixture(t, 3)
	v := newDictView(h, root)
	defer v.thumbs.close()
	dir := t.TempDir()
	blocks := writeImages(t, dir)

	v.imp.addFile(filepath.Join(dir, "sign.tga"), "auto", addMipChoices[0])
	v.imp.addFile(filepath.Join(dir, "walls.dds"), "auto", addMipChoices[0])
	if len(h.Edits) != 2 {
		t.Fatalf("%d edits applied (%s)", len(h.Edits), h.Message)
	}
	if got, want := savedNames(t, root), "t000,t001,t002,sign,walls"; got != want {
		t.Fatalf("saved %s, want %s", got, want)
	}
	if got := strings.Join(firstCol(v), ","); got != "t000,t001,t002,sign,walls" {
		t.Fatalf("list shows %s", got)
	}
	kids, _ := root.Children()
	sign, walls := kids[3].(*txd.TexNode).Texture(), kids[4].(*txd.TexNode).Texture()
	if sign.Width != 16 || len(sign.Levels) != 1 || sign.Alpha() != "yes" {
		t.Errorf("sign: %d wide, %d levels, alpha %s", sign.Width, len(sign.Levels), sign.Alpha())
	}
	if walls.Compression != txd.CompDXT1 || len(walls.Levels) != len(blocks) {
		t.Fatalf("walls: DXT%d with %d levels, want DXT1 with %d", walls.Compression, len(walls.Levels), len(blocks))
	}
	for i, L := range walls.Levels {
		if !bytes.Equal(L.Data, blocks[i]) {
			t.Errorf("walls level %d is not the DDS's", i)
		}
	}
	undoAllGivesBack(t, h, root, orig)
}

// A DDS added with "none" gets one level; a TGA and a DDS in a dropped
// folder replace the textures of their names, and undo reverts them.
func TestAddDDSWithoutMipsAndDropImages(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	root, orig := dictFixture(t, 3)
	v := newDictView(h, root)
	defer v.thumbs.close()
	dir := t.TempDir()
	writeImages(t, dir)
	v.imp.addFile(filepath.Join(dir, "walls.dds"), "8888", mipChoices[0])
	kids, _ := root.Children()
	if len(kids) != 4 || len(kids[3].(*txd.TexNode).Texture().Levels) != 1 {
		t.Fatalf("walls with no mips: %d children (%s)", len(kids), h.Message)
	}
	undoAll(t, h)

	drop := t.TempDir()
	os.Rename(filepath.Join(dir, "sign.tga"), filepath.Join(drop, "T000.tga"))
	os.Rename(filepath.Join(dir, "walls.dds"), filepath.Join(drop, "t001.dds"))
	kids, _ = root.Children()
	old0, old1 := kids[0].(*txd.TexNode).Texture(), kids[1].(*txd.TexNode).Texture()
	if !v.imp.dropFolder([]string{drop}) || len(h.Edits) != 1 {
		t.Fatalf("drop: %d edits (%s)", len(h.Edits), h.Message)
	}
	n0, n1 := kids[0].(*txd.TexNode).Texture(), kids[1].(*txd.TexNode).Texture()
	if n0 == old0 || n1 == old1 || n0.FormatName() != old0.FormatName() || n1.Width != old1.Width {
		t.Errorf("replaced: %s %d wide, was %s %d", n0.FormatName(), n1.Width, old0.FormatName(), old1.Width)
	}
	if !v.imp.dropFolder([]string{filepath.Join(drop, "t001.dds")}) {
		t.Error("a DDS file dropped alone is not taken")
	}
	undoAllGivesBack(t, h, root, orig)
}
