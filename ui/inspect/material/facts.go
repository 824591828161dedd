package material

import (
	"strconv"

	"rummage/formats/material"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

func init() {
	inspect.RegisterFacts(func(n *material.Node) ([]string, bool) {
		m := n.Material()
		return []string{widgets.Plural(len(m.Phases), "phase"), widgets.Plural(len(m.Blocks), "block"),
			"version " + strconv.FormatUint(uint64(m.Version), 10)}, false
	})
	inspect.RegisterFacts(func(w *material.WearNode) ([]string, bool) {
		return []string{widgets.Plural(len(w.Wear.Rows), "row")}, false
	})
}
