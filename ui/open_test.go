package ui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"rummage/formats"
)

// rowShown reports whether the tree shows uid's row: the tree lays out
// only the rows in view. (test.LaidOutObjects would not do: it makes new
// renderers, and so a new scroller scrolled to the top.)
func rowShown(w *window, uid string) bool {
	var walk func(o fyne.CanvasObject) bool
	walk = func(o fyne.CanvasObject) bool {
		var kids []fyne.CanvasObject
		switch o := o.(type) {
		case *treeRow:
			return o.it != nil && o.it.uid == uid
		case fyne.Widget:
			kids = test.WidgetRenderer(o).Objects()
		case *fyne.Container:
			kids = o.Objects
		}
		for _, k := range kids {
			if k.Visible() && walk(k) {
				return true
			}
		}
		return false
	}
	return walk(w.nav.tree)
}

// addBig adds an in-memory file of 60 entries, opened: enough rows to push
// a file added after it out of view.
func addBig(w *window) *openFile {
	var items []formats.Node
	for i := range 60 {
		items = append(items, rawNode(fmt.Sprintf("e%02d", i), formats.KindRaw, "", seq(4), int64(4*i)))
	}
	f := &openFile{name: "big", root: &formats.Folder{NodeName: "big", Items: items}}
	w.opened.addFiles([]*openFile{f})
	return f
}

// A file dropped on the window is selected and scrolled into view, also
// when other files were open already.
func TestOpenedFileIsSelectedAndShown(t *testing.T) {
	w := newTestWindow(t)
	addBig(w)
	p := filepath.Join(t.TempDir(), "Material.lib")
	writeSample(t, "Material.lib", p)
	w.onDropped(fyne.NewPos(10, 10), []fyne.URI{storage.NewFileURI(p)})
	w.waitJobs()
	if len(w.opened.files) != 2 {
		t.Fatalf("%d files open", len(w.opened.files))
	}
	uid := w.opened.files[1].uid
	if w.nav.sel == nil || w.nav.sel.uid != uid {
		t.Fatalf("selected %q, want the dropped file", selName(w))
	}
	if !rowShown(w, uid) {
		t.Error("the dropped file's row is out of view")
	}
}

// A Recent entry that no longer exists is reported and dropped, not opened
// as a broken root; one that exists opens, selected.
func TestRecentEntries(t *testing.T) {
	w := newTestWindow(t)
	addBig(w)
	dir := t.TempDir()
	p := filepath.Join(dir, "Material.lib")
	writeSample(t, "Material.lib", p)
	gone := filepath.Join(dir, "gone.lib")
	addRecent(w.app, p)
	addRecent(w.app, gone)
	w.opened.rebuildRecent()
	recentItem(t, w, gone).Action()
	w.waitJobs()
	if len(w.opened.files) != 1 || !strings.Contains(w.status.msg.Text, "gone.lib no longer exists") {
		t.Errorf("%d files open, status %q", len(w.opened.files), w.status.msg.Text)
	}
	if got := recentFiles(w.app); !slices.Equal(got, []string{p}) || len(w.opened.recentMenu.Items) != 3 {
		t.Errorf("recent %v, menu of %d items", got, len(w.opened.recentMenu.Items))
	}
	recentItem(t, w, p).Action()
	w.waitJobs()
	if len(w.opened.files) != 2 || w.nav.sel == nil || w.nav.sel.uid != w.opened.files[1].uid || !rowShown(w, w.opened.files[1].uid) {
		t.Errorf("%d files open, selected %q", len(w.opened.files), selName(w))
	}
	// A path that does not exist is not remembered.
	w.opened.openPaths([]string{gone}, true)
	w.waitJobs()
	if slices.Contains(recentFiles(w.app), gone) {
		t.Error("a missing file was added to Recent")
	}
}

// recentItem is File › Recent's entry for path.
func recentItem(t *testing.T, w *window, path string) *fyne.MenuItem {
	t.Helper()
	for _, mi := range w.opened.recentMenu.Items {
		if mi.Label == path {
			return mi
		}
	}
	t.Fatalf("no Recent entry %s", path)
	return nil
}
