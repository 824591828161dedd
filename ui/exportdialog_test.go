package ui

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"rummage/export"
	"rummage/formats"
	"rummage/internal/testutil"
)

// openExport opens the Export… dialog on the current selection or marks.
func openExport(t *testing.T, w *window) *exportView {
	t.Helper()
	sel, what := w.exportSelection()
	if len(sel) == 0 {
		t.Fatal("nothing to export")
	}
	return w.showExportDialog(sel, what)
}

// runDialog sets the folder, taps Export and waits for the export.
func runDialog(t *testing.T, w *window, v *exportView, dir string) ([]string, []export.Failure, bool) {
	t.Helper()
	v.dir.SetText(dir)
	test.Tap(v.exportB)
	if v.job == nil {
		t.Fatalf("Export did not start (problem %q)", v.problem.Text)
	}
	<-v.job.done
	w.waitJobs()
	written, failures, cancelled, err := v.job.outcome()
	if err != nil {
		t.Fatalf("export error: %v", err)
	}
	return written, failures, cancelled
}

// The whole fake archive through the dialog: folders kept, per-kind
// formats applied, every node written, nothing temporary left.
func TestExportDialogWholeArchive(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	w.selectUID(f.uid)
	v := openExport(t, w)
	if v.what.Text != "fake.lib" {
		t.Errorf("dialog names %q", v.what.Text)
	}
	if w.win.Canvas().Overlays().Top() == nil {
		t.Fatal("no dialog shown")
	}
	v.formats["material"].SetSelected(export.Raw)
	dir := t.TempDir()
	written, failures, cancelled := runDialog(t, w, v, dir)
	if cancelled || len(failures) != 0 {
		t.Fatalf("cancelled %v, failures %v", cancelled, failures)
	}
	got := testutil.ListFiles(t, dir)
	want := []string{"DEFAULT", "WATER_M", "bad", "odd", "textures/Water", "textures/brick", "x@4", "x@5"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("files %v, want %v", got, want)
	}
	if len(written) != len(want) {
		t.Errorf("written %v", written)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "WATER_M")); !bytes.Equal(b, seq(48)) {
		t.Errorf("WATER_M as raw = % X", b)
	}
	if w.status.busy.Visible() {
		t.Error("progress bar still shown")
	}
	if !strings.Contains(w.status.msg.Text, "exported 8 files") {
		t.Errorf("status %q", w.status.msg.Text)
	}
	// The choices are remembered for the next export.
	if w.app.Preferences().String(prefExportDir) != dir || groupFormat(w.app, exportGroups[3]) != export.Raw {
		t.Errorf("choices not remembered: %q %q", w.app.Preferences().String(prefExportDir), groupFormat(w.app, exportGroups[3]))
	}
	v2 := openExport(t, w)
	if v2.dir.Text != dir || v2.formats["material"].Selected != export.Raw {
		t.Errorf("second dialog: %q %q", v2.dir.Text, v2.formats["material"].Selected)
	}
	// JSON by default for materials.
	v2.formats["material"].SetSelected(export.JSON)
	dir2 := t.TempDir()
	runDialog(t, w, v2, dir2)
	if _, err := os.Stat(filepath.Join(dir2, "WATER_M.json")); err != nil {
		t.Errorf("material as JSON: %v (files %v)", err, testutil.ListFiles(t, dir2))
	}
}

// twoFolders is a file with the same name in two folders.
func twoFolders(w *window) *openFile {
	root := &formats.Folder{NodeName: "two.lib", NodeKind: formats.KindArchive, Items: []formats.Node{
		&formats.Folder{NodeName: "d1", NodeKind: formats.KindArchive, Items: []formats.Node{rawNode("a", formats.KindRaw, "", []byte("one"), 0)}},
		&formats.Folder{NodeName: "d2", NodeKind: formats.KindArchive, Items: []formats.Node{rawNode("a", formats.KindRaw, "", []byte("two"), 0)}},
	}}
	f := &openFile{name: "two.lib", root: root}
	w.addFiles([]*openFile{f})
	return f
}

// Marked nodes (the multi-selection): with the folders kept each goes to
// its folder; without, the second "a" is renamed.
func TestExportDialogMarkedDuplicates(t *testing.T) {
	w := newTestWindow(t)
	twoFolders(w)
	a1 := w.model.items[uidByPath(t, w, "d1/a")]
	a2 := w.model.items[uidByPath(t, w, "d2/a")]
	w.toggleMark(a1)
	w.toggleMark(a2)

	v := openExport(t, w)
	if !v.keep.Checked || !strings.Contains(v.what.Text, "2 nodes marked") {
		t.Errorf("keep %v, what %q", v.keep.Checked, v.what.Text)
	}
	dir := t.TempDir()
	runDialog(t, w, v, dir)
	if got := testutil.ListFiles(t, dir); strings.Join(got, " ") != "d1/a d2/a" {
		t.Errorf("kept folders: %v", got)
	}

	v = openExport(t, w)
	v.keep.SetChecked(false)
	dir = t.TempDir()
	runDialog(t, w, v, dir)
	if got := testutil.ListFiles(t, dir); strings.Join(got, " ") != "a a_2" {
		t.Errorf("flat: %v", got)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a_2")); string(b) != "two" {
		t.Errorf("a_2 = %q", b)
	}
}

// failNode has bytes that cannot be read.
type failNode struct{ formats.Raw }

func (failNode) Open() io.Reader { return failReader{} }

type failReader struct{}

func (failReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

// A node that fails is skipped, the others are written, and the failures
// are listed at the end.
func TestExportDialogFailuresListed(t *testing.T) {
	w := newTestWindow(t)
	root := &formats.Folder{NodeName: "f.lib", NodeKind: formats.KindArchive, Items: []formats.Node{
		rawNode("good", formats.KindRaw, "", []byte("ok"), 0),
		&failNode{Raw: *rawNode("burning", formats.KindRaw, "", []byte("xx"), 0)},
		rawNode("also", formats.KindRaw, "", []byte("ok"), 0),
	}}
	f := &openFile{name: "f.lib", root: root}
	w.addFiles([]*openFile{f})
	w.selectUID(f.uid)
	v := openExport(t, w)
	dir := t.TempDir()
	written, failures, _ := runDialog(t, w, v, dir)
	if len(written) != 2 || len(failures) != 1 || failures[0].Path != "burning" {
		t.Fatalf("written %v failures %v", written, failures)
	}
	if got := testutil.ListFiles(t, dir); strings.Join(got, " ") != "also good" {
		t.Errorf("files %v (the failed one must leave nothing)", got)
	}
	if !strings.Contains(w.status.msg.Text, "1 node failed") {
		t.Errorf("status %q", w.status.msg.Text)
	}
	top := w.win.Canvas().Overlays().Top()
	if top == nil || !strings.Contains(overlayText(top), "disk on fire") {
		t.Error("the failures are not listed")
	}
}

// slowNode's bytes trickle out, so an export of it can be cancelled.
type slowNode struct {
	formats.Raw
	started chan struct{}
	once    *sync.Once
}

func (s *slowNode) Open() io.Reader { return &slowReader{s: s, left: 1 << 20} }

type slowReader struct {
	s    *slowNode
	left int
}

func (r *slowReader) Read(p []byte) (int, error) {
	r.s.once.Do(func() { close(r.s.started) })
	if r.left == 0 {
		return 0, io.EOF
	}
	time.Sleep(time.Millisecond)
	p[0] = 'x'
	r.left--
	return 1, nil
}

// Cancel stops the export early and leaves no partial file behind.
func TestExportDialogCancel(t *testing.T) {
	w := newTestWindow(t)
	slow := &slowNode{Raw: *rawNode("slow", formats.KindRaw, "", nil, 0), started: make(chan struct{}), once: &sync.Once{}}
	slow.Raw.N = 1 << 20
	root := &formats.Folder{NodeName: "s.lib", NodeKind: formats.KindArchive, Items: []formats.Node{
		rawNode("first", formats.KindRaw, "", []byte("done"), 0),
		slow,
		rawNode("never", formats.KindRaw, "", []byte("late"), 0),
	}}
	f := &openFile{name: "s.lib", root: root}
	w.addFiles([]*openFile{f})
	w.selectUID(f.uid)
	v := openExport(t, w)
	dir := t.TempDir()
	v.dir.SetText(dir)
	test.Tap(v.exportB)
	select {
	case <-slow.started:
	case <-time.After(20 * time.Second):
		t.Fatal("the slow node was never read")
	}
	if !w.status.busy.Visible() || !w.status.cancel.Visible() {
		t.Error("no progress bar with Cancel while exporting")
	}
	test.Tap(w.status.cancel)
	<-v.job.done
	w.waitJobs()
	written, _, cancelled, err := v.job.outcome()
	if !cancelled || err != nil {
		t.Fatalf("cancelled %v err %v", cancelled, err)
	}
	if got := testutil.ListFiles(t, dir); strings.Join(got, " ") != "first" {
		t.Errorf("files after cancel %v, want only the finished one", got)
	}
	if len(written) != 1 {
		t.Errorf("written %v", written)
	}
	if !strings.Contains(w.status.msg.Text, "cancelled") {
		t.Errorf("status %q", w.status.msg.Text)
	}
}

func TestExportDialogNeedsFolder(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	w.selectUID(f.uid)
	v := openExport(t, w)
	v.dir.SetText("  ")
	test.Tap(v.exportB)
	if v.job != nil || !v.problem.Visible() {
		t.Errorf("export started without a folder (problem %q)", v.problem.Text)
	}
}

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
	b := w.model.items[uidByPath(t, w, "textures/brick")]
	w.exportAllOfType(b)
	w.waitJobs()
	top := w.win.Canvas().Overlays().Top()
	if top == nil || !strings.Contains(overlayText(top), "2 Texm textures in fake.lib") {
		t.Errorf("no Export dialog for the type")
	}
	sel := []exportSel{{f, items[0]}, {f, items[1]}}
	batches := exportBatches(sel, true)
	if len(batches) != 1 || batches[0].dir != "textures" || len(batches[0].items) != 2 {
		t.Errorf("batches %+v", batches)
	}
}

// exportBatches: a node inside another chosen node is left to it, and
// nodes of several files go under their file's name.
func TestExportBatches(t *testing.T) {
	f1 := &openFile{name: "sub/one.lib"}
	f2 := &openFile{name: "two.txd"}
	n := rawNode("n", formats.KindRaw, "", nil, 0)
	sel := []exportSel{
		{f1, export.Item{Node: n, Path: "a"}},
		{f1, export.Item{Node: n, Path: "a/b/c"}}, // inside a
		{f1, export.Item{Node: n, Path: "x/y"}},
		{f2, export.Item{Node: n, Path: "tex"}},
	}
	got := map[string][]string{}
	for _, b := range exportBatches(sel, true) {
		for _, it := range b.items {
			got[b.dir] = append(got[b.dir], it.Path)
		}
	}
	want := map[string]string{"sub/one.lib": "a", "sub/one.lib/x": "x/y", "two.txd": "tex"}
	if len(got) != len(want) {
		t.Errorf("batches %v", got)
	}
	for d, p := range want {
		if strings.Join(got[d], " ") != p {
			t.Errorf("batch %q = %v, want %s", d, got[d], p)
		}
	}
	if flat := exportBatches(sel, false); len(flat) != 1 || len(flat[0].items) != 4 {
		t.Errorf("flat batches %+v", flat)
	}
}

// overlayText is all the text drawn by o and its children.
func overlayText(o fyne.CanvasObject) string {
	var b strings.Builder
	for _, x := range test.LaidOutObjects(o) {
		if t, ok := x.(*canvas.Text); ok {
			b.WriteString(t.Text)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Clicks on a row: a plain click selects, Ctrl+click marks for export,
// a right click opens the node's menu.
func TestRowClicks(t *testing.T) {
	w := newTestWindow(t)
	addFake(w)
	a := w.model.items[uidByPath(t, w, "WATER_M")]
	b := w.model.items[uidByPath(t, w, "DEFAULT")]
	var row *treeRow
	for _, o := range test.LaidOutObjects(w.tree) {
		if r, ok := o.(*treeRow); ok && r.it == b {
			row = r
		}
	}
	if row == nil || row.onTap == nil {
		t.Fatal("no row for DEFAULT with a tap handler")
	}
	w.rowTapped(a, 0)
	if w.current() != a {
		t.Fatalf("plain click selected %v", w.current())
	}
	w.rowTapped(b, fyne.KeyModifierControl)
	if w.current() != a || !w.marked[b.uid] {
		t.Errorf("ctrl+click: selection %s, marked %v", w.current().name, w.marked)
	}
	test.Tap(row) // the test driver holds no modifier: a plain click
	if w.current() != b {
		t.Errorf("tap on the row selected %s", w.current().name)
	}
	if w.win.Canvas().Focused() != w.tree {
		t.Error("a click does not focus the tree")
	}
	row.TappedSecondary(&fyne.PointEvent{})
	top := w.win.Canvas().Overlays().Top()
	if top == nil || !strings.Contains(overlayText(top), "Export all MAT0 material nodes") {
		t.Error("right click shows no menu with Export all of this type")
	}
}
