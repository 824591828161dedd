package ui

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
)

// fileList is the open files, each a root of the tree: File › Open…, Open
// folder…, Recent, files dropped on the window or handed over by a later
// instance, opened in the background with the status bar's progress; the
// side files every open file shares (File › Set material library…, Set
// texture dictionary…, sidefiles.go); closing a file.
type fileList struct {
	app        fyne.App // preferences (recent files, the last folder)
	win        fyne.Window
	opts       *formats.Options // shared by every open file
	jobs       *sync.WaitGroup
	files      []*openFile
	recentMenu *fyne.Menu
	bar        *menuBar

	uiDo func(func()) // runs the open's UI work one at a time with the folder roots' (folderCtl.do); nil: fyne.Do

	tree    fileTree
	members memberList // nil: no folder roots
	host    fileHost
	shown   sideFileView
	status  fileStatus
}

// fileTree is what the open files ask of the tree.
type fileTree interface {
	selection
	addRoots(fs []*openFile, fresh bool) // show them; fresh: the window's first files
	dropRoot(f *openFile)                // its members close with it
	selectUID(uid string)
}

// memberList is what the open files ask of the folder roots: the files
// opened in them (folderroot.go).
type memberList interface {
	membersOf(f *openFile) []*openFile // the files open in the folder root f
	openMembers() []*openFile          // the files open in every folder root
}

// fileHost is what the open files ask of the window.
type fileHost interface {
	forget(f *openFile) // a file closes: its edits and export marks go
	refreshEditState()  // Save, the menus and the title follow the files
}

// sideFileView is what a new side file asks of the inspector.
type sideFileView interface {
	reshow() // the tabs resolve again with the new side file
}

// fileStatus is what opening shows in the status bar.
type fileStatus interface {
	reporter
	progressor
}

// addMenus registers File › Open…, Open folder…, Recent and the side
// files.
func (c *fileList) addMenus(b *menuBar) {
	c.bar = b
	open := fyne.NewMenuItem(lang.X("menu.file.open", "Open…"), c.openFileDialog)
	open.Shortcut = ctrl(fyne.KeyO)
	open.Icon = theme.FolderOpenIcon()
	openDir := fyne.NewMenuItem(lang.X("menu.file.open_folder", "Open folder…"), c.openFolderDialog)
	openAnims := fyne.NewMenuItem(lang.X("anim.menu.open", "Open animations…"), func() { c.OpenAnimations(nil) })
	recent := fyne.NewMenuItem(lang.X("menu.file.recent", "Recent"), nil)
	c.recentMenu = fyne.NewMenu(recent.Label)
	recent.ChildMenu = c.recentMenu
	materials := fyne.NewMenuItem(lang.X("menu.file.set_materials", "Set material library…"), c.materialLibraryDialog)
	txds := fyne.NewMenuItem(lang.X("menu.file.set_txd", "Set texture dictionary…"), c.textureDictionaryDialog)
	b.add(fileOpen, open, openDir, openAnims, recent, materials, txds)
	c.rebuildRecent()
}

// toolbarButton makes the toolbar's Open button.
func (c *fileList) toolbarButton() *widget.Button {
	return widget.NewButtonWithIcon(lang.X("toolbar.open", "Open"), theme.FolderOpenIcon(), c.openFileDialog)
}

// openFiles are the open files, in the tree's order.
func (c *fileList) openFiles() []*openFile { return c.files }

// allFiles are the open files and the files opened in folder roots.
func (c *fileList) allFiles() []*openFile {
	if c.members == nil {
		return c.files
	}
	return append(slices.Clone(c.files), c.members.openMembers()...)
}

// membersOf are the files opened in the folder root f.
func (c *fileList) membersOf(f *openFile) []*openFile {
	if c.members == nil {
		return nil
	}
	return c.members.membersOf(f)
}

// currentFile is the file of the selection, or the only open file.
func (c *fileList) currentFile() *openFile {
	if sel := c.tree.current(); sel != nil && sel.file != nil && sel.file.uid != "" {
		return sel.file
	}
	if len(c.files) == 1 {
		return c.files[0]
	}
	return nil
}

// removeFile closes f and drops it from the tree, the undo history and the
// export marks.
func (c *fileList) removeFile(f *openFile) {
	for i, g := range c.files {
		if g == f {
			c.files = append(c.files[:i:i], c.files[i+1:]...)
			break
		}
	}
	c.host.forget(f)
	c.tree.dropRoot(f)
	f.close()
	c.host.refreshEditState()
}

// closeAll closes every file's handle (the window quits).
func (c *fileList) closeAll() {
	for _, f := range c.files {
		f.close()
	}
}

// rebuildRecent fills File › Recent from the preferences.
func (c *fileList) rebuildRecent() {
	if c.recentMenu == nil {
		return
	}
	var items []*fyne.MenuItem
	for _, p := range recentFiles(c.app) {
		items = append(items, fyne.NewMenuItem(p, func() { c.openRecent(p) }))
	}
	if len(items) == 0 {
		none := fyne.NewMenuItem(lang.X("menu.file.recent.none", "(none)"), nil)
		none.Disabled = true
		items = append(items, none)
	} else {
		items = append(items, fyne.NewMenuItemSeparator(), fyne.NewMenuItem(lang.X("menu.file.recent.clear", "Clear recent"), func() {
			clearRecent(c.app)
			c.rebuildRecent()
		}))
	}
	c.recentMenu.Items = items
	c.bar.refresh()
}

// job is background work with a Cancel.
type job struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// openPaths opens files and folders in the background, adding each file to
// the tree as it is read (in batches), with a progress bar and Cancel; the
// first file opened is selected and scrolled into view. remember adds the
// paths that exist to the recent list.
func (c *fileList) openPaths(paths []string, remember bool) *job {
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{cancel: cancel, done: make(chan struct{})}
	if remember {
		for _, p := range paths {
			if _, err := os.Stat(p); err == nil {
				addRecent(c.app, p)
			}
		}
		c.rebuildRecent()
	}
	c.status.startProgress(lang.X("open.progress", "Opening"), cancel)
	// Every file shares the window's options, so File › Set material
	// library… reaches files opened later as well as the open ones. The
	// options are only written on the UI goroutine.
	opts := c.opts
	// Files already open are selected, not opened again (a Recent entry or
	// a double-click on an open file would add a second root).
	open := map[string]string{} // absolute path → root uid, read on the goroutine
	for _, f := range c.files {
		if f.path != "" {
			if abs, err := filepath.Abs(f.path); err == nil {
				open[abs] = f.uid
			}
		}
	}
	c.jobs.Add(1)
	go func() {
		defer c.jobs.Done()
		defer close(j.done)
		defer cancel()
		targets, again := dropOpen(targetsOf(paths), open)
		if len(targets) == 0 && again != "" {
			c.do(func() {
				c.tree.selectUID(again)
				c.status.Status(lang.X("open.already", "already open"))
			})
		}
		var batch []*openFile
		last := time.Now()
		shown := false // the first file is selected; used on the UI goroutine only
		flush := func(done int) {
			b := batch
			batch = nil
			c.do(func() {
				c.addFiles(b)
				if !shown && len(b) > 0 {
					shown = true
					c.tree.selectUID(b[0].uid)
				}
				c.status.progress(lang.X("open.progress", "Opening"), done, len(targets))
			})
		}
		for i, t := range targets {
			if ctx.Err() != nil {
				break
			}
			f := openDisk(t.path, t.name, opts)
			if f.folder == nil {
				// Index the root here, off the UI goroutine (formats cache
				// their children): showing the file then detects nothing.
				// (A folder root is listed by the tree, in the background.)
				formats.SafeChildren(f.root)
			}
			batch = append(batch, f)
			if time.Since(last) > 100*time.Millisecond {
				flush(i + 1)
				last = time.Now()
			}
		}
		flush(len(targets))
		cancelled := ctx.Err() != nil // read now: the deferred cancel runs before fyne.Do's func
		c.do(func() {
			c.status.endProgress()
			if cancelled {
				c.status.Status(lang.X("open.cancelled", "opening cancelled"))
			} else if len(targets) == 0 && again == "" {
				c.status.Status(lang.X("open.nothing", "nothing to open"))
			}
		})
	}()
	return j
}

// do runs f as work of the UI goroutine through uiDo, or fyne.Do.
func (c *fileList) do(f func()) {
	if c.uiDo != nil {
		c.uiDo(f)
		return
	}
	fyne.Do(f)
}

// openRecent is a File › Recent entry. A file or folder that no longer
// exists is reported and dropped from the list rather than opened as a
// broken root.
func (c *fileList) openRecent(path string) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		removeRecent(c.app, path)
		c.rebuildRecent()
		c.status.setError(failure(lang.X("open.recent_gone", "{{.Path}} no longer exists: removed from Recent", map[string]any{"Path": path}), err))
		return
	}
	c.openPaths([]string{path}, true)
}

// addFiles adds opened files as roots of the tree and selects the first
// one when nothing is selected yet.
func (c *fileList) addFiles(fs []*openFile) {
	if len(fs) == 0 {
		return
	}
	fresh := len(c.files) == 0
	c.files = append(c.files, fs...)
	c.tree.addRoots(fs, fresh)
	broken := 0
	for _, f := range fs {
		if f.err != nil {
			broken++
		}
	}
	if broken > 0 {
		// Not a modal: the broken roots are marked ✕ and say why.
		c.status.setError(failure(lang.XN("open.opened_broken", "opened {{.PluralCount}} files, {{.Broken}} could not be read (marked ✕)",
			len(fs), map[string]any{"PluralCount": len(fs), "Broken": broken}), nil))
		return
	}
	c.status.Status(lang.XN("open.opened", "opened {{.PluralCount}} files", len(fs)))
}

// openFileDialog is File › Open….
func (c *fileList) openFileDialog() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			c.status.setError(err)
			return
		}
		if r == nil {
			return
		}
		p := r.URI().Path()
		r.Close()
		setLastFolder(c.app, filepath.Dir(p))
		c.openPaths([]string{p}, true)
	}, c.win)
	c.atLastFolder(d)
	d.Resize(dialogSize(c.win, 900, 600))
	d.Show()
}

// openFolderDialog is File › Open folder….
func (c *fileList) openFolderDialog() {
	d := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err != nil {
			c.status.setError(err)
			return
		}
		if u == nil {
			return
		}
		setLastFolder(c.app, u.Path())
		c.openPaths([]string{u.Path()}, true)
	}, c.win)
	c.atLastFolder(d)
	d.Resize(dialogSize(c.win, 900, 600))
	d.Show()
}

// atLastFolder starts a file dialog in the last used folder, else in the
// folder of the selected file (opened from the command line, say).
func (c *fileList) atLastFolder(d *dialog.FileDialog) {
	if dir := c.startFolder(); dir != "" {
		if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			d.SetLocation(l)
		}
	}
}

// startFolder is where file dialogs start: the last used folder, else the
// folder of the current file, else "" (the dialog's default).
func (c *fileList) startFolder() string {
	if dir := lastFolder(c.app); dir != "" {
		return dir
	}
	if f := c.currentFile(); f != nil && f.path != "" {
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
