package ui

import (
	"context"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
)

// job is background work with a Cancel.
type job struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// openPaths opens files and folders in the background, adding each file to
// the tree as it is read (in batches), with a progress bar and Cancel.
// remember adds the paths to the recent list.
func (w *window) openPaths(paths []string, remember bool) *job {
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{cancel: cancel, done: make(chan struct{})}
	if remember {
		for _, p := range paths {
			addRecent(w.app, p)
		}
		w.rebuildRecent()
	}
	w.status.startProgress("Opening", cancel)
	opts := w.opts
	w.jobs.Add(1)
	go func() {
		defer w.jobs.Done()
		defer close(j.done)
		defer cancel()
		targets := expandPaths(ctx, paths)
		var batch []*openFile
		last := time.Now()
		flush := func(done int) {
			b := batch
			batch = nil
			fyne.Do(func() {
				w.addFiles(b)
				w.status.progress("Opening", done, len(targets))
			})
		}
		for i, t := range targets {
			if ctx.Err() != nil {
				break
			}
			if f := openDisk(t.path, t.name, &opts, t.fromFolder); f != nil {
				// Index the root here, off the UI goroutine (formats cache
				// their children): showing the file then detects nothing.
				safeChildren(f.root)
				batch = append(batch, f)
			}
			if time.Since(last) > 100*time.Millisecond {
				flush(i + 1)
				last = time.Now()
			}
		}
		flush(len(targets))
		cancelled := ctx.Err() != nil // read now: the deferred cancel runs before fyne.Do's func
		fyne.Do(func() {
			w.status.endProgress()
			if cancelled {
				w.Status("opening cancelled")
			} else if len(targets) == 0 {
				w.Status("nothing to open")
			}
		})
	}()
	return j
}

// waitJobs waits until background work has finished (for tests and the
// screenshot mode).
func (w *window) waitJobs() { w.jobs.Wait() }

// addFiles adds opened files and selects the first one when nothing is
// selected yet.
func (w *window) addFiles(fs []*openFile) {
	if len(fs) == 0 {
		return
	}
	first := ""
	for _, f := range fs {
		it := w.addFile(f)
		if first == "" {
			first = it.uid
		}
	}
	if w.model.filter != nil {
		w.applyFilter()
	}
	w.tree.Refresh()
	if w.sel == nil && first != "" {
		if w.model.isBranch(first) && len(w.files) == len(fs) {
			w.tree.OpenBranch(first) // a fresh window shows the first file opened
		}
		w.selectUID(first)
	}
	w.Status("opened " + summary(len(fs), "file"))
}

// openFileDialog is File › Open….
func (w *window) openFileDialog() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			w.setError(err)
			return
		}
		if r == nil {
			return
		}
		p := r.URI().Path()
		r.Close()
		setLastFolder(w.app, filepath.Dir(p))
		w.openPaths([]string{p}, true)
	}, w.win)
	w.atLastFolder(d)
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// openFolderDialog is File › Open folder….
func (w *window) openFolderDialog() {
	d := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err != nil {
			w.setError(err)
			return
		}
		if u == nil {
			return
		}
		setLastFolder(w.app, u.Path())
		w.openPaths([]string{u.Path()}, true)
	}, w.win)
	w.atLastFolder(d)
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// atLastFolder starts a file dialog in the last used folder.
func (w *window) atLastFolder(d *dialog.FileDialog) {
	if dir := lastFolder(w.app); dir != "" {
		if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			d.SetLocation(l)
		}
	}
}
