package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// filterEntry is the filter box: typing narrows the tree (filter.go),
// Enter selects the first match and moves to the tree, Esc clears the
// filter and opens again the branches that were open before it. The match
// count goes to the status bar.
type filterEntry struct {
	widget.Entry
	model  *treeModel
	tree   filterTree
	report reporter
	before []string // branches open when the current filter started
}

// filterTree is what the filter box asks of the tree.
type filterTree interface {
	openBranches() []string
	restoreBranches(open []string)
	showFiltered(open []string) // open these branches and redraw
	selectUID(uid string)
	focus()
}

var _ treeFilter = (*filterEntry)(nil)

// newFilterEntry makes the filter box over the tree's model.
func newFilterEntry(model *treeModel, tree filterTree, report reporter) *filterEntry {
	e := &filterEntry{model: model, tree: tree, report: report}
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip) // as widget.NewEntry
	e.ExtendBaseWidget(e)
	e.SetPlaceHolder(lang.X("filter.placeholder", "filter: name, type:MAT0, kind:texture"))
	e.OnChanged = e.changed
	e.OnSubmitted = func(string) { e.submit() }
	return e
}

// TypedKey handles Esc; every other key is the entry's.
func (e *filterEntry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		e.escape()
		return
	}
	e.Entry.TypedKey(ev)
}

// changed applies the filter text, remembering the open branches when a
// filter starts.
func (e *filterEntry) changed(text string) {
	if e.model.filter == nil && !parseQuery(text).empty() {
		e.before = e.tree.openBranches()
	}
	e.apply()
}

// escape clears the filter and restores the branches open before it.
func (e *filterEntry) escape() {
	active := e.model.filter != nil
	e.SetText("")
	if active {
		e.tree.restoreBranches(e.before)
	}
	e.before = nil
}

// clear empties the box (and so the filter).
func (e *filterEntry) clear() { e.SetText("") }

// reapply filters again after the tree changed (a file added, closed or
// saved), when a filter is active.
func (e *filterEntry) reapply() {
	if e.model.filter != nil {
		e.apply()
	}
}

// submit is Enter in the filter box: the first match is selected and the
// tree takes the focus.
func (e *filterEntry) submit() {
	if uid := e.model.firstMatch(); uid != "" {
		e.tree.selectUID(uid)
	}
	e.tree.focus()
}

// apply narrows the tree to the box's query.
func (e *filterEntry) apply() {
	q := parseQuery(e.Text)
	if q.empty() {
		had := e.model.filter != nil
		e.model.filter = nil
		e.tree.showFiltered(nil)
		if had {
			e.report.Status("") // the match count is stale now
		}
		return
	}
	fv := e.model.buildFilter(q)
	e.model.filter = fv
	e.tree.showFiltered(fv.open)
	e.report.Status(matchText(fv))
}

// matchText is the status line of a filter: the match count and what the
// filter did not search.
func matchText(fv *filterView) string {
	msg := lang.XN("filter.matching", "{{.PluralCount}} matching", len(fv.matched))
	if len(fv.partial) > 0 {
		names := fv.partial
		if len(names) > 3 {
			names = append(names[:3:3], lang.XN("filter.more", "{{.PluralCount}} more", len(fv.partial)-3))
		}
		msg += " " + lang.X("filter.partial", "(searched only the first {{.Budget}} nodes of {{.Files}})",
			map[string]any{"Budget": filterBudget, "Files": strings.Join(names, ", ")})
	}
	if fv.skipped > 0 {
		msg += " " + lang.XN("filter.skipped", "({{.PluralCount}} files not searched: too many nodes)", fv.skipped)
	}
	return msg
}
