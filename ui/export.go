package ui

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"rummage/formats/export"
)

// exportSelected is Export…: asks for a folder and a format, then runs the
// export plan of formats/export in the background with a progress bar. It
// exports the nodes marked for export (right-click › Mark for export), or
// the selected node when none is marked.
func (w *window) exportSelected() {
	items, what := w.exportItems()
	if len(items) == 0 {
		w.setError(errNoFile)
		return
	}

	dir := widget.NewEntry()
	dir.SetText(lastExportDir(w))
	choose := widget.NewButton("Choose…", func() {
		d := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
			if err == nil && u != nil {
				dir.SetText(u.Path())
			}
		}, w.win)
		d.Resize(fyne.NewSize(900, 600))
		d.Show()
	})
	as := widget.NewSelect(append([]string{"by kind"}, export.Formats...), nil)
	as.SetSelected("by kind")
	mips := widget.NewCheck("every mip level (NAME_mipN.png)", nil)
	form := widget.NewForm(
		widget.NewFormItem("Nodes", widget.NewLabel(what)),
		widget.NewFormItem("Folder", container.NewBorder(nil, nil, nil, choose, dir)),
		widget.NewFormItem("As", as),
		widget.NewFormItem("Textures", mips),
	)
	d := dialog.NewCustomConfirm("Export", "Export", "Cancel", form, func(ok bool) {
		if !ok {
			return
		}
		opts := export.Options{Dir: dir.Text, AllMips: mips.Checked}
		if as.Selected != "by kind" {
			opts.As = as.Selected
		}
		w.app.Preferences().SetString("exportDir", dir.Text)
		w.runExport(items, opts)
	}, w.win)
	d.Resize(fyne.NewSize(640, 0))
	d.Show()
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

// lastExportDir is the folder of the last export (or the file's folder).
func lastExportDir(w *window) string {
	if d := w.app.Preferences().String("exportDir"); d != "" {
		return d
	}
	if f := w.currentFile(); f != nil && f.path != "" {
		return filepath.Join(filepath.Dir(f.path), "export")
	}
	return "export"
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

// exportSafe is export.Export with panics from format code recovered.
func exportSafe(ctx context.Context, items []export.Item, opts export.Options) (res export.Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &PanicError{Where: "export", Value: r}
		}
	}()
	return export.Export(ctx, items, opts)
}
