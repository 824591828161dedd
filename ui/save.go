package ui

import (
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
)

// errNoFile is reported when a command needs a selected file.
func errNoFile() error {
	return failure(lang.X("save.no_file", "select a node of the file first"), nil)
}

// errCannotSave is reported when f's format cannot be saved.
func errCannotSave(f *openFile) error {
	return failure(lang.X("save.unsupported", "{{.Name}}: this format cannot be saved", map[string]any{"Name": f.name}), nil)
}

// saveCtl is saving and closing: File › Save (Ctrl+S, the Save button),
// Save as…, Close (Ctrl+W) and Quit (Ctrl+Q, the window's close button),
// which ask first when edits are unsaved (unsaved.go). A saved file is read
// back and shown as saved (reopen.go).
type saveCtl struct {
	app                  fyne.App // preferences (backups, the last folder), Quit
	win                  fyne.Window
	opts                 *formats.Options
	button               *widget.Button
	saveItem, saveAsItem *fyne.MenuItem
	quitting             bool
	asking               bool // the unsaved-edits question is on show

	files  saveFiles
	tree   saveTree
	host   fileHost
	report reporter
}

// saveFiles is what saving and closing ask of the open files.
type saveFiles interface {
	currentFile() *openFile
	openFiles() []*openFile
	allFiles() []*openFile             // the roots and the files opened in folder roots
	membersOf(f *openFile) []*openFile // the files opened in the folder root f
	removeFile(f *openFile)
	closeAll()
	atLastFolder(d *dialog.FileDialog) // a file dialog starts where the last one ended
}

// saveTree is what saving asks of the tree.
type saveTree interface {
	reload(f *openFile, swap func()) // show f's new tree (swap puts it in) as the old one was shown
	clearEditMarks(f *openFile)
}

// addMenus registers File › Save, Save as…, Close and Quit.
func (c *saveCtl) addMenus(b *menuBar) {
	c.saveItem = fyne.NewMenuItem(lang.X("menu.file.save", "Save"), c.save)
	c.saveItem.Shortcut = ctrl(fyne.KeyS)
	c.saveItem.Icon = theme.DocumentSaveIcon()
	c.saveAsItem = fyne.NewMenuItem(lang.X("menu.file.save_as", "Save as…"), c.saveAs)
	b.add(fileSave, c.saveItem, c.saveAsItem)
	closeF := fyne.NewMenuItem(lang.X("menu.file.close", "Close"), c.closeCurrent)
	closeF.Shortcut = ctrl(fyne.KeyW)
	quit := fyne.NewMenuItem(lang.X("menu.file.quit", "Quit"), c.quit)
	quit.Shortcut = ctrl(fyne.KeyQ)
	quit.IsQuit = true
	b.add(fileClose, closeF, quit)
}

// toolbarButton makes the toolbar's Save button.
func (c *saveCtl) toolbarButton() *widget.Button {
	c.button = widget.NewButtonWithIcon(lang.X("toolbar.save", "Save"), theme.DocumentSaveIcon(), c.save)
	return c.button
}

// refresh enables Save when f has edits to save, Save as… when it can be
// saved at all.
func (c *saveCtl) refresh(f *openFile) {
	canSave := false
	if f != nil {
		_, canSave = f.saver()
	}
	pending := canSave && f.dirty()
	if c.button != nil {
		if pending {
			c.button.Enable()
		} else {
			c.button.Disable()
		}
	}
	if c.saveItem != nil {
		c.saveItem.Disabled, c.saveAsItem.Disabled = !pending, !canSave
	}
}

// save is File › Save, the Save button and Ctrl+S: the selected file's
// root is written back with formats.SaveFileWith (temp file, backup,
// rename). Without pending edits nothing is written. Files opened from
// memory (the samples) go to Save as….
func (c *saveCtl) save() {
	f := c.files.currentFile()
	switch {
	case f == nil:
		c.report.setError(errNoFile())
	case !f.dirty():
		c.report.Status(lang.X("save.nothing", "nothing to save"))
	case f.path == "":
		c.saveAsThen(f, nil)
	default:
		c.report.setError(c.saveTo(f, f.path))
	}
}

// saveTo writes f to path with the backups chosen in Settings and shows it
// as saved (see reopen). On failure the file on disk, f and its edits stay
// as they were.
func (c *saveCtl) saveTo(f *openFile, path string) error {
	s, ok := f.saver()
	if !ok {
		return errCannotSave(f)
	}
	if err := saveSafe(path, s, saveOptions(c.app)); err != nil {
		return failure(lang.X("save.failed", "{{.Error}} (not saved: the file on disk is unchanged and the edits are kept)",
			map[string]any{"Error": err}), err)
	}
	if path != f.path {
		f.name = filepath.Base(path)
	}
	f.path = path
	f.changes = 0
	if err := c.reopen(f); err != nil {
		c.report.setError(err)
	} else {
		c.report.Status(lang.X("save.saved", "saved {{.Path}}", map[string]any{"Path": path}))
	}
	c.closeCopies(f)
	c.host.refreshEditState()
	return nil
}

// closeCopies closes the other roots of f's file (Save as… onto a file
// that is open too): f shows it now. A copy with edits of its own stays.
func (c *saveCtl) closeCopies(f *openFile) {
	abs, err := filepath.Abs(f.path)
	if err != nil {
		return
	}
	for _, g := range slices.Clone(c.files.openFiles()) {
		if g == f || g.path == "" || g.dirty() {
			continue
		}
		if a, err := filepath.Abs(g.path); err == nil && a == abs {
			c.files.removeFile(g)
		}
	}
}

// saveSafe is formats.SaveFileWith behind the format panic guard.
func saveSafe(path string, s formats.Saver, o formats.SaveOptions) error {
	return formats.GuardErr("save "+path, func() error { return formats.SaveFileWith(path, s, o) })
}

// saveAs is File › Save as….
func (c *saveCtl) saveAs() {
	f := c.files.currentFile()
	if f == nil {
		c.report.setError(errNoFile())
		return
	}
	c.saveAsThen(f, nil)
}

// saveAsThen asks where to save f and saves it there; then, when set, runs
// after a successful save.
//
// Fyne's save dialog hands over a writer for the chosen file; the window's
// file repository (lazyfile.go) opens nothing until it is written, so an
// existing file is not truncated: the writer is closed unwritten and the
// file saved by path, atomically and with its backup.
func (c *saveCtl) saveAsThen(f *openFile, then func()) {
	if _, ok := f.saver(); !ok {
		c.report.setError(errCannotSave(f))
		return
	}
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		c.savedAs(f, wc, err, then)
	}, c.win)
	d.SetFileName(filepath.Base(f.name))
	c.files.atLastFolder(d)
	d.Resize(dialogSize(c.win, 900, 600))
	d.Show()
}

// savedAs is the Save as dialog's answer (wc nil: cancelled).
func (c *saveCtl) savedAs(f *openFile, wc fyne.URIWriteCloser, err error, then func()) {
	if err != nil {
		c.report.setError(failure(lang.X("save.save_as_failed", "save as: {{.Error}}", map[string]any{"Error": err}), err))
		return
	}
	if wc == nil {
		return
	}
	p := wc.URI().Path()
	wc.Close() // unwritten: nothing was opened (see lazyWriter)
	setLastFolder(c.app, filepath.Dir(p))
	if err := c.saveTo(f, p); err != nil {
		c.report.setError(err)
		return
	}
	if then != nil {
		then()
	}
}

// saveAll saves files one after another (one that was never on disk
// through Save as…), then runs then. A failure or a cancelled Save as…
// stops there: nothing else is saved and then does not run.
func (c *saveCtl) saveAll(files []*openFile, then func()) {
	for i, f := range files {
		if f.path == "" {
			rest := files[i+1:]
			c.saveAsThen(f, func() { c.saveAll(rest, then) })
			return
		}
		if err := c.saveTo(f, f.path); err != nil {
			c.report.setError(err)
			return
		}
	}
	then()
}
