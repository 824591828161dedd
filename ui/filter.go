package ui

import (
	"strings"

	"rummage/formats/diskfolder"
)

// filterBudget caps how many items one filter pass visits in each open
// file (loading the children of unopened branches on the way), so typing
// stays fast. The cap is per file: one huge archive must not keep the
// files after it from being searched.
const filterBudget = 20000

// filterTotalBudget caps the items one pass visits in all files together
// (a folder of many big archives); the files after it are not searched.
const filterTotalBudget = 10 * filterBudget

// folderRowBudget caps the folders and unopened files of folder roots one
// pass visits: their rows are cheap (no file is read), and a game folder
// of half a million files is searched whole. The files opened in a folder
// root have the budget of a file each.
const folderRowBudget = 1_000_000

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
	rows    int             // folders and unopened files of folder roots visited
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
// filtered children of branches on the way. In a folder root it reads
// nothing: folders not listed yet are listed for it in the background
// (treeCtl.indexFolders), unopened files are matched by their rows, and a
// file opened there is searched with a budget of its own.
func (m *treeModel) search(fv *filterView, q query, it *item, cut *bool) bool {
	if it.file != nil && it.file.parent != nil && it.uid == it.file.uid {
		return m.searchMember(fv, q, it)
	}
	return m.searchItem(fv, q, it, cut)
}

// searchItem is search of one item and what is below it.
func (m *treeModel) searchItem(fv *filterView, q query, it *item, cut *bool) bool {
	folderRow := isFolderRow(it)
	if folderRow {
		fv.rows++
	} else {
		fv.visited++
	}
	self := q.matches(it)
	if self {
		fv.matched[it.uid] = true
	}
	if !it.branch {
		return self
	}
	switch {
	case folderRow && !it.loaded && !listedFolder(it):
		return self // an unopened file, or a folder not listed yet
	case folderRow && fv.rows >= folderRowBudget, !folderRow && fv.visited >= filterBudget:
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

// listedFolder reports whether it is a folder of a folder root that is
// listed: its rows can be shown at once.
func listedFolder(it *item) bool {
	f, ok := it.node.(*diskfolder.Folder)
	return ok && f.Listed()
}

// searchMember searches a file opened in a folder root (its row it) with
// a budget of its own, as a file of its own is searched.
func (m *treeModel) searchMember(fv *filterView, q query, it *item) bool {
	outer, cut := fv.visited, false
	fv.visited = 0
	found := m.searchItem(fv, q, it, &cut)
	if cut {
		fv.partial = append(fv.partial, it.file.name)
	}
	fv.total += fv.visited
	fv.visited = outer
	return found
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
