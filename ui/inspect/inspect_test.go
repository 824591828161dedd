package inspect

import (
	"errors"
	"strings"
	"testing"

	"rummage/formats"
)

// orderNode is the node the test providers below match.
type orderNode struct{ formats.Folder }

func init() {
	mine := func(n formats.Node) bool { _, ok := n.(*orderNode); return ok }
	RegisterTab(TabProvider{Name: "late", Order: 20, Match: mine})
	RegisterTab(TabProvider{Name: "first", Order: 10, Match: mine})
	RegisterTab(TabProvider{Name: "tie", Order: 10, Match: mine})
	RegisterTab(TabProvider{Name: "exploding", Order: 5, Match: func(n formats.Node) bool {
		if mine(n) {
			panic("match exploded")
		}
		return false
	}})
	RegisterFacts(func(n *orderNode) ([]string, bool) {
		if n.NodeName == "boom" {
			panic("facts exploded")
		}
		return []string{n.NodeName}, true
	})
}

// Tabs come in order (ties in registration order); a Match that panics
// is no match and its panic is returned.
func TestTabsFor(t *testing.T) {
	ps, err := TabsFor(&orderNode{})
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, ","); got != "first,tie,late" {
		t.Errorf("tabs %s", got)
	}
	var pe *formats.PanicError
	if !errors.As(err, &pe) || pe.Where != "tab exploding" || !strings.Contains(err.Error(), "match exploded") {
		t.Errorf("error %v", err)
	}
	if ps, err := TabsFor(&formats.Folder{}); len(ps) != 0 || err != nil {
		t.Errorf("an unknown node got %v, %v", ps, err)
	}
}

// Facts come from the function registered for the node's type; a panic
// in it is returned.
func TestFactsFor(t *testing.T) {
	facts, counts, err := FactsFor(&orderNode{Folder: formats.Folder{NodeName: "x"}})
	if len(facts) != 1 || facts[0] != "x" || !counts || err != nil {
		t.Errorf("facts %v %v %v", facts, counts, err)
	}
	if facts, counts, err := FactsFor(&formats.Folder{}); facts != nil || counts || err != nil {
		t.Errorf("an unknown node got %v %v %v", facts, counts, err)
	}
	_, _, err = FactsFor(&orderNode{Folder: formats.Folder{NodeName: "boom"}})
	var pe *formats.PanicError
	if !errors.As(err, &pe) || pe.Where != "header facts of boom" {
		t.Errorf("error %v", err)
	}
}
