package ui

import (
	"image/color"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"

	"rummage/formats"
	"rummage/formats/material"
)

// TestMaterialEditInWindow edits a phase through the real window (undo
// stack, edited mark), saves the archive to disk, reopens it and finds
// the edit; undo restores the material.
func TestMaterialEditInWindow(t *testing.T) {
	a := test.NewTempApp(t)
	w := newWindow(a, formats.Options{})
	f := openMemory("test.lib", testMaterialArchive(t), &w.opts)
	w.addFile(f)
	uids := w.model.childUIDs(f.uid) // load the root's children as the tree does
	if len(uids) == 0 {
		t.Fatal("no children in the tree")
	}
	node := w.model.items[uids[0]].node.(*material.Node)
	w.SelectNode(node)
	tab := newMaterialTab(w, node)
	defer tab.close()
	before := tab.lit
	tab.phase = 0
	tab.SetColor(1, color.NRGBA{0, 255, 0, 255}) // directional of phase 0
	if tab.lit == before {
		t.Error("the swatch did not follow the edit")
	}
	if !f.dirty() || w.model.items[uids[0]].edits != 1 {
		t.Fatal("the file or the node is not marked edited")
	}
	path := filepath.Join(t.TempDir(), "test.lib")
	if err := w.saveTo(f, path); err != nil {
		t.Fatal(err)
	}
	disk, err := formats.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer disk.Close()
	dk, _ := disk.Root.Children()
	if p := dk[0].(*material.Node).Material().Phases[0].P; p[4] != 0 || p[5] != 255 || p[6] != 0 {
		t.Errorf("saved directional %v", p[4:8])
	}
	w.undoEdit()
	if p := node.Material().Phases[0].P; p[5] != 0 {
		t.Errorf("undo left directional %v", p[4:8])
	}
}
