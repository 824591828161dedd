package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"rummage/formats"
	"rummage/ui/inspect"
)

// editHistory is undo and redo of the inspectors' edits: Apply (the Host's)
// runs an edit and counts it on its node and its file; Undo and Redo run it
// back and forth. Edit › Undo and Redo name the edit they act on.
type editHistory struct {
	undo, redo         []applied
	undoItem, redoItem *fyne.MenuItem
	bar                *menuBar

	tree   editTree
	view   editView
	report reporter
	edited func() // after an edit, undo or redo: facts, Save, the title
}

// editTree is what the history asks of the tree.
type editTree interface {
	locate(n formats.Node) (uid string, f *openFile) // the edited node's row ("" outside the tree) and file
	countEdit(uid string, f *openFile, d int)        // ● on the row and its file's
}

// editView is what the history asks of the inspector.
type editView interface {
	reshowNode(n formats.Node) // rebuild the tabs when they show n
}

// applied is one edit on the undo or redo stack.
type applied struct {
	node formats.Node
	uid  string // the node's tree uid, "" when it is not in the tree
	file *openFile
	edit inspect.Edit
}

// newEditHistory makes an empty history; edited runs after every change.
func newEditHistory(tree editTree, view editView, report reporter, edited func()) *editHistory {
	return &editHistory{tree: tree, view: view, report: report, edited: edited}
}

// addMenus registers Edit › Undo (Ctrl+Z) and Redo (Ctrl+Shift+Z, and
// Ctrl+Y).
func (h *editHistory) addMenus(b *menuBar) {
	h.bar = b
	h.undoItem = fyne.NewMenuItem(lang.X("menu.edit.undo", "Undo"), h.undoEdit)
	h.undoItem.Shortcut = &fyne.ShortcutUndo{}
	h.redoItem = fyne.NewMenuItem(lang.X("menu.edit.redo", "Redo"), h.redoEdit)
	h.redoItem.Shortcut = ctrlShift(fyne.KeyZ)
	b.add(editUndo, h.undoItem, h.redoItem)
	b.addKey(&fyne.ShortcutRedo{}, h.redoEdit)
}

// Apply runs an inspector's edit, pushes it on the undo stack (clearing the
// redo stack) and marks the node and its file edited.
func (h *editHistory) Apply(n formats.Node, e inspect.Edit) {
	if e.Do == nil {
		return
	}
	if err := runEdit(e.Name, e.Do); err != nil {
		h.report.setError(err)
		return
	}
	a := applied{node: n, edit: e}
	a.uid, a.file = h.tree.locate(n)
	h.undo = append(h.undo, a)
	h.redo = nil
	h.mark(a, +1)
	h.report.Status(e.Name)
}

// undoEdit reverts the last edit.
func (h *editHistory) undoEdit() {
	if len(h.undo) == 0 {
		h.report.Status(lang.X("edit.nothing_to_undo", "nothing to undo"))
		return
	}
	a := h.undo[len(h.undo)-1]
	h.undo = h.undo[:len(h.undo)-1]
	if a.edit.Undo == nil {
		h.report.setError(failure(lang.X("edit.cannot_undo", "{{.Edit}} cannot be undone", map[string]any{"Edit": a.edit.Name}), nil))
		return
	}
	if err := runEdit(lang.X("edit.undo", "undo {{.Edit}}", map[string]any{"Edit": a.edit.Name}), a.edit.Undo); err != nil {
		h.report.setError(err)
		return
	}
	h.redo = append(h.redo, a)
	h.mark(a, -1)
	h.report.Status(lang.X("edit.undone", "undid {{.Edit}}", map[string]any{"Edit": a.edit.Name}))
	h.view.reshowNode(a.node)
}

// redoEdit applies the last undone edit again.
func (h *editHistory) redoEdit() {
	if len(h.redo) == 0 {
		h.report.Status(lang.X("edit.nothing_to_redo", "nothing to redo"))
		return
	}
	a := h.redo[len(h.redo)-1]
	h.redo = h.redo[:len(h.redo)-1]
	if err := runEdit(lang.X("edit.redo", "redo {{.Edit}}", map[string]any{"Edit": a.edit.Name}), a.edit.Do); err != nil {
		h.report.setError(err)
		return
	}
	h.undo = append(h.undo, a)
	h.mark(a, +1)
	h.report.Status(lang.X("edit.redone", "redid {{.Edit}}", map[string]any{"Edit": a.edit.Name}))
	h.view.reshowNode(a.node)
}

// mark counts an edit (+1) or its undo (-1) on the node and its file.
func (h *editHistory) mark(a applied, d int) {
	if a.file != nil {
		a.file.changes += d
	}
	h.tree.countEdit(a.uid, a.file, d)
	h.edited()
}

// dropFile forgets a file's edits (it was closed, or saved and read back:
// they act on nodes that are gone).
func (h *editHistory) dropFile(f *openFile) {
	h.undo = dropFile(h.undo, f)
	h.redo = dropFile(h.redo, f)
}

// updateMenu names the edit Undo and Redo would act on.
func (h *editHistory) updateMenu() {
	if h.undoItem == nil {
		return
	}
	h.undoItem.Label, h.undoItem.Disabled = lang.X("menu.edit.undo", "Undo"), len(h.undo) == 0
	if n := len(h.undo); n > 0 {
		h.undoItem.Label = lang.X("menu.edit.undo_named", "Undo {{.Edit}}", map[string]any{"Edit": h.undo[n-1].edit.Name})
	}
	h.redoItem.Label, h.redoItem.Disabled = lang.X("menu.edit.redo", "Redo"), len(h.redo) == 0
	if n := len(h.redo); n > 0 {
		h.redoItem.Label = lang.X("menu.edit.redo_named", "Redo {{.Edit}}", map[string]any{"Edit": h.redo[n-1].edit.Name})
	}
	h.bar.refresh()
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
