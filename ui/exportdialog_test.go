package ui

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
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
	sel, what := w.exporter.exportSelection()
	if len(sel) == 0 {
		t.Fatal("nothing to export")
	}
	return w.exporter.showExportDialog(sel, what)
}

// runDialog sets the folder, taps Export and waits for the export.
func runDialog(t *testing.T, w *window, v *exportView, dir string) exportOutcome {
	t.Helper()
	v.dir.SetText(dir)
	test.Tap(v.exportB)
	if v.job == nil {
		t.Fatalf("Export did not start (problem %q)", v.problem.Text)
	}
	<-v.job.done
	w.waitJobs()
	out := v.job.outcome()
	if out.err != nil {
		t.Fatalf("export error: %v", out.err)
	}
	return out
}

// The whole fake archive through the dialog: into a folder named after
// it, folders kept, per-kind formats applied, every node written, nothing
// temporary left.
func TestExportDialogWholeArchive(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	w.nav.selectUID(f.uid)
	v := openExport(t, w)
	if v.what.Text != "fake.lib" {
		t.Errorf("dialog names %q", v.what.Text)
	}
	if w.win.Canvas().Overlays().Top() == nil {
		t.Fatal("no dialog shown")
	}
	v.formats["material"].SetSelected(export.Raw)
	dir := t.TempDir()
	out := runDialog(t, w, v, dir)
	if out.cancelled || len(out.failures) != 0 {
		t.Fatalf("cancelled %v, failures %v", out.cancelled, out.failures)
	}
	got := testutil.ListFiles(t, dir)
	want := []string{"fake.lib/DEFAULT", "fake.lib/WATER_M", "fake.lib/bad", "fake.lib/odd", "fake.lib/textures/Water", "fake.lib/textures/brick", "fake.lib/x@4", "fake.lib/x@5"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("files %v, want %v", got, want)
	}
	if len(out.written) != len(want) {
		t.Errorf("written %v", out.written)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "fake.lib", "WATER_M")); !bytes.Equal(b, seq(48)) {
		t.Errorf("WATER_M as raw = % X", b)
	}
	if w.status.busy.Visible() {
		t.Error("progress bar still shown")
	}
	if !strings.Contains(w.status.msg.Text, "exported 8 files") {
		t.Errorf("status %q", w.status.msg.Text)
	}
	// The choices are remembered for the next export.
	if w.app.Preferences().String(prefExportDir) != dir || groupFormat(w.app, exportGroups[3], groupFormats(exportGroups[3], nil)) != export.Raw {
		t.Errorf("choices not remembered: %q %q", w.app.Preferences().String(prefExportDir), groupFormat(w.app, exportGroups[3], groupFormats(exportGroups[3], nil)))
	}
	v2 := openExport(t, w)
	if v2.dir.Text != dir || v2.formats["material"].Selected != export.Raw {
		t.Errorf("second dialog: %q %q", v2.dir.Text, v2.formats["material"].Selected)
	}
	// JSON by default for materials.
	v2.formats["material"].SetSelected(export.JSON)
	dir2 := t.TempDir()
	runDialog(t, w, v2, dir2)
	if _, err := os.Stat(filepath.Join(dir2, "fake.lib", "WATER_M.json")); err != nil {
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
	w.opened.addFiles([]*openFile{f})
	return f
}

// Marked nodes (the multi-selection): with the folders kept each goes to
// its tree path; without, the second "a" is renamed.
func TestExportDialogMarkedDuplicates(t *testing.T) {
	w := newTestWindow(t)
	twoFolders(w)
	a1 := w.nav.model.items[uidByPath(t, w, "d1/a")]
	a2 := w.nav.model.items[uidByPath(t, w, "d2/a")]
	w.marks.toggle(a1)
	w.marks.toggle(a2)

	v := openExport(t, w)
	if !v.keep.Checked || !strings.Contains(v.what.Text, "2 nodes marked") {
		t.Errorf("keep %v, what %q", v.keep.Checked, v.what.Text)
	}
	dir := t.TempDir()
	runDialog(t, w, v, dir)
	if got := testutil.ListFiles(t, dir); strings.Join(got, " ") != "two.lib/d1/a two.lib/d2/a" {
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

// Folders: off, a node goes straight into the export folder and a
// container into a folder named after it; on, each keeps its tree path.
func TestExportDialogFolders(t *testing.T) {
	w := newTestWindow(t)
	addFake(w)
	for _, c := range []struct {
		node string
		keep bool
		want string
	}{
		{"textures", false, "textures/Water textures/brick"},
		{"textures", true, "fake.lib/textures/Water fake.lib/textures/brick"},
		{"textures/brick", false, "brick"},
		{"textures/brick", true, "fake.lib/textures/brick"},
	} {
		w.nav.selectUID(uidByPath(t, w, c.node))
		v := openExport(t, w)
		v.keep.SetChecked(c.keep)
		dir := t.TempDir()
		runDialog(t, w, v, dir)
		if got := strings.Join(testutil.ListFiles(t, dir), " "); got != c.want {
			t.Errorf("%s, folders %v: files %s, want %s", c.node, c.keep, got, c.want)
		}
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
	w.opened.addFiles([]*openFile{f})
	w.nav.selectUID(f.uid)
	v := openExport(t, w)
	dir := t.TempDir()
	out := runDialog(t, w, v, dir)
	if len(out.written) != 2 || len(out.failures) != 1 || out.failures[0].Path != "f.lib/burning" {
		t.Fatalf("written %v failures %v", out.written, out.failures)
	}
	if got := testutil.ListFiles(t, dir); strings.Join(got, " ") != "f.lib/also f.lib/good" {
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
	// One job at a time, so which files finish is known (export's
	// TestCancelParallel covers cancelling jobs that run side by side).
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	w := newTestWindow(t)
	slow := &slowNode{Raw: *rawNode("slow", formats.KindRaw, "", nil, 0), started: make(chan struct{}), once: &sync.Once{}}
	slow.Raw.N = 1 << 20
	root := &formats.Folder{NodeName: "s.lib", NodeKind: formats.KindArchive, Items: []formats.Node{
		rawNode("first", formats.KindRaw, "", []byte("done"), 0),
		slow,
		rawNode("never", formats.KindRaw, "", []byte("late"), 0),
	}}
	f := &openFile{name: "s.lib", root: root}
	w.opened.addFiles([]*openFile{f})
	w.nav.selectUID(f.uid)
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
	// Cancel's own action, not test.Tap: Tap walks the widget tree, which
	// the export's progress may be writing meanwhile (the test driver runs
	// fyne.Do on the export's goroutine; the real one on the UI's).
	w.status.cancel.OnTapped()
	<-v.job.done
	w.waitJobs()
	out := v.job.outcome()
	if !out.cancelled || out.err != nil {
		t.Fatalf("cancelled %v err %v", out.cancelled, out.err)
	}
	if got := testutil.ListFiles(t, dir); strings.Join(got, " ") != "s.lib/first" {
		t.Errorf("files after cancel %v, want only the finished one", got)
	}
	if len(out.written) != 1 {
		t.Errorf("written %v", out.written)
	}
	if !strings.Contains(w.status.msg.Text, "cancelled") {
		t.Errorf("status %q", w.status.msg.Text)
	}
}

func TestExportDialogNeedsFolder(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	w.nav.selectUID(f.uid)
	v := openExport(t, w)
	v.dir.SetText("  ")
	test.Tap(v.exportB)
	if v.job != nil || !v.problem.Visible() {
		t.Errorf("export started without a folder (problem %q)", v.problem.Text)
	}
}

// exportBatches: nodes are named by their tree paths (a file's root by
// the file's name, a node outside the tree by its name); with the folders
// kept each goes into the folders of its tree path; a node inside another
// chosen node is left to it.
func TestExportBatches(t *testing.T) {
	n := rawNode("n", formats.KindRaw, "", nil, 0)
	root3 := &formats.Folder{NodeName: "three.lib", NodeKind: formats.KindArchive}
	f1 := &openFile{name: "sub/one.lib", root: &formats.Folder{NodeName: "one.lib"}}
	f2 := &openFile{name: "two.txd"}
	f3 := &openFile{name: "three.lib", root: root3}
	sel := []exportSel{
		{f1, export.Item{Node: n, Path: "a"}},
		{f1, export.Item{Node: n, Path: "a/b/c"}}, // inside a
		{f1, export.Item{Node: n, Path: "x/y"}},
		{f2, export.Item{Node: n, Path: "tex"}},
		{f3, export.Item{Node: root3, Path: ""}},                                   // a root
		{f1, export.Item{Node: rawNode("elsewhere", formats.KindRaw, "", nil, 0)}}, // outside the tree
	}
	batches := func(keep bool) map[string]string {
		got := map[string]string{}
		for _, b := range exportBatches(sel, keep) {
			var paths []string
			for _, it := range b.items {
				paths = append(paths, it.Path)
			}
			got[b.dir] = strings.Join(paths, " ")
		}
		return got
	}
	want := map[string]string{"sub/one.lib": "sub/one.lib/a", "sub/one.lib/x": "sub/one.lib/x/y",
		"two.txd": "two.txd/tex", "": "three.lib elsewhere"}
	if got := batches(true); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("kept folders: batches %v, want %v", got, want)
	}
	want = map[string]string{"": "sub/one.lib/a sub/one.lib/x/y two.txd/tex three.lib elsewhere"}
	if got := batches(false); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("flat: batches %v, want %v", got, want)
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
	a := w.nav.model.items[uidByPath(t, w, "WATER_M")]
	b := w.nav.model.items[uidByPath(t, w, "DEFAULT")]
	var row *treeRow
	for _, o := range test.LaidOutObjects(w.nav.tree) {
		if r, ok := o.(*treeRow); ok && r.it == b {
			row = r
		}
	}
	if row == nil || row.onTap == nil {
		t.Fatal("no row for DEFAULT with a tap handler")
	}
	w.nav.tree.rowTapped(a, 0)
	if w.nav.current() != a {
		t.Fatalf("plain click selected %v", w.nav.current())
	}
	w.nav.tree.rowTapped(b, fyne.KeyModifierControl)
	if w.nav.current() != a || !w.marks.marked[b.uid] {
		t.Errorf("ctrl+click: selection %s, marked %v", w.nav.current().name, w.marks.marked)
	}
	test.Tap(row) // the test driver holds no modifier: a plain click
	if w.nav.current() != b {
		t.Errorf("tap on the row selected %s", w.nav.current().name)
	}
	if w.win.Canvas().Focused() != w.nav.tree {
		t.Error("a click does not focus the tree")
	}
	row.TappedSecondary(&fyne.PointEvent{})
	top := w.win.Canvas().Overlays().Top()
	if top == nil || !strings.Contains(overlayText(top), "Export all MAT0 material nodes") {
		t.Error("right click shows no menu with Export all of this type")
	}
}
