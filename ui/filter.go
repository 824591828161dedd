package ui

import (
	"strings"
)

// filterBudget caps how many items one filter pass visits (loading the
// children of unopened branches on the way), so typing stays fast.
const filterBudget = 20000

// query is a parsed filter: every term must match.
type query struct {
	names []string // lower-case name substrings
	types []string // type:TAG (case-insensitive, exact)
	kinds []string // kind:KIND
}

// parseQuery splits the filter text into terms: `type:MAT0`, `kind:texture`
// and plain words matched against names.
func parseQuery(s string) query {
	var q query
	for _, f := range strings.Fields(s) {
		low := strings.ToLower(f)
		switch {
		case strings.HasPrefix(low, "type:") && len(low) > 5:
			q.types = append(q.types, low[5:])
		case strings.HasPrefix(low, "kind:") && len(low) > 5:
			q.kinds = append(q.kinds, low[5:])
		default:
			q.names = append(q.names, low)
		}
	}
	return q
}

func (q query) empty() bool { return len(q.names)+len(q.types)+len(q.kinds) == 0 }

// matches reports whether the item satisfies every term.
func (q query) matches(it *item) bool {
	name := strings.ToLower(it.name)
	for _, n := range q.names {
		if !strings.Contains(name, n) {
			return false
		}
	}
	for _, t := range q.types {
		if strings.ToLower(it.tag) != t {
			return false
		}
	}
	for _, k := range q.kinds {
		if string(it.kind) != k {
			return false
		}
	}
	return true
}

// filterView is the narrowed tree: roots and, for every branch with
// matching descendants, only the children that lead to a match.
type filterView struct {
	roots   []string
	kids    map[string][]string
	matched map[string]bool // items matching the query themselves
	open    []string        // branches to open so the matches show
	visited int
	partial bool // the budget ran out before the whole tree was searched
}

// buildFilter searches the tree for q.
func (m *treeModel) buildFilter(q query) *filterView {
	fv := &filterView{kids: map[string][]string{}, matched: map[string]bool{}}
	for _, r := range m.roots {
		if m.search(fv, q, m.items[r]) {
			fv.roots = append(fv.roots, r)
		}
	}
	return fv
}

// search returns whether it or something below it matches; it records the
// filtered children of branches on the way.
func (m *treeModel) search(fv *filterView, q query, it *item) bool {
	fv.visited++
	self := q.matches(it)
	if self {
		fv.matched[it.uid] = true
	}
	if !it.branch {
		return self
	}
	if fv.visited >= filterBudget {
		fv.partial = true
		return self
	}
	m.load(it)
	var keep []string
	for _, k := range it.kids {
		if fv.visited >= filterBudget {
			fv.partial = true
			break
		}
		if m.search(fv, q, m.items[k]) {
			keep = append(keep, k)
		}
	}
	if len(keep) > 0 {
		fv.kids[it.uid] = keep
		fv.open = append(fv.open, it.uid)
		return true
	}
	if self {
		return true
	}
	return false
}
