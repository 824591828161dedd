package txd

import (
	"bytes"
	"testing"

	"rummage/formats"
)

// TestRelease: a listing drops a dictionary it read; asking again reads it
// again, the same; an edited dictionary is never dropped.
func TestRelease(t *testing.T) {
	tex, err := NewD3D(PlatformD3D9, pattern(16, 16, 4, nil, 1), Options{Name: "a", Format: Fmt8888})
	if err != nil {
		t.Fatal(err)
	}
	b := dict(t, StampSA, 2, tex)
	n, err := Open(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "x.txd"})
	if err != nil {
		t.Fatal(err)
	}
	r := n.(*Root)
	kids, err := r.Children()
	if err != nil || len(kids) != 1 {
		t.Fatalf("%d children, %v", len(kids), err)
	}
	formats.Release(r)
	if r.loaded() != nil {
		t.Fatal("Release kept the dictionary")
	}
	again, err := r.Children()
	if err != nil || len(again) != 1 || again[0].Name() != "a" || again[0] == kids[0] {
		t.Fatalf("after Release: %v, %v", again, err)
	}
	d := r.loaded()
	d.Items[0].Tex.raw = nil // as an edit leaves it
	r.Release()
	if r.loaded() != d {
		t.Error("Release dropped an edited dictionary")
	}
}
