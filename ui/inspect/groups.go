package inspect

import (
	"sync"

	"rummage/formats"
)

// The selected triangle group of a mesh node, shared by its tabs: a click
// on a triangle in the Preview or on a batch in the Batches tab selects
// the group, and the Preview isolates it. One selection is kept, for the
// last node a group was selected in: the inspector shows one node at a
// time, and a node shown again starts with every group.
var groupSel struct {
	mu       sync.Mutex
	node     formats.Node
	group    int
	watchers map[int]func(n formats.Node, group int)
	next     int
}

// SelectGroup selects group g of mesh node n (-1: none, every group shown)
// and tells the watchers (UI goroutine).
func SelectGroup(n formats.Node, g int) {
	groupSel.mu.Lock()
	groupSel.node, groupSel.group = n, max(g, -1)
	if g < 0 {
		groupSel.node = nil
	}
	var ws []func(formats.Node, int)
	for id := 0; id < groupSel.next; id++ {
		if w, ok := groupSel.watchers[id]; ok {
			ws = append(ws, w)
		}
	}
	groupSel.mu.Unlock()
	for _, w := range ws {
		w(n, max(g, -1))
	}
}

// SelectedGroup returns the selected group of node n, or -1.
func SelectedGroup(n formats.Node) int {
	groupSel.mu.Lock()
	defer groupSel.mu.Unlock()
	if groupSel.node == nil || groupSel.node != n {
		return -1
	}
	return groupSel.group
}

// WatchGroups calls f (UI goroutine) after every SelectGroup, with its
// node and group, until the returned stop is called.
func WatchGroups(f func(n formats.Node, group int)) (stop func()) {
	groupSel.mu.Lock()
	defer groupSel.mu.Unlock()
	if groupSel.watchers == nil {
		groupSel.watchers = map[int]func(formats.Node, int){}
	}
	id := groupSel.next
	groupSel.next++
	groupSel.watchers[id] = f
	return func() {
		groupSel.mu.Lock()
		defer groupSel.mu.Unlock()
		delete(groupSel.watchers, id)
	}
}

// groupLinker is the material links of one node type.
type groupLinker struct {
	match func(n formats.Node) bool
	link  func(n formats.Node, group int) formats.Node
}

var (
	linkMu      sync.Mutex
	groupLinks  []groupLinker
	noGroupLink = func(formats.Node, int) formats.Node { return nil }
)

// RegisterGroupMaterial registers, for mesh nodes of type T, the node of
// the material of each of their mesh's triangle groups (an inspector
// package that knows the format's material chain calls it from init); f
// returns nil for a group with no material node.
func RegisterGroupMaterial[T formats.Node](f func(n T, group int) formats.Node) {
	linkMu.Lock()
	defer linkMu.Unlock()
	groupLinks = append(groupLinks, groupLinker{
		match: func(n formats.Node) bool { _, ok := n.(T); return ok },
		link:  func(n formats.Node, g int) formats.Node { return f(n.(T), g) },
	})
}

// GroupMaterial returns the material node of group g of mesh node n, or
// nil when no inspector knows one. A panic in the format code it asks
// counts as none.
func GroupMaterial(n formats.Node, g int) formats.Node {
	if n == nil || g < 0 {
		return nil
	}
	linkMu.Lock()
	link := noGroupLink
	for _, l := range groupLinks {
		if l.match(n) {
			link = l.link
			break
		}
	}
	linkMu.Unlock()
	to, err := formats.Guard("material of a group", func() (formats.Node, error) { return link(n, g), nil })
	if err != nil {
		return nil
	}
	return to
}
