package dds

import (
	"image"
	"image/color"
	"testing"

	"rummage/formats"
	"rummage/formats/dxt"
)

// TestNode: a .dds opens through the registry as a texture node with the
// contract's facts, and a truncated one is a broken texture with the offset.
func TestNode(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 16, 8))
	src.SetNRGBA(0, 0, color.NRGBA{255, 0, 0, 255})
	b, err := Encode(src, BlockFormat(dxt.DXT1), 3)
	if err != nil {
		t.Fatal(err)
	}
	f, err := formats.OpenBytes("terrain.dds", b, nil)
	if err != nil {
		t.Fatal(err)
	}
	n, ok := f.Root.(*Node)
	if !ok || n.Kind() != formats.KindTexture || n.Type() != "DDS" || n.Levels() != 3 {
		t.Fatalf("root %T %v", f.Root, f.Root.Kind())
	}
	d, _ := n.Describe()
	m := d.(map[string]any)
	if m["width"] != 16 || m["height"] != 8 || m["levels"] != 3 || m["format"] != "DXT1" || m["fourCC"] != "DXT1" || len(m["mips"].([]Level)) != 3 {
		t.Errorf("facts %v", m)
	}
	img, err := n.Image(2)
	if err != nil || img.Bounds() != image.Rect(0, 0, 4, 2) {
		t.Errorf("mip 2: %v %v", img.Bounds(), err)
	}
	if img, _ := n.Image(0); img.(*image.NRGBA).NRGBAAt(0, 0) != (color.NRGBA{255, 0, 0, 255}) {
		t.Errorf("texel (0,0) = %v", img.At(0, 0))
	}
	cut, err := formats.OpenBytes("cut.dds", b[:140], nil)
	if err == nil || cut.Root.Kind() != formats.KindTexture || formats.ErrorOffset(err) != 128 {
		t.Errorf("truncated: %v, kind %v", err, cut.Root.Kind())
	}
}
