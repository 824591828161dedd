package ui

import (
	"strings"
	"testing"

	"rummage/formats"
)

func TestTreeLoadsChildrenOnceAndLazily(t *testing.T) {
	m := newTreeModel()
	root, tex := fakeArchive()
	it := m.addRoot(&openFile{name: "fake.lib", root: root})
	if root.calls != 0 {
		t.Fatalf("Children called %d times before the branch was opened", root.calls)
	}
	if !m.isBranch(it.uid) {
		t.Fatal("archive root is not a branch")
	}
	first := m.childUIDs(it.uid)
	for i := 0; i < 50; i++ {
		m.childUIDs(it.uid)
	}
	if root.calls != 1 {
		t.Errorf("root Children called %d times, want 1 (cached)", root.calls)
	}
	if len(first) != 7 {
		t.Fatalf("got %d children, want 7", len(first))
	}
	if tex.calls != 0 {
		t.Errorf("an unopened branch was loaded (%d calls)", tex.calls)
	}
	// Kinds that are leaves are not asked for children; archives are branches.
	var names []string
	for _, u := range first {
		c := m.items[u]
		names = append(names, c.seg)
		// A table may have rows as children: a branch until opened.
		wantBranch := c.name == "textures" || c.name == "odd"
		if m.isBranch(u) != wantBranch {
			t.Errorf("%s: isBranch = %v, want %v", c.name, m.isBranch(u), wantBranch)
		}
		if c.name == "odd" {
			if kids := m.childUIDs(u); len(kids) != 0 || m.isBranch(u) {
				t.Errorf("empty table still a branch after opening (%v)", kids)
			}
		}
	}
	if got, want := strings.Join(names, ","), "WATER_M,DEFAULT,textures,bad,x@4,x@5,odd"; got != want {
		t.Errorf("segments %s, want %s", got, want)
	}
}

func TestTreeResolve(t *testing.T) {
	m := newTreeModel()
	root, _ := fakeArchive()
	r := m.addRoot(&openFile{name: "fake.lib", root: root})
	for _, tc := range []struct{ path, name string }{
		{"", "fake.lib"},
		{"WATER_M", "WATER_M"},
		{"textures/Water", "Water"},
		{"x@5", "x"},
	} {
		it, err := m.resolve(r, tc.path)
		if err != nil {
			t.Errorf("resolve %q: %v", tc.path, err)
			continue
		}
		if it.name != tc.name || it.path != tc.path {
			t.Errorf("resolve %q = %s (path %q)", tc.path, it.name, it.path)
		}
	}
	if it, _ := m.resolve(r, "x@5"); it != nil && it.uid != r.uid+"/5" {
		t.Errorf("x@5 resolved to %s", it.uid)
	}
	if _, err := m.resolve(r, "textures/nope"); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("missing node: err = %v", err)
	}
}

func TestTreeFoldedNames(t *testing.T) {
	m := newTreeModel()
	root := &foldFolder{formats.Folder{NodeName: "a.lib", Items: []formats.Node{
		rawNode("Readme.txt", formats.KindText, "TEXT", nil, 0),
	}}}
	r := m.addRoot(&openFile{name: "a.lib", root: root})
	it, err := m.resolve(r, "README.TXT")
	if err != nil || it.name != "Readme.txt" {
		t.Fatalf("case-insensitive resolve: %v, %v", it, err)
	}
}

type foldFolder struct{ formats.Folder }

func (foldFolder) FoldNames() bool { return true }

func TestTreeRecoversPanics(t *testing.T) {
	m := newTreeModel()
	root := &formats.Folder{NodeName: "r", Items: []formats.Node{panicNode{}}}
	r := m.addRoot(&openFile{name: "r", root: root})
	kids := m.childUIDs(r.uid)
	if len(kids) != 1 {
		t.Fatalf("kids = %v", kids)
	}
	boom := m.items[kids[0]]
	if got := m.childUIDs(boom.uid); len(got) != 0 {
		t.Errorf("panicking node has children %v", got)
	}
	if boom.err == nil || !strings.Contains(boom.err.Error(), "children exploded") {
		t.Errorf("panic not recorded as the node's error: %v", boom.err)
	}
	if _, err := formats.SafeDescribe(boom.node); err == nil {
		t.Error("Describe panic not turned into an error")
	}
}

func TestTreeRemoveRoot(t *testing.T) {
	m := newTreeModel()
	root, _ := fakeArchive()
	f := &openFile{name: "fake.lib", root: root}
	r := m.addRoot(f)
	m.childUIDs(r.uid)
	keep := m.addRoot(&openFile{name: "other", root: &formats.Folder{NodeName: "other"}})
	m.removeRoot(r.uid)
	if len(m.roots) != 1 || m.roots[0] != keep.uid {
		t.Errorf("roots after remove: %v", m.roots)
	}
	for uid := range m.items {
		if strings.HasPrefix(uid, r.uid) && (uid == r.uid || uid[len(r.uid)] == '/') {
			t.Errorf("item %s left behind", uid)
		}
	}
	if _, ok := m.uidOf(root); ok {
		t.Error("removed root still indexed")
	}
}

func TestAncestors(t *testing.T) {
	got := strings.Join(ancestors("f1/2/3"), " ")
	if got != "f1 f1/2" {
		t.Errorf("ancestors = %q", got)
	}
}

// sliceNode cannot be a map key: its value holds a slice.
type sliceNode struct {
	*formats.Raw
	extra []int
}

// A node that cannot be a map key is not indexed, without a panic: the
// window still finds it in the tree by its name, kind and type.
func TestTreeUncomparableNode(t *testing.T) {
	w := newTestWindow(t)
	n := sliceNode{rawNode("odd", formats.KindRaw, "ODD", seq(4), 0x10), []int{1}}
	f := &openFile{name: "s", root: &formats.Folder{NodeName: "s", Items: []formats.Node{n}}}
	w.opened.addFiles([]*openFile{f})
	uid := uidByPath(t, w, "odd")
	if _, ok := w.nav.model.uidOf(n); ok {
		t.Error("an uncomparable node was indexed")
	}
	w.SelectNode(n)
	if w.nav.sel == nil || w.nav.sel.uid != uid {
		t.Errorf("SelectNode selected %+v, want %s", w.nav.sel, uid)
	}
	w.opened.removeFile(f)
	if len(w.nav.model.items) != 0 {
		t.Errorf("%d items left", len(w.nav.model.items))
	}
}

// Roots that share a name are told apart by the folder part that differs;
// a root named alone, or not on disk, shows its name; closing one of two
// gives the other its plain name back. The rows show it.
func TestSameNameRootsShowTheirFolder(t *testing.T) {
	m := newTreeModel()
	root := func(name string) formats.Node { return &formats.Folder{NodeName: name} }
	a := m.addRoot(&openFile{name: "level", path: "/games/stalker/levels/l01_escape/level", root: root("level")})
	b := m.addRoot(&openFile{name: "level", path: "/games/stalker/levels/l02_garbage/level", root: root("level")})
	c := m.addRoot(&openFile{name: "Level", path: "/backup/l01_escape/level", root: root("Level")})
	d := m.addRoot(&openFile{name: "gta3.img", path: "/games/gta/models/gta3.img", root: root("gta3.img")})
	mem := m.addRoot(&openFile{name: "level", root: root("level")})
	want := map[*item]string{
		a:   "level — levels/l01_escape",
		b:   "level — l02_garbage",
		c:   "Level — backup/l01_escape",
		d:   "",
		mem: "",
	}
	for it, name := range want {
		if it.rowName != name {
			t.Errorf("%s: row name %q, want %q", it.file.path, it.rowName, name)
		}
	}
	row := newTreeRow(nil)
	row.set(b)
	if row.name.Text != "level — l02_garbage" {
		t.Errorf("the row shows %q", row.name.Text)
	}
	m.removeRoot(a.uid)
	m.removeRoot(c.uid)
	if b.rowName != "level — l02_garbage" {
		t.Errorf("beside the level in memory, %q", b.rowName)
	}
	m.removeRoot(mem.uid)
	if b.rowName != "" {
		t.Errorf("alone again, %q", b.rowName)
	}
}
