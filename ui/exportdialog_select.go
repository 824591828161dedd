package ui

import (
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
// every marked node. (Fyne's tree selects one node at a time.)

var (
	_ fyne.Tappable          = (*treeRow)(nil)
	_ fyne.SecondaryTappable = (*treeRow)(nil)
)

// Tapped is a left click on the row.
func (r *treeRow) Tapped(*fyne.PointEvent) {
	if r.it != nil && r.onTap != nil {
		r.onTap(r.it, ctrlHeld())
	}
}

// TappedSecondary is a right click: the node's context menu.
func (r *treeRow) TappedSecondary(e *fyne.PointEvent) { r.SecondaryTapped(e) }

// ctrlHeld reports whether Ctrl, Cmd or the platform's shortcut modifier
// is held (false on drivers without a keyboard).
func ctrlHeld() bool {
	app := fyne.CurrentApp()
	if app == nil {
		return false
	}
	d, ok := app.Driver().(desktop.Driver)
	if !ok {
		return false
	}
	return d.CurrentKeyModifiers()&(fyne.KeyModifierShortcutDefault|fyne.KeyModifierControl|fyne.KeyModifierSuper) != 0
}

// rowTapped selects the row's node, as the tree itself does on a click
// (and focuses the tree for the arrow keys); with ctrl it toggles the
// node's export mark and keeps the selection.
func (w *window) rowTapped(it *item, ctrl bool) {
	if it.uid == "" {
		return
	}
	if ctrl {
		w.toggleMark(it)
		return
	}
	w.tree.Select(it.uid)
	if c := w.win.Canvas(); c.Focused() != w.tree {
		c.Focus(w.tree)
	}
}
