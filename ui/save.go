package ui

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"rummage/formats"
)

// errNoFile is reported when a command needs a selected file.
var errNoFile = errors.New("select a node of the file first")

// save is File › Save, the Save button and Ctrl+S: the selected file's
// root is written back with formats.SaveFileWith (temp file, backup,
// rename). Without pending edits nothing is written. Files opened from
// memory (the samples) go to Save as….
func (w *window) save() {
	f := w.currentFile()
	switch {
	case f == nil:
		w.setError(errNoFile)
	case !f.dirty():
		w.Status("nothing to save")
	case f.path == "":
		w.saveAsThen(f, nil)
	default:
		w.setError(w.saveTo(f, f.path))
	}
}

// saveTo writes f to path with the backups chosen in Settings and shows it
// as saved (see reopen). On failure the file on disk, f and its edits stay
// as they were.
func (w *window) saveTo(f *openFile, path string) error {
	s, ok := f.saver()
	if !ok {
		return fmt.Errorf("%s: this format cannot be saved", f.name)
	}
	if err := saveSafe(path, s, saveOptions(w.app)); err != nil {
		return fmt.Errorf("%w (not saved: the file on disk is unchanged and the edits are kept)", err)
	}
	if path != f.path {
		f.name = filepath.Base(path)
	}
	f.path = path
	f.changes = 0
	if err := w.reopen(f); err != nil {
		w.setError(err)
	} else {
		w.Status("saved " + path)
	}
	w.closeCopies(f)
	w.refreshEditState()
	return nil
}

// closeCopies closes the other roots of f's file (Save as… onto a file
// that is open too): f shows it now. A copy with edits of its own stays.
func (w *window) closeCopies(f *openFile) {
	abs, err := filepath.Abs(f.path)
	if err != nil {
		return
	}
	for _, g := range slices.Clone(w.files) {
		if g == f || g.path == "" || g.dirty() {
			continue
		}
		if a, err := filepath.Abs(g.path); err == nil && a == abs {
			w.removeFile(g)
		}
	}
}

// saveSafe is formats.SaveFileWith behind the format panic guard.
func saveSafe(path string, s formats.Saver, o formats.SaveOptions) error {
	return formats.GuardErr("save "+path, func() error { return formats.SaveFileWith(path, s, o) })
}

// saveAs is File › Save as….
func (w *window) saveAs() {
	f := w.currentFile()
	if f == nil {
		w.setError(errNoFile)
		return
	}
	w.saveAsThen(f, nil)
}

// saveAsThen asks where to save f and saves it there; then, when set, runs
// after a successful save.
//
// Fyne's save dialog hands over a writer for the chosen file; the window's
// file repository (lazyfile.go) opens nothing until it is written, so an
// existing file is not truncated: the writer is closed unwritten and the
// file saved by path, atomically and with its backup.
func (w *window) saveAsThen(f *openFile, then func()) {
	if _, ok := f.saver(); !ok {
		w.setError(fmt.Errorf("%s: this format cannot be saved", f.name))
		return
	}
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		w.savedAs(f, wc, err, then)
	}, w.win)
	d.SetFileName(filepath.Base(f.name))
	w.atLastFolder(d)
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// savedAs is the Save as dialog's answer (wc nil: cancelled).
func (w *window) savedAs(f *openFile, wc fyne.URIWriteCloser, err error, then func()) {
	if err != nil {
		w.setError(fmt.Errorf("save as: %w", err))
		return
	}
	if wc == nil {
		return
	}
	p := wc.URI().Path()
	wc.Close() // unwritten: nothing was opened (see lazyWriter)
	setLastFolder(w.app, filepath.Dir(p))
	if err := w.saveTo(f, p); err != nil {
		w.setError(err)
		return
	}
	if then != nil {
		then()
	}
}

// saveAll saves files one after another (one that was never on disk
// through Save as…), then runs then. A failure or a cancelled Save as…
// stops there: nothing else is saved and then does not run.
func (w *window) saveAll(files []*openFile, then func()) {
	for i, f := range files {
		if f.path == "" {
			rest := files[i+1:]
			w.saveAsThen(f, func() { w.saveAll(rest, then) })
			return
		}
		if err := w.saveTo(f, f.path); err != nil {
			w.setError(err)
			return
		}
	}
	then()
}
