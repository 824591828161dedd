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

// navTree is the window's tree with its keyboard. Fyne's own tree moves
// only a focus ring with the arrows; this one moves the selection.
type navTree struct {
	widget.Tree
	w *window
	// mods returns the modifier keys held (heldModifiers; tests set it).
	mods func() fyne.KeyModifier
	// anchor is where a Shift range starts: the row last selected or
	// clicked without Shift; ranged are the marks the current range made.
	anchor string
	ranged map[string]bool
}

var _ fyne.Focusable = (*navTree)(nil)

// TypedKey handles a key typed while the tree has the focus; the keys it
// has no use for go to Fyne's tree.
func (t *navTree) TypedKey(ev *fyne.KeyEvent) {
	if !t.w.treeKey(ev.Name, t.mods()&fyne.KeyModifierShift != 0) {
		t.Tree.TypedKey(ev)
	}
}

// setAnchor starts Shift ranges at uid.
func (t *navTree) setAnchor(uid string) {
	t.anchor, t.ranged = uid, nil
}

// addTreeKeys passes the keys typed while nothing has the focus to the
// tree, and makes Ctrl+A mark every shown row.
func (w *window) addTreeKeys() {
	c := w.win.Canvas()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if w.treeKey(ev.Name, w.tree.mods()&fyne.KeyModifierShift != 0) {
			c.Focus(w.tree)
		}
	})
	// A focused entry takes Ctrl+A itself; the canvas gets it otherwise.
	c.AddShortcut(&fyne.ShortcutSelectAll{}, func(fyne.Shortcut) {
		if f := c.Focused(); f == nil || f == w.tree {
			w.markAllVisible()
		}
	})
}

// treeKey does what the key name does in the tree (shift: with Shift
// held); false when the tree has no use for it.
func (w *window) treeKey(name fyne.KeyName, shift bool) bool {
	switch name {
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyHome, fyne.KeyEnd:
		target := w.stepTarget(name)
		switch {
		case target == "":
		case shift:
			w.extendMarks(target)
		default:
			w.selectUID(target)
		}
	case fyne.KeyLeft:
		w.closeOrParent()
	case fyne.KeyRight:
		w.openOrChild()
	case fyne.KeyReturn, fyne.KeyEnter:
		if uid := w.cursor(); uid != "" && w.model.isBranch(uid) {
			w.tree.ToggleBranch(uid)
		}
	default:
		return false
	}
	return true
}

// cursor is the uid of the selected row, "" when the selection is not in
// the tree.
func (w *window) cursor() string {
	if w.sel == nil || w.model.items[w.sel.uid] == nil {
		return ""
	}
	return w.sel.uid
}

// visibleRows are the rows the tree shows (with the filter, if any),
// top to bottom: the roots and the children of open branches.
func (w *window) visibleRows() []string {
	var rows []string
	var walk func(parent string)
	walk = func(parent string) {
		for _, uid := range w.model.childUIDs(parent) {
			rows = append(rows, uid)
			if w.model.isBranch(uid) && w.tree.IsBranchOpen(uid) {
				walk(uid)
			}
		}
	}
	walk("")
	return rows
}

// stepTarget is the row Up, Down, Home or End goes to, "" when no row is
// shown. A selection hidden in a closed branch steps to that branch.
func (w *window) stepTarget(name fyne.KeyName) string {
	rows := w.visibleRows()
	if len(rows) == 0 {
		return ""
	}
	i, hidden := w.cursorRow(rows)
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
func (w *window) cursorRow(rows []string) (i int, hidden bool) {
	uid := w.cursor()
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
func (w *window) closeOrParent() {
	uid := w.cursor()
	if uid == "" {
		return
	}
	if w.model.isBranch(uid) && w.tree.IsBranchOpen(uid) {
		w.tree.CloseBranch(uid)
		return
	}
	if p := w.model.items[uid].parent; p != "" {
		w.selectUID(p)
	}
}

// openOrChild is Right: a closed branch opens, an open one selects its
// first child.
func (w *window) openOrChild() {
	uid := w.cursor()
	if uid == "" || !w.model.isBranch(uid) {
		return
	}
	if !w.tree.IsBranchOpen(uid) {
		w.tree.OpenBranch(uid)
		return
	}
	if kids := w.model.childUIDs(uid); len(kids) > 0 {
		w.selectUID(kids[0])
	}
}
