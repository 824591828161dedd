package ui

import (
	"strings"
	"testing"
)

func TestMarkedExport(t *testing.T) {
	w := newTestWindow(t)
	addFake(w)
	a := w.nav.model.items[uidByPath(t, w, "WATER_M")]
	b := w.nav.model.items[uidByPath(t, w, "textures/brick")]
	w.nav.selectUID(a.uid)
	if sel, _ := w.exporter.exportSelection(); len(sel) != 1 || sel[0].item.Path != "WATER_M" {
		t.Fatalf("unmarked export selection %v", sel)
	}
	w.marks.toggle(a)
	w.marks.toggle(b)
	sel, what := w.exporter.exportSelection()
	if len(sel) != 2 || sel[0].item.Path != "WATER_M" || sel[1].item.Path != "textures/brick" || !strings.Contains(what, "2 nodes marked") {
		t.Fatalf("marked export selection %v (%s)", sel, what)
	}
	row := newTreeRowMarked(nil, func(uid string) bool { return w.marks.marked[uid] })
	row.set(b)
	if row.mark.Text != " ⇩" {
		t.Errorf("mark %q", row.mark.Text)
	}
	w.marks.toggle(b)
	if len(w.marks.marked) != 1 {
		t.Error("unmark failed")
	}
	w.opened.removeFile(w.opened.files[0])
	if len(w.marks.marked) != 0 {
		t.Error("marks of a closed file kept")
	}
}
