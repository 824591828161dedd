package ui

import (
	"fmt"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/samples"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

// window is the one Rummage window: the tree on the left, the inspector on
// the right, the status bar below. It is the Host of the inspector tabs.
type window struct {
	app  fyne.App
	win  fyne.Window
	opts formats.Options

	model  *treeModel
	tree   *navTree
	filter *filterEntry
	insp   *inspector
	status *statusBar
	saveB  *widget.Button
	expB   *widget.Button

	files  []*openFile
	sel    *item           // the item shown in the inspector (may be detached from the tree)
	marked map[string]bool // uids marked for a multi-node export

	undo, redo []applied
	menu       *fyne.MainMenu
	recentMenu *fyne.Menu
	undoItem   *fyne.MenuItem
	redoItem   *fyne.MenuItem
	saveItem   *fyne.MenuItem // File › Save
	saveAsItem *fyne.MenuItem // File › Save as…
	themeItems []*fyne.MenuItem
	bgMenu     *fyne.Menu // View › Texture background
	quitting   bool
	asking     bool           // the unsaved-edits question is on show
	jobs       sync.WaitGroup // background work (tests wait on it)
}

var _ inspect.Host = (*window)(nil)

// newWindow builds the window (not shown yet).
func newWindow(a fyne.App, opts formats.Options) *window {
	applyThemePref(a) // before any widget is made: the desktop driver refreshes none made before
	if opts.Libraries == nil {
		opts.Libraries = samples.Libraries // in-memory samples resolve their materials
	}
	w := &window{app: a, opts: opts, model: newTreeModel(), marked: map[string]bool{}}
	w.win = a.NewWindow("Rummage")
	w.status = newStatusBar(w)
	w.insp = newInspector(w)
	w.tree = w.newTree()
	w.filter = w.newFilterEntry()

	toolbar := w.newToolbar()
	top := container.NewBorder(nil, nil, toolbar, nil, w.filter)
	// The split's divider is drawn in the shadow colour, which hardly shows
	// on the dark theme: its grip then looks like a stray line. A separator
	// along the tree's edge makes the divider itself visible.
	split := container.NewHSplit(container.NewBorder(nil, nil, nil, widget.NewSeparator(), w.tree), w.insp.content)
	split.Offset = 0.3
	w.win.SetContent(container.NewBorder(top, w.status.content, nil, nil, split))
	w.buildMenu()
	inspect.SetAnimationSources(w) // the Preview's Animation row lists open .ifp/.omf files (animsources.go)
	w.addShortcuts()
	w.win.SetOnDropped(w.onDropped)
	w.win.SetCloseIntercept(w.quit)
	installLazyFiles() // Save as… must not truncate the file it replaces
	loadSettings(a)
	w.win.Resize(fyne.NewSize(1280, 800))
	w.refreshEditState()
	return w
}

// Window returns the main window.
func (w *window) Window() fyne.Window { return w.win }

// Options returns the reading options.
func (w *window) Options() *formats.Options { return &w.opts }

// Status shows a message in the status bar.
func (w *window) Status(msg string) { w.status.message(msg, false) }

// setError shows an error in the status bar (errors never pop a modal).
func (w *window) setError(err error) {
	if err != nil {
		w.status.message(err.Error(), true)
	}
}

// SelectNode selects n in the tree, opening its parents. A node that is not
// in the tree (found in another library) is shown in the inspector alone.
func (w *window) SelectNode(n formats.Node) {
	if n == nil {
		return
	}
	if uid, ok := w.model.uidOf(n); ok {
		w.selectUID(uid)
		return
	}
	if uid := w.findLike(n); uid != "" {
		w.selectUID(uid)
		return
	}
	w.tree.UnselectAll()
	w.show(w.detachedItem(n))
}

// detachedItem is an item for a node that is not in the tree, counted as
// part of the selection's file.
func (w *window) detachedItem(n formats.Node) *item {
	it := &item{uid: "", node: n, name: formats.SafeName(n), kind: formats.SafeKind(n), tag: formats.SafeType(n), label: formats.SafeLabel(n), err: formats.SafeErr(n), diags: formats.SafeDiagnostics(n)}
	it.file = &openFile{name: "(outside the open files)"}
	if w.sel != nil {
		it.file = w.sel.file
	}
	return it
}

// itemOf is n's item: in the tree, the selection, or a detached one.
func (w *window) itemOf(n formats.Node) *item {
	if uid, ok := w.model.uidOf(n); ok {
		return w.model.items[uid]
	}
	if w.sel != nil && formats.SameNode(w.sel.node, n) {
		return w.sel
	}
	return w.detachedItem(n)
}

// findLike finds a loaded item that stands for the same entry as n when n
// is another instance of it (containers may rebuild their child nodes after
// an edit, and lookups may return fresh nodes): same name, kind and type
// tag, preferring the current file and then the same offset. "" when there
// is no single best match.
func (w *window) findLike(n formats.Node) string {
	name, kind, tag := formats.SafeName(n), formats.SafeKind(n), formats.SafeType(n)
	off, _, hasOff := formats.SafeRange(n)
	var cur *openFile
	if w.sel != nil {
		cur = w.sel.file
	}
	best, bestScore, ties := "", -1, 0
	for uid, it := range w.model.items {
		if it.name != name || it.kind != kind || it.tag != tag || it.parent == "" {
			continue
		}
		score := 0
		if it.file == cur {
			score += 2
		}
		if o, _, ok := formats.SafeRange(it.node); ok && hasOff && o == off {
			score++
		}
		switch {
		case score > bestScore:
			best, bestScore, ties = uid, score, 1
		case score == bestScore:
			ties++
		}
	}
	if ties != 1 {
		return ""
	}
	return best
}

// selectUID opens the branches above uid, selects and shows it.
func (w *window) selectUID(uid string) {
	if w.model.items[uid] == nil {
		return
	}
	if w.model.filter != nil && !w.visibleInFilter(uid) {
		w.filter.SetText("") // the node is hidden by the filter: clear it
	}
	for _, a := range ancestors(uid) {
		w.tree.OpenBranch(a)
	}
	w.tree.Select(uid) // calls OnSelected → show
	w.tree.ScrollTo(uid)
	if w.sel == nil || w.sel.uid != uid {
		w.show(w.model.items[uid])
	}
}

// visibleInFilter reports whether uid is on a filtered path.
func (w *window) visibleInFilter(uid string) bool {
	parent := ""
	for _, a := range append(ancestors(uid), uid) {
		if !contains(w.model.childUIDs(parent), a) {
			return false
		}
		parent = a
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// show puts it in the inspector and the status bar.
func (w *window) show(it *item) {
	w.sel = it
	w.insp.show(it)
	w.status.showItem(it)
	w.refreshEditState()
}

// current returns the selected item, or nil.
func (w *window) current() *item { return w.sel }

// currentFile is the file of the selection, or the only open file.
func (w *window) currentFile() *openFile {
	if w.sel != nil && w.sel.file != nil && w.sel.file.uid != "" {
		return w.sel.file
	}
	if len(w.files) == 1 {
		return w.files[0]
	}
	return nil
}

// addFile adds an opened file as a root of the tree (refresh the tree
// and the filter afterwards: see addFiles).
func (w *window) addFile(f *openFile) *item {
	it := w.model.addRoot(f)
	w.files = append(w.files, f)
	return it
}

// removeFile closes f and drops it from the tree and the undo history.
func (w *window) removeFile(f *openFile) {
	for i, g := range w.files {
		if g == f {
			w.files = append(w.files[:i:i], w.files[i+1:]...)
			break
		}
	}
	w.undo = dropFile(w.undo, f)
	w.redo = dropFile(w.redo, f)
	if w.sel != nil && w.sel.file == f {
		w.tree.UnselectAll()
		w.sel = nil
		w.insp.show(nil)
		w.status.showItem(nil)
	}
	w.unmarkFile(f.uid)
	w.model.removeRoot(f.uid)
	f.close()
	if w.model.filter != nil {
		w.applyFilter()
	}
	w.tree.Refresh()
	w.refreshEditState()
}

// unmarkFile drops the export marks of the file whose root is uid.
func (w *window) unmarkFile(uid string) {
	for m := range w.marked {
		if m == uid || strings.HasPrefix(m, uid+"/") {
			delete(w.marked, m)
		}
	}
}

// applyFilter narrows the tree to the filter box's query.
func (w *window) applyFilter() {
	q := parseQuery(w.filter.Text)
	if q.empty() {
		had := w.model.filter != nil
		w.model.filter = nil
		w.tree.Refresh()
		if had {
			w.status.message("", false) // the match count is stale now
		}
		return
	}
	fv := w.model.buildFilter(q)
	w.model.filter = fv
	for _, uid := range fv.open {
		w.tree.OpenBranch(uid)
	}
	w.tree.Refresh()
	msg := fmt.Sprintf("%d matching", len(fv.matched))
	if len(fv.partial) > 0 {
		names := fv.partial
		if len(names) > 3 {
			names = append(names[:3:3], fmt.Sprintf("%d more", len(fv.partial)-3))
		}
		msg += fmt.Sprintf(" (searched only the first %d nodes of %s)", filterBudget, strings.Join(names, ", "))
	}
	if fv.skipped > 0 {
		msg += fmt.Sprintf(" (%s not searched: too many nodes)", summary(fv.skipped, "file"))
	}
	w.status.message(msg, false)
}

// nodePathOf is what Copy path copies: the node path as `ls --json` prints
// it, or the file's path (or name) for a root.
func nodePathOf(it *item) string {
	if it.path != "" {
		return it.path
	}
	if it.file != nil && it.file.path != "" {
		return it.file.path
	}
	return it.name
}

// copyPath copies the selected node's path to the clipboard.
func (w *window) copyPath() {
	it := w.current()
	if it == nil {
		return
	}
	p := nodePathOf(it)
	w.app.Clipboard().SetContent(p)
	w.Status("copied " + p)
}

// title updates the window title with the current file and edit state.
func (w *window) updateTitle() {
	t := "Rummage"
	if f := w.currentFile(); f != nil {
		t = f.name + " — Rummage"
		if f.dirty() {
			t = "● " + t
		}
	}
	w.win.SetTitle(t)
}

// refreshEditState updates the Save button, menus, title and status:
// Save is enabled when the selected file has edits to save.
func (w *window) refreshEditState() {
	f := w.currentFile()
	canSave := false
	if f != nil {
		_, canSave = f.saver()
	}
	pending := canSave && f.dirty()
	if w.saveB != nil {
		if pending {
			w.saveB.Enable()
		} else {
			w.saveB.Disable()
		}
	}
	if w.saveItem != nil {
		w.saveItem.Disabled, w.saveAsItem.Disabled = !pending, !canSave
	}
	w.refreshExportButton()
	w.status.showEditState(f)
	w.updateUndoMenu()
	w.updateTitle()
}

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
	for _, d := range w.insp.drops {
		if d(paths) {
			return
		}
	}
	w.openPaths(paths, true)
}

// summary is widgets.Summary under the short name the shell uses.
var summary = widgets.Summary
