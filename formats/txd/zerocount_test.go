package txd

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"testing"

	"rummage/formats"
)

// TestZeroLevelCount: a PC texture whose level count is 0 but whose one
// level is all there (two real San Andreas files) decodes with a finding at
// the count's offset; with the level cut it stays broken.
func TestZeroLevelCount(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 4))
	img.SetNRGBA(1, 2, color.NRGBA{200, 100, 50, 255})
	tex, err := NewD3D(PlatformD3D9, img, Options{Name: "skilar_pain", Format: Fmt8888})
	if err != nil {
		t.Fatal(err)
	}
	d := NewDictionary(StampSA, 2)
	d.Add(tex)
	good, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := Parse(good, 0)
	if err != nil {
		t.Fatal(err)
	}
	countAt := parsed.Textures()[0].Levels[0].Off - 7
	if good[countAt] != 1 {
		t.Fatalf("level count byte at 0x%X is %d", countAt, good[countAt])
	}
	b := bytes.Clone(good)
	b[countAt] = 0
	dict, err := Parse(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(dict.Textures()) != 1 {
		t.Fatalf("items %+v", dict.Items)
	}
	got := dict.Textures()[0]
	if len(got.Levels) != 1 {
		t.Fatalf("%d levels", len(got.Levels))
	}
	var diag formats.Diagnostic
	for _, dg := range got.Diags {
		if strings.Contains(dg.Msg, "level count is 0") {
			diag = dg
		}
	}
	if diag.Off != countAt {
		t.Errorf("finding %+v, want one at 0x%X", got.Diags, countAt)
	}
	if out, err := dict.Bytes(); err != nil || !bytes.Equal(out, b) {
		t.Errorf("re-save is not byte-identical (%v)", err)
	}
	cut := bytes.Clone(b[:countAt+3+4+8])
	if d2, err := Parse(cut, 0); err == nil && len(d2.Textures()) > 0 {
		t.Error("a texture with no bytes for its level decoded")
	}
}

// TestChildCountFromHeaders: a dictionary's children are counted from its
// chunk headers without reading it, and the count is what Children gives.
func TestChildCountFromHeaders(t *testing.T) {
	d := NewDictionary(StampSA, 2)
	for _, name := range []string{"a", "b", "c"} {
		tex, err := NewD3D(PlatformD3D9, image.NewNRGBA(image.Rect(0, 0, 4, 4)), Options{Name: name, Format: Fmt8888})
		if err != nil {
			t.Fatal(err)
		}
		d.Add(tex)
	}
	b, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"whole": b, "cut": b[:len(b)-10]} {
		f, _ := formats.OpenBytes(name+".txd", data, nil)
		root, ok := f.Root.(*Root)
		if !ok {
			t.Fatalf("%s: root %T", name, f.Root)
		}
		n, err := root.ChildCount()
		if name == "whole" && root.loaded() != nil {
			t.Error("counting read the whole dictionary")
		}
		kids, kerr := root.Children()
		if n != len(kids) || (err == nil) != (kerr == nil) {
			t.Errorf("%s: ChildCount %d, %v; Children %d, %v", name, n, err, len(kids), kerr)
		}
	}
}
