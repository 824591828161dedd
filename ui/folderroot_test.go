package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"rummage/export"
	"rummage/formats"
	"rummage/formats/diskfolder"
	"rummage/formats/nres"
	"rummage/formats/world/worldtest"
	"rummage/samples"
	"rummage/ui/inspect"
)

// gameDir writes a game folder: samples at the top and in models/ (a
// model and its dictionary, a Parkan archive), a small GTA game under
// gta/, and a file no format recognises.
func gameDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	data := map[string][]byte{}
	for _, f := range samples.Files() {
		data[f.Name] = f.Data
	}
	for name, b := range map[string][]byte{
		"rumbler.txd": data["rumbler.txd"], "Material.lib": data["Material.lib"], "notes.txt": []byte("not a game file"),
		"models/rumbler.dff": data["rumbler.dff"], "models/rumbler.txd": data["rumbler.txd"], "models/tank.rlb": data["tank.rlb"],
		"models/Textures.lib": data["Textures.lib"],
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := worldtest.Small(filepath.Join(dir, "gta")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// settle runs f, a step of a test on w's UI, and waits until the work of
// folder roots it started in the background is done. That work waits for
// f to return: Fyne's test driver runs fyne.Do on the goroutine that calls
// it, beside the test's own.
func settle(w *window, f func()) {
	hold := make(chan struct{})
	w.nav.folders.gate = func() { <-hold }
	f()
	close(hold)
	w.waitJobs()
	w.nav.folders.gate = nil
}

// openFolderRoot opens dir in w and waits for everything to load.
func openFolderRoot(t *testing.T, w *window, dir string) *item {
	t.Helper()
	settle(w, func() { <-w.opened.openPaths([]string{dir}, false).done })
	if len(w.opened.files) != 1 || w.opened.files[0].folder == nil {
		t.Fatalf("%d roots, want one folder root", len(w.opened.files))
	}
	return w.nav.model.items[w.opened.files[0].uid]
}

// rowNames are the names and labels of the rows shown under it.
func rowNames(w *window, it *item) string {
	var out []string
	for _, uid := range w.nav.model.childUIDs(it.uid) {
		c := w.nav.model.items[uid]
		out = append(out, strings.TrimSpace(c.name+" "+c.label))
	}
	return strings.Join(out, ", ")
}

// A folder opens as one root: its folders and recognised files, listed
// in the background when its branch opens (it opens at once, being the
// window's first), each file known by its type tag and opened only when
// selected; the file's root then takes its row's place, its own file for
// saving (a member of the folder root).
func TestFolderRootIsOneLazyTree(t *testing.T) {
	w := newTestWindow(t)
	root := openFolderRoot(t, w, gameDir(t))
	if got := rowNames(w, root); got != "gta folder, models folder, Material.lib NRes, rumbler.txd TXD" {
		t.Fatalf("rows: %s", got)
	}
	models := w.nav.model.items[w.nav.model.childUIDs(root.uid)[1]]
	if models.loaded || len(w.nav.folders.members) != 0 {
		t.Fatalf("models/ listed (%v) or files opened (%d) before they were shown", models.loaded, len(w.nav.folders.members))
	}
	settle(w, func() { w.nav.tree.OpenBranch(models.uid) })
	if got := rowNames(w, models); got != "rumbler.dff DFF, rumbler.txd TXD, tank.rlb NRes, Textures.lib NRes" {
		t.Fatalf("models/: %s", got)
	}
	txd := w.nav.model.items[w.nav.model.childUIDs(models.uid)[1]]
	if _, ok := txd.node.(*diskfolder.File); !ok {
		t.Fatalf("the dictionary is opened before it is selected: %T", txd.node)
	}
	settle(w, func() { w.nav.selectUID(txd.uid) })
	if txd.node == nil || formats.SafeType(txd.node) != "TXD" || txd.file.parent != w.opened.files[0] || txd.file.path != filepath.Join(w.opened.files[0].path, "models", "rumbler.txd") {
		t.Fatalf("selected dictionary: %T, file %+v", txd.node, txd.file)
	}
	if w.insp.it != txd || !slices.Contains(tabTitles(w.insp), "TXD") {
		t.Errorf("the inspector shows %v with tabs %v", w.insp.it.name, tabTitles(w.insp))
	}
	if got := rowNames(w, txd); !strings.Contains(got, "rumbler_body") {
		t.Errorf("the dictionary's textures: %s", got)
	}
	if got := displayPath(txd); got != w.opened.files[0].name+" › models › rumbler.txd" {
		t.Errorf("display path %q", got)
	}
}

// Selecting a folder not listed yet lists it in the background: its
// header then counts its folders and files, not "listing…" forever.
func TestFolderRootSelectedFolderIsListed(t *testing.T) {
	w := newTestWindow(t)
	root := openFolderRoot(t, w, gameDir(t))
	models := w.nav.model.items[w.nav.model.childUIDs(root.uid)[1]]
	if models.loaded {
		t.Fatal("models/ listed before it was shown")
	}
	settle(w, func() { w.nav.selectUID(models.uid) })
	if !models.loaded || w.insp.it != models {
		t.Fatalf("selected models/: listed %v, inspector on %v", models.loaded, w.insp.it.name)
	}
	if got := w.insp.facts.Text; !strings.Contains(got, "0 folders") || !strings.Contains(got, "4 files") {
		t.Errorf("models/ header: %q", got)
	}
}

// View › Show unrecognised files shows the files no format recognises in
// folder roots, and hides them again.
func TestFolderRootShowsUnrecognised(t *testing.T) {
	w := newTestWindow(t)
	root := openFolderRoot(t, w, gameDir(t))
	mi := menuItem(t, w, "View", "Show unrecognised files")
	settle(w, mi.Action)
	if !mi.Checked || !strings.Contains(rowNames(w, root), "notes.txt") || !w.opened.files[0].folder.ShowsUnrecognised() {
		t.Errorf("shown: checked %v, rows %s", mi.Checked, rowNames(w, root))
	}
	settle(w, mi.Action)
	if mi.Checked || strings.Contains(rowNames(w, root), "notes.txt") {
		t.Errorf("hidden again: checked %v, rows %s", mi.Checked, rowNames(w, root))
	}
}

// The filter searches a folder root whole without opening a file: the
// folders not shown yet are listed for it in the background, the files
// matched by their type tags.
func TestFolderRootFilter(t *testing.T) {
	w := newTestWindow(t)
	openFolderRoot(t, w, gameDir(t))
	settle(w, func() { w.filter.SetText("type:IMG") })
	fv := w.nav.model.filter
	var found []string
	for uid := range fv.matched {
		found = append(found, w.nav.model.items[uid].path)
	}
	if len(found) != 1 || found[0] != "gta/models/gta3.img" {
		t.Errorf("type:IMG found %v", found)
	}
	for _, p := range []string{"gta", "gta/models"} {
		if !w.nav.tree.IsBranchOpen(uidByPath(t, w, p)) {
			t.Errorf("%s is not opened to show the match", p)
		}
	}
	settle(w, func() { w.filter.SetText("rumbler") })
	if n := len(w.nav.model.filter.matched); n != 3 || len(w.nav.folders.members) != 0 {
		t.Errorf("rumbler: %d matches (want the dictionary, and the model and dictionary in models/), %d files opened", n, len(w.nav.folders.members))
	}
}

// A scene opened inside a folder root finds its game folder above it:
// its models come from the game's .ide files and IMG archive.
func TestFolderRootScene(t *testing.T) {
	w := newTestWindow(t)
	openFolderRoot(t, w, gameDir(t))
	it, err := w.nav.model.resolve(w.nav.model.items[w.opened.files[0].uid], "gta/data/maps/test/test.ipl")
	if err != nil {
		t.Fatal(err)
	}
	settle(w, func() { w.nav.model.load(it) }) // opens it (not shown: the scene's preview would draw beside the test)
	d, err := formats.SafeDescribe(it.node)
	facts, _ := d.(map[string]any)
	if err != nil || facts["found"] == nil || facts["found"].(int) < 2 {
		t.Errorf("scene facts %v, %v", facts, err)
	}
	if it.file.parent == nil || it.file.path != filepath.Join(w.opened.files[0].path, "gta", "data", "maps", "test", "test.ipl") {
		t.Errorf("the scene's file: %+v", it.file)
	}
}

// An edit in a file opened in a folder root is saved to that file (with
// its backup), which is read back in its row; Close closes the folder
// root with its files.
func TestFolderRootMemberSaves(t *testing.T) {
	dir := t.TempDir()
	path, lib := diskLib(t, dir, "a.lib", "hello")
	w := newTestWindow(t)
	openFolderRoot(t, w, dir)
	settle(w, func() { w.nav.selectUID(uidByPath(t, w, "a.lib/a.txt")) })
	member := w.nav.sel.file
	if member.parent != w.opened.files[0] {
		t.Fatalf("a.lib is no member of the folder root: %+v", member)
	}
	root := member.root.(*nres.Node)
	set := func(s string) func() error {
		return func() error { return root.Edit(func(a *nres.Archive) error { return a.Replace(0, []byte(s)) }) }
	}
	w.Apply(w.nav.sel.node, inspect.Edit{Name: "replace a.txt", Do: set("bye"), Undo: set("hello")})
	if !member.dirty() || w.opened.currentFile() != member {
		t.Fatal("the edit did not mark the member")
	}
	settle(w, func() { pressShortcut(t, w, "CustomDesktop:Control+S") })
	if got := libText(t, path); got != "bye" || member.dirty() {
		t.Fatalf("saved %q (status %q)", got, w.status.msg.Text)
	}
	if b, _ := os.ReadFile(path + ".bak"); string(b) != string(lib) {
		t.Error("no backup of the original")
	}
	if w.nav.sel == nil || w.nav.sel.name != "a.txt" || w.nav.sel.file != member || entryText(t, member.root) != "bye" {
		t.Errorf("after the save: selection %+v", w.nav.sel)
	}
	pressShortcut(t, w, "CustomDesktop:Control+W")
	if len(w.opened.files) != 0 || len(w.nav.folders.members) != 0 || len(w.nav.model.items) != 0 {
		t.Errorf("after Close: %d roots, %d members, %d rows", len(w.opened.files), len(w.nav.folders.members), len(w.nav.model.items))
	}
}

// manyFiles writes n copies of a dictionary (every third one no game
// file) into a new folder, and one subfolder.
func manyFiles(t testing.TB, n int) string {
	t.Helper()
	dir := t.TempDir()
	var txd []byte
	for _, f := range samples.Files() {
		if f.Name == "rumbler.txd" {
			txd = f.Data
		}
	}
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	for i := range n {
		b := txd
		if i%3 == 1 {
			b = []byte("not a game file")
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%05d.txd", i)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// The UI goroutine never lists a folder or opens a file of a folder root:
// while the background work is held, the window opens the folder, shows
// it as being listed, filters, selects a file and answers, all without a
// row of it; released, the rows come in.
func TestFolderRootNeverBlocksTheUI(t *testing.T) {
	dir := manyFiles(t, 3000)
	w := newTestWindow(t)
	_, release := holdBackground(t, w)
	<-w.opened.openPaths([]string{dir}, false).done
	root := w.nav.model.items[w.opened.files[0].uid]
	if !root.pending || len(w.nav.model.childUIDs(root.uid)) != 0 || w.opened.files[0].folder.Listed() {
		t.Fatalf("the folder was listed on the UI goroutine: pending %v, %d rows", root.pending, len(root.kids))
	}
	if head, _ := header(root); !strings.Contains(head, "listing…") || w.insp.it != root {
		t.Errorf("the folder root is shown as %q", head)
	}
	w.filter.SetText("f00042")
	if w.nav.model.filter == nil || len(w.nav.model.filter.matched) != 0 {
		t.Error("the filter did not answer at once")
	}
	release()
	w.waitJobs()
	if got := len(w.nav.model.filter.matched); got != 1 {
		t.Errorf("%d matches once listed, want 1 (f00042.txd)", got)
	}
	w.filter.SetText("")
	if n := len(w.nav.model.childUIDs(root.uid)); n != 1+2000 {
		t.Errorf("%d rows, want the subfolder and 2000 dictionaries", n)
	}
	f42 := w.nav.model.items[w.nav.model.childUIDs(root.uid)[1+28]]
	_, release = holdBackground(t, w)
	w.nav.selectUID(f42.uid)
	if _, ok := f42.node.(*diskfolder.File); !ok || !f42.pending || w.insp.it != f42 {
		t.Fatalf("the file was opened on the UI goroutine: %T, pending %v", f42.node, f42.pending)
	}
	if head, _ := header(f42); !strings.Contains(head, "opening…") {
		t.Errorf("the unopened file is shown as %q", head)
	}
	release()
	w.waitJobs()
	if formats.SafeType(f42.node) != "TXD" || f42.file.parent == nil || w.insp.it != f42 || !slices.Contains(tabTitles(w.insp), "TXD") {
		t.Errorf("opened: %T, tabs %v", f42.node, tabTitles(w.insp))
	}
}

// holdBackground makes the background work of w's folder roots wait
// until release is called (at the latest when the test ends).
func holdBackground(t *testing.T, w *window) (hold chan struct{}, release func()) {
	hold = make(chan struct{})
	var once sync.Once
	release = func() { once.Do(func() { close(hold) }) }
	t.Cleanup(release)
	w.nav.folders.gate = func() { <-hold }
	return hold, release
}

// At most maxOpen files stay open in folder roots: the least recently
// used one without edits, marks, selection or open branch closes, its row
// showing the file unopened again.
func TestFolderRootKeepsFewFilesOpen(t *testing.T) {
	dir := manyFiles(t, 30)
	w := newTestWindow(t)
	root := openFolderRoot(t, w, dir)
	w.nav.folders.maxOpen = 4
	fds := openFDs(t)
	rows := w.nav.model.childUIDs(root.uid)[1:]
	for _, uid := range rows {
		settle(w, func() { w.nav.selectUID(uid) })
	}
	if n := len(w.nav.folders.members); n != 4 {
		t.Errorf("%d files open, want 4", n)
	}
	if now := openFDs(t); now > fds+4 {
		t.Errorf("%d file descriptors open, %d before: more than the 4 files", now, fds)
	}
	first := w.nav.model.items[rows[0]]
	if _, ok := first.node.(*diskfolder.File); !ok || first.file != w.opened.files[0] || len(first.kids) != 0 {
		t.Errorf("the first file's row after it closed: %T, file %s", first.node, first.file.name)
	}
	last := w.nav.model.items[rows[len(rows)-1]]
	if w.nav.sel != last || last.file.parent == nil {
		t.Error("the selected file was closed")
	}
	settle(w, func() { w.nav.selectUID(rows[0]) })
	if formats.SafeType(first.node) != "TXD" || first.file.parent == nil {
		t.Errorf("selected again, the first file does not open: %T", first.node)
	}
}

// openFDs counts the process's open file descriptors (Linux).
func openFDs(t *testing.T) int {
	des, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd")
	}
	return len(des)
}

// Export… of a folder root writes every recognised file of it, each
// opened while it is written (none is left open, none becomes a member).
func TestFolderRootExports(t *testing.T) {
	w := newTestWindow(t)
	root := openFolderRoot(t, w, gameDir(t))
	out := t.TempDir()
	var j *exportJob
	settle(w, func() {
		j = w.exporter.startExport([]exportSel{{file: root.file, item: export.Item{Node: root.node}}}, false, export.Options{Dir: out})
		<-j.done
	})
	o := j.outcome()
	name := w.opened.files[0].name
	for _, want := range []string{"models/rumbler.txd/rumbler_body.png", "models/rumbler.dff.obj", "models/rumbler_body.png", "gta/models/gta3.img/house.dff.obj", "Material.lib/DEFAULT.json"} {
		if _, err := os.Stat(filepath.Join(out, name, filepath.FromSlash(want))); err != nil {
			t.Errorf("%s not written", want)
		}
	}
	if o.err != nil || len(o.failures) != 0 || len(w.nav.folders.members) != 0 {
		t.Errorf("export: %v, failures %v, %d files opened in the tree", o.err, o.failures, len(w.nav.folders.members))
	}
}
