// Package inspect is the contract between the window and its inspectors.
// An inspector is a package under ui/inspect/ that registers, from init,
// the tabs it adds for the nodes it knows (RegisterTab) and the facts of
// their header line (RegisterFacts); ui/inspect/all links every inspector
// in, as formats/all does for formats. The window asks TabsFor and FactsFor
// and gives each tab a Host.
package inspect

import (
	"errors"
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
	// Export opens the window's Export… dialog on n with the format as
	// (export.PNG, ...) chosen for n's kind: the export runs in the
	// background, writes each file atomically and reports failures.
	Export(n formats.Node, as string)
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
	// Drop, when set, takes files and folders dropped on the window while
	// the tab's node is shown (a folder of PNGs on a TXD); it reports
	// whether it took them (else the window opens them).
	Drop func(paths []string) bool
}

// TabProvider adds a kind's own tab to the inspector. Own tabs come before
// Overview and Hex; the first one is selected.
type TabProvider struct {
	Name  string                            // for ordering and tests
	Order int                               // lower first; equal orders keep registration order
	Match func(n formats.Node) bool         // does the node get this tab
	Make  func(h Host, n formats.Node) *Tab // build it (on the UI goroutine)
}

// Resetter is a view that View › Reset preview returns to its default
// camera (the mesh preview). The window looks for one in the tab on show.
type Resetter interface {
	ResetView()
}

var (
	tabMu        sync.Mutex
	tabProviders []TabProvider
)

// RegisterTab adds a tab provider; inspector packages call it from init.
func RegisterTab(p TabProvider) {
	tabMu.Lock()
	defer tabMu.Unlock()
	tabProviders = append(tabProviders, p)
}

// TabsFor returns the providers that match n, in order. A Match that
// panics (in the format code it asks) counts as no match; its panic is
// returned, as a *formats.PanicError, for the window to report.
func TabsFor(n formats.Node) ([]TabProvider, error) {
	tabMu.Lock()
	defer tabMu.Unlock()
	var out []TabProvider
	var errs []error
	for _, p := range tabProviders {
		ok, err := formats.Guard("tab "+p.Name, func() (bool, error) { return p.Match(n), nil })
		if err != nil {
			errs = append(errs, err)
		}
		if ok {
			out = append(out, p)
		}
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Order < out[j-1].Order; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out, errors.Join(errs...)
}
