package ui

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/material"
	"rummage/formats/nres"
	"rummage/samples"
	"rummage/ui/inspect"
)

// diskLib writes a one-entry NRes archive (a.txt = text) to dir/name.
func diskLib(t *testing.T, dir, name, text string) (string, []byte) {
	t.Helper()
	lib, err := nres.Build([]nres.Entry{{TypeID: nres.TypeID("TEXT"), Name: "a.txt", Data: []byte(text)}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, lib, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, lib
}

// openLib opens path in a new window and selects a.txt.
func openLib(t *testing.T, path string) *window {
	t.Helper()
	w := newTestWindow(t)
	<-w.opened.openPaths([]string{path}, false).done
	w.nav.selectUID(uidByPath(t, w, "a.txt"))
	return w
}

// editText replaces a.txt of the first file through Host.Apply.
func editText(t *testing.T, w *window, text string) {
	t.Helper()
	root := w.opened.files[0].root.(*nres.Node)
	old := entryText(t, root)
	set := func(s string) func() error {
		return func() error { return root.Edit(func(a *nres.Archive) error { return a.Replace(0, []byte(s)) }) }
	}
	w.Apply(w.nav.model.items[uidByPath(t, w, "a.txt")].node, inspect.Edit{Name: "replace a.txt", Do: set(text), Undo: set(old)})
	if !w.opened.files[0].dirty() {
		t.Fatal("the edit did not mark the file")
	}
}

// entryText is a.txt's bytes in an archive.
func entryText(t *testing.T, root formats.Node) string {
	t.Helper()
	n, err := formats.Resolve(root, "a.txt")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(n.(formats.Rawer).Open())
	return string(b)
}

// libText is a.txt's text in the archive file at path.
func libText(t *testing.T, path string) string {
	t.Helper()
	f, err := formats.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return entryText(t, f.Root)
}

// pressShortcut runs the main menu item bound to the shortcut, as the
// desktop driver does for a key press (disabled items included).
func pressShortcut(t *testing.T, w *window, name string) {
	t.Helper()
	for _, m := range w.menus.main.Items {
		for _, mi := range m.Items {
			if mi.Shortcut != nil && mi.Shortcut.ShortcutName() == name {
				mi.Action()
				return
			}
		}
	}
	t.Fatalf("no menu item for %s", name)
}

// tapInTop taps the button labelled text in the topmost overlay (a dialog).
func tapInTop(t *testing.T, w *window, text string) {
	t.Helper()
	top := w.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatalf("no dialog to answer %q", text)
	}
	test.Tap(findButton(t, top, text))
}

// Ctrl+S, File › Save and the Save button write nothing without edits.
func TestSaveWithoutEditsWritesNothing(t *testing.T) {
	path, lib := diskLib(t, t.TempDir(), "quiet.lib", "hello")
	then := time.Now().Add(-time.Hour).Truncate(time.Second)
	os.Chtimes(path, then, then)
	w := openLib(t, path)
	if !w.saver.button.Disabled() || !w.saver.saveItem.Disabled || w.saver.saveAsItem.Disabled {
		t.Errorf("without edits: Save button disabled %v, Save item disabled %v, Save as disabled %v",
			w.saver.button.Disabled(), w.saver.saveItem.Disabled, w.saver.saveAsItem.Disabled)
	}
	pressShortcut(t, w, "CustomDesktop:Control+S")
	pressShortcut(t, w, "CustomDesktop:Control+S")
	if w.status.msg.Text != "nothing to save" {
		t.Errorf("status %q", w.status.msg.Text)
	}
	st, err := os.Stat(path)
	if b, _ := os.ReadFile(path); err != nil || !st.ModTime().Equal(then) || !bytes.Equal(b, lib) {
		t.Errorf("the file was written: mtime %v (was %v)", st.ModTime(), then)
	}
	if exists(path + ".bak") {
		t.Error("a save without edits made a .bak")
	}
	editText(t, w, "bye")
	if w.saver.button.Disabled() || w.saver.saveItem.Disabled {
		t.Error("Save is disabled with an edit pending")
	}
}

// The backup choice of Settings reaches the save: the untouched original
// stays NAME.bak, and with every save kept, NAME.bak2, NAME.bak3 hold the
// files each later save replaced.
func TestSaveBackupsSetting(t *testing.T) {
	for i, label := range backupLabels() {
		t.Run([]string{"first", "every"}[i], func(t *testing.T) {
			path, lib := diskLib(t, t.TempDir(), "kept.lib", "original")
			w := openLib(t, path)
			v := w.view.showSettings()
			v.backups.SetSelected(label)
			w.win.Canvas().Overlays().Remove(w.win.Canvas().Overlays().Top())
			if saveOptions(w.app).Backups != formats.Backups(i) {
				t.Fatalf("the setting %q gives %v", label, saveOptions(w.app))
			}
			for n := 1; n <= 3; n++ {
				editText(t, w, fmt.Sprint("edit ", n))
				pressShortcut(t, w, "CustomDesktop:Control+S")
				if got := libText(t, path); got != fmt.Sprint("edit ", n) {
					t.Fatalf("save %d wrote %q (status %q)", n, got, w.status.msg.Text)
				}
			}
			if b, _ := os.ReadFile(path + ".bak"); !bytes.Equal(b, lib) {
				t.Errorf(".bak is not the untouched original (%d bytes)", len(b))
			}
			every := formats.Backups(i) == formats.BackupEvery
			if exists(path+".bak2") != every || exists(path+".bak3") != every || exists(path+".bak4") {
				t.Errorf("numbered backups: .bak2 %v .bak3 %v .bak4 %v", exists(path+".bak2"), exists(path+".bak3"), exists(path+".bak4"))
			}
			if every && (libText(t, path+".bak2") != "edit 1" || libText(t, path+".bak3") != "edit 2") {
				t.Error("the numbered backups are not the files each save replaced")
			}
		})
	}
}

// After a save the window shows the saved file: every node clean, real
// offsets, the header counting the added phase, the same node and tab.
func TestSaveShowsSavedFile(t *testing.T) {
	var data []byte
	for _, s := range samples.Files() {
		if s.Name == "Material.lib" {
			data = s.Data
		}
	}
	path := filepath.Join(t.TempDir(), "Material.lib")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	w := newTestWindow(t)
	<-w.opened.openPaths([]string{path}, false).done
	it := w.nav.model.items[w.nav.model.childUIDs(w.opened.files[0].uid)[0]]
	w.nav.selectUID(it.uid)
	w.insp.selectTab("Overview")
	node := it.node.(*material.Node)
	m := node.Material().Clone()
	if _, err := m.DuplicatePhase(0); err != nil {
		t.Fatal(err)
	}
	phases := len(m.Phases)
	w.Apply(node, inspect.Edit{Name: "add a phase", Do: func() error { return node.SetMaterial(m) }})
	want := fmt.Sprintf("%d phases", phases)
	if txt, _ := marks(w.nav.model.items[it.uid]); !strings.Contains(txt, "●") || w.status.offset.Text != "offset —" || !strings.Contains(w.insp.facts.Text, want) {
		t.Fatalf("after the edit: mark %q, %q, header %q", txt, w.status.offset.Text, w.insp.facts.Text)
	}

	addFake(w)                    // a second root, which stays second
	w.filter.SetText("type:MAT0") // a filter, which stays on
	w.saver.save()
	if w.nav.sel == nil || w.nav.sel.path != it.path || w.nav.sel.node == node {
		t.Fatalf("selection after the save: %+v", w.nav.sel)
	}
	if w.nav.model.roots[0] != w.opened.files[0].uid || w.nav.model.filter == nil || !contains(w.nav.model.childUIDs(w.opened.files[0].uid), w.nav.sel.uid) {
		t.Errorf("roots %v (files %s, %s), filter %v", w.nav.model.roots, w.opened.files[0].uid, w.opened.files[1].uid, w.nav.model.filter != nil)
	}
	if !strings.Contains(w.insp.facts.Text, want) {
		t.Errorf("header %q, want %s", w.insp.facts.Text, want)
	}
	for uid, x := range w.nav.model.items {
		if txt, _ := marks(x); strings.Contains(txt, "●") {
			t.Errorf("%s still marked edited", uid)
		}
	}
	if !strings.HasPrefix(w.status.offset.Text, "offset 0x") || w.status.state.Text != "" {
		t.Errorf("status bar %q %q", w.status.offset.Text, w.status.state.Text)
	}
	if w.insp.tabs.Selected().Text != "Overview" || !w.nav.tree.IsBranchOpen(w.opened.files[0].uid) {
		t.Errorf("tab %q, root open %v", w.insp.tabs.Selected().Text, w.nav.tree.IsBranchOpen(w.opened.files[0].uid))
	}
	if !strings.HasPrefix(w.status.msg.Text, "saved ") || len(w.edits.undo) != 0 || !w.saver.button.Disabled() {
		t.Errorf("status %q, %d undo entries, save disabled %v", w.status.msg.Text, len(w.edits.undo), w.saver.button.Disabled())
	}

	// A filter that hides the selection stays, and so does the selection.
	w.filter.SetText("no such name")
	node = w.nav.sel.node.(*material.Node)
	w.Apply(node, inspect.Edit{Name: "the same again", Do: func() error { return node.SetMaterial(node.Material().Clone()) }})
	w.saver.save()
	if w.filter.Text != "no such name" || w.nav.sel == nil || w.nav.sel.path != it.path || w.nav.sel.node == node {
		t.Errorf("filter %q, selection %+v", w.filter.Text, w.nav.sel)
	}
}

// failingSaver writes half of its bytes, then fails.
type failingSaver struct{ formats.Folder }

func (failingSaver) Edited() bool { return true }
func (failingSaver) WriteTo(w io.Writer) (int64, error) {
	n, _ := w.Write([]byte("half"))
	return int64(n), errFake
}

// A failed save loses nothing: the file on disk, the edits and their marks
// stay, Save stays enabled, the status bar says what failed.
func TestSaveFailureKeepsEdits(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "there.lib")
	os.WriteFile(existing, []byte("previous"), 0o644)
	leaf := rawNode("WATER_M", formats.KindMaterial, "MAT0", seq(4), 0)
	folder := formats.Folder{NodeName: "m.lib", Items: []formats.Node{leaf}}
	for _, tc := range []struct {
		name, path string
		root       formats.Node
		want       string
	}{
		{"missing folder", filepath.Join(dir, "nowhere", "m.lib"), &fakeSaver{Folder: folder, data: []byte("new")}, "no such file"},
		{"failing saver", existing, &failingSaver{folder}, "fake failure"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newTestWindow(t)
			f := &openFile{name: "m.lib", path: tc.path, root: tc.root}
			w.opened.addFiles([]*openFile{f})
			uid := uidByPath(t, w, "WATER_M")
			w.nav.selectUID(uid)
			w.Apply(leaf, inspect.Edit{Name: "edit", Do: func() error { return nil }, Undo: func() error { return nil }})
			w.saver.save()
			msg := w.status.msg.Text
			if !strings.HasPrefix(msg, "✕") || !strings.Contains(msg, tc.want) || !strings.Contains(msg, "edits are kept") {
				t.Errorf("status %q", msg)
			}
			if txt, _ := marks(w.nav.model.items[uid]); !f.dirty() || !strings.Contains(txt, "●") || w.saver.button.Disabled() || w.saver.saveItem.Disabled || len(w.edits.undo) != 1 {
				t.Errorf("after the failure: dirty %v, mark %q, save disabled %v", f.dirty(), txt, w.saver.button.Disabled())
			}
			if b, _ := os.ReadFile(existing); string(b) != "previous" {
				t.Errorf("the file on disk became %q", b)
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 1 {
				t.Errorf("%d files in the folder (a temp file or backup left?)", len(ents))
			}
		})
	}
}

// saveAsDialog answers the real Save as… dialog: file name, Save, and Yes
// to its Overwrite? question when the file exists.
func saveAsDialog(t *testing.T, w *window, dir, name string) {
	t.Helper()
	setLastFolder(w.app, dir)
	w.saver.saveAs()
	top := w.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no Save as dialog")
	}
	var entry *widget.Entry
	for _, o := range test.LaidOutObjects(top) {
		if e, ok := o.(*widget.Entry); ok {
			entry = e
		}
	}
	if entry == nil {
		t.Fatal("no file name field")
	}
	entry.SetText(name)
	test.Tap(findButton(t, top, "Save"))
	if exists(filepath.Join(dir, name)) {
		tapInTop(t, w, "Yes")
	}
}

// Save as… onto an existing file (the open one or another) replaces it
// with the whole new content, keeping the previous one as its .bak. The
// other file's own root, open too, closes: the saved root shows it.
func TestSaveAsOntoExistingFile(t *testing.T) {
	dir := t.TempDir()
	path, lib := diskLib(t, dir, "self.lib", "before")
	other, otherLib := diskLib(t, dir, "other.lib", "other")
	w := openLib(t, path)
	<-w.opened.openPaths([]string{other}, false).done
	w.nav.selectUID(w.opened.files[0].uid) // opening selects the file opened: back to self.lib
	if w.saver.saveAsItem.Disabled {
		t.Fatal("Save as is disabled")
	}

	editText(t, w, "after")
	saveAsDialog(t, w, dir, "self.lib")
	if got := libText(t, path); got != "after" || w.opened.files[0].dirty() {
		t.Fatalf("Save as onto the open file: %q (status %q)", got, w.status.msg.Text)
	}
	if b, _ := os.ReadFile(path + ".bak"); !bytes.Equal(b, lib) {
		t.Errorf("self.lib.bak has %d bytes, want the previous %d", len(b), len(lib))
	}

	editText(t, w, "again")
	saveAsDialog(t, w, dir, "other.lib")
	if got := libText(t, other); got != "again" || w.opened.files[0].path != other || w.opened.files[0].name != "other.lib" {
		t.Fatalf("Save as onto another file: %q, the window shows %s", got, w.opened.files[0].path)
	}
	if len(w.opened.files) != 1 || len(w.nav.model.roots) != 1 {
		t.Errorf("%d files open: the other root of other.lib was not closed", len(w.opened.files))
	}
	if b, _ := os.ReadFile(other + ".bak"); !bytes.Equal(b, otherLib) {
		t.Errorf("other.lib.bak has %d bytes, want the previous %d", len(b), len(otherLib))
	}
	if libText(t, path) != "after" {
		t.Error("Save as onto another file changed the first one")
	}
}
