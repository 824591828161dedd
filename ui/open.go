package ui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"rummage/formats"
)

// job is background work with a Cancel.
type job struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// openPaths opens files and folders in the background, adding each file to
// the tree as it is read (in batches), with a progress bar and Cancel; the
// first file opened is selected and scrolled into view. remember adds the
// paths that exist to the recent list.
func (w *window) openPaths(paths []string, remember bool) *job {
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{cancel: cancel, done: make(chan struct{})}
	if remember {
		for _, p := range paths {
			if _, err := os.Stat(p); err == nil {
				addRecent(w.app, p)
			}
		}
		w.rebuildRecent()
	}
	w.status.startProgress("Opening", cancel)
	// Every file shares the window's options, so File › Set material
	// library… reaches files opened later as well as the open ones. The
	// options are only written on the UI goroutine.
	opts := &w.opts
	// Files already open are selected, not opened again (a Recent entry or
	// a double-click on an open file would add a second root).
	open := map[string]string{} // absolute path → root uid, read on the goroutine
	for _, f := range w.files {
		if f.path != "" {
			if abs, err := filepath.Abs(f.path); err == nil {
				open[abs] = f.uid
			}
		}
	}
	w.jobs.Add(1)
	go func() {
		defer w.jobs.Done()
		defer close(j.done)
		defer cancel()
		targets, again := dropOpen(expandPaths(ctx, paths), open)
		if len(targets) == 0 && again != "" {
			fyne.Do(func() {
				w.selectUID(again)
				w.Status("already open")
			})
		}
		var batch []*openFile
		last := time.Now()
		shown := false // the first file is selected; used on the UI goroutine only
		flush := func(done int) {
			b := batch
			batch = nil
			fyne.Do(func() {
				w.addFiles(b)
				if !shown && len(b) > 0 {
					shown = true
					w.selectUID(b[0].uid)
				}
				w.status.progress("Opening", done, len(targets))
			})
		}
		for i, t := range targets {
			if ctx.Err() != nil {
				break
			}
			if f := openDisk(t.path, t.name, opts, t.fromFolder); f != nil {
				// Index the root here, off the UI goroutine (formats cache
				// their children): showing the file then detects nothing.
				formats.SafeChildren(f.root)
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
			} else if len(targets) == 0 && again == "" {
				w.Status("nothing to open")
			}
		})
	}()
	return j
}

// openRecent is a File › Recent entry. A file or folder that no longer
// exists is reported and dropped from the list rather than opened as a
// broken root.
func (w *window) openRecent(path string) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		removeRecent(w.app, path)
		w.rebuildRecent()
		w.setError(fmt.Errorf("%s no longer exists: removed from Recent", path))
		return
	}
	w.openPaths([]string{path}, true)
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
	broken := 0
	for _, f := range fs {
		if f.err != nil {
			broken++
		}
	}
	if broken > 0 {
		// Not a modal: the broken roots are marked ✕ and say why.
		w.setError(fmt.Errorf("opened %s, %d could not be read (marked ✕)", summary(len(fs), "file"), broken))
		return
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

// atLastFolder starts a file dialog in the last used folder, else in the
// folder of the selected file (opened from the command line, say).
func (w *window) atLastFolder(d *dialog.FileDialog) {
	if dir := w.startFolder(); dir != "" {
		if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			d.SetLocation(l)
		}
	}
}

// startFolder is where file dialogs start: the last used folder, else the
// folder of the current file, else "" (the dialog's default).
func (w *window) startFolder() string {
	if dir := lastFolder(w.app); dir != "" {
		return dir
	}
	if f := w.currentFile(); f != nil && f.path != "" {
		if abs, err := filepath.Abs(filepath.Dir(f.path)); err == nil {
			return abs
		}
	}
	return ""
}

// dropOpen removes the targets that are open already (open maps their
// absolute paths to root uids); again is the uid of the first one dropped.
func dropOpen(targets []target, open map[string]string) (keep []target, again string) {
	for _, t := range targets {
		if abs, err := filepath.Abs(t.path); err == nil {
			if uid, ok := open[abs]; ok {
				if again == "" {
					again = uid
				}
				continue
			}
		}
		keep = append(keep, t)
	}
	return keep, again
}
