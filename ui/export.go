package ui

import (
	"context"
	"fmt"
	"sort"

	"fyne.io/fyne/v2"

	"rummage/export"
	"rummage/formats"
)

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

// exportItems is what Export… exports and a line describing it. Marked
// nodes are exported with their paths; nodes of several files keep one
// folder per file only through their names (the plan names them uniquely).
func (w *window) exportItems() ([]export.Item, string) {
	var items []export.Item
	var first *item
	uids := make([]string, 0, len(w.marked))
	for uid := range w.marked {
		uids = append(uids, uid)
	}
	sort.Strings(uids)
	for _, uid := range uids {
		if it := w.model.items[uid]; it != nil {
			items = append(items, export.Item{Node: it.node, Path: it.path})
			if first == nil {
				first = it
			}
		}
	}
	if len(items) > 0 {
		if len(items) == 1 {
			return items, displayPath(first)
		}
		return items, fmt.Sprintf("%s (marked), first %s", summary(len(items), "node"), displayPath(first))
	}
	if it := w.current(); it != nil {
		return []export.Item{{Node: it.node, Path: it.path}}, displayPath(it)
	}
	return nil, ""
}

// runExport plans and writes an export in the background.
func (w *window) runExport(items []export.Item, opts export.Options) *job {
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{cancel: cancel, done: make(chan struct{})}
	w.status.startProgress("Exporting", cancel)
	opts.Progress = func(done, total int, _ string) {
		fyne.Do(func() { w.status.progress("Exporting", done, total) })
	}
	w.jobs.Add(1)
	go func() {
		defer w.jobs.Done()
		defer close(j.done)
		defer cancel()
		res, err := exportSafe(ctx, items, opts)
		fyne.Do(func() {
			w.status.endProgress()
			switch {
			case err != nil:
				w.setError(fmt.Errorf("export: %w", err))
			case len(res.Failures) > 0:
				w.setError(fmt.Errorf("exported %s, %d failed: %v", summary(len(res.Written), "file"), len(res.Failures), res.Failures[0]))
			default:
				w.Status(fmt.Sprintf("exported %s to %s", summary(len(res.Written), "file"), opts.Dir))
			}
		})
	}()
	return j
}

// exportSafe is export.Export behind the format panic guard.
func exportSafe(ctx context.Context, items []export.Item, opts export.Options) (export.Result, error) {
	return formats.Guard("export", func() (export.Result, error) { return export.Export(ctx, items, opts) })
}
