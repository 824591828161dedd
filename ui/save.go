package ui

import (
	"errors"
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"rummage/formats"
)

// errNoFile is reported when a command needs a selected file.
var errNoFile = errors.New("select a node of the file first")

// save is File › Save: the selected file's root is written back with
// formats.SaveFile (temp file, .bak, rename). Files opened from memory
// (the samples) go to Save as….
func (w *window) save() {
	f := w.currentFile()
	if f == nil {
		w.setError(errNoFile)
		return
	}
	if f.path == "" {
		w.saveAs()
		return
	}
	w.setError(w.saveTo(f, f.path))
}

// saveTo writes f to path and clears its edit state.
func (w *window) saveTo(f *openFile, path string) error {
	s, ok := f.saver()
	if !ok {
		return fmt.Errorf("%s: this format cannot be saved", f.name)
	}
	if err := saveSafe(path, s); err != nil {
		return err
	}
	f.changes = 0
	f.path = path
	w.Status("saved " + path)
	w.refreshItem(f.uid)
	w.refreshEditState()
	return nil
}

// saveSafe is formats.SaveFile behind the format panic guard.
func saveSafe(path string, s formats.Saver) error {
	return formats.GuardErr("save "+path, func() error { return formats.SaveFile(path, s) })
}

// saveAs is File › Save as….
func (w *window) saveAs() {
	f := w.currentFile()
	if f == nil {
		w.setError(errNoFile)
		return
	}
	if _, ok := f.saver(); !ok {
		w.setError(fmt.Errorf("%s: this format cannot be saved", f.name))
		return
	}
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil {
			w.setError(err)
			return
		}
		if wc == nil {
			return
		}
		p := wc.URI().Path()
		wc.Close() // SaveFile writes the file itself (temp + rename)
		setLastFolder(w.app, filepath.Dir(p))
		w.setError(w.saveTo(f, p))
	}, w.win)
	d.SetFileName(filepath.Base(f.name))
	if dir := lastFolder(w.app); dir != "" {
		if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			d.SetLocation(l)
		}
	}
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// closeCurrent is File › Close: asks first when the file has unsaved edits.
func (w *window) closeCurrent() {
	f := w.currentFile()
	if f == nil {
		return
	}
	w.confirmDiscard([]*openFile{f}, func() {
		w.removeFile(f)
		w.Status("closed " + f.name)
	})
}

// quit is File › Quit and the window's close button: asks first when any
// file has unsaved edits.
func (w *window) quit() {
	w.confirmDiscard(w.files, func() {
		w.quitting = true
		for _, f := range w.files {
			f.close()
		}
		w.app.Quit()
	})
}

// confirmDiscard runs then at once when none of files has unsaved edits,
// otherwise after the user agrees to lose them.
func (w *window) confirmDiscard(files []*openFile, then func()) {
	var dirty []string
	for _, f := range files {
		if f.dirty() {
			dirty = append(dirty, f.name)
		}
	}
	if len(dirty) == 0 {
		then()
		return
	}
	msg := fmt.Sprintf("%s has unsaved edits. Close without saving?", dirty[0])
	if len(dirty) > 1 {
		msg = fmt.Sprintf("%d files have unsaved edits. Close without saving?", len(dirty))
	}
	dialog.ShowConfirm("Unsaved edits", msg, func(ok bool) {
		if ok {
			then()
		}
	}, w.win)
}
