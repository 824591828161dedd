package ui

import (
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/samples"
	"rummage/ui/inspect"
)

// window is the one Rummage window: the tree on the left, the inspector on
// the right, the status bar below. It is made of small controllers, each
// given only what it needs (the narrow interfaces declared beside it, as
// ui/inspect.Host serves the inspectors), and only wires them:
//
//	statusBar    status.go, messages.go  the line under the window, progress, View › Messages
//	inspector    inspector.go            the right side: header, problems card, tabs
//	treeCtl      nav.go, reopen.go       the tree's model and the selection; a saved file's tree again
//	navTree      treeview.go, treekeys.go  the tree widget: rows, clicks, keyboard
//	markSet      marks.go                nodes marked for export (Ctrl/Shift+click, Ctrl+A)
//	filterEntry  filterbox.go            the filter box
//	fileList     open.go, sidefiles.go   open and recent files, the side files, closing
//	editHistory  edits.go                undo and redo of the inspectors' edits
//	saveCtl      save.go, unsaved.go     Save, Save as…, Close and Quit with their question
//	exportCtl    export*.go              Export… and its background work
//	viewCtl      view.go, settings.go    theme, texture background, preview reset, Settings
//	helpDialog   about.go                Help › Formats, Shortcuts, About
//	nodeActions  nodeactions.go          Copy path, Show in hex, Open containing folder
//	menuBar      menubar.go              the main menu and the row menu, from registrations
//
// The window is the inspectors' inspect.Host.
type window struct {
	app  fyne.App
	win  fyne.Window
	opts formats.Options // shared by every open file
	jobs sync.WaitGroup  // background work (tests wait on it)

	status   *statusBar
	insp     *inspector
	nav      *treeCtl
	marks    *markSet
	filter   *filterEntry
	opened   *fileList
	edits    *editHistory
	saver    *saveCtl
	exporter *exportCtl
	view     *viewCtl
	help     *helpDialog
	node     *nodeActions
	menus    *menuBar
	rows     rowMenu

	// laterTab is a --screenshot --tab to select once the folder roots'
	// background work is done (screenshot.go).
	laterTab string
}

var _ inspect.Host = (*window)(nil)

// newWindow builds the window (not shown yet).
func newWindow(a fyne.App, opts formats.Options) *window {
	applyThemePref(a) // before any widget is made: the desktop driver refreshes none made before
	if opts.Libraries == nil {
		opts.Libraries = samples.Libraries // in-memory samples resolve their materials
	}
	w := &window{app: a, opts: opts}
	w.win = a.NewWindow("Rummage")
	w.wire()
	w.win.SetContent(w.layout())
	w.installMenus()
	inspect.SetAnimationSources(w.opened) // the Preview's Animation row lists open .ifp/.omf files (animsources.go)
	w.win.SetOnDropped(w.onDropped)
	w.win.SetCloseIntercept(w.saver.quit)
	installLazyFiles() // Save as… must not truncate the file it replaces
	loadSettings(a)
	w.win.Resize(largeWindow) // cut to the screen by Run (fitScreen)
	w.refreshEditState()
	return w
}

// wire makes the controllers, each with what it asks for.
func (w *window) wire() {
	a, win := w.app, w.win
	w.nav = newTreeCtl(win, w, &w.jobs)
	w.nav.folders.forgetFile = w.forget
	awaitStartFonts() // before the first label
	w.status = newStatusBar(a, win, w.nav)
	st := w.status
	w.insp = newInspector(a, w, st)
	w.marks = newMarkSet(w.nav, st, func() { w.exporter.refreshButton() })
	w.filter = newFilterEntry(w.nav.model, w.nav, st)
	w.nav.build(w.filter, w.marks, w.insp, w.rows.items)
	w.opened = &fileList{app: a, win: win, opts: &w.opts, jobs: &w.jobs, uiDo: w.nav.folders.do, tree: w.nav, members: w.nav.folders, host: w, shown: w.insp, status: st}
	w.edits = newEditHistory(w.nav, w.insp, st, w.edited)
	w.saver = &saveCtl{app: a, win: win, opts: &w.opts, files: w.opened, tree: w.nav, host: w, report: st}
	w.exporter = &exportCtl{app: a, win: win, jobs: &w.jobs, sel: w.nav, marks: w.marks, model: w.nav.model, files: w.opened, status: st}
	w.view = &viewCtl{app: a, win: win, shown: w.insp, recent: w.opened, report: st}
	w.help = &helpDialog{app: a, win: win}
	w.node = &nodeActions{app: a, sel: w.nav, hex: w.insp, report: st, jobs: &w.jobs}
	w.rows.add(rowExport, w.exporter.rowEntries)
	w.rows.add(rowExport, w.marks.rowEntries)
	w.rows.add(rowNode, w.node.rowEntries)
}

// layout is the window's content: the toolbar ([Open] [Export…] [Save])
// and the filter box above, the tree and the inspector side by side, the
// status bar below.
func (w *window) layout() fyne.CanvasObject {
	toolbar := container.NewHBox(w.opened.toolbarButton(), w.exporter.toolbarButton(), w.saver.toolbarButton())
	top := container.NewBorder(nil, nil, toolbar, nil, w.filter)
	// The split's divider is drawn in the shadow colour, which hardly shows
	// on the dark theme: its grip then looks like a stray line. A separator
	// along the tree's edge makes the divider itself visible.
	split := container.NewHSplit(container.NewBorder(nil, nil, nil, widget.NewSeparator(), w.nav.view), w.insp.content)
	split.Offset = 0.3
	return container.NewBorder(top, w.status.content, nil, nil, split)
}

// installMenus builds the main menu (File, Edit, View, Help) from the
// controllers' registrations, in the order of docs/window.md.
func (w *window) installMenus() {
	b := newMenuBar()
	w.opened.addMenus(b)   // Open…, Open folder…, Recent, side files
	w.saver.addMenus(b)    // Save, Save as…; Close, Quit
	w.exporter.addMenus(b) // Export…
	w.edits.addMenus(b)    // Undo, Redo
	find := fyne.NewMenuItem(lang.X("menu.edit.find", "Find"), func() { w.win.Canvas().Focus(w.filter) })
	find.Shortcut = ctrl(fyne.KeyF)
	b.add(editNode, find)
	w.node.addMenus(b) // Copy path, Show in hex
	w.view.addMenus(b) // themes, texture background, Reset preview, Settings…
	b.add(viewShow, w.nav.folders.showUnrecognisedItem(w.app, b.refresh))
	w.status.addMenus(b)
	w.help.addMenus(b)
	b.install(w.win)
	w.menus = b
}

// Window returns the main window.
func (w *window) Window() fyne.Window { return w.win }

// Options returns the reading options.
func (w *window) Options() *formats.Options { return &w.opts }

// Status shows a message in the status bar.
func (w *window) Status(msg string) { w.status.Status(msg) }

// SelectNode selects n in the tree, opening its parents; a node that is
// not in the tree is shown alone.
func (w *window) SelectNode(n formats.Node) { w.nav.SelectNode(n) }

// Apply runs an inspector's edit (see editHistory).
func (w *window) Apply(n formats.Node, e inspect.Edit) { w.edits.Apply(n, e) }

// Export opens Export… on n (see exportCtl).
func (w *window) Export(n formats.Node, as string) { w.exporter.Export(n, as) }

// showItem is what follows the selection: the inspector, the status bar
// and the edit state.
func (w *window) showItem(it *item) {
	w.insp.show(it)
	w.status.showItem(it)
	w.refreshEditState()
}

// edited shows what an edit, undo or redo may have changed: the
// selection's offset, size and header facts (an edited entry has no file
// offset until it is saved), Save, the menus and the title.
func (w *window) edited() {
	if sel := w.nav.current(); sel != nil {
		w.status.showItem(sel)
		w.insp.refreshHeader()
	}
	w.refreshEditState()
}

// forget drops what refers to f's nodes: its edits and export marks (f
// was closed, or saved and read back).
func (w *window) forget(f *openFile) {
	w.edits.dropFile(f)
	w.marks.unmarkFile(f.uid)
}

// refreshEditState updates the Save button, menus, title and status:
// Save is enabled when the selected file has edits to save.
func (w *window) refreshEditState() {
	f := w.opened.currentFile()
	w.saver.refresh(f)
	w.exporter.refreshButton()
	w.status.showEditState(f)
	w.edits.updateMenu()
	w.updateTitle(f)
}

// updateTitle shows the current file and its edit state in the title.
func (w *window) updateTitle(f *openFile) {
	t := "Rummage"
	if f != nil {
		t = f.name + " — Rummage"
		if f.dirty() {
			t = "● " + t
		}
	}
	w.win.SetTitle(t)
}

// waitJobs waits until background work has finished (for tests and the
// screenshot mode).
func (w *window) waitJobs() { w.jobs.Wait() }

// onDropped opens files and folders dropped on the window.
// It is the window's SetOnDropped handler; the opening runs in the
// background (see waitJobs).
func (w *window) onDropped(_ fyne.Position, uris []fyne.URI) {
	var paths []string
	for _, u := range uris {
		if u == nil || u.Scheme() != "file" {
			continue
		}
		paths = append(paths, u.Path())
	}
	if len(paths) == 0 {
		return
	}
	if w.insp.takeDrop(paths) {
		return
	}
	w.opened.openPaths(paths, true)
}
