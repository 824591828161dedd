package ui

import (
	"strings"

	"rummage/formats"
)

// syncItem brings an edited node's row up to date: its name and label (a
// replaced texture may change format) and, when the edit added, removed or
// reordered its children (a TXD edit), its loaded children, which are read
// again. It reports whether the children were reloaded.
func (m *treeModel) syncItem(uid string) bool {
	it := m.items[uid]
	if it == nil {
		return false
	}
	if it.parent != "" {
		it.name = formats.SafeName(it.node)
	}
	it.label = formats.SafeLabel(it.node)
	if !it.loaded || !m.kidsChanged(it) {
		for _, k := range it.kids {
			if c := m.items[k]; c != nil {
				c.label = formats.SafeLabel(c.node)
			}
		}
		return false
	}
	m.dropBelow(uid)
	it.kids, it.loaded, it.branch = nil, false, it.err == nil
	m.load(it)
	return true
}

// kidsChanged reports whether it's node now has other children than the
// loaded ones: another count or other names in order. (Containers may
// hand out new nodes for the same entries after an edit; those keep their
// rows.)
func (m *treeModel) kidsChanged(it *item) bool {
	if !it.branch && len(it.kids) == 0 && !mayHaveChildren(it.node, it.kind) {
		return false
	}
	kids, err := formats.SafeChildren(it.node)
	if err != nil {
		return false
	}
	var now []formats.Node
	for _, k := range kids {
		if k != nil {
			now = append(now, k)
		}
	}
	if len(now) != len(it.kids) {
		return true
	}
	for i, k := range now {
		c := m.items[it.kids[i]]
		if c == nil || c.name != formats.SafeName(k) {
			return true
		}
	}
	return false
}

// dropBelow forgets the items under uid (not uid itself).
func (m *treeModel) dropBelow(uid string) {
	prefix := uid + "/"
	for k, it := range m.items {
		if strings.HasPrefix(k, prefix) {
			delete(m.items, k)
			if u, ok := m.uidOf(it.node); ok && u == k {
				delete(m.byNode, it.node)
			}
		}
	}
}
