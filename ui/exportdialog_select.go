package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// Clicks on tree rows, and the tree's multi-selection for export.
//
// A row is a fyne.SecondaryTappable (right-click opens its menu), so the
// driver delivers every click to the row rather than to the tree node
// around it: the row must select its node itself on a plain click. With
// Ctrl (Cmd on macOS) held, a click marks or unmarks the node for export
// instead, as right-click › Mark for export does; Export… then exports
// every marked node. With Shift held, a click marks the range of shown
// rows from the anchor (the row last selected or clicked) to the row.
// (Fyne's tree selects one node at a time.)

var (
	_ fyne.Tappable          = (*treeRow)(nil)
	_ fyne.SecondaryTappable = (*treeRow)(nil)
)

// ctrlMask are the modifiers that make a click a Ctrl+click: Ctrl, Cmd or
// the platform's shortcut modifier.
const ctrlMask = fyne.KeyModifierShortcutDefault | fyne.KeyModifierControl | fyne.KeyModifierSuper

// Tapped is a left click on the row.
func (r *treeRow) Tapped(*fyne.PointEvent) {
	if r.it != nil && r.onTap != nil {
		r.onTap(r.it)
	}
}

// TappedSecondary is a right click: the node's context menu.
func (r *treeRow) TappedSecondary(e *fyne.PointEvent) { r.SecondaryTapped(e) }

// heldModifiers are the modifier keys held now (none on drivers without a
// keyboard).
func heldModifiers() fyne.KeyModifier {
	app := fyne.CurrentApp()
	if app == nil {
		return 0
	}
	d, ok := app.Driver().(desktop.Driver)
	if !ok {
		return 0
	}
	return d.CurrentKeyModifiers()
}

// rowTapped handles a click on a row with the modifiers mods held: a plain
// click selects the row's node, as the tree itself does; Ctrl toggles the
// node's export mark and keeps the selection; Shift extends the marked
// range to it. Every click focuses the tree for the arrow keys.
func (w *window) rowTapped(it *item, mods fyne.KeyModifier) {
	if it.uid == "" {
		return
	}
	switch {
	case mods&ctrlMask != 0:
		w.ctrlClick(it)
	case mods&fyne.KeyModifierShift != 0:
		w.extendMarks(it.uid)
	default:
		w.tree.Select(it.uid)
		w.tree.setAnchor(it.uid)
	}
	if c := w.win.Canvas(); c.Focused() != w.tree {
		c.Focus(w.tree)
	}
}

// ctrlClick toggles it's export mark. The first Ctrl+click of a
// multi-selection marks the selected row as well, so that the selection
// and the clicked row are exported together.
func (w *window) ctrlClick(it *item) {
	if cur := w.cursor(); len(w.marked) == 0 && cur != "" && cur != it.uid {
		w.marked[cur] = true
		w.refreshItem(cur)
	}
	w.toggleMark(it)
	w.tree.setAnchor(it.uid)
}

// extendMarks marks the shown rows from the anchor to target and selects
// target (Shift+click, Shift+arrows). The marks an earlier extension from
// the same anchor made outside the new range are dropped, so the range can
// shrink again; marks made otherwise are kept.
func (w *window) extendMarks(target string) {
	t := w.tree
	rows := w.visibleRows()
	b := slices.Index(rows, target)
	if b < 0 {
		return
	}
	anchor := t.anchor
	if slices.Index(rows, anchor) < 0 {
		anchor, t.ranged = w.cursor(), nil
		if slices.Index(rows, anchor) < 0 {
			anchor = target
		}
	}
	a := slices.Index(rows, anchor)
	if a > b {
		a, b = b, a
	}
	ranged := w.markRange(rows[a:b+1], t.ranged)
	w.selectUID(target) // this resets the anchor: it is kept below
	t.anchor, t.ranged = anchor, ranged
	t.Refresh()
	w.marksChanged()
}

// markRange marks span and unmarks what old (the previous range) marked
// outside it; it returns the marks the new range made.
func (w *window) markRange(span []string, old map[string]bool) map[string]bool {
	in := make(map[string]bool, len(span))
	for _, uid := range span {
		in[uid] = true
	}
	for uid := range old {
		if !in[uid] {
			delete(w.marked, uid)
		}
	}
	made := make(map[string]bool, len(span))
	for _, uid := range span {
		if old[uid] || !w.marked[uid] {
			made[uid] = true
		}
		w.marked[uid] = true
	}
	return made
}

// markAllVisible marks every shown row for export (Ctrl+A).
func (w *window) markAllVisible() {
	rows := w.visibleRows()
	if len(rows) == 0 {
		return
	}
	for _, uid := range rows {
		w.marked[uid] = true
	}
	w.tree.Refresh()
	w.marksChanged()
}
