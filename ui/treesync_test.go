package ui

import (
	"strings"
	"testing"

	"rummage/formats/txd"
	"rummage/ui/inspect"
)

// kidNames are the names and labels of the loaded children of uid.
func kidNames(w *window, uid string) string {
	var out []string
	for _, k := range w.nav.model.childUIDs(uid) {
		it := w.nav.model.items[k]
		out = append(out, it.name+":"+it.label)
	}
	return strings.Join(out, ",")
}

// TXD textures are labelled by raster format in the tree (their type
// stays "texture", the ls --json contract), the filter finds them by
// either, and an edit that changes a dictionary's textures reloads the
// branch; undo brings the rows back.
func TestTXDRowsLabelsAndStructuralEdits(t *testing.T) {
	w := newTestWindow(t)
	openSample(t, w, "ps2_sa.txd")
	root := w.opened.files[0].uid
	if got := kidNames(w, root); got != "brick:PAL8,sprite:PAL4,flag:PAL4,sky:8888" {
		t.Fatalf("rows %s", got)
	}
	brick := w.nav.model.items[uidByPath(t, w, "brick")]
	if brick.tag != "texture" {
		t.Errorf("type %q", brick.tag)
	}
	for _, q := range []string{"type:pal4", "type:texture"} {
		fq := parseQuery(q)
		if !fq.matches(w.nav.model.items[uidByPath(t, w, "sprite")]) {
			t.Errorf("%s does not match sprite", q)
		}
	}
	r := w.nav.model.items[root].node.(*txd.Root)
	items, err := r.Items()
	if err != nil {
		t.Fatal(err)
	}
	next, err := txd.MoveChild(items, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	var prev []*txd.Item
	w.Apply(r, inspect.Edit{Name: "move sky",
		Do:   func() error { p, err := r.SetItems(next); prev = p; return err },
		Undo: func() error { _, err := r.SetItems(prev); return err }})
	if got := kidNames(w, root); got != "sky:8888,brick:PAL8,sprite:PAL4,flag:PAL4" {
		t.Fatalf("after the move: %s", got)
	}
	if !w.opened.files[0].dirty() {
		t.Error("the file is not marked edited")
	}
	w.edits.undoEdit()
	if got := kidNames(w, root); got != "brick:PAL8,sprite:PAL4,flag:PAL4,sky:8888" {
		t.Fatalf("after undo: %s", got)
	}
}
