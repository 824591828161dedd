package ui

import (
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/diskfolder"
)

// treeCtl is the left side's logic: the model of the open files' nodes,
// the tree widget over it (navTree: rows, clicks, keys), and the selection
// (the item on show, which may be a node found outside the tree). A saved
// file's tree comes back as it was through reload (reopen.go).
type treeCtl struct {
	model   *treeModel
	tree    *navTree
	noMatch *widget.Label     // over the tree when the filter matches nothing
	view    fyne.CanvasObject // the tree with noMatch over it
	sel     *item             // the item shown in the inspector (may be detached from the tree)
	win     fyne.Window

	host   treeHost
	filter treeFilter
	tabs   tabKeeper
	marks  rowMarks

	folders *folderCtl // folder roots: their members and background work
}

// treeHost is what the tree asks of the window: the right side and the
// status bar follow the selection.
type treeHost interface {
	showItem(it *item) // nil: nothing is shown
}

// treeFilter is what the tree asks of the filter box.
type treeFilter interface {
	clear()   // a node the filter hides is being selected
	reapply() // the tree changed under the filter (a file added, closed or saved)
}

// tabKeeper is what reopening a saved file asks of the inspector: the tab
// on show, to show it again.
type tabKeeper interface {
	tabOnShow() string
	selectTab(title string)
}

// newTreeCtl makes the tree's model, whose folder roots load in the
// background counted by jobs; build makes the widget.
func newTreeCtl(win fyne.Window, host treeHost, jobs *sync.WaitGroup) *treeCtl {
	t := &treeCtl{model: newTreeModel(), win: win, host: host}
	t.folders = newFolderCtl(t, jobs)
	return t
}

// build makes the tree widget, once the filter box, the export marks and
// the inspector (which need the tree) are made; menu gives a row's
// right-click menu.
func (t *treeCtl) build(filter treeFilter, marks rowMarks, tabs tabKeeper, menu func(it *item) []*fyne.MenuItem) {
	t.filter, t.tabs, t.marks = filter, tabs, marks
	t.tree = newNavTree(t.win, t.model, t, marks, menu)
	t.noMatch = widget.NewLabel("")
	t.noMatch.Wrapping = fyne.TextWrapWord
	t.noMatch.Alignment = fyne.TextAlignCenter
	t.noMatch.Hide()
	t.view = container.NewStack(t.tree, container.NewVBox(t.noMatch))
}

// showNoMatch says over the tree that the filter query matches nothing
// ("" hides it).
func (t *treeCtl) showNoMatch(query string) {
	if query == "" {
		t.noMatch.Hide()
		return
	}
	t.noMatch.SetText(lang.X("tree.no_match", "No match for “{{.Query}}”. Esc clears the filter.", map[string]any{"Query": query}))
	t.noMatch.Show()
}

// SelectNode selects n in the tree, opening its parents. A node that is not
// in the tree (found in another library) is shown in the inspector alone.
func (t *treeCtl) SelectNode(n formats.Node) {
	if n == nil {
		return
	}
	if uid, ok := t.model.uidOf(n); ok {
		t.selectUID(uid)
		return
	}
	if uid := t.findLike(n); uid != "" {
		t.selectUID(uid)
		return
	}
	t.tree.UnselectAll()
	t.show(t.detachedItem(n))
}

// detachedItem is an item for a node that is not in the tree, counted as
// part of the selection's file.
func (t *treeCtl) detachedItem(n formats.Node) *item {
	it := &item{uid: "", node: n, name: formats.SafeName(n), kind: formats.SafeKind(n), tag: formats.SafeType(n), label: formats.SafeLabel(n), err: formats.SafeErr(n), diags: formats.SafeDiagnostics(n)}
	it.file = &openFile{name: lang.X("tree.outside", "(outside the open files)")}
	if t.sel != nil {
		it.file = t.sel.file
	}
	return it
}

// itemOf is n's item: in the tree, the selection, or a detached one.
func (t *treeCtl) itemOf(n formats.Node) *item {
	if uid, ok := t.model.uidOf(n); ok {
		return t.model.items[uid]
	}
	if t.sel != nil && formats.SameNode(t.sel.node, n) {
		return t.sel
	}
	return t.detachedItem(n)
}

// findLike finds a loaded item that stands for the same entry as n when n
// is another instance of it (containers may rebuild their child nodes after
// an edit, and lookups may return fresh nodes): same name, kind and type
// tag, preferring the current file and then the same offset. "" when there
// is no single best match.
func (t *treeCtl) findLike(n formats.Node) string {
	name, kind, tag := formats.SafeName(n), formats.SafeKind(n), formats.SafeType(n)
	off, _, hasOff := formats.SafeRange(n)
	var cur *openFile
	if t.sel != nil {
		cur = t.sel.file
	}
	best, bestScore, ties := "", -1, 0
	for uid, it := range t.model.items {
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
func (t *treeCtl) selectUID(uid string) {
	if t.model.items[uid] == nil {
		return
	}
	if t.model.filter != nil && !t.visibleInFilter(uid) {
		t.filter.clear() // the node is hidden by the filter: clear it
	}
	for _, a := range ancestors(uid) {
		t.tree.OpenBranch(a)
	}
	t.tree.Select(uid) // calls OnSelected → show
	t.tree.ScrollTo(uid)
	if t.sel == nil || t.sel.uid != uid {
		t.show(t.model.items[uid])
	}
}

// selected is the tree widget's OnSelected: the node is shown unless it is
// on show already.
func (t *treeCtl) selected(uid string) {
	if it := t.model.items[uid]; it != nil && (t.sel == nil || t.sel.uid != uid) {
		t.show(it)
	}
}

// visibleInFilter reports whether uid is on a filtered path.
func (t *treeCtl) visibleInFilter(uid string) bool {
	parent := ""
	for _, a := range append(ancestors(uid), uid) {
		if !contains(t.model.childUIDs(parent), a) {
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

// show makes it the selection and shows it; an unopened file of a
// folder root starts opening and a folder of one not listed yet starts
// listing (it is shown again when that is done: its header counts).
func (t *treeCtl) show(it *item) {
	t.sel = it
	if it != nil {
		t.folders.touchMember(it.file)
		if loadsOnSelect(it.node) && t.model.items[it.uid] == it {
			t.model.load(it)
		}
	}
	t.host.showItem(it)
}

// loadsOnSelect reports whether n, a row of a folder root, is loaded when
// it is selected: an unopened file or a folder on disk.
func loadsOnSelect(n formats.Node) bool {
	switch n.(type) {
	case formats.Unopened, *diskfolder.Folder:
		return true
	}
	return false
}

// current returns the selected item, or nil.
func (t *treeCtl) current() *item { return t.sel }

// cursor is the uid of the selected row, "" when the selection is not in
// the tree.
func (t *treeCtl) cursor() string {
	if t.sel == nil || t.model.items[t.sel.uid] == nil {
		return ""
	}
	return t.sel.uid
}

// visibleRows are the rows the tree shows, top to bottom.
func (t *treeCtl) visibleRows() []string { return t.tree.visibleRows() }

// refreshItem redraws one row (after an edit mark changed).
func (t *treeCtl) refreshItem(uid string) {
	if uid != "" {
		t.tree.RefreshItem(uid)
	}
}

// refresh redraws the tree.
func (t *treeCtl) refresh() { t.tree.Refresh() }

// focus gives the tree the keyboard.
func (t *treeCtl) focus() { t.win.Canvas().Focus(t.tree) }

// openBranches are the loaded branches the tree shows open.
func (t *treeCtl) openBranches() []string {
	var open []string
	for uid, it := range t.model.items {
		if it.branch && t.tree.IsBranchOpen(uid) {
			open = append(open, uid)
		}
	}
	return open
}

// restoreBranches opens exactly the branches open (those still in the
// tree), then the ones above the selection, which stays in view.
func (t *treeCtl) restoreBranches(open []string) {
	t.tree.CloseAllBranches()
	for _, uid := range open {
		if t.model.items[uid] != nil {
			t.tree.OpenBranch(uid)
		}
	}
	if uid := t.cursor(); uid != "" {
		t.selectUID(uid)
	}
}

// showFiltered opens the branches that lead to the filter's matches and
// redraws the tree. While a filter is on, the folders of folder roots are
// listed in the background for it (indexFolders).
func (t *treeCtl) showFiltered(open []string) {
	for _, uid := range open {
		if !t.tree.IsBranchOpen(uid) { // each OpenBranch walks the open tree
			t.tree.OpenBranch(uid)
		}
	}
	t.tree.Refresh()
	if t.model.filter != nil {
		t.folders.indexFolders()
	} else {
		t.folders.stopIndexing()
	}
}

// addRoots shows opened files as roots of the tree and, when nothing is
// selected, selects the first (fresh: they are the window's first files,
// and the first is opened too).
func (t *treeCtl) addRoots(fs []*openFile, fresh bool) {
	first := ""
	for _, f := range fs {
		if f.folder != nil {
			f.folder.SetShowUnrecognised(t.model.folders.showAll)
		}
		it := t.model.addRoot(f)
		if first == "" {
			first = it.uid
		}
	}
	if t.model.filter != nil {
		t.folders.stopIndexing() // the new folder roots are listed for the filter too
		t.filter.reapply()
	}
	t.tree.Refresh()
	if t.sel == nil && first != "" {
		if fresh && t.model.isBranch(first) {
			t.tree.OpenBranch(first) // a fresh window shows the first file opened
		}
		t.selectUID(first)
	}
}

// dropRoot takes a closed file out of the tree (and out of the inspector
// when it shows a node of it).
func (t *treeCtl) dropRoot(f *openFile) {
	if t.sel != nil && t.sel.file != nil && t.sel.file.topFile() == f {
		t.tree.UnselectAll()
		t.show(nil)
	}
	t.folders.closeMembersOf(f)
	t.model.removeRoot(f.uid)
	if t.model.filter != nil {
		t.filter.reapply()
	}
	t.tree.Refresh()
}

// locate is where an edit of n counts: its row (uid "" when it is not in
// the tree) and its file (the selection's for a node outside the tree).
func (t *treeCtl) locate(n formats.Node) (uid string, f *openFile) {
	if uid, ok := t.model.uidOf(n); ok {
		return uid, t.model.items[uid].file
	}
	if t.sel != nil && t.sel.file != nil && t.sel.file.uid != "" {
		f = t.sel.file
	}
	return "", f
}

// countEdit counts an edit (+1) or its undo (-1) on the row uid and shows
// it (●) there and on its file's row; the row is brought up to date (see
// syncItem).
func (t *treeCtl) countEdit(uid string, f *openFile, d int) {
	it := t.model.items[uid]
	if it == nil || uid == "" {
		return
	}
	it.edits = max(it.edits+d, 0)
	if t.model.syncItem(uid) {
		t.tree.Refresh()
	}
	t.refreshItem(uid)
	if f != nil {
		t.refreshItem(f.uid)
	}
}

// selectPath selects the node at a node path in the first of files, or
// "FILE/NODE" in the open file named FILE.
func (t *treeCtl) selectPath(files []*openFile, path string) error {
	root := t.model.items[files[0].uid]
	it, err := t.model.resolve(root, path)
	if err == nil {
		t.selectUID(it.uid)
		return nil
	}
	first, rest, _ := strings.Cut(strings.Trim(path, "/"), "/")
	for _, f := range files {
		if strings.EqualFold(f.name, first) {
			if other, err2 := t.model.resolve(t.model.items[f.uid], rest); err2 == nil {
				t.selectUID(other.uid)
				return nil
			}
		}
	}
	return err
}
