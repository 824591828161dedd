package material

import (
	"fyne.io/fyne/v2/lang"

	"rummage/formats/material"
	"rummage/ui/count"
	"rummage/ui/inspect"
)

func init() {
	inspect.RegisterFacts(func(n *material.Node) ([]string, bool) {
		m := n.Material()
		return []string{lang.XN("count.phase", "{{.PluralCount}} phases", len(m.Phases)),
			lang.XN("count.block", "{{.PluralCount}} blocks", len(m.Blocks)), count.Version(int64(m.Version))}, false
	})
	inspect.RegisterFacts(func(w *material.WearNode) ([]string, bool) {
		return []string{count.Rows(len(w.Wear.Rows))}, false
	})
}
