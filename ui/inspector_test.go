package ui

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/export"
	"rummage/formats"
	"rummage/formats/geom"
	"rummage/samples"
	"rummage/ui/inspect"
	"rummage/ui/inspect/inspecttest"
)

func TestArchiveGetsEntriesTab(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	w.nav.selectUID(f.uid)
	if got := strings.Join(tabTitles(w.insp), ","); got != "Entries,Overview,Hex" || w.insp.tabs.SelectedIndex() != 0 {
		t.Errorf("archive tabs %s", got)
	}
}

// The header line of sample nodes: the facts each inspector registers
// for its node types, after the type tag, before the size. (Showing them
// would start previews whose frames race the test driver.)
func TestHeaderFactsOfSamples(t *testing.T) {
	w := newTestWindow(t)
	w.opened.addFiles(sampleFiles(&w.opts))
	for _, c := range []struct{ path, want string }{
		{"Material.lib", "NRes · 10 entries · version 256 · 1.8 KiB"},
		{"Material.lib/B_LBL_01", "MAT0 · 4 phases · 4 blocks · version 6 · 198 B"},
		{"Textures.lib/EFFECT.0", "Texm · 4444 · 64×64 · 2 levels · 10.1 KiB"},
		{"sample.lib/Inner.lib", "LIB · nres · 3 entries · version 256 · 272 B"},
		{"sprites.lib", "RsLi · 3 entries · 1.4 KiB"},
		{"gta3.img", "IMG · 5 entries · version 2 · 54.0 KiB"},
		{"ps2_sa.txd", "TXD · 4 textures"},
		{"ps2_sa.txd/sky", "texture · 8888 · 32×16 · 1 level · ps2 · 2.3 KiB"},
		{"tank.rlb/TANK.wea", "WEAR · 6 rows · 93 B"},
		{"tank.rlb/TANK.msh", "MSH · 144 vertices · 72 triangles · 10 batches"},
		{"xray_level_v4", "level · 11 chunks · 728 triangles · version 4"},
		{"xray_level_v4/cform", "chunk · 426 vertices · 728 triangles · 4 batches · 728 items · version 2 · 9.9 KiB"},
		{"xray_level_v4/visuals/0", "visual · 289 vertices · 512 triangles · 1 batch · 6 chunks · 2 textures · 3.1 KiB"},
		{"xray_level_v4/sectors/1", "sector · 168 vertices · 84 triangles · 3 batches · 5 chunks · 128 B"},
		{"xray_level_v4/vertex_buffers/1", "vertex_buffer · 192 rows · 192 vertices · 6.8 KiB"},
		{"shapes", "code · 3 items"},
		{"shapes/torus", "mesh · 960 vertices · 1920 triangles · 6 batches"},
	} {
		file, rest, _ := strings.Cut(c.path, "/")
		var it *item
		for _, f := range w.opened.files {
			if f.name == file {
				it, _ = w.nav.model.resolve(w.nav.model.items[f.uid], rest)
			}
		}
		if it == nil {
			t.Errorf("no node %s", c.path)
			continue
		}
		if got, err := header(it); err != nil || !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: header %q (%v), want %q", c.path, got, err, c.want)
		}
	}
}

// The header counts loaded children unless the facts count them, and
// marks a broken node.
func TestHeaderFacts(t *testing.T) {
	it := &item{name: "WATER_M", tag: "MAT0", kind: "material", node: rawNode("WATER_M", "material", "MAT0", seq(412), 0)}
	if got, want := headerFacts(it, []string{"6 phases", "1 block", "version 6"}, false), "MAT0 · 6 phases · 1 block · version 6 · 412 B"; got != want {
		t.Errorf("facts %q, want %q", got, want)
	}
	it.loaded, it.kids = true, []string{"a", "b"}
	if got := headerFacts(it, nil, false); got != "MAT0 · 2 children · 412 B" {
		t.Errorf("with children %q", got)
	}
	if got := headerFacts(it, []string{"2 entries"}, true); got != "MAT0 · 2 entries · 412 B" {
		t.Errorf("with counted children %q", got)
	}
	it.tag, it.err = "", errFake
	if got := headerFacts(it, nil, true); got != "material · 412 B · broken" {
		t.Errorf("broken %q", got)
	}
}

// matchPanicNode is a node a test tab provider's Match panics on, and
// facts whose function panics.
type matchPanicNode struct{ formats.Raw }

func init() {
	inspect.RegisterTab(inspect.TabProvider{Name: "test-match-panic", Order: 10,
		Match: func(n formats.Node) bool {
			if _, ok := n.(*matchPanicNode); ok {
				panic("match exploded")
			}
			return false
		},
		Make: func(inspect.Host, formats.Node) *inspect.Tab { return nil }})
	inspect.RegisterFacts(func(*matchPanicNode) ([]string, bool) { panic("facts exploded") })
}

// A panic in a tab's Match or in the header facts is shown once, in the
// error card, with where it happened; the node keeps Overview and Hex.
func TestInspectorPanicsAreReported(t *testing.T) {
	w := newTestWindow(t)
	n := &matchPanicNode{*rawNode("odd", formats.KindRaw, "ODD", seq(4), 0)}
	w.opened.addFiles([]*openFile{{name: "p", root: &formats.Folder{NodeName: "p", Items: []formats.Node{n}}}})
	w.nav.selectUID(uidByPath(t, w, "odd"))
	text := w.insp.problem.Text
	if !w.insp.card.Visible() || strings.Count(text, "match exploded") != 1 || strings.Count(text, "facts exploded") != 1 ||
		!strings.Contains(text, "tab test-match-panic: internal error: match exploded") {
		t.Errorf("card %v %q", w.insp.card.Visible(), text)
	}
	if got := strings.Join(tabTitles(w.insp), ","); got != "Overview,Hex" || w.insp.facts.Text != "ODD · 4 B" {
		t.Errorf("tabs %s, header %q", got, w.insp.facts.Text)
	}
}

// openTXD opens the sample ps2_sa.txd in w and selects its texture name.
func openTXD(t *testing.T, w *window, name string) formats.Node {
	t.Helper()
	for _, s := range samples.Files() {
		if s.Name == "ps2_sa.txd" {
			w.opened.addFiles([]*openFile{openMemory(s.Name, s.Data, &w.opts)})
		}
	}
	if err := w.selectStart("ps2_sa.txd/" + name); err != nil {
		t.Skip(err)
	}
	return w.nav.sel.node
}

// tabContent is the content of the inspector's tab titled title.
func tabContent(t *testing.T, w *window, title string) fyne.CanvasObject {
	t.Helper()
	for _, it := range w.insp.tabs.Items {
		if it.Text == title {
			return it.Content
		}
	}
	t.Fatalf("no %s tab in %v", title, tabTitles(w.insp))
	return nil
}

// renameInWindow renames the sample TXD's brick to "edited" through the
// TXD tab's Rename… dialog.
func renameInWindow(t *testing.T) (w *window, tex formats.Node) {
	t.Helper()
	w = newTestWindow(t)
	tex = openTXD(t, w, "brick")
	test.Tap(findButton(t, tabContent(t, w, "TXD"), "Rename…"))
	form := w.win.Canvas().Overlays().Top()
	if form == nil {
		t.Fatal("Rename… showed no dialog")
	}
	for _, o := range test.LaidOutObjects(form) {
		if e, ok := o.(*widget.Entry); ok && e.Text == "brick" {
			e.SetText("edited")
		}
	}
	test.Tap(findButton(t, form, "Rename"))
	return w, tex
}

func TestTXDEditInWindow(t *testing.T) {
	w, tex := renameInWindow(t)
	if w.nav.sel == nil || !formats.SameNode(w.nav.sel.node, tex) {
		t.Fatalf("selection after the edit: %v", w.nav.sel)
	}
	if !w.opened.files[0].root.(formats.Saver).Edited() || tex.Name() != "edited" || !w.opened.files[0].dirty() {
		t.Fatal("edit not applied")
	}
}

// Undo and redo from the menu show the reverted texture in the TXD tabs.
func TestTXDUndoRefreshesTabs(t *testing.T) {
	w, _ := renameInWindow(t)
	if !strings.Contains(inspecttest.Labels(tabContent(t, w, "TXD")), "edited") {
		t.Fatal("the TXD tab does not show the edit")
	}
	w.edits.undoEdit()
	if got := inspecttest.Labels(tabContent(t, w, "TXD")); strings.Contains(got, "edited") || !strings.Contains(got, "brick") {
		t.Fatalf("after undo the TXD tab shows %q", got)
	}
	w.edits.redoEdit()
	if !strings.Contains(inspecttest.Labels(tabContent(t, w, "TXD")), "edited") {
		t.Fatal("after redo the TXD tab does not show the edit")
	}
}

// Export PNG… of the TXD tab opens the window's Export… on the texture
// with PNG chosen, and the export writes it.
func TestTXDExportPNGInWindow(t *testing.T) {
	w := newTestWindow(t)
	setGroupFormat(w.app, exportGroups[0], export.Raw) // the texture default is not PNG
	tex := openTXD(t, w, "sky")
	test.Tap(findButton(t, tabContent(t, w, "TXD"), "Export PNG…"))
	top := w.win.Canvas().Overlays().Top()
	if top == nil || !strings.Contains(overlayText(top), "ps2_sa.txd › sky") {
		t.Fatal("Export PNG… showed no Export dialog on the texture")
	}
	w.win.Canvas().Overlays().Remove(top)
	v := w.exporter.exportAs(tex, export.PNG)
	if got := v.formats["texture"].Selected; got != export.PNG {
		t.Fatalf("texture format %q", got)
	}
	out := runDialog(t, w, v, t.TempDir())
	if len(out.written) != 1 || len(out.failures) != 0 || filepath.Ext(out.written[0]) != ".png" {
		t.Fatalf("written %v, failures %v", out.written, out.failures)
	}
	fh, err := os.Open(out.written[0])
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	img, err := png.Decode(fh)
	if err != nil || img.Bounds().Dx() != 32 || img.Bounds().Dy() != 16 {
		t.Errorf("exported %v, %v", img.Bounds(), err)
	}
}

// gatedMesh is a mesh node whose Mesh waits for its gate: the preview's
// render goroutine stays out of the test's way.
type gatedMesh struct {
	formats.Raw
	gate chan struct{}
}

func (g *gatedMesh) Mesh() (*geom.Mesh, error) {
	<-g.gate
	return nil, errFake
}

// View › Reset preview finds the preview of a mesh on show.
func TestResetPreviewFindsPreview(t *testing.T) {
	w := newTestWindow(t)
	m := &gatedMesh{*rawNode("ball", formats.KindMesh, "MSH", seq(4), 0), make(chan struct{})}
	w.opened.addFiles([]*openFile{{name: "m", root: &formats.Folder{NodeName: "m", Items: []formats.Node{m}}}})
	w.nav.selectUID(uidByPath(t, w, "ball"))
	if w.insp.resetterOnShow() == nil {
		t.Errorf("no preview on show in %v", tabTitles(w.insp))
	}
	w.Status("")
	w.view.resetPreview()
	if strings.Contains(w.status.msg.Text, "no preview") {
		t.Errorf("status %q", w.status.msg.Text)
	}
	w.insp.close() // the preview stops before its mesh arrives
	close(m.gate)
}

// manyDiags is a raw leaf with n findings.
type manyDiags struct {
	formats.Raw
	n int
}

func (d *manyDiags) Diagnostics() []formats.Diagnostic {
	out := make([]formats.Diagnostic, d.n)
	for i := range out {
		out[i] = formats.Diagnostic{Off: int64(i), Msg: fmt.Sprintf("finding %d: the buffer of this visual is in level.geom, which is missing", i)}
	}
	return out
}

// A node's findings take one line under the header — their count and the
// first one — until the card is opened; it stays open for the next node
// until it is closed again.
func TestProblemCardCollapses(t *testing.T) {
	w := newTestWindow(t)
	w.app.Settings().SetTheme(theme.DefaultTheme())
	a := &manyDiags{Raw: *rawNode("a", formats.KindRaw, "ODD", seq(4), 0), n: 20}
	b := &manyDiags{Raw: *rawNode("b", formats.KindRaw, "ODD", seq(4), 0), n: 2}
	w.opened.addFiles([]*openFile{{name: "p", root: &formats.Folder{NodeName: "p", Items: []formats.Node{a, b}}}})
	w.nav.selectUID(uidByPath(t, w, "a"))
	c := w.insp.cardV
	oneLine := widget.NewButton("x", nil).MinSize().Height
	if !c.content.Visible() || c.open || !c.oneLine.Visible() || c.problem.Visible() {
		t.Fatalf("card shown %v, open %v", c.content.Visible(), c.open)
	}
	if !strings.HasPrefix(c.oneLine.Text, "20 problems · offset 0x0 (0): finding 0") {
		t.Errorf("closed card %q", c.oneLine.Text)
	}
	if h := c.content.MinSize().Height; h > oneLine {
		t.Errorf("the closed card is %v high, a line is %v", h, oneLine)
	}
	test.Tap(c.toggle)
	if !c.open || c.oneLine.Visible() || !c.problem.Visible() || !strings.Contains(c.problem.Text, "finding 2") {
		t.Fatalf("open card: %v %q", c.open, c.problem.Text)
	}
	if h := c.content.MinSize().Height; h < 2*oneLine {
		t.Errorf("the open card is %v high", h)
	}
	w.nav.selectUID(uidByPath(t, w, "b"))
	if !c.open || !strings.Contains(c.problem.Text, "finding 1") {
		t.Errorf("the next node's card: open %v, %q", c.open, c.problem.Text)
	}
	test.Tap(c.toggle)
	if c.open || !strings.HasPrefix(c.oneLine.Text, "2 problems · ") {
		t.Errorf("closed again: %v %q", c.open, c.oneLine.Text)
	}
}
