package formats

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// EscapeName is a node name as a path segment prints it: every byte that is
// not valid UTF-8, every control character (below 0x20, and 0x7F) and every
// "%" that starts what would read as an escape become %XX (two upper-case
// hex digits), so a printed path is valid UTF-8, safe on a terminal and
// resolves back to the node. Other names are unchanged.
func EscapeName(n string) string {
	if !needsEscape(n) {
		return n
	}
	var b strings.Builder
	for i := 0; i < len(n); {
		r, size := utf8.DecodeRuneInString(n[i:])
		switch {
		case r == utf8.RuneError && size <= 1, r < 0x20, r == 0x7F, r == '%' && isHexPair(n[i+1:]):
			fmt.Fprintf(&b, "%%%02X", n[i])
			i++
		default:
			b.WriteString(n[i : i+size])
			i += size
		}
	}
	return b.String()
}

// needsEscape reports whether EscapeName changes n.
func needsEscape(n string) bool {
	if !utf8.ValidString(n) {
		return true
	}
	for i := 0; i < len(n); i++ {
		if c := n[i]; c < 0x20 || c == 0x7F || c == '%' && isHexPair(n[i+1:]) {
			return true
		}
	}
	return false
}

func isHexPair(s string) bool {
	isHex := func(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }
	return len(s) >= 2 && isHex(s[0]) && isHex(s[1])
}

// ChildNames returns the path segment of every child: its name escaped by
// EscapeName, or "name@N" (N its 0-based index) when the name is empty or
// shared with another child, so that every printed path resolves to
// exactly one node. Duplicates are found case-insensitively when fold is
// true.
func ChildNames(children []Node, fold bool) []string {
	key := func(s string) string {
		if fold {
			return strings.ToLower(s)
		}
		return s
	}
	count := make(map[string]int, len(children))
	names := make([]string, len(children))
	for i, c := range children {
		names[i] = EscapeName(c.Name())
		count[key(names[i])]++
	}
	for i, n := range names {
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

// ResolvePath follows a "/"-separated node path from root, as `rummage ls
// --json` prints it, and returns the node with its canonical path (the
// segments as ChildNames prints them). Names match as ChildNames prints
// them, case-insensitively below a node that folds names; "name@N" picks
// child N when its name is name; empty segments are skipped, so "" is the
// root itself. A panic in format code becomes an error.
//
// The errors are the command line's: an ambiguous name ("…" names N nodes:
// use …), a missing one (no node "x" at the file's root, no node "x" in
// a/b) and a node whose children cannot be read (listing a/b: …).
func ResolvePath(root Node, path string) (Node, string, error) {
	node, canon := root, ""
	for _, seg := range strings.Split(path, "/") {
		if seg == "" {
			continue
		}
		kids, err := SafeChildren(node)
		if err != nil {
			if canon == "" {
				return nil, "", fmt.Errorf("listing the file's root: %w", err)
			}
			return nil, "", fmt.Errorf("listing %s: %w", canon, err)
		}
		fold := Folds(node)
		names, err := Guard("child names of "+SafeName(node), func() ([]string, error) {
			return ChildNames(kids, fold), nil
		})
		if err != nil {
			return nil, "", err
		}
		i := findChild(kids, names, seg, fold)
		if i < 0 {
			return nil, "", missing(kids, names, seg, canon, fold)
		}
		canon = JoinPath(canon, names[i])
		node = kids[i]
	}
	return node, canon, nil
}

// Resolve is ResolvePath for callers that need only the node.
func Resolve(root Node, path string) (Node, error) {
	n, _, err := ResolvePath(root, path)
	return n, err
}

// JoinPath appends the segment seg to the node path parent.
func JoinPath(parent, seg string) string {
	if parent == "" {
		return seg
	}
	return parent + "/" + seg
}

// findChild returns the index of the child that seg names, or -1. names
// are the children's ChildNames.
func findChild(kids []Node, names []string, seg string, fold bool) int {
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
			if eq(strings.ReplaceAll(EscapeName(kids[idx].Name()), "/", "_"), seg[:at]) {
				return idx
			}
		}
	}
	// The stored name as it is, for a name that prints escaped.
	match := -1
	for i, k := range kids {
		if names[i] != k.Name() && eq(k.Name(), seg) {
			if match >= 0 {
				return -1
			}
			match = i
		}
	}
	return match
}

// missing is the error for a segment seg that names no child of the node
// at canon: the children it names ambiguously (they print with @N), else
// that there is none.
func missing(kids []Node, names []string, seg, canon string, fold bool) error {
	var alts []string
	for i, k := range kids {
		if k.Name() == seg || (fold && strings.EqualFold(k.Name(), seg)) {
			alts = append(alts, names[i])
		}
	}
	if n := len(alts); n > 1 {
		if n > 4 {
			alts = append(alts[:3], "...")
		}
		return fmt.Errorf("%q names %d nodes: use %s", seg, n, strings.Join(alts, " or "))
	}
	if canon == "" {
		return fmt.Errorf("no node %q at the file's root", seg)
	}
	return fmt.Errorf("no node %q in %s", seg, canon)
}

// BelowFileList reports whether a node above the one at canon (a
// canonical path from root, as ResolvePath returns it) is a FileList: the
// node then lives in a file of its own, and its offsets are not in root's
// file.
func BelowFileList(root Node, canon string) bool {
	if canon == "" {
		return false // the root has nothing above it
	}
	node, segs := root, strings.Split(canon, "/")
	for _, seg := range segs[:len(segs)-1] {
		if _, ok := node.(FileList); ok {
			return true
		}
		next, err := Resolve(node, seg)
		if err != nil {
			return false
		}
		node = next
	}
	_, ok := node.(FileList)
	return ok
}
