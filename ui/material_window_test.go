package ui

import (
	"path/filepath"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/material"
	"rummage/samples"
)

// TestMaterialEditInWindow edits a phase through the Material tab of the
// real window (undo stack, edited mark), saves the archive to disk,
// reopens it and finds the edit, as the window then shows it.
func TestMaterialEditInWindow(t *testing.T) {
	w := newTestWindow(t)
	var data []byte
	for _, s := range samples.Files() {
		if s.Name == "Material.lib" {
			data = s.Data
		}
	}
	if data == nil {
		t.Skip("no sample Material.lib")
	}
	f := openMemory("Material.lib", data, &w.opts)
	w.opened.addFiles([]*openFile{f})
	uids := w.nav.model.childUIDs(f.uid) // load the root's children as the tree does
	if len(uids) == 0 {
		t.Fatal("no children in the tree")
	}
	node := w.nav.model.items[uids[0]].node.(*material.Node)
	w.SelectNode(node)
	if w.insp.tabs.Items[0].Text != "Material" {
		t.Fatalf("first tab %q", w.insp.tabs.Items[0].Text)
	}
	// The page field of the phase editor (phase 0 is selected): type a
	// page and press Enter.
	var page *widget.Entry
	for _, o := range test.LaidOutObjects(w.insp.tabs.Items[0].Content) {
		if e, ok := o.(*widget.Entry); ok && e.PlaceHolder == "−1 = the whole texture" {
			page = e
		}
	}
	if page == nil {
		t.Fatal("no page field in the Material tab")
	}
	old := node.Material().Phases[0].Page()
	want := old + 1
	if want > 127 {
		want = 0
	}
	page.SetText(strconv.Itoa(want))
	page.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if got := node.Material().Phases[0].Page(); got != want {
		t.Fatalf("page %d after the edit, want %d (status %q)", got, want, w.status.msg.Text)
	}
	if !f.dirty() || w.nav.model.items[uids[0]].edits != 1 {
		t.Fatal("the file or the node is not marked edited")
	}
	path := filepath.Join(t.TempDir(), "Material.lib")
	if err := w.saver.saveTo(f, path); err != nil {
		t.Fatal(err)
	}
	disk, err := formats.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer disk.Close()
	dk, _ := disk.Root.Children()
	if got := dk[0].(*material.Node).Material().Phases[0].Page(); got != want {
		t.Errorf("saved page %d, want %d", got, want)
	}
	// The window now shows the saved file: a fresh node with the page, and
	// no undo entry left that would act on the old tree.
	fresh, ok := w.nav.sel.node.(*material.Node)
	if !ok || fresh == node || fresh.Material().Phases[0].Page() != want {
		t.Errorf("after the save the window shows %T (the old node: %v)", w.nav.sel.node, fresh == node)
	}
	if len(w.edits.undo) != 0 {
		t.Errorf("%d undo entries for the old tree kept", len(w.edits.undo))
	}
}
