package ui

import (
	"slices"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// markSet is the tree's multi-selection for export: the nodes marked with
// Ctrl+click, Shift+click, Shift+arrows, Ctrl+A or the row menu. Export…
// exports every marked node (see exportCtl.exportSelection). A marked row is
// tinted and shows ⇩.
type markSet struct {
	marked map[string]bool // uids
	// anchor is where a Shift range starts: the row last selected or
	// clicked without Shift; ranged are the marks the current range made.
	anchor string
	ranged map[string]bool

	tree    markTree
	report  reporter
	changed func() // the count changed (the Export button names it)
}

// markTree is what the marks ask of the tree.
type markTree interface {
	visibleRows() []string
	cursor() string
	selectUID(uid string)
	refreshItem(uid string)
	refresh()
}

var _ rowMarks = (*markSet)(nil)

// newMarkSet makes an empty set of marks; changed runs when the count
// changes.
func newMarkSet(tree markTree, report reporter, changed func()) *markSet {
	return &markSet{marked: map[string]bool{}, tree: tree, report: report, changed: changed}
}

// isMarked reports whether the row uid is marked.
func (m *markSet) isMarked(uid string) bool { return m.marked[uid] }

// uids are the marked rows, sorted.
func (m *markSet) uids() []string {
	out := make([]string, 0, len(m.marked))
	for uid := range m.marked {
		out = append(out, uid)
	}
	sort.Strings(out)
	return out
}

// setAnchor starts Shift ranges at uid.
func (m *markSet) setAnchor(uid string) { m.anchor, m.ranged = uid, nil }

// toggle marks or unmarks a node for a multi-node export (Export… then
// exports every marked node).
func (m *markSet) toggle(it *item) {
	if it == nil || it.uid == "" {
		return
	}
	if m.marked[it.uid] {
		delete(m.marked, it.uid)
	} else {
		m.marked[it.uid] = true
	}
	m.tree.refreshItem(it.uid)
	m.notify()
}

// ctrlClick toggles it's export mark. The first Ctrl+click of a
// multi-selection marks the selected row as well, so that the selection
// and the clicked row are exported together.
func (m *markSet) ctrlClick(it *item) {
	if cur := m.tree.cursor(); len(m.marked) == 0 && cur != "" && cur != it.uid {
		m.marked[cur] = true
		m.tree.refreshItem(cur)
	}
	m.toggle(it)
	m.setAnchor(it.uid)
}

// extendTo marks the shown rows from the anchor to target and selects
// target (Shift+click, Shift+arrows). The marks an earlier extension from
// the same anchor made outside the new range are dropped, so the range can
// shrink again; marks made otherwise are kept.
func (m *markSet) extendTo(target string) {
	rows := m.tree.visibleRows()
	b := slices.Index(rows, target)
	if b < 0 {
		return
	}
	anchor := m.anchor
	if slices.Index(rows, anchor) < 0 {
		anchor, m.ranged = m.tree.cursor(), nil
		if slices.Index(rows, anchor) < 0 {
			anchor = target
		}
	}
	a := slices.Index(rows, anchor)
	if a > b {
		a, b = b, a
	}
	ranged := m.markRange(rows[a:b+1], m.ranged)
	m.tree.selectUID(target) // this resets the anchor: it is kept below
	m.anchor, m.ranged = anchor, ranged
	m.tree.refresh()
	m.notify()
}

// markRange marks span and unmarks what old (the previous range) marked
// outside it; it returns the marks the new range made.
func (m *markSet) markRange(span []string, old map[string]bool) map[string]bool {
	in := make(map[string]bool, len(span))
	for _, uid := range span {
		in[uid] = true
	}
	for uid := range old {
		if !in[uid] {
			delete(m.marked, uid)
		}
	}
	made := make(map[string]bool, len(span))
	for _, uid := range span {
		if old[uid] || !m.marked[uid] {
			made[uid] = true
		}
		m.marked[uid] = true
	}
	return made
}

// markAll marks every shown row for export (Ctrl+A).
func (m *markSet) markAll() {
	rows := m.tree.visibleRows()
	if len(rows) == 0 {
		return
	}
	for _, uid := range rows {
		m.marked[uid] = true
	}
	m.tree.refresh()
	m.notify()
}

// clear drops every export mark.
func (m *markSet) clear() {
	for uid := range m.marked {
		delete(m.marked, uid)
		m.tree.refreshItem(uid)
	}
	m.changed()
	m.report.Status(lang.X("marks.cleared", "export marks cleared"))
}

// unmarkFile drops the export marks of the file whose root is uid.
func (m *markSet) unmarkFile(uid string) {
	for u := range m.marked {
		if u == uid || strings.HasPrefix(u, uid+"/") {
			delete(m.marked, u)
		}
	}
}

// notify shows a new count of export marks on the Export button and in
// the status bar.
func (m *markSet) notify() {
	m.changed()
	m.report.Status(lang.XN("marks.count", "{{.PluralCount}} nodes marked for export — Export… (Ctrl+E) exports them", len(m.marked)))
}

// rowEntries are the row menu's mark entries: mark or unmark the row, and
// clear every mark when there are any.
func (m *markSet) rowEntries(it *item) []*fyne.MenuItem {
	label := lang.X("action.mark", "Mark for export (Ctrl+click)")
	if m.marked[it.uid] {
		label = lang.X("action.unmark", "Unmark for export (Ctrl+click)")
	}
	items := []*fyne.MenuItem{fyne.NewMenuItem(label, func() { m.toggle(it) })}
	if len(m.marked) > 0 {
		items = append(items, fyne.NewMenuItem(lang.X("action.clear_marks", "Clear export marks"), m.clear))
	}
	return items
}
