package formats

import (
	"fmt"
	"strconv"
	"strings"
)

// ChildNames returns the path segment of every child: its name, or
// "name@N" (N its 0-based index) when the name is empty or shared with
// another child, so that every printed path resolves to exactly one node.
// Duplicates are found case-insensitively when fold is true.
func ChildNames(children []Node, fold bool) []string {
	key := func(s string) string {
		if fold {
			return strings.ToLower(s)
		}
		return s
	}
	count := make(map[string]int, len(children))
	for _, c := range children {
		count[key(c.Name())]++
	}
	names := make([]string, len(children))
	for i, c := range children {
		n := c.Name()
		if n == "" || count[key(n)] > 1 || strings.ContainsRune(n, '/') || looksIndexed(n) {
			n = strings.ReplaceAll(n, "/", "_") + "@" + strconv.Itoa(i)
		}
		names[i] = n
	}
	return names
}

// looksIndexed reports whether a stored name already ends in "@digits", which
// would be mistaken for an index suffix.
func looksIndexed(n string) bool {
	i := strings.LastIndexByte(n, '@')
	if i < 0 || i == len(n)-1 {
		return false
	}
	_, err := strconv.Atoi(n[i+1:])
	return err == nil
}

// Folds reports whether n's children match names case-insensitively.
func Folds(n Node) bool {
	f, ok := n.(FoldNames)
	return ok && f.FoldNames()
}

// Resolve follows a "/"-separated path of child names from root, as printed
// by ChildNames. An empty path is the root itself.
func Resolve(root Node, path string) (Node, error) {
	node := root
	path = strings.Trim(path, "/")
	if path == "" {
		return root, nil
	}
	walked := ""
	for _, seg := range strings.Split(path, "/") {
		kids, err := node.Children()
		if err != nil {
			return nil, &NodeError{Path: walked, Err: err}
		}
		i := findChild(kids, seg, Folds(node))
		if i < 0 {
			if walked == "" {
				return nil, fmt.Errorf("no node %q", seg)
			}
			return nil, fmt.Errorf("no node %q in %s", seg, walked)
		}
		node = kids[i]
		if walked != "" {
			walked += "/"
		}
		walked += seg
	}
	return node, nil
}

func findChild(kids []Node, seg string, fold bool) int {
	names := ChildNames(kids, fold)
	eq := func(a, b string) bool {
		if fold {
			return strings.EqualFold(a, b)
		}
		return a == b
	}
	for i, n := range names {
		if eq(n, seg) {
			return i
		}
	}
	// "name@N" where N picks the child directly.
	if at := strings.LastIndexByte(seg, '@'); at >= 0 {
		if idx, err := strconv.Atoi(seg[at+1:]); err == nil && idx >= 0 && idx < len(kids) {
			if eq(strings.ReplaceAll(kids[idx].Name(), "/", "_"), seg[:at]) {
				return idx
			}
		}
	}
	return -1
}
