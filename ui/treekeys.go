package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// The tree's keyboard (docs/window.md, "Keyboard"): Up and Down select the previous
// and next shown row, Right opens a branch or goes to its first child, Left
// closes it or goes to the parent, Enter opens or closes a branch, Home and
// End go to the first and last row; with Shift the arrows extend the marked
// range; Ctrl+A marks every shown row. The inspector follows the selection.
//
// The keys reach the tree when it has the focus (a click on a row gives it)
// and when nothing has: the canvas passes unclaimed keys on. A focused
// entry keeps its keys.

// navTree is the window's tree widget with its keyboard and its clicks
// (treeview.go). Fyne's own tree moves only a focus ring with the arrows;
// this one moves the selection. It reads the model and asks the selection
// and the export marks for the rest.
type navTree struct {
	widget.Tree
	win   fyne.Window
	model *treeModel
	sel   treeSelection
	marks rowMarks
	menu  func(it *item) []*fyne.MenuItem // a row's right-click menu
	// mods returns the modifier keys held (heldModifiers; tests set it).
	mods func() fyne.KeyModifier
}

var _ fyne.Focusable = (*navTree)(nil)

// TypedKey handles a key typed while the tree has the focus; the keys it
// has no use for go to Fyne's tree.
func (t *navTree) TypedKey(ev *fyne.KeyEvent) {
	if !t.treeKey(ev.Name, t.mods()&fyne.KeyModifierShift != 0) {
		t.Tree.TypedKey(ev)
	}
}

// addCanvasKeys passes the keys typed while nothing has the focus to the
// tree, and makes Ctrl+A mark every shown row.
func (t *navTree) addCanvasKeys() {
	c := t.win.Canvas()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if t.treeKey(ev.Name, t.mods()&fyne.KeyModifierShift != 0) {
			c.Focus(t)
		}
	})
	// A focused entry takes Ctrl+A itself; the canvas gets it otherwise.
	c.AddShortcut(&fyne.ShortcutSelectAll{}, func(fyne.Shortcut) {
		if f := c.Focused(); f == nil || f == t {
			t.marks.markAll()
		}
	})
}

// treeKey does what the key name does in the tree (shift: with Shift
// held); false when the tree has no use for it.
func (t *navTree) treeKey(name fyne.KeyName, shift bool) bool {
	switch name {
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyHome, fyne.KeyEnd:
		target := t.stepTarget(name)
		switch {
		case target == "":
		case shift:
			t.marks.extendTo(target)
		default:
			t.sel.selectUID(target)
		}
	case fyne.KeyLeft:
		t.closeOrParent()
	case fyne.KeyRight:
		t.openOrChild()
	case fyne.KeyReturn, fyne.KeyEnter:
		if uid := t.sel.cursor(); uid != "" && t.model.isBranch(uid) {
			t.ToggleBranch(uid)
		}
	default:
		return false
	}
	return true
}

// visibleRows are the rows the tree shows (with the filter, if any),
// top to bottom: the roots and the children of open branches.
func (t *navTree) visibleRows() []string {
	var rows []string
	var walk func(parent string)
	walk = func(parent string) {
		for _, uid := range t.model.childUIDs(parent) {
			rows = append(rows, uid)
			if t.model.isBranch(uid) && t.IsBranchOpen(uid) {
				walk(uid)
			}
		}
	}
	walk("")
	return rows
}

// stepTarget is the row Up, Down, Home or End goes to, "" when no row is
// shown. A selection hidden in a closed branch steps to that branch.
func (t *navTree) stepTarget(name fyne.KeyName) string {
	rows := t.visibleRows()
	if len(rows) == 0 {
		return ""
	}
	i, hidden := t.cursorRow(rows)
	switch {
	case name == fyne.KeyHome:
		return rows[0]
	case name == fyne.KeyEnd || (i < 0 && name == fyne.KeyUp):
		return rows[len(rows)-1]
	case i < 0:
		return rows[0]
	case hidden:
		return rows[i]
	case name == fyne.KeyUp:
		return rows[max(i-1, 0)]
	}
	return rows[min(i+1, len(rows)-1)]
}

// cursorRow is the index of the selection in rows or, when a closed branch
// hides it, of that branch (hidden); -1 when neither is shown.
func (t *navTree) cursorRow(rows []string) (i int, hidden bool) {
	uid := t.sel.cursor()
	if uid == "" {
		return -1, false
	}
	if i := slices.Index(rows, uid); i >= 0 {
		return i, false
	}
	up := ancestors(uid)
	for j := len(up) - 1; j >= 0; j-- {
		if i := slices.Index(rows, up[j]); i >= 0 {
			return i, true
		}
	}
	return -1, false
}

// closeOrParent is Left: an open branch closes, any other row selects its
// parent.
func (t *navTree) closeOrParent() {
	uid := t.sel.cursor()
	if uid == "" {
		return
	}
	if t.model.isBranch(uid) && t.IsBranchOpen(uid) {
		t.CloseBranch(uid)
		return
	}
	if p := t.model.items[uid].parent; p != "" {
		t.sel.selectUID(p)
	}
}

// openOrChild is Right: a closed branch opens, an open one selects its
// first child.
func (t *navTree) openOrChild() {
	uid := t.sel.cursor()
	if uid == "" || !t.model.isBranch(uid) {
		return
	}
	if !t.IsBranchOpen(uid) {
		t.OpenBranch(uid)
		return
	}
	if kids := t.model.childUIDs(uid); len(kids) > 0 {
		t.sel.selectUID(kids[0])
	}
}
