package ui

import (
	"slices"
	"sort"
	"strings"

	"fyne.io/fyne/v2/lang"
)

// fileView is what reopen restores of a file's part of the window, by
// node path: the open branches and the selection with its tab.
type fileView struct {
	open []string // node paths of the open branches, outermost first
	sel  []string // the selection's path, then its ancestors' ("" is the root); nil when it is not in the file
	tab  string   // the inspector tab on show
}

// reopen shows f as it was saved: its tree is replaced by a fresh
// formats.Open of f.path, so every node is clean and offsets, sizes and
// facts are those of the bytes on disk. Open branches, the selected node
// and its tab come back by node path. The file's undo and redo entries are
// dropped: they act on the nodes of the old tree. When the saved file
// cannot be read back, the old tree stays, marked clean, and the error
// says so.
func (c *saveCtl) reopen(f *openFile) error {
	fresh := openDisk(f.path, f.name, c.opts)
	if fresh.err != nil {
		fresh.close()
		c.tree.clearEditMarks(f)
		return failure(lang.X("save.reread_failed", "saved {{.Path}}, but reading it back failed: {{.Error}}",
			map[string]any{"Path": f.path, "Error": fresh.err}), fresh.err)
	}
	old := f.file
	c.host.forget(f)
	c.tree.reload(f, func() { f.root, f.err, f.file = fresh.root, nil, fresh.file })
	old.Close() // after the inspector let go of the old nodes
	return nil
}

// reload shows f's new tree, which swap puts in place, with the branches
// open and the node selected (on the same tab) that were before.
func (t *treeCtl) reload(f *openFile, swap func()) {
	v := t.viewOf(f)
	swap()
	if f.parent != nil {
		t.model.folders.replace(f)
	} else {
		t.model.replaceRoot(f)
	}
	t.filter.reapply()
	t.tree.Refresh()
	t.restoreView(f, v)
}

// viewOf records f's open branches and, when the selection is in f, its
// path and tab.
func (t *treeCtl) viewOf(f *openFile) fileView {
	var v fileView
	var open []*item
	for uid, it := range t.model.items {
		if it.file == f && it.loaded && t.tree.IsBranchOpen(uid) {
			open = append(open, it)
		}
	}
	sort.Slice(open, func(i, j int) bool { return strings.Count(open[i].uid, "/") < strings.Count(open[j].uid, "/") })
	for _, it := range open {
		v.open = append(v.open, it.path)
	}
	if t.sel == nil || t.sel.file != f {
		return v
	}
	// A detached item (uid "") has no parent: its path is "", the root.
	for it := t.sel; it != nil; it = t.model.items[it.parent] {
		v.sel = append(v.sel, it.path)
	}
	v.tab = t.tabs.tabOnShow()
	return v
}

// restoreView opens v's branches again in f's new tree and selects the
// deepest node of v's selection path that still exists, on the same tab.
func (t *treeCtl) restoreView(f *openFile, v fileView) {
	root := t.model.items[f.uid]
	for _, p := range v.open {
		if it, err := t.model.resolve(root, p); err == nil {
			t.tree.OpenBranch(it.uid)
		}
	}
	for _, p := range v.sel {
		it, err := t.model.resolve(root, p)
		if err != nil {
			continue
		}
		if t.model.filter != nil && !t.visibleInFilter(it.uid) {
			t.show(it) // hidden by the filter, as it may have been before: keep the filter
		} else {
			t.selectUID(it.uid)
		}
		t.tabs.selectTab(v.tab)
		return
	}
}

// clearEditMarks shows every node of f clean (no ●).
func (t *treeCtl) clearEditMarks(f *openFile) {
	for uid, it := range t.model.items {
		if it.file == f && it.edits != 0 {
			it.edits = 0
			t.refreshItem(uid)
		}
	}
}

// replaceRoot puts f's new root (under a new uid) where its old root was
// among the roots, dropping the old root's items.
func (m *treeModel) replaceRoot(f *openFile) {
	i := slices.Index(m.roots, f.uid)
	m.removeRoot(f.uid)
	m.addRoot(f)
	if n := len(m.roots) - 1; i >= 0 && i < n {
		m.roots = slices.Insert(m.roots[:n], i, m.roots[n])
	}
}
