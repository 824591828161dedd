package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats"
)

// foundFacts returns the "found" fact of each material of a DFF node.
func foundFacts(t *testing.T, n formats.Node) []any {
	t.Helper()
	d, err := formats.SafeDescribe(n)
	if err != nil {
		t.Fatal(err)
	}
	var out []any
	for _, m := range d.(map[string]any)["materials"].([]map[string]any) {
		out = append(out, m["found"])
	}
	return out
}

// A DFF model alone in its folder finds none of its textures; File › Set
// texture dictionary… names its TXD, and the open model's materials and
// mesh find them. (The model is not selected: showing it would start a
// preview whose frames race the test driver; the dff inspector's tests
// build its Materials tab before and after.)
func TestTextureDictionaryReachesOpenModels(t *testing.T) {
	w := newTestWindow(t)
	openSample(t, w, "Material.lib") // selected: the model added next is not
	p := filepath.Join(t.TempDir(), "rumbler.dff")
	writeSample(t, "rumbler.dff", p)
	w.opened.addFiles([]*openFile{openDisk(p, "rumbler.dff", &w.opts)})
	root := w.nav.model.items[w.opened.files[1].uid]
	if root.node.Kind() != formats.KindMesh {
		t.Fatalf("rumbler.dff opened as %v", root.node.Kind())
	}
	for i, f := range foundFacts(t, root.node) {
		if f != nil {
			t.Fatalf("material %d found %v with no TXD beside the model", i, f)
		}
	}
	sel := w.nav.sel

	txd := filepath.Join(t.TempDir(), "rumbler.txd")
	writeSample(t, "rumbler.txd", txd)
	w.opened.setTextureDictionary(txd)
	if got := w.Options().TXD; len(got) != 1 || got[0] != txd {
		t.Fatalf("--txd is %q, want %q", got, txd)
	}
	found := 0
	for i, f := range foundFacts(t, root.node) {
		s, _ := f.(string)
		if s != "" && !strings.HasPrefix(s, "rumbler.txd/") {
			t.Errorf("material %d found in %q, want rumbler.txd", i, s)
		}
		if s != "" {
			found++
		}
	}
	if found == 0 {
		t.Fatal("no material found its texture after Set texture dictionary…")
	}
	m, err := root.node.(formats.Mesher).Mesh()
	if err != nil {
		t.Fatal(err)
	}
	textured := false
	for _, g := range m.Groups {
		textured = textured || g.Surface != nil && g.Surface.Texture != nil
	}
	if !textured {
		t.Error("the clump mesh has no textured group")
	}
	if w.nav.sel != sel || w.insp.it != w.nav.sel {
		t.Error("the inspector no longer shows the selection")
	}
}

// The entry is in the File menu, after Set material library….
func TestTextureDictionaryMenu(t *testing.T) {
	w := newTestWindow(t)
	var labels []string
	for _, mi := range w.menus.main.Items[0].Items {
		labels = append(labels, mi.Label)
	}
	l := strings.Join(labels, "|")
	if !strings.Contains(l, "Set material library…|Set texture dictionary…") {
		t.Errorf("File menu %q: no Set texture dictionary… after Set material library…", labels)
	}
}

// Set texture dictionary… (and Set material library…) start in the folder
// of the selected model's file, not in the folder last used.
func TestSideFileDialogStartsBesideTheModel(t *testing.T) {
	w := newTestWindow(t)
	setLastFolder(w.app, t.TempDir())
	dir := t.TempDir()
	w.opened.addFiles([]*openFile{{name: "car.dff", path: filepath.Join(dir, "car.dff"), root: &formats.Folder{NodeName: "car.dff"}}})
	w.nav.selectUID(w.opened.files[0].uid)
	if got := w.opened.sideFileFolder(); got != dir {
		t.Errorf("the dialog starts in %q, want the model's folder %q", got, dir)
	}
	w.nav.selectUID("")
	w.opened.addFiles([]*openFile{{name: "mem.lib", root: &formats.Folder{NodeName: "mem.lib"}}})
	w.nav.selectUID(w.opened.files[1].uid)
	if got := w.opened.sideFileFolder(); got != "" {
		t.Errorf("a file in memory: %q (the last folder should be used)", got)
	}
	w.opened.textureDictionaryDialog()
	if w.win.Canvas().Overlays().Top() == nil {
		t.Error("no dialog")
	}
}
