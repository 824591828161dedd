package ui

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"

	"rummage/formats"
	"rummage/ui/inspect"
)

// The fakes of the controllers' narrow interfaces: each controller is
// tested on its own with them (alone_test.go), without the window.

// testApp is a test app and a window on it, for the controllers that make
// dialogs or menus.
func testApp(t *testing.T) (fyne.App, fyne.Window) {
	t.Helper()
	a := test.NewTempApp(t)
	win := a.NewWindow("test")
	win.Resize(fyne.NewSize(900, 600))
	t.Cleanup(win.Close)
	return a, win
}

// fakeStatus is a status bar that records: a reporter, a progressor, and
// the messages with an action (exportStatus, fileStatus).
type fakeStatus struct {
	log    []string // "msg" or "✕ msg"; "action:LABEL" after a message with an action
	steps  []string // "start TITLE", "TITLE done/total", "end"
	action func()
}

func (s *fakeStatus) Status(msg string) { s.log = append(s.log, msg) }
func (s *fakeStatus) setError(err error) {
	if err != nil {
		s.log = append(s.log, "✕ "+err.Error())
	}
}
func (s *fakeStatus) message(msg string, isErr bool) {
	if isErr {
		msg = "✕ " + msg
	}
	s.log = append(s.log, msg)
}
func (s *fakeStatus) messageAction(msg string, isErr bool, label string, do func()) {
	s.message(msg, isErr)
	s.log = append(s.log, "action:"+label)
	s.action = do
}
func (s *fakeStatus) startProgress(title string, _ func()) {
	s.steps = append(s.steps, "start "+title)
}
func (s *fakeStatus) progress(title string, done, total int) {
	s.steps = append(s.steps, fmt.Sprintf("%s %d/%d", title, done, total))
}
func (s *fakeStatus) endProgress() { s.steps = append(s.steps, "end") }

// last is the last message, "" when none.
func (s *fakeStatus) last() string {
	if len(s.log) == 0 {
		return ""
	}
	return s.log[len(s.log)-1]
}

// fakeSelection is a selection holding one item.
type fakeSelection struct{ it *item }

func (s *fakeSelection) current() *item { return s.it }

// fakeItem is an item for a node outside any tree, in file f.
func fakeItem(n formats.Node, f *openFile, path string) *item {
	return &item{node: n, file: f, path: path, name: formats.SafeName(n), kind: formats.SafeKind(n),
		tag: formats.SafeType(n), label: formats.SafeLabel(n), err: formats.SafeErr(n), diags: formats.SafeDiagnostics(n)}
}

// fakeTree records what the controllers ask of the tree: it is a
// markTree, filterTree, editTree, fileTree, saveTree and exportSelection.
type fakeTree struct {
	rows     []string // the shown rows
	cursorAt string
	calls    []string
	sel      *item
	items    map[string]*item
	edits    map[string]int
}

func newFakeTree(rows ...string) *fakeTree {
	return &fakeTree{rows: rows, items: map[string]*item{}, edits: map[string]int{}}
}

func (t *fakeTree) record(format string, args ...any) {
	t.calls = append(t.calls, fmt.Sprintf(format, args...))
}
func (t *fakeTree) callsText() string { return strings.Join(t.calls, " ") }

func (t *fakeTree) visibleRows() []string  { return t.rows }
func (t *fakeTree) cursor() string         { return t.cursorAt }
func (t *fakeTree) selectUID(uid string)   { t.cursorAt = uid; t.record("select %s", uid) }
func (t *fakeTree) refreshItem(uid string) { t.record("row %s", uid) }
func (t *fakeTree) refresh()               { t.record("refresh") }
func (t *fakeTree) openBranches() []string { return []string{"open-before"} }
func (t *fakeTree) restoreBranches(open []string) {
	t.record("restore %s", strings.Join(open, ","))
}
func (t *fakeTree) showFiltered(open []string) { t.record("filtered %s", strings.Join(open, ",")) }
func (t *fakeTree) showNoMatch(query string)   { t.record("no match %q", query) }
func (t *fakeTree) focus()                     { t.record("focus") }
func (t *fakeTree) selected(uid string)        { t.record("selected %s", uid) }
func (t *fakeTree) current() *item             { return t.sel }
func (t *fakeTree) itemOf(n formats.Node) *item {
	for _, it := range t.items {
		if formats.SameNode(it.node, n) {
			return it
		}
	}
	return fakeItem(n, nil, "")
}
func (t *fakeTree) locate(n formats.Node) (string, *openFile) {
	for uid, it := range t.items {
		if formats.SameNode(it.node, n) {
			return uid, it.file
		}
	}
	return "", nil
}
func (t *fakeTree) countEdit(uid string, _ *openFile, d int) { t.edits[uid] += d }
func (t *fakeTree) addRoots(fs []*openFile, fresh bool) {
	for i, f := range fs {
		f.uid = fmt.Sprintf("f%d", len(t.calls)+i)
		t.record("add %s fresh=%v", f.name, fresh)
	}
}
func (t *fakeTree) dropRoot(f *openFile)            { t.record("drop %s", f.name) }
func (t *fakeTree) clearEditMarks(f *openFile)      { t.record("clean %s", f.name) }
func (t *fakeTree) reload(f *openFile, swap func()) { swap(); t.record("reload %s", f.name) }

// fakeHost is the window as the file list and saving see it.
type fakeHost struct {
	forgot    []string
	refreshes int
}

func (h *fakeHost) forget(f *openFile) { h.forgot = append(h.forgot, f.name) }
func (h *fakeHost) refreshEditState()  { h.refreshes++ }

// fakeInspector is the inspector as the controllers see it.
type fakeInspector struct {
	calls    []string
	resetter inspect.Resetter
	tab      string
}

func (in *fakeInspector) reshow()                          { in.calls = append(in.calls, "reshow") }
func (in *fakeInspector) reshowNode(n formats.Node)        { in.calls = append(in.calls, "reshow "+n.Name()) }
func (in *fakeInspector) redrawTexture()                   { in.calls = append(in.calls, "redraw") }
func (in *fakeInspector) showInHex()                       { in.calls = append(in.calls, "hex") }
func (in *fakeInspector) resetterOnShow() inspect.Resetter { return in.resetter }
func (in *fakeInspector) tabOnShow() string                { return in.tab }
func (in *fakeInspector) selectTab(title string)           { in.calls = append(in.calls, "tab "+title) }

// fakeFiles is the open files as saving and exporting see them.
type fakeFiles struct {
	files   []*openFile
	cur     *openFile
	removed []string
	closed  bool
}

func (f *fakeFiles) currentFile() *openFile          { return f.cur }
func (f *fakeFiles) openFiles() []*openFile          { return f.files }
func (f *fakeFiles) allFiles() []*openFile           { return f.files }
func (f *fakeFiles) membersOf(*openFile) []*openFile { return nil }
func (f *fakeFiles) closeAll()                       { f.closed = true }
func (f *fakeFiles) atLastFolder(*dialog.FileDialog) {}
func (f *fakeFiles) removeFile(g *openFile) {
	f.removed = append(f.removed, g.name)
	for i, h := range f.files {
		if h == g {
			f.files = append(f.files[:i:i], f.files[i+1:]...)
			break
		}
	}
}

// fakeMarks are export marks as Export… sees them.
type fakeMarks struct{ marked []string }

func (m *fakeMarks) uids() []string { return m.marked }

// fakeRowMarks are export marks as the tree widget sees them.
type fakeRowMarks struct {
	marked map[string]bool
	calls  []string
}

func (m *fakeRowMarks) isMarked(uid string) bool { return m.marked[uid] }
func (m *fakeRowMarks) ctrlClick(it *item)       { m.calls = append(m.calls, "ctrl "+it.name) }
func (m *fakeRowMarks) extendTo(uid string)      { m.calls = append(m.calls, "extend "+uid) }
func (m *fakeRowMarks) markAll()                 { m.calls = append(m.calls, "all") }
func (m *fakeRowMarks) setAnchor(uid string)     { m.calls = append(m.calls, "anchor "+uid) }

// fakeFilter is the filter box as the tree sees it.
type fakeFilter struct{ clears, reapplies int }

func (f *fakeFilter) clear()   { f.clears++ }
func (f *fakeFilter) reapply() { f.reapplies++ }

// fakeShown records what follows the tree's selection.
type fakeShown struct{ shown []string }

func (s *fakeShown) showItem(it *item) {
	if it == nil {
		s.shown = append(s.shown, "(none)")
		return
	}
	s.shown = append(s.shown, it.name)
}

// fakeResetter counts View › Reset preview.
type fakeResetter struct{ resets int }

func (r *fakeResetter) ResetView() { r.resets++ }

// waitGroup is a WaitGroup for a controller's background work.
func waitGroup() *sync.WaitGroup { return new(sync.WaitGroup) }
