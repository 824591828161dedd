package ui

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"rummage/formats"
	"rummage/ui/widgets"
)

// item is one row of the tree: a node with its cached children. Children are
// loaded once, when the branch is first opened (or searched by the filter),
// and kept: Fyne's tree asks for them on every layout.
type item struct {
	uid    string
	node   formats.Node
	file   *openFile
	parent string // uid of the parent, "" for a file's root
	seg    string // the path segment (formats.ChildNames), "" for a root
	path   string // node path from the file's root as `ls --json` prints it
	name   string
	// rowName is how the row names a root that shares its name with
	// another root ("level — l01_escape"); "" shows name.
	rowName string
	tag     string // Type: the filter's type:, Export all of a type
	label   string // the tag shown in the row (formats.SafeLabel)
	kind    formats.Kind
	branch  bool     // may have children (O(1) for IsBranch)
	loaded  bool     // kids is valid
	kids    []string // child uids (a folder's: those shown)
	err     error    // broken node, or its Children failed

	// A folder of a folder root (see folderroot.go) keeps every entry
	// listed so far in all, kids being those shown; unknown marks a file
	// no format recognises (hidden unless shown). pending: the folder is
	// being listed, or the file opened, in the background.
	all     []string
	unknown bool
	pending bool
	diags   []formats.Diagnostic
	edits   int // edits applied to this node and not undone (● when > 0)
}

// leafKinds are kinds whose nodes are shown as leaves without asking for
// their children (asking would decode them).
var leafKinds = map[formats.Kind]bool{
	formats.KindTexture:  true,
	formats.KindMaterial: true,
	formats.KindWear:     true,
	formats.KindText:     true,
	formats.KindRaw:      true,
}

// mayHaveChildren decides, without decoding, whether n is shown as a branch.
// A branch that turns out empty becomes a leaf once opened.
func mayHaveChildren(n formats.Node, kind formats.Kind) bool {
	if l, ok := n.(formats.Leaf); ok {
		return !l.IsLeaf()
	}
	switch n.(type) {
	case *formats.Folder:
		return true
	case *formats.Raw, *formats.BrokenNode:
		return false
	}
	return !leafKinds[kind]
}

// treeModel holds the items of every opened file, keyed by uid. A root's uid
// is "f<N>"; a child's is its parent's uid + "/" + its index.
type treeModel struct {
	items  map[string]*item
	roots  []string
	seq    int
	filter *filterView // nil when no filter is active
	byNode map[formats.Node]string

	folders folderRows // the rows of folder roots
}

func newTreeModel() *treeModel {
	m := &treeModel{items: map[string]*item{}, byNode: map[formats.Node]string{}}
	m.folders.m = m
	return m
}

func (m *treeModel) newItem(uid string, n formats.Node, f *openFile, parent, seg, path string) *item {
	it := &item{uid: uid, node: n, file: f, parent: parent, seg: seg, path: path}
	it.name = formats.SafeName(n)
	it.kind = formats.SafeKind(n)
	it.tag = formats.SafeType(n)
	it.label = formats.SafeLabel(n)
	it.err = formats.SafeErr(n)
	it.diags = formats.SafeDiagnostics(n)
	it.branch = it.err == nil && mayHaveChildren(n, it.kind)
	m.items[uid] = it
	m.index(n, uid)
	return it
}

// index remembers uid for n so SelectNode can find it (comparable nodes only).
func (m *treeModel) index(n formats.Node, uid string) {
	if indexable(n) {
		m.byNode[n] = uid
	}
}

// uidOf returns the uid of an already loaded node.
func (m *treeModel) uidOf(n formats.Node) (uid string, ok bool) {
	if !indexable(n) {
		return "", false
	}
	uid, ok = m.byNode[n]
	return uid, ok
}

// indexable reports whether n can be a map key: a node whose value holds
// a slice, map or func (directly or in an interface field) cannot, and
// using it as one would panic.
func indexable(n formats.Node) bool {
	return n != nil && reflect.ValueOf(n).Comparable()
}

// addRoot adds an opened file as a root and returns its item.
func (m *treeModel) addRoot(f *openFile) *item {
	m.seq++
	uid := "f" + strconv.Itoa(m.seq)
	it := m.newItem(uid, f.root, f, "", "", "")
	it.name = f.name
	if f.err != nil && it.err == nil {
		it.err = f.err
		it.branch = false
	}
	m.roots = append(m.roots, uid)
	f.uid = uid
	m.nameRoots()
	return it
}

// removeRoot drops a file's root and everything below it.
func (m *treeModel) removeRoot(uid string) {
	for i, r := range m.roots {
		if r == uid {
			m.roots = append(m.roots[:i:i], m.roots[i+1:]...)
			break
		}
	}
	defer m.nameRoots()
	prefix := uid + "/"
	for k, it := range m.items {
		if k == uid || strings.HasPrefix(k, prefix) {
			delete(m.items, k)
			if u, ok := m.uidOf(it.node); ok && u == k {
				delete(m.byNode, it.node)
			}
		}
	}
}

// item is the item of uid, nil when there is none (any more).
func (m *treeModel) item(uid string) *item { return m.items[uid] }

// load reads it's children once (with panics from format code recovered).
// A folder of a folder root not listed yet, and a file of one not opened
// yet, are handed to the background (see folderload.go): they load when
// it is done.
func (m *treeModel) load(it *item) {
	if it.loaded || it.pending {
		return
	}
	if m.folders.load(it) {
		return
	}
	it.loaded = true
	if !it.branch {
		return
	}
	kids, err := formats.SafeChildren(it.node)
	if err != nil {
		it.err = err
	}
	names, nerr := widgets.ChildNames(kids, it.node)
	if nerr != nil {
		it.err = nerr
		kids = nil
	}
	it.kids = make([]string, 0, len(kids))
	for i, k := range kids {
		if k == nil {
			continue
		}
		uid := it.uid + "/" + strconv.Itoa(i)
		p := names[i]
		if it.path != "" {
			p = it.path + "/" + names[i]
		}
		m.newItem(uid, k, it.file, it.uid, names[i], p)
		it.kids = append(it.kids, uid)
	}
	if len(it.kids) == 0 && it.err == nil {
		it.branch = false
	}
}

// childUIDs is the tree's ChildUIDs: the cached (and maybe filtered) kids.
func (m *treeModel) childUIDs(uid string) []string {
	if m.filter != nil {
		if uid == "" {
			return m.filter.roots
		}
		if k, ok := m.filter.kids[uid]; ok {
			return k
		}
	}
	if uid == "" {
		return m.roots
	}
	it := m.items[uid]
	if it == nil {
		return nil
	}
	m.load(it)
	return it.kids
}

// isBranch is the tree's IsBranch, O(1).
func (m *treeModel) isBranch(uid string) bool {
	if uid == "" {
		return true
	}
	it := m.items[uid]
	return it != nil && it.branch
}

// ancestors returns the uids above uid, outermost first.
func ancestors(uid string) []string {
	var out []string
	for i := 0; i < len(uid); i++ {
		if uid[i] == '/' {
			out = append(out, uid[:i])
		}
	}
	return out
}

// resolve finds the item at a node path (as `ls --json` prints it) below
// the root item, loading branches on the way (a folder root's on this
// goroutine: see resolveFolder).
func (m *treeModel) resolve(root *item, path string) (*item, error) {
	if isFolderRow(root) {
		return m.folders.resolve(root, path)
	}
	return m.resolveIn(root, path)
}

// resolveIn finds the item at a node path below the item of a node that
// is no folder root's row: formats.ResolvePath reads the path, the items
// are then found by its canonical segments.
func (m *treeModel) resolveIn(root *item, path string) (*item, error) {
	_, canon, err := formats.ResolvePath(root.node, path)
	if err != nil {
		return nil, err
	}
	cur := root
	for _, seg := range strings.Split(canon, "/") {
		if seg == "" {
			continue
		}
		m.load(cur)
		var next *item
		for _, k := range cur.kids {
			if c := m.items[k]; c.seg == seg {
				next = c
				break
			}
		}
		if next == nil {
			return nil, fmt.Errorf("%s is not shown in the tree", canon)
		}
		cur = next
	}
	return cur, nil
}

// displayPath is the path shown in the status bar: "file › a › b" (a
// file opened in a folder root: "folder › models › file › a").
func displayPath(it *item) string {
	if it == nil {
		return ""
	}
	s := strings.ReplaceAll(it.file.name, "/", " › ")
	if it.path != "" {
		s += " › " + strings.ReplaceAll(it.path, "/", " › ")
	}
	return s
}
