package scene

import (
	"sync"

	"rummage/formats"
)

// The selected instance of a scene, shared by its tabs: a click on an
// object in the Preview or on a row of Instances selects it there and in
// the other tabs. One selection is kept, for the last scene an instance
// was selected in (the inspector shows one node at a time).
var sel struct {
	mu       sync.Mutex
	node     formats.Node
	index    int
	watchers map[int]func(n formats.Node, i int)
	next     int
}

// selectInstance selects instance i of scene n (-1: none) and tells the
// watchers (UI goroutine).
func selectInstance(n formats.Node, i int) {
	sel.mu.Lock()
	sel.node, sel.index = n, max(i, -1)
	var ws []func(formats.Node, int)
	for id := 0; id < sel.next; id++ {
		if w, ok := sel.watchers[id]; ok {
			ws = append(ws, w)
		}
	}
	sel.mu.Unlock()
	for _, w := range ws {
		w(n, max(i, -1))
	}
}

// selected returns the selected instance of scene n, or -1.
func selected(n formats.Node) int {
	sel.mu.Lock()
	defer sel.mu.Unlock()
	if sel.node != n {
		return -1
	}
	return sel.index
}

// watchSelection calls f (UI goroutine) after every selectInstance, until
// the returned stop is called.
func watchSelection(f func(n formats.Node, i int)) (stop func()) {
	sel.mu.Lock()
	defer sel.mu.Unlock()
	if sel.watchers == nil {
		sel.watchers = map[int]func(formats.Node, int){}
	}
	id := sel.next
	sel.next++
	sel.watchers[id] = f
	return func() {
		sel.mu.Lock()
		defer sel.mu.Unlock()
		delete(sel.watchers, id)
	}
}
