package ui

import (
	"fmt"

	"rummage/formats"
	"rummage/ui/inspect"
)

// applied is one edit on the undo or redo stack.
type applied struct {
	node formats.Node
	uid  string // the node's tree uid, "" when it is not in the tree
	file *openFile
	edit inspect.Edit
}

// Apply runs an inspector's edit, pushes it on the undo stack (clearing the
// redo stack) and marks the node and its file edited.
func (w *window) Apply(n formats.Node, e inspect.Edit) {
	if e.Do == nil {
		return
	}
	if err := runEdit(e.Name, e.Do); err != nil {
		w.setError(err)
		return
	}
	a := applied{node: n, edit: e}
	if uid, ok := w.model.uidOf(n); ok {
		a.uid = uid
		if root := w.model.rootOf(uid); root != nil {
			a.file = root.file
		}
	} else if w.sel != nil && w.sel.file != nil && w.sel.file.uid != "" {
		a.file = w.sel.file
	}
	w.undo = append(w.undo, a)
	w.redo = nil
	w.mark(a, +1)
	w.Status(e.Name)
}

// undoEdit reverts the last edit.
func (w *window) undoEdit() {
	if len(w.undo) == 0 {
		w.Status("nothing to undo")
		return
	}
	a := w.undo[len(w.undo)-1]
	w.undo = w.undo[:len(w.undo)-1]
	if a.edit.Undo == nil {
		w.setError(fmt.Errorf("%s cannot be undone", a.edit.Name))
		return
	}
	if err := runEdit("undo "+a.edit.Name, a.edit.Undo); err != nil {
		w.setError(err)
		return
	}
	w.redo = append(w.redo, a)
	w.mark(a, -1)
	w.Status("undid " + a.edit.Name)
	w.reshow(a)
}

// redoEdit applies the last undone edit again.
func (w *window) redoEdit() {
	if len(w.redo) == 0 {
		w.Status("nothing to redo")
		return
	}
	a := w.redo[len(w.redo)-1]
	w.redo = w.redo[:len(w.redo)-1]
	if err := runEdit("redo "+a.edit.Name, a.edit.Do); err != nil {
		w.setError(err)
		return
	}
	w.undo = append(w.undo, a)
	w.mark(a, +1)
	w.Status("redid " + a.edit.Name)
	w.reshow(a)
}

// mark counts an edit (+1) or its undo (-1) on the node and its file.
func (w *window) mark(a applied, d int) {
	if a.file != nil {
		a.file.changes += d
	}
	if it := w.model.items[a.uid]; it != nil && a.uid != "" {
		it.edits += d
		if it.edits < 0 {
			it.edits = 0
		}
		if w.model.syncItem(a.uid) {
			w.tree.Refresh()
		}
		w.refreshItem(a.uid)
		if a.file != nil {
			w.refreshItem(a.file.uid)
		}
	}
	w.showEdited()
	w.refreshEditState()
}

// showEdited shows the selection's offset, size and header facts again:
// an edit may have changed them (an edited entry has no file offset until
// it is saved).
func (w *window) showEdited() {
	if w.sel == nil {
		return
	}
	w.status.showItem(w.sel)
	w.insp.refreshHeader()
}

// reshow rebuilds the inspector when it shows the edited node, so its tabs
// show the reverted data.
func (w *window) reshow(a applied) {
	if w.sel != nil && formats.SameNode(w.sel.node, a.node) {
		w.insp.show(w.sel)
	}
}

// runEdit runs an edit function behind the format panic guard; its error
// (or panic) is named after the edit.
func runEdit(name string, f func() error) error {
	if err := formats.GuardErr(name, f); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// dropFile removes a closed file's edits from a stack.
func dropFile(stack []applied, f *openFile) []applied {
	out := stack[:0]
	for _, a := range stack {
		if a.file != f {
			out = append(out, a)
		}
	}
	return out
}
