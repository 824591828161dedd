package txd

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"rummage/formats/txd"
	"rummage/ui/inspect/inspecttest"
)

// fakeDict is the dictionary list as the image import sees it.
type fakeDict struct {
	list    []*txd.Item
	applied []string
	failed  []string
}

func (d *fakeDict) items() []*txd.Item          { return d.list }
func (d *fakeDict) fail(what string, err error) { d.failed = append(d.failed, what+": "+err.Error()) }
func (d *fakeDict) applyItems(name string, next []*txd.Item) {
	d.applied = append(d.applied, name)
	d.list = next
}
func (d *fakeDict) applyTextures(name string, nodes []*txd.TexNode, _ []*txd.Texture) {
	d.applied = append(d.applied, name)
}

// The image import turns an image file into a texture of the dictionary's
// platform and hands the new list to the dictionary; a file it cannot
// read is a failure, and a drop of something that is no image is not
// taken. It needs no list.
func TestImageImportAlone(t *testing.T) {
	a := test.NewTempApp(t)
	root, _ := dictFixture(t, 2)
	items, err := root.Items()
	if err != nil {
		t.Fatal(err)
	}
	d := &fakeDict{list: items}
	imp := &imageImport{dict: d, root: root, h: &inspecttest.Host{Win: a.NewWindow("t")}}
	dir := t.TempDir()
	var b bytes.Buffer
	if err := png.Encode(&b, flat(8, 8, 10, 20, 30, 255)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "new.png"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	before := len(items)
	imp.addFile(filepath.Join(dir, "new.png"), "auto", mipChoices[0])
	imp.addFile(filepath.Join(dir, "missing.png"), "auto", mipChoices[0])
	var added *txd.Texture
	for _, it := range d.list {
		if it.Tex != nil && it.Tex.Name == "new" {
			added = it.Tex
		}
	}
	if strings.Join(d.applied, ";") != "Add new" || len(d.list) != before+1 || added == nil || added.Platform != txd.PlatformD3D9 || len(d.failed) != 1 {
		t.Errorf("applied %v, %d items, added %v, failed %v", d.applied, len(d.list), added != nil, d.failed)
	}
	if imp.dropFolder([]string{filepath.Join(dir, "missing")}) {
		t.Error("a drop of a missing path was taken")
	}
}
