package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// pressKey types a key as the desktop driver does: to the focused object,
// or to the canvas when nothing has the focus.
func pressKey(w *window, name fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: name}
	c := w.win.Canvas()
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
		return
	}
	if h := c.OnTypedKey(); h != nil {
		h(ev)
	}
}

// typeShortcut types a shortcut as the desktop driver does: to the focused
// object if it takes shortcuts, else to the canvas.
func typeShortcut(w *window, s fyne.Shortcut) {
	c := w.win.Canvas()
	if f, ok := c.Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(s)
		return
	}
	c.(fyne.Shortcutable).TypedShortcut(s)
}

// selName is the name of the selected node, "" without one.
func selName(w *window) string {
	if w.nav.sel == nil {
		return ""
	}
	return w.nav.sel.name
}

// markedNames are the names of the marked nodes, sorted by uid.
func markedNames(w *window) string {
	var names []string
	for _, uid := range w.nav.visibleRows() {
		if w.marks.marked[uid] {
			names = append(names, w.nav.model.items[uid].name)
		}
	}
	if len(names) != len(w.marks.marked) {
		names = append(names, "(hidden marks)")
	}
	return strings.Join(names, ",")
}

// The arrows move the selection and the inspector follows; Right and Left
// open and close branches or go to the first child and the parent; Enter
// toggles a branch; Home and End jump.
func TestTreeArrowKeys(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w) // a fresh window selects the file, opened
	w.win.Canvas().Focus(w.nav.tree)
	tex := uidByPath(t, w, "textures")
	for i, step := range []struct {
		key  fyne.KeyName
		want string
		open bool // textures is open afterwards
	}{
		{fyne.KeyDown, "WATER_M", false}, {fyne.KeyDown, "DEFAULT", false}, {fyne.KeyDown, "textures", false},
		{fyne.KeyRight, "textures", true}, {fyne.KeyRight, "brick", true}, {fyne.KeyDown, "Water", true},
		{fyne.KeyRight, "Water", true}, {fyne.KeyLeft, "textures", true}, {fyne.KeyLeft, "textures", false},
		{fyne.KeyDown, "bad", false}, {fyne.KeyUp, "textures", false}, {fyne.KeyEnter, "textures", true},
		{fyne.KeyReturn, "textures", false}, {fyne.KeyLeft, "fake.lib", false}, {fyne.KeyEnd, "odd", false},
		{fyne.KeyDown, "odd", false}, {fyne.KeyHome, "fake.lib", false}, {fyne.KeyUp, "fake.lib", false},
	} {
		pressKey(w, step.key)
		if selName(w) != step.want || w.insp.title.Text != step.want {
			t.Fatalf("step %d (%s): selected %q, inspector %q, want %q", i, step.key, selName(w), w.insp.title.Text, step.want)
		}
		if w.nav.tree.IsBranchOpen(tex) != step.open {
			t.Fatalf("step %d (%s): textures open = %v", i, step.key, !step.open)
		}
	}
	pressKey(w, fyne.KeyReturn)
	if w.nav.tree.IsBranchOpen(f.uid) {
		t.Error("Enter did not close the file")
	}
	pressKey(w, fyne.KeyDown)
	if selName(w) != "fake.lib" {
		t.Errorf("Down went to the hidden %q", selName(w))
	}
}

// Keys typed while nothing has the focus reach the tree (which takes the
// focus); a focused entry keeps its keys, Ctrl+A included, and Ctrl+A
// marks nothing while another widget has the focus.
func TestTreeKeysWithoutFocus(t *testing.T) {
	w := newTestWindow(t)
	addFake(w)
	c := w.win.Canvas()
	c.Unfocus()
	pressKey(w, fyne.KeyDown)
	if selName(w) != "WATER_M" || c.Focused() != w.nav.tree {
		t.Fatalf("Down without focus: selected %q, focus %v", selName(w), c.Focused())
	}
	c.Focus(w.filter)
	pressKey(w, fyne.KeyDown)
	pressKey(w, fyne.KeyEnd)
	typeShortcut(w, &fyne.ShortcutSelectAll{})
	if selName(w) != "WATER_M" || len(w.marks.marked) != 0 || c.Focused() != w.filter {
		t.Errorf("keys in the filter box reached the tree: selected %q, marks %v", selName(w), w.marks.marked)
	}
	c.Focus(w.exporter.button) // a focused button takes no shortcuts: the canvas gets them
	typeShortcut(w, &fyne.ShortcutSelectAll{})
	if len(w.marks.marked) != 0 {
		t.Errorf("Ctrl+A on a focused button marked %v", w.marks.marked)
	}
	c.Unfocus()
	typeShortcut(w, &fyne.ShortcutSelectAll{})
	if got := markedNames(w); got != "fake.lib,WATER_M,DEFAULT,textures,bad,x,x,odd" {
		t.Errorf("Ctrl+A without focus marked %s", got)
	}
}

// Shift+arrows and Shift+click mark the shown rows from the anchor (the
// row last selected or clicked) to the target; Ctrl+A marks every shown
// row.
func TestTreeShiftRangeAndMarkAll(t *testing.T) {
	w := newTestWindow(t)
	addFake(w)
	w.win.Canvas().Focus(w.nav.tree)
	pressKey(w, fyne.KeyDown) // WATER_M: the anchor
	shift := fyne.KeyModifier(0)
	w.nav.tree.mods = func() fyne.KeyModifier { return shift }
	shift = fyne.KeyModifierShift
	pressKey(w, fyne.KeyDown)
	pressKey(w, fyne.KeyDown)
	if got := markedNames(w); got != "WATER_M,DEFAULT,textures" || selName(w) != "textures" {
		t.Fatalf("Shift+Down twice: marked %s, selected %s", got, selName(w))
	}
	pressKey(w, fyne.KeyUp)
	if got := markedNames(w); got != "WATER_M,DEFAULT" || selName(w) != "DEFAULT" {
		t.Fatalf("Shift+Up: marked %s, selected %s", got, selName(w))
	}
	shift = 0
	pressKey(w, fyne.KeyDown) // textures: the new anchor, marks kept
	x5 := w.nav.model.items[uidByPath(t, w, "x@5")]
	w.nav.tree.rowTapped(x5, fyne.KeyModifierShift)
	if got := markedNames(w); got != "WATER_M,DEFAULT,textures,bad,x,x" || selName(w) != "x" {
		t.Fatalf("Shift+click: marked %s, selected %s", got, selName(w))
	}
	if w.win.Canvas().Focused() != w.nav.tree || w.exporter.button.Text != "Export 6 marked…" {
		t.Errorf("focus %v, button %q", w.win.Canvas().Focused(), w.exporter.button.Text)
	}
	w.nav.tree.OpenBranch(uidByPath(t, w, "textures"))
	typeShortcut(w, &fyne.ShortcutSelectAll{})
	if got := markedNames(w); got != "fake.lib,WATER_M,DEFAULT,textures,brick,Water,bad,x,x,odd" {
		t.Errorf("Ctrl+A marked %s", got)
	}
	if !strings.HasPrefix(w.status.msg.Text, "10 nodes marked") {
		t.Errorf("status %q", w.status.msg.Text)
	}
}

// The first Ctrl+click marks only the clicked row, not the selected one;
// a Ctrl+click on the selected row marks it, a second one unmarks.
func TestCtrlClickMarksOnlyTheRow(t *testing.T) {
	w := newTestWindow(t)
	addFake(w)
	w.nav.selectUID(uidByPath(t, w, "WATER_M"))
	w.nav.tree.rowTapped(w.nav.model.items[uidByPath(t, w, "DEFAULT")], fyne.KeyModifierControl)
	if got := markedNames(w); got != "DEFAULT" || selName(w) != "WATER_M" {
		t.Errorf("the first Ctrl+click marked %s, selected %s", got, selName(w))
	}
	for _, name := range []string{"bad", "WATER_M"} {
		w.nav.tree.rowTapped(w.nav.model.items[uidByPath(t, w, name)], fyne.KeyModifierControl)
	}
	if got := markedNames(w); got != "WATER_M,DEFAULT,bad" {
		t.Errorf("Ctrl+clicks marked %s", got)
	}
	w.nav.tree.rowTapped(w.nav.model.items[uidByPath(t, w, "bad")], fyne.KeyModifierControl)
	if got := markedNames(w); got != "WATER_M,DEFAULT" {
		t.Errorf("a second Ctrl+click left %s marked", got)
	}
}

// In the filter box, Enter selects the first match and focuses the tree;
// Esc clears the filter and restores the branches open before it.
func TestFilterBoxKeys(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	tex := uidByPath(t, w, "textures")
	c := w.win.Canvas()
	c.Focus(w.filter)
	test.Type(w.filter, "wat")
	if w.nav.model.filter == nil || !w.nav.tree.IsBranchOpen(tex) {
		t.Fatal("the filter did not open textures to show Water")
	}
	pressKey(w, fyne.KeyReturn)
	if selName(w) != "WATER_M" || c.Focused() != w.nav.tree {
		t.Fatalf("Enter: selected %q, focus %v", selName(w), c.Focused())
	}
	c.Focus(w.filter)
	pressKey(w, fyne.KeyEscape)
	if w.filter.Text != "" || w.nav.model.filter != nil {
		t.Fatalf("Esc left the filter %q", w.filter.Text)
	}
	if w.nav.tree.IsBranchOpen(tex) || !w.nav.tree.IsBranchOpen(f.uid) || selName(w) != "WATER_M" {
		t.Errorf("after Esc: textures open %v, file open %v, selected %q",
			w.nav.tree.IsBranchOpen(tex), w.nav.tree.IsBranchOpen(f.uid), selName(w))
	}
	// Without a match the tree says so; Enter only moves to the tree.
	c.Focus(w.filter)
	test.Type(w.filter, "nothing")
	if !w.nav.noMatch.Visible() || !strings.Contains(w.nav.noMatch.Text, "No match for “nothing”") {
		t.Errorf("no match shown %v: %q", w.nav.noMatch.Visible(), w.nav.noMatch.Text)
	}
	pressKey(w, fyne.KeyEnter)
	if selName(w) != "WATER_M" || c.Focused() != w.nav.tree {
		t.Errorf("Enter without a match: selected %q, focus %v", selName(w), c.Focused())
	}
	c.Focus(w.filter)
	pressKey(w, fyne.KeyEscape)
	if w.nav.noMatch.Visible() {
		t.Error("no match still shown after Esc")
	}
}
