package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/internal/testutil"
)

// "Export all of this type" finds the nodes of the same kind and tag, in
// their folders, and opens Export… on them.
func TestExportAllOfType(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	items, err := findOfType(f.root, formats.KindTexture, "Texm")
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, it := range items {
		paths = append(paths, it.Path)
	}
	if strings.Join(paths, " ") != "textures/brick textures/Water" {
		t.Errorf("textures %v", paths)
	}
	if got, _ := findOfType(f.root, formats.KindMaterial, "MAT0"); len(got) != 3 { // WATER_M, DEFAULT and the broken one
		t.Errorf("%d MAT0 materials, want 3", len(got))
	}
	b := w.nav.model.items[uidByPath(t, w, "textures/brick")]
	w.exporter.exportAllOfType(b)
	w.waitJobs()
	top := w.win.Canvas().Overlays().Top()
	if top == nil || !strings.Contains(overlayText(top), "2 Texm textures in fake.lib") {
		t.Errorf("no Export dialog for the type")
	}
	sel := []exportSel{{f, items[0]}, {f, items[1]}}
	batches := exportBatches(sel, true)
	if len(batches) != 1 || batches[0].dir != "fake.lib/textures" || len(batches[0].items) != 2 {
		t.Errorf("batches %+v", batches)
	}
}

// overlayButton is the button labelled text in the top overlay.
func overlayButton(t *testing.T, w *window, text string) *widget.Button {
	t.Helper()
	top := w.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog")
	}
	for _, o := range test.LaidOutObjects(top) {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			return b
		}
	}
	t.Fatalf("no %s button in the dialog", text)
	return nil
}

// Export all of a type covers every open file, or what the filter found
// in them while it is active.
func TestExportAllOfTypeAcrossFiles(t *testing.T) {
	w := newTestWindow(t)
	addFake(w)
	other := &openFile{name: "other.lib", root: &formats.Folder{NodeName: "other.lib", NodeKind: formats.KindArchive, Items: []formats.Node{
		rawNode("stone", formats.KindTexture, "Texm", seq(8), 0),
		rawNode("mat", formats.KindMaterial, "MAT0", seq(8), 8),
		rawNode("bricks", formats.KindTexture, "Texm", seq(8), 16),
	}}}
	w.opened.addFiles([]*openFile{other})
	dir := t.TempDir()
	w.app.Preferences().SetString(prefExportDir, dir)
	brick := w.nav.model.items[uidByPath(t, w, "textures/brick")]

	w.exporter.exportAllOfType(brick)
	w.waitJobs()
	if top := w.win.Canvas().Overlays().Top(); top == nil || !strings.Contains(overlayText(top), "4 Texm textures in 2 files") {
		t.Fatal("no Export dialog for the textures of both files")
	}
	test.Tap(overlayButton(t, w, "Export"))
	w.waitJobs()
	want := "fake.lib/textures/Water fake.lib/textures/brick other.lib/bricks other.lib/stone"
	if got := testutil.ListFiles(t, dir); strings.Join(got, " ") != want {
		t.Errorf("files %v, want %s", got, want)
	}

	w.filter.SetText("brick")
	sel, _ := w.nav.model.filteredOfType(formats.KindTexture, "Texm")
	var paths []string
	for _, s := range sel {
		paths = append(paths, s.treePath())
	}
	if strings.Join(paths, " ") != "fake.lib/textures/brick other.lib/bricks" {
		t.Errorf("filtered %v", paths)
	}
	w.exporter.exportAllOfType(brick)
	if top := w.win.Canvas().Overlays().Top(); top == nil || !strings.Contains(overlayText(top), "2 Texm textures matching the filter") {
		t.Error("no Export dialog for the filter's textures")
	}
	w.filter.SetText("nothing like it")
	w.win.Canvas().Overlays().Remove(w.win.Canvas().Overlays().Top())
	w.exporter.exportAllOfType(brick)
	if top := w.win.Canvas().Overlays().Top(); top != nil || !strings.Contains(w.status.msg.Text, "the filter found no Texm texture") {
		t.Errorf("empty filter result: status %q", w.status.msg.Text)
	}
}
