package ui

import (
	"strings"
	"testing"
)

func TestMarkedExport(t *testing.T) {
	w := newTestWindow(t)
	addFake(w)
	a := w.model.items[uidByPath(t, w, "WATER_M")]
	b := w.model.items[uidByPath(t, w, "textures/brick")]
	w.selectUID(a.uid)
	if sel, _ := w.exportSelection(); len(sel) != 1 || sel[0].item.Path != "WATER_M" {
		t.Fatalf("unmarked export selection %v", sel)
	}
	w.toggleMark(a)
	w.toggleMark(b)
	sel, what := w.exportSelection()
	if len(sel) != 2 || sel[0].item.Path != "WATER_M" || sel[1].item.Path != "textures/brick" || !strings.Contains(what, "2 nodes marked") {
		t.Fatalf("marked export selection %v (%s)", sel, what)
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
