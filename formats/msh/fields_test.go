package msh

import (
	"bytes"
	"testing"

	"rummage/formats"
	"rummage/formats/nres"
)

// TestStreamListFields checks that every stream_N child carries the NRes
// entry fields of the ls --json contract, sortIndex included, taken from the
// inner directory.
func TestStreamListFields(t *testing.T) {
	data := encode(t, twoQuads())
	n, err := Open(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "QUADS.msh"})
	if err != nil {
		t.Fatal(err)
	}
	a, err := nres.NewArchive(bytes.NewReader(data), 0, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	kids, _ := n.Children()
	if len(kids) != a.Len() {
		t.Fatalf("%d children for %d entries", len(kids), a.Len())
	}
	for i, k := range kids {
		f, ok := k.(formats.Fielder)
		if !ok {
			t.Fatalf("%s: no ls fields", k.Name())
		}
		got := f.ListFields()
		e := a.Entry(i)
		want := map[string]uint32{"attr1": e.Attr1, "attr2": e.Attr2, "attr3": e.Attr3, "sortIndex": e.SortIndex}
		for key, v := range want {
			if g, ok := got[key].(uint32); !ok || g != v {
				t.Errorf("%s: %s = %v (%T), want %d", k.Name(), key, got[key], got[key], v)
			}
		}
	}
}
