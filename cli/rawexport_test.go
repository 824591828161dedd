package cli

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"testing"

	"rummage/formats/img"
	"rummage/formats/txd"
)

// TestRawExportOfContainer: `export --as raw` of an IMG entry that is a
// TXD writes the .txd file itself, byte for byte, not its textures.
func TestRawExportOfContainer(t *testing.T) {
	tex, err := txd.NewD3D(txd.PlatformD3D9, image.NewNRGBA(image.Rect(0, 0, 8, 8)), txd.Options{Name: "wall", Format: txd.Fmt8888})
	if err != nil {
		t.Fatal(err)
	}
	d := txd.NewDictionary(txd.StampSA, 2)
	d.Add(tex)
	txdData, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	data, err := img.BuildVER2([]img.File{{Name: "csbmyap.txd", Data: txdData}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "cutscene.img")
	os.WriteFile(file, data, 0o644)
	out := filepath.Join(dir, "out")
	if code, _, errs := run(t, "export", "--as", "raw", "--out", out, file, "csbmyap.txd"); code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	got, err := os.ReadFile(filepath.Join(out, "csbmyap.txd"))
	if err != nil || len(got) < len(txdData) || !bytes.Equal(got[:len(txdData)], txdData) {
		t.Errorf("csbmyap.txd is not the stored TXD (%d bytes, %v)", len(got), err)
	}
}
