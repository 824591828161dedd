package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"rummage/export"
)

func TestRunExport(t *testing.T) {
	w := newTestWindow(t)
	addFake(w)
	it, err := w.model.resolve(w.model.items[w.files[0].uid], "WATER_M")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	<-w.runExport([]export.Item{{Node: it.node, Path: it.path}}, export.Options{Dir: dir, As: export.Raw}).done
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 1 {
		t.Fatalf("exported %v (status %q)", files, w.status.msg.Text)
	}
	b, _ := os.ReadFile(files[0])
	if !bytes.Equal(b, seq(48)) {
		t.Errorf("exported bytes % X", b)
	}
	if w.status.busy.Visible() {
		t.Error("progress bar still shown")
	}
}

func TestMarkedExport(t *testing.T) {
	w := newTestWindow(t)
	addFake(w)
	a := w.model.items[uidByPath(t, w, "WATER_M")]
	b := w.model.items[uidByPath(t, w, "textures/brick")]
	w.selectUID(a.uid)
	if items, _ := w.exportItems(); len(items) != 1 || items[0].Path != "WATER_M" {
		t.Fatalf("unmarked export items %v", items)
	}
	w.toggleMark(a)
	w.toggleMark(b)
	items, what := w.exportItems()
	if len(items) != 2 || items[0].Path != "WATER_M" || items[1].Path != "textures/brick" {
		t.Fatalf("marked export items %v (%s)", items, what)
	}
	row := newTreeRowMarked(nil, func(uid string) bool { return w.marked[uid] })
	row.set(b)
	if row.mark.Text != " ⇩" {
		t.Errorf("mark %q", row.mark.Text)
	}
	w.toggleMark(b)
	if len(w.marked) != 1 {
		t.Error("unmark failed")
	}
	w.removeFile(w.files[0])
	if len(w.marked) != 0 {
		t.Error("marks of a closed file kept")
	}
}
