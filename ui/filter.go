package ui

import (
	"strings"
)

// filterBudget caps how many items one filter pass visits in each open
// file (loading the children of unopened branches on the way), so typing
// stays fast. The cap is per file: one huge archive must not keep the
// files after it from being searched.
const filterBudget = 20000

// filterTotalBudget caps the items one pass visits in all files together
// (a folder of many big archives); the files after it are not searched.
const filterTotalBudget = 10 * filterBudget

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
		if strings.ToLower(it.tag) != t && strings.ToLower(it.label) != t {
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
	visited int             // items visited in the file being searched
	partial []string        // files whose budget ran out before they were searched in full
	total   int             // items visited in all files
	skipped int             // files not searched at all (the total budget ran out)
}

// buildFilter searches the tree for q.
func (m *treeModel) buildFilter(q query) *filterView {
	fv := &filterView{kids: map[string][]string{}, matched: map[string]bool{}}
	for _, r := range m.roots {
		root := m.items[r]
		if fv.total >= filterTotalBudget {
			fv.skipped++
			continue
		}
		fv.visited = 0
		cut := false
		if m.search(fv, q, root, &cut) {
			fv.roots = append(fv.roots, r)
		}
		fv.total += fv.visited
		if cut {
			fv.partial = append(fv.partial, root.name)
		}
	}
	return fv
}

// search returns whether it or something below it matches; it records the
// filtered children of branches on the way.
func (m *treeModel) search(fv *filterView, q query, it *item, cut *bool) bool {
	fv.visited++
	self := q.matches(it)
	if self {
		fv.matched[it.uid] = true
	}
	if !it.branch {
		return self
	}
	if fv.visited >= filterBudget {
		*cut = true
		return self
	}
	m.load(it)
	var keep []string
	for _, k := range it.kids {
		if fv.visited >= filterBudget {
			*cut = true
			break
		}
		if m.search(fv, q, m.items[k], cut) {
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

// firstMatch is the first item matching the filter in the tree's order, ""
// without a filter or a match.
func (m *treeModel) firstMatch() string {
	fv := m.filter
	if fv == nil {
		return ""
	}
	var find func(uids []string) string
	find = func(uids []string) string {
		for _, uid := range uids {
			if fv.matched[uid] {
				return uid
			}
			if u := find(fv.kids[uid]); u != "" {
				return u
			}
		}
		return ""
	}
	return find(fv.roots)
}
