package ui

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/nres"
	"rummage/samples"
	"rummage/ui/inspect"
)

// uidByPath resolves a node path in the first file.
func uidByPath(t *testing.T, w *window, path string) string {
	t.Helper()
	it, err := w.nav.model.resolve(w.nav.model.items[w.opened.files[0].uid], path)
	if err != nil {
		t.Fatalf("resolve %s: %v", path, err)
	}
	return it.uid
}

func tabTitles(in *inspector) []string {
	var out []string
	for _, t := range in.tabs.Items {
		out = append(out, t.Text)
	}
	return out
}

func TestSelectShowsFacts(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	if w.nav.sel == nil || w.nav.sel.uid != f.uid {
		t.Fatalf("the first opened file is not selected")
	}
	w.nav.tree.OpenBranch(f.uid)
	uid := uidByPath(t, w, "WATER_M")
	w.nav.tree.Select(uid)
	if w.insp.title.Text != "WATER_M" {
		t.Errorf("inspector title %q", w.insp.title.Text)
	}
	if facts := w.insp.facts.Text; !strings.HasPrefix(facts, "MAT0") || !strings.Contains(facts, "48 B") {
		t.Errorf("header facts %q", facts)
	}
	if got := strings.Join(tabTitles(w.insp), ","); got != "Overview,Hex" {
		t.Errorf("tabs %s", got)
	}
	if w.status.path.Text != "fake.lib › WATER_M" || w.status.offset.Text != "offset 0x100" || w.status.size.Text != "size 0x30 (48 B)" {
		t.Errorf("status %q %q %q", w.status.path.Text, w.status.offset.Text, w.status.size.Text)
	}
	if w.insp.card.Visible() {
		t.Error("error card shown for a good node")
	}
	// The hex tab shows the node's bytes at their file offsets.
	if w.insp.hex.list.Length() != 3 || !strings.HasPrefix(w.insp.hex.data.row(1), "00000110  10 11 12") {
		t.Errorf("hex: %d rows, row 1 %q", w.insp.hex.list.Length(), w.insp.hex.data.row(1))
	}
}

func TestSelectNodeOpensParents(t *testing.T) {
	w := newTestWindow(t)
	f, _, tex := addFake(w)
	w.nav.tree.OpenBranch(f.uid) // load the root's children, not textures
	kids, _ := tex.Children()
	w.SelectNode(kids[0]) // not loaded yet: shown alone
	if w.insp.title.Text != "brick" {
		t.Fatalf("title %q", w.insp.title.Text)
	}
	// Once loaded, SelectNode finds it in the tree and opens the branch.
	uid := uidByPath(t, w, "textures/Water")
	w.SelectNode(kids[1])
	if w.nav.sel == nil || w.nav.sel.uid != uid || !w.nav.tree.IsBranchOpen(uid[:strings.LastIndexByte(uid, '/')]) {
		t.Errorf("SelectNode did not select %s in the tree (sel %+v)", uid, w.nav.sel)
	}
}

func TestFilterBox(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	other := &openFile{name: "other.lib", root: &formats.Folder{NodeName: "other.lib", Items: []formats.Node{
		rawNode("stone", formats.KindTexture, "Texm", nil, 0)}}}
	w.opened.addFiles([]*openFile{other})
	w.filter.SetText("kind:texture wat")
	roots := w.nav.model.childUIDs("")
	if len(roots) != 1 || roots[0] != f.uid {
		t.Fatalf("filtered roots %v", roots)
	}
	if !w.nav.tree.IsBranchOpen(f.uid) {
		t.Error("the branch with matches is not opened")
	}
	got := visibleNames(w.nav.model)
	if strings.Join(got, ",") != "fake.lib,textures,Water" {
		t.Errorf("visible %v", got)
	}
	w.filter.SetText("")
	if len(w.nav.model.childUIDs("")) != 2 {
		t.Error("clearing the filter did not restore the tree")
	}
}

func TestBrokenNodeShowsError(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	w.nav.tree.OpenBranch(f.uid)
	uid := uidByPath(t, w, "bad")
	w.nav.tree.Select(uid)
	if !w.insp.card.Visible() || !strings.Contains(w.insp.problem.Text, "offset 0x140") {
		t.Fatalf("error card %v %q", w.insp.card.Visible(), w.insp.problem.Text)
	}
	if txt, _ := marks(w.nav.model.items[uid]); !strings.Contains(txt, "✕") {
		t.Errorf("tree mark %q", txt)
	}
	w.insp.showInHex()
	if w.insp.tabs.Selected() != w.insp.hexTab {
		t.Error("Show in hex did not select the Hex tab")
	}
	// The node starts at 0x130: the error at 0x140 is row 1.
	var selected []widget.ListItemID
	w.insp.hex.list.OnSelected = func(id widget.ListItemID) { selected = append(selected, id) }
	w.insp.hex.scrollToOffset(0x130)
	w.insp.hex.scrollToOffset(0x140) // Show in hex had selected it already
	if w.insp.hex.scrollToOffset(0x150) {
		t.Error("an offset after the node was accepted")
	}
	if len(selected) != 2 || selected[0] != 0 || selected[1] != 1 {
		t.Errorf("hex selected %v, want rows 0 then 1", selected)
	}
	// Diagnostics mark a node with ⚠.
	if txt, _ := marks(w.nav.model.items[uidByPath(t, w, "odd")]); !strings.Contains(txt, "⚠") {
		t.Errorf("diagnostic mark %q", txt)
	}
}

func TestPanickingNodeDoesNotCrash(t *testing.T) {
	w := newTestWindow(t)
	w.opened.addFiles([]*openFile{{name: "r", root: &formats.Folder{NodeName: "r", Items: []formats.Node{panicNode{}}}}})
	uid := uidByPath(t, w, "boom")
	w.nav.tree.OpenBranch(uid)
	w.nav.model.childUIDs(uid)
	w.nav.tree.Select(uid)
	if !w.insp.card.Visible() || !strings.Contains(w.insp.problem.Text, "children exploded") {
		t.Errorf("card %q", w.insp.problem.Text)
	}
}

func TestCorruptFileShowsError(t *testing.T) {
	dir := t.TempDir()
	good, err := nres.Build([]nres.Entry{{TypeID: nres.TypeID("TEXT"), Name: "a.txt", Data: []byte("hello")}})
	if err != nil {
		t.Fatal(err)
	}
	corrupt := filepath.Join(dir, "corrupt.lib")
	os.WriteFile(corrupt, good[:len(good)-10], 0o644) // the directory is cut short
	unknown := filepath.Join(dir, "unknown.bin")
	os.WriteFile(unknown, []byte("no magic here"), 0o644)

	w := newTestWindow(t)
	<-w.opened.openPaths([]string{corrupt, unknown}, false).done
	if len(w.opened.files) != 2 {
		t.Fatalf("%d files open", len(w.opened.files))
	}
	for _, f := range w.opened.files {
		if f.err == nil {
			t.Errorf("%s opened without error", f.name)
		}
	}
	if msg := w.status.msg.Text; !strings.Contains(msg, "opened 2 files, 2 could not be read") {
		t.Errorf("status %q does not say the files are broken", msg)
	}
	w.nav.selectUID(w.opened.files[0].uid)
	if !w.insp.card.Visible() || !strings.Contains(w.insp.problem.Text, "offset 0x") {
		t.Errorf("corrupt file card %q", w.insp.problem.Text)
	}
	if w.insp.hex.list == nil || w.insp.hex.data.size != int64(len(good)-10) {
		t.Error("a broken file still has its bytes in the hex view")
	}
	w.nav.selectUID(w.opened.files[1].uid)
	if !strings.Contains(w.insp.problem.Text, "not a recognised format") {
		t.Errorf("unknown file card %q", w.insp.problem.Text)
	}
}

func TestDropOpensFilesAndFolders(t *testing.T) {
	dir := t.TempDir()
	lib, err := nres.Build([]nres.Entry{{TypeID: nres.TypeID("TEXT"), Name: "a.txt", Data: []byte("hello")}})
	if err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "folder")
	os.MkdirAll(filepath.Join(sub, "deeper"), 0o755)
	os.WriteFile(filepath.Join(dir, "one.lib"), lib, 0o644)
	os.WriteFile(filepath.Join(sub, "two.lib"), lib, 0o644)
	os.WriteFile(filepath.Join(sub, "deeper", "three.rlb"), lib, 0o644)
	os.WriteFile(filepath.Join(sub, "readme.txt"), []byte("not an archive"), 0o644) // hidden in folders

	w := newTestWindow(t)
	w.onDropped(fyne.NewPos(10, 10), []fyne.URI{storage.NewFileURI(filepath.Join(dir, "one.lib")), storage.NewFileURI(sub)})
	w.waitJobs() // the folder is the second root: nothing of it is listed yet
	var names []string
	for _, f := range w.opened.files {
		names = append(names, f.name)
		if f.err != nil {
			t.Errorf("%s: %v", f.name, f.err)
		}
	}
	if got := strings.Join(names, ","); got != "one.lib,folder" || w.opened.files[1].folder == nil {
		t.Errorf("opened %s", got)
	}
	folder := w.nav.model.items[w.opened.files[1].uid]
	settle(w, func() { w.nav.model.childUIDs(folder.uid) })
	var rows []string
	for _, uid := range w.nav.model.childUIDs(folder.uid) {
		rows = append(rows, w.nav.model.items[uid].name)
	}
	if got := strings.Join(rows, ","); got != "deeper,two.lib" {
		t.Errorf("the dropped folder's rows: %s", got)
	}
	if got := recentFiles(w.app); len(got) != 2 || got[0] != sub {
		t.Errorf("recent %v", got)
	}
	uid := uidByPath(t, w, "a.txt")
	w.nav.selectUID(uid)
	if w.insp.title.Text != "a.txt" {
		t.Errorf("title %q", w.insp.title.Text)
	}
}

// fakeSaver is an editable in-memory root.
type fakeSaver struct {
	formats.Folder
	data   []byte
	edited bool
}

func (s *fakeSaver) Edited() bool { return s.edited }
func (s *fakeSaver) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(s.data)
	return int64(n), err
}

func TestUndoRedoAndSave(t *testing.T) {
	w := newTestWindow(t)
	leaf := rawNode("WATER_M", formats.KindMaterial, "MAT0", seq(4), 0)
	root := &fakeSaver{Folder: formats.Folder{NodeName: "m.lib", Items: []formats.Node{leaf}}, data: []byte("v0")}
	f := &openFile{name: "m.lib", root: root}
	w.opened.addFiles([]*openFile{f})
	uid := uidByPath(t, w, "WATER_M")
	w.nav.selectUID(uid)

	set := func(v string) func() error { return func() error { root.data = []byte(v); return nil } }
	w.Apply(leaf, inspect.Edit{Name: "set opacity", Do: set("v1"), Undo: set("v0")})
	if string(root.data) != "v1" || !f.dirty() || w.nav.model.items[uid].edits != 1 {
		t.Fatalf("after Apply: data %q dirty %v", root.data, f.dirty())
	}
	if txt, _ := marks(w.nav.model.items[uid]); !strings.Contains(txt, "●") {
		t.Errorf("edited mark %q", txt)
	}
	if w.status.state.Text != "edited" || w.edits.undoItem.Label != "Undo set opacity" || w.saver.button.Disabled() {
		t.Errorf("state %q, undo %q, save disabled %v", w.status.state.Text, w.edits.undoItem.Label, w.saver.button.Disabled())
	}
	w.edits.undoEdit()
	if string(root.data) != "v0" || f.dirty() || w.nav.model.items[uid].edits != 0 || w.edits.redoItem.Label != "Redo set opacity" {
		t.Fatalf("after undo: data %q dirty %v", root.data, f.dirty())
	}
	w.edits.redoEdit()
	if string(root.data) != "v1" || !f.dirty() {
		t.Fatalf("after redo: data %q", root.data)
	}
	w.edits.undoEdit()
	w.edits.undoEdit() // nothing left: no change
	if string(root.data) != "v0" {
		t.Fatalf("extra undo changed data to %q", root.data)
	}
	w.edits.redoEdit()

	// A failing edit changes nothing and is reported.
	w.Apply(leaf, inspect.Edit{Name: "bad", Do: func() error { return errFake }, Undo: set("x")})
	if len(w.edits.undo) != 1 || !strings.Contains(w.status.msg.Text, "fake failure") {
		t.Errorf("failed edit: %d undo entries, status %q", len(w.edits.undo), w.status.msg.Text)
	}

	// Closing with unsaved edits asks first.
	w.saver.closeCurrent()
	if len(w.opened.files) != 1 || w.win.Canvas().Overlays().Top() == nil {
		t.Error("closing an edited file did not ask")
	}
	w.win.Canvas().Overlays().Remove(w.win.Canvas().Overlays().Top())

	// Save (an in-memory file has no path: save to one).
	out := filepath.Join(t.TempDir(), "m.lib")
	if err := w.saver.saveTo(f, out); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(out); !bytes.Equal(b, []byte("v1")) || f.dirty() || f.path != out {
		t.Errorf("saved %q, dirty %v", b, f.dirty())
	}
	w.saver.closeCurrent()
	if len(w.opened.files) != 0 || w.nav.sel != nil || len(w.edits.undo) != 0 {
		t.Errorf("close after save: %d files, %d undo", len(w.opened.files), len(w.edits.undo))
	}
}

func TestSaveUnsupported(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	if err := w.saver.saveTo(f, filepath.Join(t.TempDir(), "x")); err == nil {
		t.Error("saving a format without Saver succeeded")
	}
	if !w.saver.button.Disabled() {
		t.Error("Save enabled for a read-only format")
	}
}

// ownTabsNode is a fake texture: the test tab providers registered below
// match it and nothing else.
type ownTabsNode struct{ formats.Raw }

// Close calls of the "Late" test tab, and whether a test tab got a host
// without window or options.
var ownTabsClosed, ownTabsBadHost int

func init() {
	match := func(n formats.Node) bool { _, ok := n.(*ownTabsNode); return ok }
	inspect.RegisterTab(inspect.TabProvider{Name: "test-late", Order: 20, Match: match,
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: "Late", Content: widget.NewLabel("late"), Close: func() { ownTabsClosed++ }}
		}})
	inspect.RegisterTab(inspect.TabProvider{Name: "test-image", Order: 10, Match: match,
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			if h.Window() == nil || h.Options() == nil {
				ownTabsBadHost++
			}
			return &inspect.Tab{Title: "Image", Content: widget.NewLabel("pixels")}
		}})
	inspect.RegisterTab(inspect.TabProvider{Name: "test-panic", Order: 30, Match: match,
		Make: func(inspect.Host, formats.Node) *inspect.Tab { panic("tab exploded") }})
}

func TestOwnTabsFirst(t *testing.T) {
	ownTabsClosed, ownTabsBadHost = 0, 0
	w := newTestWindow(t)
	tex := func(name string) *ownTabsNode {
		return &ownTabsNode{*rawNode(name, formats.KindTexture, "Texm", seq(16), 0)}
	}
	w.opened.addFiles([]*openFile{{name: "own.lib", root: &formats.Folder{NodeName: "own.lib", Items: []formats.Node{tex("brick"), tex("Water")}}}})
	w.nav.selectUID(uidByPath(t, w, "brick"))
	if got := strings.Join(tabTitles(w.insp), ","); got != "Image,Late,test-panic,Overview,Hex" {
		t.Fatalf("tabs %s", got)
	}
	if w.insp.tabs.SelectedIndex() != 0 {
		t.Error("the kind's own tab is not selected")
	}
	if ownTabsBadHost != 0 {
		t.Error("host without window or options")
	}
	w.nav.selectUID(uidByPath(t, w, "Water"))
	if ownTabsClosed != 1 {
		t.Errorf("Close called %d times when the node changed", ownTabsClosed)
	}
}

func TestSamplesOpen(t *testing.T) {
	files := samples.Files()
	if len(files) == 0 {
		t.Skip("no samples built")
	}
	w := newTestWindow(t)
	w.opened.addFiles(sampleFiles(&w.opts))
	// One root per sample file, then the code-made shapes.
	if len(w.opened.files) != len(files)+1 || w.opened.files[len(files)].name != "shapes" {
		t.Fatalf("%d roots for %d samples and the shapes", len(w.opened.files), len(files))
	}
	for _, f := range w.opened.files {
		if f.err != nil {
			t.Errorf("sample %s: %v", f.name, f.err)
		}
	}
	root := w.opened.files[0]
	w.nav.tree.OpenBranch(root.uid)
	kids := w.nav.model.childUIDs(root.uid)
	if len(kids) == 0 {
		t.Fatalf("sample %s has no children", root.name)
	}
	w.nav.tree.Select(kids[0])
	it := w.nav.model.items[kids[0]]
	if w.insp.title.Text != it.name || !strings.Contains(w.status.path.Text, it.name) {
		t.Errorf("inspector %q / status %q for %s", w.insp.title.Text, w.status.path.Text, it.name)
	}
	if it.tag != "" && !strings.HasPrefix(w.insp.facts.Text, it.tag) {
		t.Errorf("facts %q lack the tag %s", w.insp.facts.Text, it.tag)
	}
}

func TestCopyPath(t *testing.T) {
	w := newTestWindow(t)
	addFake(w)
	w.nav.selectUID(uidByPath(t, w, "x@5"))
	w.node.copyPath()
	if got := w.app.Clipboard().Content(); got != "x@5" {
		t.Errorf("copied %q", got)
	}
}

func TestContextMenu(t *testing.T) {
	w := newTestWindow(t)
	addFake(w)
	uid := uidByPath(t, w, "textures/brick")
	row := newTreeRow(w.nav.tree.showRowMenu)
	row.set(w.nav.model.items[uid])
	row.SecondaryTapped(&fyne.PointEvent{AbsolutePosition: fyne.NewPos(20, 20)})
	top := w.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("right-click showed no menu")
	}
	if w.nav.sel == nil || w.nav.sel.uid != uid {
		t.Error("right-click did not select the node")
	}
	w.win.Canvas().Overlays().Remove(top)
}

func TestMenusAndShortcuts(t *testing.T) {
	w := newTestWindow(t)
	want := map[string]string{"Open…": "CustomDesktop:Control+O", "Save": "CustomDesktop:Control+S", "Close": "CustomDesktop:Control+W",
		"Quit": "CustomDesktop:Control+Q", "Undo": "Undo", "Redo": "CustomDesktop:Shift+Control+Z", "Find": "CustomDesktop:Control+F",
		"Export…": "CustomDesktop:Control+E"}
	got := map[string]string{}
	var menus []string
	for _, m := range w.menus.main.Items {
		menus = append(menus, m.Label)
		for _, mi := range m.Items {
			if mi.Shortcut != nil {
				got[mi.Label] = mi.Shortcut.ShortcutName()
			}
		}
	}
	if strings.Join(menus, ",") != "File,Edit,View,Help" {
		t.Errorf("menus %v", menus)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s shortcut %q, want %q", k, got[k], v)
		}
	}
	menuItem(t, w, "Edit", "Find").Action()
	if w.win.Canvas().Focused() != w.filter {
		t.Error("Find did not focus the filter")
	}
}

// menuItem is the item of the main menu with the label.
func menuItem(t *testing.T, w *window, menu, label string) *fyne.MenuItem {
	t.Helper()
	for _, m := range w.menus.main.Items {
		for _, mi := range m.Items {
			if m.Label == menu && mi.Label == label {
				return mi
			}
		}
	}
	t.Fatalf("no %s › %s", menu, label)
	return nil
}

func TestSelectNodeFindsOtherInstance(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	w.nav.tree.OpenBranch(f.uid)
	uid := uidByPath(t, w, "DEFAULT")
	// A fresh node for the same entry (as a container gives after an edit).
	w.SelectNode(rawNode("DEFAULT", formats.KindMaterial, "MAT0", seq(48), 0x130))
	if w.nav.sel == nil || w.nav.sel.uid != uid {
		t.Errorf("selected %+v, want %s", w.nav.sel, uid)
	}
	// Two equal candidates and no better one: shown alone, not guessed.
	w.SelectNode(rawNode("x", formats.KindRaw, "", nil, 0x999))
	if w.nav.sel == nil || w.nav.sel.uid != "" || w.insp.title.Text != "x" {
		t.Errorf("ambiguous node selected %+v", w.nav.sel)
	}
}

func TestEditAndSaveDiskArchive(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "edit.lib")
	lib, err := nres.Build([]nres.Entry{{TypeID: nres.TypeID("TEXT"), Name: "a.txt", Data: []byte("hello")}})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, lib, 0o644)
	w := newTestWindow(t)
	<-w.opened.openPaths([]string{path}, false).done
	f := w.opened.files[0]
	root, ok := f.root.(*nres.Node)
	if !ok {
		t.Fatalf("root is %T", f.root)
	}
	uid := uidByPath(t, w, "a.txt")
	w.nav.selectUID(uid)
	set := func(s string) func() error {
		return func() error { return root.Edit(func(a *nres.Archive) error { return a.Replace(0, []byte(s)) }) }
	}
	w.Apply(w.nav.model.items[uid].node, inspect.Edit{Name: "replace a.txt", Do: set("goodbye"), Undo: set("hello")})
	if !f.dirty() || w.saver.button.Disabled() {
		t.Fatal("edit did not mark the file")
	}
	w.saver.save()
	if f.dirty() || !strings.HasPrefix(w.status.msg.Text, "saved") {
		t.Fatalf("after save: dirty %v, status %q", f.dirty(), w.status.msg.Text)
	}
	if bak, _ := os.ReadFile(path + ".bak"); !bytes.Equal(bak, lib) {
		t.Error("the previous file was not kept as .bak")
	}
	saved, err := formats.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer saved.Close()
	n, err := formats.Resolve(saved.Root, "a.txt")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(n.(formats.Rawer).Open())
	if string(b) != "goodbye" {
		t.Errorf("saved entry %q", b)
	}
}
