package ui

import "rummage/formats"

// exportSelected is Export…: the dialog of exportdialog.go on the nodes
// marked for export (right-click › Mark for export), or the selected node.
func (w *window) exportSelected() {
	sel, what := w.exportSelection()
	if len(sel) == 0 {
		w.setError(errNoFile)
		return
	}
	w.showExportDialog(sel, what)
}

// Export opens Export… on n with the format as chosen for n's kind (the
// Host's shared export path: the TXD tab's Export PNG… uses it).
func (w *window) Export(n formats.Node, as string) { w.exportAs(n, as) }

// exportAs is Export, returning the dialog (nil without a node).
func (w *window) exportAs(n formats.Node, as string) *exportView {
	if n == nil {
		w.setError(errNoFile)
		return nil
	}
	it := w.itemOf(n)
	v := w.exportOne(it)
	if v != nil {
		v.choose(it.kind, as)
	}
	return v
}
