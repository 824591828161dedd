package inspect

import (
	"sync"

	"rummage/formats"
)

// factsProvider is the header facts of one node type.
type factsProvider struct {
	match func(n formats.Node) bool
	facts func(n formats.Node) ([]string, bool)
}

var (
	factsMu        sync.Mutex
	factsProviders []factsProvider
)

// RegisterFacts registers the header facts of the nodes of type T (an
// inspector package calls it from init for the node types it knows): f
// returns the few facts that matter most, computed from the typed node
// ("6 phases", "1 block", "version 6"), and whether they count the node's
// children already ("3 entries"), so that the header leaves out its child
// count. The window adds the type tag, the size and the broken mark.
func RegisterFacts[T formats.Node](f func(n T) (facts []string, countsChildren bool)) {
	factsMu.Lock()
	defer factsMu.Unlock()
	factsProviders = append(factsProviders, factsProvider{
		match: func(n formats.Node) bool { _, ok := n.(T); return ok },
		facts: func(n formats.Node) ([]string, bool) { return f(n.(T)) },
	})
}

// FactsFor returns the registered facts of n: none for a node type no
// inspector knows. A panic in the facts function (in the format code it
// asks) is returned as a *formats.PanicError for the window to report.
func FactsFor(n formats.Node) (facts []string, countsChildren bool, err error) {
	factsMu.Lock()
	var p *factsProvider
	for i := range factsProviders {
		if factsProviders[i].match(n) {
			p = &factsProviders[i]
			break
		}
	}
	factsMu.Unlock()
	if p == nil {
		return nil, false, nil
	}
	type result struct {
		facts  []string
		counts bool
	}
	r, err := formats.Guard("header facts of "+formats.SafeName(n), func() (result, error) {
		f, c := p.facts(n)
		return result{f, c}, nil
	})
	return r.facts, r.counts, err
}
