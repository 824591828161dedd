package ui

import (
	"image"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"rummage/formats"
	"rummage/formats/material"
	"rummage/samples"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

// One huge file must not keep the filter from searching the files after it.
func TestFilterBudgetIsPerFile(t *testing.T) {
	w := newTestWindow(t)
	var many []formats.Node
	for i := 0; i < filterBudget+50; i++ {
		many = append(many, rawNode("entry"+strconv.Itoa(i), formats.KindRaw, "TEXT", nil, 0))
	}
	big := &openFile{name: "big.lib", root: &formats.Folder{NodeName: "big.lib", Items: many}}
	small := &openFile{name: "small.lib", root: &formats.Folder{NodeName: "small.lib", Items: []formats.Node{
		rawNode("WATER_M", formats.KindMaterial, "MAT0", nil, 0)}}}
	w.opened.addFiles([]*openFile{big, small})

	w.filter.SetText("kind:material")
	roots := w.nav.model.childUIDs("")
	if len(roots) != 1 || roots[0] != small.uid {
		t.Fatalf("filtered roots %v, want only small.lib (%s)", roots, small.uid)
	}
	if msg := w.status.msg.Text; !strings.HasPrefix(msg, "1 matching") || !strings.Contains(msg, "big.lib") || strings.Contains(msg, "small.lib") {
		t.Errorf("status %q: want one match and big.lib named as searched in part", msg)
	}
	// Clearing the filter drops the stale match count.
	w.filter.SetText("")
	if msg := w.status.msg.Text; strings.Contains(msg, "matching") {
		t.Errorf("status after clearing the filter: %q", msg)
	}
	if len(w.nav.model.childUIDs("")) != 2 {
		t.Error("clearing the filter did not restore the tree")
	}
}

// A node marked for export (Ctrl+click) looks marked: a tinted row with
// the ⇩ mark, and the Export button counts the marks.
func TestMarkedRowLooksMarked(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	w.nav.tree.OpenBranch(f.uid)
	it := w.nav.model.items[uidByPath(t, w, "WATER_M")]
	w.nav.selectUID(it.uid) // a Ctrl+click elsewhere would mark the selection too
	r := newTreeRowMarked(nil, func(uid string) bool { return w.marks.marked[uid] })
	r.set(it)
	if r.bg.FillColor != color.Transparent || strings.Contains(r.mark.Text, "⇩") {
		t.Fatalf("unmarked row: bg %v, mark %q", r.bg.FillColor, r.mark.Text)
	}
	w.nav.tree.rowTapped(it, fyne.KeyModifierControl) // Ctrl+click
	if !w.marks.marked[it.uid] {
		t.Fatal("Ctrl+click did not mark the node")
	}
	r.set(it)
	if r.bg.FillColor == color.Transparent || !strings.Contains(r.mark.Text, "⇩") {
		t.Errorf("marked row: bg %v, mark %q", r.bg.FillColor, r.mark.Text)
	}
	if w.exporter.button.Text != "Export 1 marked…" || w.exporter.button.Disabled() {
		t.Errorf("export button %q (disabled %v)", w.exporter.button.Text, w.exporter.button.Disabled())
	}
	w.nav.tree.rowTapped(it, fyne.KeyModifierControl)
	r.set(it)
	if r.bg.FillColor != color.Transparent || w.exporter.button.Text != "Export…" {
		t.Errorf("after unmarking: bg %v, button %q", r.bg.FillColor, w.exporter.button.Text)
	}
	// Closing the file drops its marks from the button too.
	w.nav.tree.rowTapped(it, fyne.KeyModifierControl)
	w.opened.removeFile(f)
	if w.exporter.button.Text != "Export…" {
		t.Errorf("after closing the file the button says %q", w.exporter.button.Text)
	}
}

// The right-click menu lists the entries of docs/window.md in its order.
func TestContextMenuOrder(t *testing.T) {
	w := newTestWindow(t)
	openSample(t, w, "Material.lib")
	var labels []string
	for _, mi := range w.rows.items(w.nav.model.items[w.opened.files[0].uid]) {
		if !mi.IsSeparator {
			labels = append(labels, mi.Label)
		}
	}
	want := []string{"Export…", "Copy path", "Show in hex", "Open containing folder"}
	j := 0
	for _, l := range labels {
		if j < len(want) && l == want[j] {
			j++
		}
	}
	if j != len(want) {
		t.Errorf("menu %q: want %q in this order", labels, want)
	}
}

func writeSample(t *testing.T, name, path string) {
	t.Helper()
	for _, s := range samples.Files() {
		if s.Name == name {
			if err := os.WriteFile(path, s.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("no sample %s", name)
}

// openSample writes the embedded sample file name into a new temporary
// folder, opens it in w and waits for the load. It returns the folder.
func openSample(t *testing.T, w *window, name string) string {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, name)
	writeSample(t, name, p)
	w.opened.openPaths([]string{p}, false)
	w.waitJobs()
	return dir
}

// Files opened from disk share the window's options, and File › Set
// material library… sets them for every open file.
func TestMaterialLibraryReachesEveryFile(t *testing.T) {
	w := newTestWindow(t)
	dir := openSample(t, w, "tank.rlb")
	wearIt, err := w.nav.model.resolve(w.nav.model.items[w.opened.files[0].uid], "TANK.wea")
	if err != nil {
		t.Fatal(err)
	}
	wear, ok := wearIt.node.(*material.WearNode)
	if !ok {
		t.Fatalf("TANK.wea is %T", wearIt.node)
	}
	if wear.Loc.Opts != w.Options() {
		t.Fatal("a file opened from disk has its own copy of the options")
	}
	w.nav.selectUID(wearIt.uid)
	lib := filepath.Join(dir, "elsewhere.lib")
	w.opened.setMaterialLibrary(lib)
	if wear.Loc.Opts.Materials != lib || w.Options().Materials != lib {
		t.Errorf("materials %q / %q, want %q", wear.Loc.Opts.Materials, w.Options().Materials, lib)
	}
	if w.nav.sel == nil || w.nav.sel.uid != wearIt.uid || w.insp.it != w.nav.sel {
		t.Error("the inspector no longer shows the selection")
	}

	// The entry is in the File menu.
	found := false
	for _, mi := range w.menus.main.Items[0].Items {
		found = found || mi.Label == "Set material library…"
	}
	if !found {
		t.Error("no File › Set material library…")
	}
}

// The menus have the entries and keys of docs/window.md.
func TestMenusAsSpecified(t *testing.T) {
	w := newTestWindow(t)
	type entry struct{ menu, label, key string }
	want := []entry{
		{"File", "Open…", "CustomDesktop:Control+O"}, {"File", "Open folder…", ""}, {"File", "Recent", ""},
		{"File", "Save", "CustomDesktop:Control+S"}, {"File", "Save as…", ""}, {"File", "Export…", "CustomDesktop:Control+E"},
		{"File", "Close", "CustomDesktop:Control+W"}, {"File", "Quit", "CustomDesktop:Control+Q"},
		{"Edit", "Undo", "Undo"}, {"Edit", "Redo", "CustomDesktop:Shift+Control+Z"}, {"Edit", "Find", "CustomDesktop:Control+F"},
		{"Edit", "Copy path", ""},
		{"View", "Texture background", ""}, {"View", "Reset preview (F in the preview fits)", ""},
		{"Help", "Formats", ""}, {"Help", "Shortcuts", ""}, {"Help", "About", ""},
	}
	for _, e := range want {
		found := false
		for _, m := range w.menus.main.Items {
			if m.Label != e.menu {
				continue
			}
			for _, mi := range m.Items {
				if mi.Label != e.label {
					continue
				}
				found = true
				key := ""
				if mi.Shortcut != nil {
					key = mi.Shortcut.ShortcutName()
				}
				if key != e.key {
					t.Errorf("%s › %s: shortcut %q, want %q", e.menu, e.label, key, e.key)
				}
			}
		}
		if !found {
			t.Errorf("no %s › %s", e.menu, e.label)
		}
	}
}

// View › Texture background switches and ticks the background; Reset
// preview says so when no preview is on show.
func TestViewMenuBackgroundAndResetPreview(t *testing.T) {
	w := newTestWindow(t)
	old := widgets.TextureBackground()
	defer widgets.SetTextureBackground(old)
	w.view.setTextureBackground("black")
	if widgets.TextureBackground() != "black" || w.app.Preferences().String(prefTexBackground) != "black" {
		t.Fatalf("background %q, pref %q", widgets.TextureBackground(), w.app.Preferences().String(prefTexBackground))
	}
	for _, mi := range w.view.bgMenu.Items {
		if mi.Checked != (mi.Label == "black") {
			t.Errorf("%s checked %v", mi.Label, mi.Checked)
		}
	}
	w.view.resetPreview()
	if !strings.Contains(w.status.msg.Text, "no preview") {
		t.Errorf("status %q", w.status.msg.Text)
	}
}

// With other nodes marked, the right-click Export… exports the clicked node;
// the marked ones have their own entry.
func TestContextExportWithMarks(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	w.nav.tree.OpenBranch(f.uid)
	water := w.nav.model.items[uidByPath(t, w, "WATER_M")]
	w.marks.toggle(water)
	root := w.nav.model.items[f.uid]
	var labels []string
	for _, mi := range w.rows.items(root) {
		labels = append(labels, mi.Label)
	}
	if !strings.Contains(strings.Join(labels, "|"), "Export…|Export 1 marked…") {
		t.Errorf("menu %q", labels)
	}
	v := w.exporter.exportOne(root)
	if v == nil || len(v.sel) != 1 || v.sel[0].item.Node != root.node {
		t.Fatalf("Export… on the clicked node exports %+v", v)
	}
	// On a marked node, Export… exports the marks (it is one of them).
	labels = nil
	for _, mi := range w.rows.items(water) {
		labels = append(labels, mi.Label)
	}
	if strings.Contains(strings.Join(labels, "|"), "marked…") {
		t.Errorf("menu of a marked node %q", labels)
	}
}

// --select NODE is a path in the first file; FILE/NODE reaches any open
// file by its name, the first one included.
func TestSelectStartFileAndNode(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	other := &openFile{name: "other.lib", root: &formats.Folder{NodeName: "other.lib", Items: []formats.Node{
		rawNode("stone", formats.KindTexture, "Texm", nil, 0)}}}
	w.opened.addFiles([]*openFile{other})
	for _, c := range []struct{ path, name string }{
		{"WATER_M", "WATER_M"}, {"fake.lib/WATER_M", "WATER_M"}, {"other.lib/stone", "stone"},
	} {
		if err := w.selectStart(c.path); err != nil {
			t.Errorf("--select %s: %v", c.path, err)
			continue
		}
		if w.nav.sel == nil || w.nav.sel.name != c.name {
			t.Errorf("--select %s selected %+v", c.path, w.nav.sel)
		}
	}
	if err := w.selectStart("nothing/here"); err == nil {
		t.Error("--select of a missing node gave no error")
	}
	_ = f
}

// File dialogs start in the last used folder, else beside the current file.
func TestStartFolder(t *testing.T) {
	w := newTestWindow(t)
	if got := w.opened.startFolder(); got != "" {
		t.Errorf("empty window: start folder %q", got)
	}
	dir := openSample(t, w, "Material.lib")
	if got := w.opened.startFolder(); got != dir {
		t.Errorf("start folder %q, want the file's folder %q", got, dir)
	}
	other := t.TempDir()
	setLastFolder(w.app, other)
	if got := w.opened.startFolder(); got != other {
		t.Errorf("start folder %q, want the last used %q", got, other)
	}
}

// evilNode panics in every method but Name, Kind and Children.
type evilNode struct{ kind formats.Kind }

func (evilNode) Name() string                      { return "evil" }
func (e evilNode) Kind() formats.Kind              { return e.kind }
func (evilNode) Children() ([]formats.Node, error) { panic("children") }
func (evilNode) Describe() (any, error)            { panic("describe") }
func (evilNode) Diagnostics() []formats.Diagnostic { panic("diagnostics") }
func (evilNode) Offset() int64                     { panic("offset") }
func (evilNode) Size() int64                       { panic("size") }
func (evilNode) Open() io.Reader                   { panic("open") }
func (evilNode) Type() string                      { panic("type") }
func (evilNode) Err() error                        { panic("err") }
func (evilNode) ListFields() map[string]any        { panic("fields") }
func (evilNode) Levels() int                       { panic("levels") }
func (evilNode) Image(int) (image.Image, error)    { panic("image") }

// A node whose every capability panics is shown without taking the window
// down: selected, rendered, filtered, listed in an archive's Entries tab.
func TestEvilNodeDoesNotCrash(t *testing.T) {
	w := newTestWindow(t)
	kids := []formats.Node{evilNode{formats.KindRaw}, evilNode{formats.KindTexture}, evilNode{formats.KindArchive}}
	root := &formats.Folder{NodeName: "r", Items: kids}
	w.opened.addFiles([]*openFile{{name: "r", root: root}})
	w.nav.tree.OpenBranch(w.opened.files[0].uid)
	var entries *inspect.Tab
	providers, _ := inspect.TabsFor(root)
	for _, p := range providers {
		if p.Name == "entries" {
			entries = p.Make(w, root)
		}
	}
	if entries == nil {
		t.Fatal("no Entries tab")
	}
	test.NewTempWindow(t, entries.Content).Resize(fyne.NewSize(800, 400))
	for _, k := range w.nav.model.childUIDs(w.opened.files[0].uid) {
		w.nav.selectUID(k)
		w.win.Canvas().Content().Refresh()
		w.insp.showHexAt(0)
		w.insp.showInHex()
		w.node.copyPath()
		w.rows.items(w.nav.model.items[k])
	}
	w.filter.SetText("type:x kind:texture evil")
	w.filter.SetText("")
}

// Many big files together stop the filter at its total budget, and the
// status bar says how many files were left out.
func TestFilterTotalBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 200,000 nodes")
	}
	w := newTestWindow(t)
	n := filterTotalBudget/filterBudget + 2
	var fs []*openFile
	for f := 0; f < n; f++ {
		many := make([]formats.Node, filterBudget)
		for i := range many {
			many[i] = &formats.Folder{NodeName: "e"}
		}
		name := "big" + strconv.Itoa(f) + ".lib"
		fs = append(fs, &openFile{name: name, root: &formats.Folder{NodeName: name, Items: many}})
	}
	w.opened.addFiles(fs)
	w.filter.SetText("nothing-matches")
	if msg := w.status.msg.Text; !strings.Contains(msg, "not searched") || !strings.HasPrefix(msg, "0 matching") {
		t.Errorf("status %q", msg)
	}
	if fv := w.nav.model.filter; fv == nil || fv.skipped == 0 || fv.total > filterTotalBudget+filterBudget {
		t.Errorf("filter view %+v", fv)
	}
}

// Opening a file that is open already selects it instead of adding a
// second root.
func TestOpenAgainSelects(t *testing.T) {
	w := newTestWindow(t)
	dir := openSample(t, w, "Material.lib")
	w.opened.openPaths([]string{filepath.Join(dir, ".", "Material.lib")}, false)
	w.waitJobs()
	if len(w.opened.files) != 1 {
		t.Fatalf("%d roots after opening the same file twice", len(w.opened.files))
	}
	if w.nav.sel == nil || w.nav.sel.uid != w.opened.files[0].uid || w.status.msg.Text != "already open" {
		t.Errorf("selection %+v, status %q", w.nav.sel, w.status.msg.Text)
	}
	// A folder holding it opens as a root of its own, once.
	writeSample(t, "tank.rlb", filepath.Join(dir, "tank.rlb"))
	w.opened.openPaths([]string{dir}, false)
	w.waitJobs()
	w.opened.openPaths([]string{dir + string(filepath.Separator)}, false)
	w.waitJobs()
	if len(w.opened.files) != 2 || w.opened.files[1].folder == nil || w.status.msg.Text != "already open" {
		var names []string
		for _, f := range w.opened.files {
			names = append(names, f.name)
		}
		t.Errorf("roots %v, status %q", names, w.status.msg.Text)
	}
}
