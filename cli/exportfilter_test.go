package cli

import (
	"bytes"
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/img"
	"rummage/formats/txd"
	"rummage/internal/testutil"
)

// twoTextureTXD is a D3D9 dictionary of two 8×8 textures, wall and roof,
// made by the project's TXD writer.
func twoTextureTXD(t *testing.T) []byte { return dictOf(t, "wall", "roof") }

// dictOf is a D3D9 dictionary of 8×8 textures named names.
func dictOf(t *testing.T, names ...string) []byte {
	t.Helper()
	d := txd.NewDictionary(txd.StampSA, 2)
	for _, name := range names {
		tex, err := txd.NewD3D(txd.PlatformD3D9, image.NewNRGBA(image.Rect(0, 0, 8, 8)), txd.Options{Name: name, Format: txd.Fmt8888})
		if err != nil {
			t.Fatal(err)
		}
		d.Add(tex)
	}
	data, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestExportFilterSeesIntoContainers: --kind, --type and --name pick the
// textures inside a TXD (and inside a TXD inside an IMG), as `export
// FILE.txd` writes them all; a dictionary that does not match is walked
// into, not skipped.
func TestExportFilterSeesIntoContainers(t *testing.T) {
	dir := t.TempDir()
	txdFile := filepath.Join(dir, "props.txd")
	os.WriteFile(txdFile, twoTextureTXD(t), 0o644)
	imgData, err := img.BuildVER2([]img.File{{Name: "props.txd", Data: twoTextureTXD(t)}, {Name: "notes.txt", Data: []byte("hello")}})
	if err != nil {
		t.Fatal(err)
	}
	imgFile := filepath.Join(dir, "gta3.img")
	os.WriteFile(imgFile, imgData, 0o644)
	for _, c := range []struct {
		file string
		args []string
		want []string
	}{
		{txdFile, []string{"--kind", "texture"}, []string{"roof.png", "wall.png"}},
		{txdFile, []string{"--type", "texture"}, []string{"roof.png", "wall.png"}},
		{txdFile, []string{"--name", "^wa"}, []string{"wall.png"}},
		{txdFile, []string{"--kind", "texture", "--name", "roof"}, []string{"roof.png"}},
		{txdFile, []string{"--kind", "mesh"}, nil},
		{imgFile, []string{"--kind", "text", "--name", "notes"}, nil},
		{imgFile, []string{"--kind", "texture"}, []string{"props.txd/roof.png", "props.txd/wall.png"}},
		{imgFile, []string{"--name", "notes"}, []string{"notes.txt"}},
	} {
		out := t.TempDir()
		args := append(append([]string{"export", "--json", "--out", out}, c.args...), c.file)
		code, stdout, errs := run(t, args...)
		var written []string
		if err := json.Unmarshal([]byte(stdout), &written); err != nil || code != 0 || errs != "" {
			t.Errorf("%q: status %d, stdout %q, stderr %q", c.args, code, stdout, errs)
			continue
		}
		got := testutil.ListFiles(t, out)
		if strings.Join(got, " ") != strings.Join(c.want, " ") || len(written) != len(c.want) {
			t.Errorf("%s %q: wrote %q (printed %q), want %q", filepath.Base(c.file), c.args, got, written, c.want)
		}
		if _, err := os.Stat(filepath.Join(out, "props.txd")); err == nil && !strings.Contains(strings.Join(c.want, " "), "props.txd/") {
			t.Errorf("%s %q: made the folder props.txd for nothing", filepath.Base(c.file), c.args)
		}
	}
}

// TestExportFilterMatchesContainers: a container inside the file that the
// filters match is written whole — as the bytes it is stored as with --as
// raw (`--type TXD --as raw gta3.img` extracts the dictionaries), else as
// its whole subtree — while the file's root is always walked into (its own
// name or kind never selects everything). --kind takes every kind.
func TestExportFilterMatchesContainers(t *testing.T) {
	dir := t.TempDir()
	props, sky := twoTextureTXD(t), dictOf(t, "clouds")
	imgData, err := img.BuildVER2([]img.File{{Name: "props.txd", Data: props}, {Name: "sky.txd", Data: sky}, {Name: "notes.txt", Data: []byte("hello")}})
	if err != nil {
		t.Fatal(err)
	}
	imgFile := filepath.Join(dir, "gta3.img")
	os.WriteFile(imgFile, imgData, 0o644)
	samplesDir, _ := writeSamples(t)
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--type", "TXD", "--as", "raw", imgFile}, []string{"props.txd", "sky.txd"}},
		{[]string{"--kind", "archive", "--as", "raw", imgFile}, []string{"props.txd", "sky.txd"}},
		{[]string{"--name", `^props\.txd$`, "--as", "raw", imgFile}, []string{"props.txd"}},
		{[]string{"--type", "TXD", imgFile}, []string{"props.txd/roof.png", "props.txd/wall.png", "sky.txd/clouds.png"}},
		{[]string{"--name", "^sky", imgFile}, []string{"sky.txd/clouds.png"}},
		{[]string{"--name", "gta3", imgFile}, nil},
		{[]string{"--kind", "texture", "--as", "raw", imgFile, "props.txd"}, []string{"props.txd/roof", "props.txd/wall"}},
		{[]string{"--kind", "animation", filepath.Join(samplesDir, "walker.ifp")}, []string{"walk", "wave"}},
	} {
		out := t.TempDir()
		args := append([]string{"export", "--json", "--out", out}, c.args...)
		code, stdout, errs := run(t, args...)
		var written []string
		if err := json.Unmarshal([]byte(stdout), &written); err != nil || code != 0 || errs != "" {
			t.Errorf("%q: status %d, stdout %q, stderr %q", c.args, code, stdout, errs)
			continue
		}
		got := testutil.ListFiles(t, out)
		if strings.Join(got, " ") != strings.Join(c.want, " ") || len(written) != len(c.want) {
			t.Errorf("%q: wrote %q (printed %q), want %q", c.args, got, written, c.want)
		}
	}
	out := t.TempDir()
	if code, _, errs := run(t, "export", "-q", "--out", out, "--type", "txd", "--as", "raw", imgFile); code != 0 {
		t.Fatalf("--type txd --as raw: status %d: %s", code, errs)
	}
	for name, want := range map[string][]byte{"props.txd": props, "sky.txd": sky} {
		// An IMG stores whole 2048-byte sectors: the entry is its file and zeros.
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || len(got) != 2048 || !bytes.Equal(got[:len(want)], want) || len(bytes.Trim(got[len(want):], "\x00")) > 0 {
			t.Errorf("%s: %d bytes (%v), want the %d stored and zeros to 2048", name, len(got), err, len(want))
		}
	}
}
