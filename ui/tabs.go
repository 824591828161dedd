package ui

import (
	"sync"

	"fyne.io/fyne/v2"

	"rummage/formats"
)

// Host is what an inspector tab may ask of the window.
type Host interface {
	// Window is the main window (for dialogs).
	Window() fyne.Window
	// SelectNode selects n in the tree (opening its parents) and shows it.
	SelectNode(n formats.Node)
	// Apply runs an edit, pushes it on the undo stack and marks the file of
	// n edited (● in the tree, Save enabled).
	Apply(n formats.Node, e Edit)
	// Options are the reading options (the material library).
	Options() *formats.Options
	// Status shows a short message in the status bar.
	Status(msg string)
}

// Edit is one undoable change made by an inspector.
type Edit struct {
	Name string       // shown as "Undo NAME"
	Do   func() error // apply (also used for redo)
	Undo func() error // revert
}

// Tab is one inspector tab made for a node.
type Tab struct {
	Title   string
	Content fyne.CanvasObject
	// Close, when set, is called when the inspector stops showing the node
	// (stop animations and background work here).
	Close func()
}

// TabProvider adds a kind's own tab to the inspector. Own tabs come before
// Overview and Hex; the first one is selected.
type TabProvider struct {
	Name  string                            // for ordering and tests
	Order int                               // lower first
	Match func(n formats.Node) bool         // does the node get this tab
	Make  func(h Host, n formats.Node) *Tab // build it (on the UI goroutine)
}

var (
	tabMu        sync.Mutex
	tabProviders []TabProvider
)

// RegisterTab adds a tab provider; inspector files call it from init.
func RegisterTab(p TabProvider) {
	tabMu.Lock()
	defer tabMu.Unlock()
	tabProviders = append(tabProviders, p)
}

// tabsFor returns the providers that match n, in order.
func tabsFor(n formats.Node) []TabProvider {
	tabMu.Lock()
	defer tabMu.Unlock()
	var out []TabProvider
	for _, p := range tabProviders {
		if safeMatch(p, n) {
			out = append(out, p)
		}
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Order < out[j-1].Order; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// safeMatch is p.Match(n) with a panic (from format code the match asks)
// taken as no match.
func safeMatch(p TabProvider, n formats.Node) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return p.Match(n)
}
