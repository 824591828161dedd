package ui

import (
	"sort"
	"strings"
	"testing"
)

func TestParseQuery(t *testing.T) {
	q := parseQuery("  Water type:MAT0 kind:Texture type: ")
	if strings.Join(q.names, ",") != "water,type:" || strings.Join(q.types, ",") != "mat0" || strings.Join(q.kinds, ",") != "texture" {
		t.Errorf("parsed %+v", q)
	}
	if !parseQuery("   ").empty() {
		t.Error("blank query not empty")
	}
}

// visibleNames walks the filtered model like the tree does (all open).
func visibleNames(m *treeModel) []string {
	var out []string
	var walk func(uid string)
	walk = func(uid string) {
		for _, k := range m.childUIDs(uid) {
			out = append(out, m.items[k].name)
			if m.isBranch(k) {
				walk(k)
			}
		}
	}
	walk("")
	return out
}

func TestFilterNarrowsTree(t *testing.T) {
	for _, tc := range []struct{ q, want string }{
		{"water", "WATER_M,Water,fake.lib,textures"},
		{"type:MAT0", "DEFAULT,WATER_M,bad,fake.lib"},
		{"kind:texture", "Water,brick,fake.lib,textures"},
		{"kind:texture wat", "Water,fake.lib,textures"},
		{"type:nothing", ""},
	} {
		m := newTreeModel()
		root, _ := fakeArchive()
		m.addRoot(&openFile{name: "fake.lib", root: root})
		m.filter = m.buildFilter(parseQuery(tc.q))
		got := visibleNames(m)
		sort.Strings(got)
		if strings.Join(got, ",") != tc.want {
			t.Errorf("%q shows %v, want %s", tc.q, got, tc.want)
		}
	}
}

func TestFilterMatchedBranchKeepsChildren(t *testing.T) {
	m := newTreeModel()
	root, _ := fakeArchive()
	m.addRoot(&openFile{name: "fake.lib", root: root})
	m.filter = m.buildFilter(parseQuery("textures"))
	got := visibleNames(m)
	sort.Strings(got)
	if strings.Join(got, ",") != "Water,brick,fake.lib,textures" {
		t.Errorf("matching folder shows %v", got)
	}
}
