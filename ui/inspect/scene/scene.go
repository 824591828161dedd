// Package scene is the scene inspector: for a GTA item placement file
// (formats/world) the Preview tab (the placed world drawn with a fly
// camera: WASD and the mouse, the wheel for speed, F to fit the
// selection; the LOD choice; a click selects an instance and Open model
// shows its model in the tree), the Instances tab (every placement,
// sortable; a row selects the instance) and the Missing tab (the models
// not found); and the Table tab of the sections of .ipl and .ide files.
package scene

import (
	"fyne.io/fyne/v2/lang"

	"rummage/formats"
	"rummage/formats/world"
	"rummage/ui/count"
	"rummage/ui/inspect"
)

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Scene",
		Order: 14,
		Match: func(n formats.Node) bool { _, ok := n.(*world.Scene); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			v := newPreviewView(h, n.(*world.Scene))
			return &inspect.Tab{Title: lang.X("tab.preview", "Preview"), Content: v.Content, Close: v.close}
		},
	})
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Instances",
		Order: 15,
		Match: func(n formats.Node) bool { _, ok := n.(*world.Scene); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			t := newInstancesTab(n.(*world.Scene))
			return &inspect.Tab{Title: lang.X("tab.instances", "Instances"), Content: t.Content, Close: t.unwatch}
		},
	})
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Missing",
		Order: 16,
		Match: func(n formats.Node) bool { _, ok := n.(*world.Scene); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: lang.X("tab.missing", "Missing"), Content: newMissingTab(n.(*world.Scene))}
		},
	})
	inspect.RegisterFacts(func(s *world.Scene) ([]string, bool) {
		w := s.World()
		missing := 0
		for _, m := range w.Models {
			if !m.Found || m.Err != nil {
				missing++
			}
		}
		return []string{lang.XN("scene.count.instances", "{{.PluralCount}} instances", len(s.Placements())),
			lang.XN("scene.count.models", "{{.PluralCount}} models", len(w.Models)),
			lang.XN("scene.facts.missing", "{{.PluralCount}} missing", missing), count.Triangles(w.Geom.Triangles())}, false
	})
}
