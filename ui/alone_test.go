package ui

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/export"
	"rummage/formats"
	"rummage/formats/nres"
	"rummage/internal/testutil"
	"rummage/ui/inspect"
	"rummage/ui/inspect/inspecttest"
)

// Each controller of the window on its own, with fakes of the narrow
// interfaces it asks for (fakes_test.go): none of these tests makes a
// window.

// menuLabels are a menu's labels, "—" for a separator.
func menuLabels(items []*fyne.MenuItem) string {
	var out []string
	for _, mi := range items {
		if mi.IsSeparator {
			out = append(out, "—")
		} else {
			out = append(out, mi.Label)
		}
	}
	return strings.Join(out, ",")
}

// The main menu is built from registrations in any order: menus in the
// order of docs/window.md, sections in order with a line between them, items in
// the order they came; a shortcut without an item reaches the canvas.
func TestMenuBarFromRegistrations(t *testing.T) {
	_, win := testApp(t)
	b := newMenuBar()
	b.add(helpTopics, fyne.NewMenuItem("About", nil))
	b.add(fileClose, fyne.NewMenuItem("Quit", nil))
	b.add(fileOpen, fyne.NewMenuItem("Open…", nil))
	b.add(editNode, fyne.NewMenuItem("Find", nil))
	b.add(fileOpen, fyne.NewMenuItem("Recent", nil))
	redo := 0
	b.addKey(&fyne.ShortcutRedo{}, func() { redo++ })
	b.refresh() // before install: nothing to refresh, no panic
	b.install(win)
	var got []string
	for _, m := range b.main.Items {
		got = append(got, m.Label+":"+menuLabels(m.Items))
	}
	if want := "File:Open…,Recent,—,Quit Edit:Find Help:About"; strings.Join(got, " ") != want {
		t.Errorf("menus %q, want %q", strings.Join(got, " "), want)
	}
	win.Canvas().(fyne.Shortcutable).TypedShortcut(&fyne.ShortcutRedo{})
	if redo != 1 {
		t.Errorf("Ctrl+Y ran %d times", redo)
	}

	var rows rowMenu
	rows.add(rowNode, func(it *item) []*fyne.MenuItem { return []*fyne.MenuItem{fyne.NewMenuItem("Copy "+it.name, nil)} })
	rows.add(rowExport, func(*item) []*fyne.MenuItem { return nil }) // an empty section draws no line
	if got := menuLabels(rows.items(&item{name: "x"})); got != "Copy x" {
		t.Errorf("row menu %q", got)
	}
	rows.add(rowExport, func(*item) []*fyne.MenuItem { return []*fyne.MenuItem{fyne.NewMenuItem("Export…", nil)} })
	if got := menuLabels(rows.items(&item{name: "x"})); got != "Export…,—,Copy x" {
		t.Errorf("row menu %q", got)
	}
}

// The status bar shows and logs messages, errors marked, and lists the
// selection's problems; it needs only a selection.
func TestStatusBarAlone(t *testing.T) {
	a, win := testApp(t)
	sel := &fakeSelection{it: fakeItem(&diagNode{Raw: *rawNode("odd", formats.KindTable, "TBL", seq(8), 0x300)}, &openFile{name: "f.lib"}, "odd")}
	s := newStatusBar(a, win, sel)
	s.Status("hello")
	s.setError(errors.New("it broke at 0x40"))
	s.setError(nil)
	if s.msg.Text != "✕ it broke at 0x40" || !s.msg.isErr || len(s.log.entries) != 2 {
		t.Errorf("message %q (error %v), %d logged", s.msg.Text, s.msg.isErr, len(s.log.entries))
	}
	s.showItem(sel.it)
	if s.path.Text != "f.lib › odd" || s.offset.Text != "offset 0x300" || !s.problems.Visible() {
		t.Errorf("item: %q %q, problems shown %v", s.path.Text, s.offset.Text, s.problems.Visible())
	}
	s.showProblems()
	top := win.Canvas().Overlays().Top()
	if top == nil || !strings.Contains(labelTexts(top), "⚠ offset 0x104 (260): unused bytes after the table") {
		t.Errorf("problems dialog %v", top)
	}
	s.startProgress("Opening", nil)
	s.progress("Opening", 1, 4)
	if !s.busy.Visible() || s.barText.Text != "Opening 1/4" {
		t.Errorf("progress %v %q", s.busy.Visible(), s.barText.Text)
	}
	s.endProgress()
	if s.busy.Visible() {
		t.Error("the progress bar stays after the work ended")
	}
}

// labelTexts are the texts of the labels under o.
func labelTexts(o fyne.CanvasObject) string {
	var out []string
	for _, x := range test.LaidOutObjects(o) {
		if l, ok := x.(*widget.Label); ok {
			out = append(out, l.Text)
		}
	}
	return strings.Join(out, "\n")
}

// The inspector builds its tabs for a host it is given (an
// inspecttest.Host here), shows the problems card, and answers the
// controllers' questions about what it shows.
func TestInspectorAlone(t *testing.T) {
	a, win := testApp(t)
	host := &inspecttest.Host{Win: win}
	st := &fakeStatus{}
	in := newInspector(a, host, st)
	bad := &formats.BrokenNode{Raw: *rawNode("bad", formats.KindMaterial, "MAT0", seq(32), 0x130),
		Error: errors.New("phase count 9999 exceeds the entry")}
	it := fakeItem(bad, &openFile{name: "f.lib"}, "bad")
	in.show(it)
	if in.title.Text != "bad" || !in.card.Visible() || in.tabOnShow() != "Overview" {
		t.Fatalf("title %q, card %v, tab %q", in.title.Text, in.card.Visible(), in.tabOnShow())
	}
	in.selectTab("Hex")
	in.reshowNode(rawNode("other", formats.KindRaw, "", nil, 0)) // not on show: nothing
	if in.tabOnShow() != "Hex" {
		t.Errorf("tab %q after reshowing another node", in.tabOnShow())
	}
	in.reshowNode(bad)
	if in.tabOnShow() != "Hex" || in.it != it {
		t.Errorf("reshow lost the tab (%q) or the item", in.tabOnShow())
	}
	in.selectTab("Overview")
	in.showInHex()
	if in.tabOnShow() != "Hex" {
		t.Errorf("Show in hex went to %q", in.tabOnShow())
	}
	if in.takeDrop([]string{"x.png"}) || in.resetterOnShow() != nil {
		t.Error("a raw node's tabs took a drop or have a preview")
	}
	in.show(nil)
	if in.title.Text != "Rummage" || in.tabOnShow() != "" {
		t.Errorf("welcome: title %q, tab %q", in.title.Text, in.tabOnShow())
	}
}

// Undo and redo count each edit on its row and file through the tree,
// rebuild the inspector that shows the node, and name the edit in the
// Edit menu.
func TestEditHistoryAlone(t *testing.T) {
	tree := newFakeTree()
	f := &openFile{name: "f.lib"}
	n := rawNode("WATER_M", formats.KindMaterial, "MAT0", seq(4), 0)
	tree.items["f1/0"] = &item{node: n, file: f}
	view, st := &fakeInspector{}, &fakeStatus{}
	edited := 0
	h := newEditHistory(tree, view, st, func() { edited++ })
	b := newMenuBar()
	h.addMenus(b)
	value := 0
	set := func(v int) func() error { return func() error { value = v; return nil } }
	h.Apply(n, inspect.Edit{Name: "set opacity", Do: set(1), Undo: set(0)})
	h.updateMenu()
	if value != 1 || f.changes != 1 || tree.edits["f1/0"] != 1 || edited != 1 || h.undoItem.Label != "Undo set opacity" || !h.redoItem.Disabled {
		t.Fatalf("after Apply: value %d, changes %d, row %d, edited %d, %q", value, f.changes, tree.edits["f1/0"], edited, h.undoItem.Label)
	}
	h.undoEdit()
	h.updateMenu()
	if value != 0 || f.changes != 0 || tree.edits["f1/0"] != 0 || h.redoItem.Label != "Redo set opacity" ||
		!slices.Equal(view.calls, []string{"reshow WATER_M"}) || st.last() != "undid set opacity" {
		t.Fatalf("after undo: value %d, changes %d, redo %q, inspector %v, status %q", value, f.changes, h.redoItem.Label, view.calls, st.last())
	}
	h.redoEdit()
	if value != 1 || f.changes != 1 {
		t.Errorf("after redo: value %d, changes %d", value, f.changes)
	}
	h.Apply(n, inspect.Edit{Name: "broken", Do: func() error { return errors.New("no room") }})
	if len(h.undo) != 1 || st.last() != "✕ broken: no room" {
		t.Errorf("a failed edit: %d on the stack, status %q", len(h.undo), st.last())
	}
	h.dropFile(f)
	h.undoEdit()
	if len(h.undo) != 0 || st.last() != "nothing to undo" {
		t.Errorf("the closed file's edits stay: %d, %q", len(h.undo), st.last())
	}
}

// The marks follow Ctrl+click, Shift ranges (which shrink again from the
// same anchor) and Ctrl+A, and say when the count changes.
func TestMarkSetAlone(t *testing.T) {
	tree := newFakeTree("f1", "f1/0", "f1/1", "f1/2", "f2")
	st := &fakeStatus{}
	changes := 0
	m := newMarkSet(tree, st, func() { changes++ })
	tree.cursorAt = "f1/0"
	m.ctrlClick(&item{uid: "f1/2", name: "c"}) // the clicked row alone, not the selected one
	if got := strings.Join(m.uids(), ","); got != "f1/2" || changes != 1 {
		t.Fatalf("ctrl+click marked %s (%d changes)", got, changes)
	}
	m.setAnchor("f1")
	m.extendTo("f1/1")
	m.extendTo("f1") // the range shrinks to the anchor; marks made otherwise stay
	if got := strings.Join(m.uids(), ","); got != "f1,f1/2" {
		t.Errorf("after shrinking the range: %s", got)
	}
	if tree.cursorAt != "f1" || !strings.HasPrefix(st.last(), "2 nodes marked for export") {
		t.Errorf("cursor %q, status %q", tree.cursorAt, st.last())
	}
	entries := menuLabels(m.rowEntries(&item{uid: "f1"}))
	if entries != "Unmark for export (Ctrl+click),Clear export marks" {
		t.Errorf("row entries %q", entries)
	}
	m.markAll()
	m.unmarkFile("f1")
	if got := strings.Join(m.uids(), ","); got != "f2" {
		t.Errorf("after closing f1: %s", got)
	}
	m.clear()
	if len(m.uids()) != 0 || st.last() != "export marks cleared" {
		t.Errorf("clear: %v, %q", m.uids(), st.last())
	}
}

// The filter box narrows the tree's model, tells the tree which branches
// to open, selects the first match on Enter and restores the branches on
// Esc.
func TestFilterEntryAlone(t *testing.T) {
	m := newTreeModel()
	root, _ := fakeArchive()
	m.addRoot(&openFile{name: "fake.lib", root: root})
	tree, st := newFakeTree(), &fakeStatus{}
	e := newFilterEntry(m, tree, st)
	e.SetText("kind:texture wat")
	if m.filter == nil || len(m.filter.matched) != 1 || st.last() != "1 matching" {
		t.Fatalf("filter %v, status %q", m.filter, st.last())
	}
	e.submit()
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	want := `filtered f1/2,f1 no match "" select f1/2/1 focus filtered  no match "" restore open-before`
	if got := tree.callsText(); got != want || m.filter != nil {
		t.Errorf("tree asked %q, want %q (filter %v)", got, want, m.filter)
	}
	e.reapply() // no filter: nothing
	if len(tree.calls) != 7 {
		t.Errorf("reapply without a filter: %v", tree.calls)
	}
	e.SetText(" nothing-like-it ")
	if got := tree.calls[len(tree.calls)-1]; got != `no match "nothing-like-it"` || st.last() != "0 matching" {
		t.Errorf("a filter without a match: %q, status %q", got, st.last())
	}
}

// The tree adds roots (opening and selecting the first of a fresh
// window), shows the selection through its host, clears a filter that
// hides what is selected, counts edits on rows and drops a closed file.
func TestTreeCtlAlone(t *testing.T) {
	_, win := testApp(t)
	shown, filter, marks, tabs := &fakeShown{}, &fakeFilter{}, &fakeRowMarks{}, &fakeInspector{}
	tc := newTreeCtl(win, shown, &sync.WaitGroup{})
	tc.build(filter, marks, tabs, func(*item) []*fyne.MenuItem { return nil })
	root, tex := fakeArchive()
	f := &openFile{name: "fake.lib", root: root}
	tc.addRoots([]*openFile{f}, true)
	if tc.current() == nil || tc.current().uid != f.uid || !tc.tree.IsBranchOpen(f.uid) || filter.reapplies != 0 {
		t.Fatalf("a fresh window's first file is not selected and open (shown %v)", shown.shown)
	}
	kids, _ := tex.Children()
	tc.SelectNode(kids[0]) // not loaded: shown alone
	if tc.current().uid != "" || tc.current().name != "brick" || tc.cursor() != "" {
		t.Errorf("detached selection %+v", tc.current())
	}
	tc.model.childUIDs(f.uid + "/2") // textures loaded, as when its branch is opened
	uid := f.uid + "/2/1"
	tc.model.filter = &filterView{kids: map[string][]string{}} // a filter that hides everything
	tc.selectUID(uid)
	if filter.clears != 1 || tc.cursor() != uid || shown.shown[len(shown.shown)-1] != "Water" {
		t.Errorf("select under a filter: %d clears, cursor %q, shown %v", filter.clears, tc.cursor(), shown.shown)
	}
	tc.model.filter = nil
	if u, file := tc.locate(kids[1]); u != uid || file != f {
		t.Errorf("locate: %q %v", u, file)
	}
	tc.countEdit(uid, f, +1)
	if tc.model.items[uid].edits != 1 {
		t.Error("the edit is not counted on the row")
	}
	if err := tc.selectPath([]*openFile{f}, "fake.lib/textures"); err != nil || tc.current().name != "textures" {
		t.Errorf("selectPath: %v, %v", err, tc.current())
	}
	tc.dropRoot(f)
	if tc.current() != nil || len(tc.model.items) != 0 || shown.shown[len(shown.shown)-1] != "(none)" {
		t.Errorf("after closing: selection %v, %d items", tc.current(), len(tc.model.items))
	}
}

// The tree widget's keys and clicks go to the selection and the marks it
// is given.
func TestNavTreeAlone(t *testing.T) {
	_, win := testApp(t)
	m := newTreeModel()
	root, _ := fakeArchive()
	f := &openFile{name: "fake.lib", root: root}
	m.addRoot(f)
	sel, marks := newFakeTree(), &fakeRowMarks{}
	var menuFor string
	nt := newNavTree(win, m, sel, marks, func(it *item) []*fyne.MenuItem {
		menuFor = it.name
		return []*fyne.MenuItem{fyne.NewMenuItem("x", nil)}
	})
	win.SetContent(nt)
	nt.OpenBranch(f.uid)
	sel.cursorAt = f.uid
	for _, k := range []fyne.KeyName{fyne.KeyDown, fyne.KeyEnd} {
		nt.TypedKey(&fyne.KeyEvent{Name: k})
	}
	nt.mods = func() fyne.KeyModifier { return fyne.KeyModifierShift }
	nt.TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp})
	it := m.items[f.uid+"/1"]
	nt.rowTapped(it, fyne.KeyModifierControl)
	nt.rowTapped(it, fyne.KeyModifierShift)
	nt.showRowMenu(it, fyne.NewPos(5, 5))
	if want := "select f1/0 select f1/6 select f1/1"; sel.callsText() != want {
		t.Errorf("selection asked %q, want %q", sel.callsText(), want)
	}
	if want := "extend f1/5 ctrl DEFAULT extend f1/1"; strings.Join(marks.calls, " ") != want {
		t.Errorf("marks asked %q, want %q", strings.Join(marks.calls, " "), want)
	}
	if menuFor != "DEFAULT" || win.Canvas().Overlays().Top() == nil {
		t.Errorf("row menu for %q", menuFor)
	}
	if got := len(nt.visibleRows()); got != 8 {
		t.Errorf("%d rows shown", got)
	}
}

// The file list adds files to the tree (a fresh window's first), says how
// many could not be read, finds the current file, and closes one through
// its host and the tree; opening runs in the background with progress.
func TestFileListAlone(t *testing.T) {
	a, win := testApp(t)
	tree, host, shown, st := newFakeTree(), &fakeHost{}, &fakeInspector{}, &fakeStatus{}
	opts := &formats.Options{}
	fl := &fileList{app: a, win: win, opts: opts, jobs: waitGroup(), tree: tree, host: host, shown: shown, status: st}
	fl.addMenus(newMenuBar())
	good := &openFile{name: "good.lib", root: &formats.Folder{NodeName: "good.lib"}}
	bad := &openFile{name: "bad.lib", root: &formats.Folder{NodeName: "bad.lib"}, err: errors.New("no magic")}
	fl.addFiles([]*openFile{good, bad})
	if tree.callsText() != "add good.lib fresh=true add bad.lib fresh=true" || st.last() != "✕ opened 2 files, 1 could not be read (marked ✕)" {
		t.Fatalf("tree %q, status %q", tree.callsText(), st.last())
	}
	if fl.currentFile() != nil {
		t.Error("a current file without a selection among two")
	}
	tree.sel = &item{file: bad}
	if fl.currentFile() != bad {
		t.Error("the selection's file is not the current one")
	}
	fl.removeFile(bad)
	if len(fl.files) != 1 || !slices.Equal(host.forgot, []string{"bad.lib"}) || host.refreshes != 1 || !strings.Contains(tree.callsText(), "drop bad.lib") {
		t.Errorf("close: files %d, forgot %v, tree %q", len(fl.files), host.forgot, tree.callsText())
	}
	fl.setMaterialLibrary("/x/Material.lib")
	if opts.Materials != "/x/Material.lib" || !slices.Equal(shown.calls, []string{"reshow"}) {
		t.Errorf("material library: %q, inspector %v", opts.Materials, shown.calls)
	}
	dir := t.TempDir()
	path, _ := diskLib(t, dir, "disk.lib", "text")
	j := fl.openPaths([]string{path}, true)
	<-j.done
	fl.jobs.Wait()
	if len(fl.files) != 2 || fl.files[1].path != path || fl.files[1].err != nil {
		t.Fatalf("opened %d files", len(fl.files))
	}
	fl.files[1].close()
	if recent := recentFiles(a); len(recent) != 1 || len(fl.recentMenu.Items) != 3 {
		t.Errorf("recent %v, menu of %d items", recent, len(fl.recentMenu.Items))
	}
	if !slices.Contains(st.steps, "start Opening") || st.steps[len(st.steps)-1] != "end" {
		t.Errorf("progress %v", st.steps)
	}
}

// Saving writes the current file, reads it back into the tree as the old
// tree was shown, and forgets the old edits; Save is enabled only with
// something to save; Quit asks nothing without edits and closes the files.
func TestSaveCtlAlone(t *testing.T) {
	a, win := testApp(t)
	dir := t.TempDir()
	path, _ := diskLib(t, dir, "a.lib", "old")
	opts := &formats.Options{}
	f := openDisk(path, "a.lib", opts)
	t.Cleanup(func() { f.close() })
	files, tree, host, st := &fakeFiles{files: []*openFile{f}, cur: f}, newFakeTree(), &fakeHost{}, &fakeStatus{}
	c := &saveCtl{app: a, win: win, opts: opts, files: files, tree: tree, host: host, report: st}
	c.addMenus(newMenuBar())
	c.toolbarButton()
	c.refresh(f)
	if !c.button.Disabled() || !c.saveItem.Disabled || c.saveAsItem.Disabled {
		t.Fatal("Save is enabled without edits, or Save as… disabled for a saveable file")
	}
	c.save()
	if st.last() != "nothing to save" {
		t.Errorf("status %q", st.last())
	}
	root := f.root.(*nres.Node)
	if err := root.Edit(func(ar *nres.Archive) error { return ar.Replace(0, []byte("new")) }); err != nil {
		t.Fatal(err)
	}
	f.changes = 1
	c.refresh(f)
	if c.button.Disabled() || c.saveItem.Disabled {
		t.Error("Save is disabled with an edit to save")
	}
	c.save()
	if got := libText(t, path); got != "new" || f.dirty() || f.root == formats.Node(root) {
		t.Fatalf("saved %q, dirty %v, root replaced %v", got, f.dirty(), f.root != formats.Node(root))
	}
	if tree.callsText() != "reload a.lib" || !slices.Equal(host.forgot, []string{"a.lib"}) || host.refreshes != 1 || st.last() != "saved "+path {
		t.Errorf("tree %q, forgot %v, refreshes %d, status %q", tree.callsText(), host.forgot, host.refreshes, st.last())
	}
	c.quit()
	if !files.closed || !c.quitting {
		t.Error("Quit without edits did not close the files")
	}
}

// Export… exports the marked nodes (else the selection) in the background,
// names the marks on its button and in the row menu, and reports through
// the status it is given.
func TestExportCtlAlone(t *testing.T) {
	a, win := testApp(t)
	f := &openFile{name: "f.lib"}
	x := &item{uid: "f1/0", name: "x", kind: formats.KindRaw, node: rawNode("x", formats.KindRaw, "", []byte("xx"), 0), file: f, path: "x"}
	y := &item{uid: "f1/1", name: "y", kind: formats.KindRaw, node: rawNode("y", formats.KindRaw, "", []byte("yyy"), 2), file: f, path: "y"}
	tree, marks, st := newFakeTree(), &fakeMarks{}, &fakeStatus{}
	tree.items = map[string]*item{x.uid: x, y.uid: y}
	model := newTreeModel()
	model.items = tree.items
	c := &exportCtl{app: a, win: win, jobs: waitGroup(), sel: tree, marks: marks, model: model, files: &fakeFiles{files: []*openFile{f}}, status: st}
	c.toolbarButton()
	c.refreshButton()
	if !c.button.Disabled() {
		t.Error("Export… enabled with nothing to export")
	}
	c.exportSelected()
	if st.last() != "✕ "+errNoFile().Error() {
		t.Errorf("status %q", st.last())
	}
	marks.marked = []string{"f1/0", "f1/1", "gone"}
	c.refreshButton()
	if c.button.Text != "Export 3 marked…" || c.button.Disabled() {
		t.Errorf("button %q", c.button.Text)
	}
	tree.sel = x
	if got := menuLabels(c.rowEntries(&item{uid: "f2", kind: formats.KindRaw})); got != "Export…,Export 3 marked…,Export all raw nodes…" {
		t.Errorf("row entries %q", got)
	}
	sel, what := c.exportSelection()
	if len(sel) != 2 || what != "2 nodes marked for export, first f.lib › x" {
		t.Fatalf("selection %d: %q", len(sel), what)
	}
	dir := t.TempDir()
	j := c.startExport(sel, false, export.Options{Dir: dir})
	<-j.done
	c.jobs.Wait()
	if got := testutil.ListFiles(t, dir); strings.Join(got, " ") != "x y" {
		t.Errorf("wrote %v", got)
	}
	if !slices.Contains(st.log, "action:Open folder") || st.steps[0] != "start Exporting" {
		t.Errorf("status %v, progress %v", st.log, st.steps)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "y")); err != nil || string(b) != "yyy" {
		t.Errorf("y: %q %v", b, err)
	}
}

// The View menu ticks the theme and the background, asks the inspector to
// draw a texture again and to reset its preview.
func TestViewCtlAlone(t *testing.T) {
	a, win := testApp(t)
	shown, st := &fakeInspector{}, &fakeStatus{}
	v := &viewCtl{app: a, win: win, shown: shown, recent: &fileList{}, report: st}
	v.addMenus(newMenuBar())
	v.setTheme("dark")
	if !v.themeItems[2].Checked || v.themeItems[0].Checked || themePref(a) != "dark" {
		t.Errorf("theme ticks %v %v, pref %q", v.themeItems[0].Checked, v.themeItems[2].Checked, themePref(a))
	}
	other := v.bgMenu.Items[len(v.bgMenu.Items)-1].Label
	v.setTextureBackground(other)
	if !v.bgMenu.Items[len(v.bgMenu.Items)-1].Checked || !slices.Equal(shown.calls, []string{"redraw"}) {
		t.Errorf("background %q not ticked, or inspector asked %v", other, shown.calls)
	}
	v.resetPreview()
	r := &fakeResetter{}
	shown.resetter = r
	v.resetPreview()
	if r.resets != 1 || !strings.HasPrefix(st.last(), "no preview on show") {
		t.Errorf("resets %d, status %q", r.resets, st.last())
	}
	s := v.showSettings()
	if s.theme.Selected != "Dark" {
		t.Errorf("Settings shows theme %q", s.theme.Selected)
	}
}

// Help opens on the tab asked for.
func TestHelpDialogAlone(t *testing.T) {
	a, win := testApp(t)
	h := &helpDialog{app: a, win: win}
	v := h.showHelp(helpShortcuts)
	if v.tabs.Selected().Text != helpShortcuts || win.Canvas().Overlays().Top() == nil {
		t.Errorf("tab %q", v.tabs.Selected().Text)
	}
}

// Copy path copies the selection's node path; Show in hex asks the
// inspector; Open containing folder is offered for files on disk only.
func TestNodeActionsAlone(t *testing.T) {
	a, _ := testApp(t)
	sel, hex, st := &fakeSelection{}, &fakeInspector{}, &fakeStatus{}
	n := &nodeActions{app: a, sel: sel, hex: hex, report: st}
	n.copyPath() // nothing selected: nothing
	n.openContainingFolder()
	if st.last() != "the node is not in a file on disk" {
		t.Errorf("status %q", st.last())
	}
	mem := &openFile{name: "mem.lib"}
	sel.it = &item{name: "brick", path: "textures/brick", file: mem}
	n.copyPath()
	if a.Clipboard().Content() != "textures/brick" || st.last() != "copied textures/brick" {
		t.Errorf("clipboard %q, status %q", a.Clipboard().Content(), st.last())
	}
	if got := menuLabels(n.rowEntries(sel.it)); got != "Copy path,Show in hex" {
		t.Errorf("entries in memory %q", got)
	}
	disk := &item{name: "a.lib", file: &openFile{name: "a.lib", path: "/tmp/a.lib"}}
	entries := n.rowEntries(disk)
	entries[1].Action()
	if got := menuLabels(entries); got != "Copy path,Show in hex,Open containing folder" || !slices.Equal(hex.calls, []string{"hex"}) {
		t.Errorf("entries on disk %q, inspector %v", got, hex.calls)
	}
}
