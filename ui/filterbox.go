package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// filterEntry is the filter box: typing narrows the tree (filter.go),
// Enter selects the first match and moves to the tree, Esc clears the
// filter and opens again the branches that were open before it.
type filterEntry struct {
	widget.Entry
	w      *window
	before []string // branches open when the current filter started
}

// newFilterEntry makes the filter box.
func (w *window) newFilterEntry() *filterEntry {
	e := &filterEntry{w: w}
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip) // as widget.NewEntry
	e.ExtendBaseWidget(e)
	e.SetPlaceHolder("filter: name, type:MAT0, kind:texture")
	e.OnChanged = e.changed
	e.OnSubmitted = func(string) { w.submitFilter() }
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
	if e.w.model.filter == nil && !parseQuery(text).empty() {
		e.before = e.w.openBranches()
	}
	e.w.applyFilter()
}

// escape clears the filter and restores the branches open before it.
func (e *filterEntry) escape() {
	active := e.w.model.filter != nil
	e.SetText("")
	if active {
		e.w.restoreBranches(e.before)
	}
	e.before = nil
}

// submitFilter is Enter in the filter box: the first match is selected and
// the tree takes the focus.
func (w *window) submitFilter() {
	if uid := w.model.firstMatch(); uid != "" {
		w.selectUID(uid)
	}
	w.win.Canvas().Focus(w.tree)
}

// openBranches are the loaded branches the tree shows open.
func (w *window) openBranches() []string {
	var open []string
	for uid, it := range w.model.items {
		if it.branch && w.tree.IsBranchOpen(uid) {
			open = append(open, uid)
		}
	}
	return open
}

// restoreBranches opens exactly the branches open (those still in the
// tree), then the ones above the selection, which stays in view.
func (w *window) restoreBranches(open []string) {
	w.tree.CloseAllBranches()
	for _, uid := range open {
		if w.model.items[uid] != nil {
			w.tree.OpenBranch(uid)
		}
	}
	if uid := w.cursor(); uid != "" {
		w.selectUID(uid)
	}
}
