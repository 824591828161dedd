// Package col is the collision inspector: the header facts of .col files
// and their models, and the surface legend under the Preview of a
// collision model (a .col model, or the collision embedded in a
// RenderWare clump). The Preview itself is the mesh inspector's.
package col

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"rummage/formats"
	"rummage/formats/col"
	"rummage/formats/dff"
	"rummage/ui/inspect"
	"rummage/ui/inspect/mesh"
	"rummage/ui/widgets"
)

func init() {
	mesh.RegisterPreviewExtra(mesh.PreviewExtra{
		Name: "collision legend",
		Match: func(n formats.Node) bool {
			switch n.(type) {
			case *col.ModelNode, *dff.CollisionNode:
				return true
			}
			return false
		},
		Make: func(v *mesh.PreviewView, n formats.Node) fyne.CanvasObject {
			m, err := formats.SafeMesh(n.(formats.Mesher))
			if err != nil || m == nil {
				return nil
			}
			return widgets.SurfaceLegend(m)
		},
	})
	inspect.RegisterFacts(func(r *col.Root) ([]string, bool) {
		n, _ := r.ChildCount()
		return []string{lang.XN("col.models", "{{.PluralCount}} models", n, counted(n))}, true
	})
	inspect.RegisterFacts(func(n *col.ModelNode) ([]string, bool) {
		m, err := n.Model()
		if err != nil {
			return nil, false
		}
		return modelFacts(m), false
	})
	inspect.RegisterFacts(func(n *dff.CollisionNode) ([]string, bool) {
		m, err := n.Model()
		if err != nil {
			return nil, false
		}
		return modelFacts(m), false
	})
}

// modelFacts are a collision model's header facts: its element counts.
func modelFacts(m *col.Model) []string {
	out := []string{lang.XN("col.faces", "{{.PluralCount}} faces", len(m.Faces), counted(len(m.Faces)))}
	if len(m.Spheres) > 0 {
		out = append(out, lang.XN("col.spheres", "{{.PluralCount}} spheres", len(m.Spheres), counted(len(m.Spheres))))
	}
	if len(m.Boxes) > 0 {
		out = append(out, lang.XN("col.boxes", "{{.PluralCount}} boxes", len(m.Boxes), counted(len(m.Boxes))))
	}
	if len(m.ShadowFaces) > 0 {
		out = append(out, lang.XN("col.shadow", "shadow mesh of {{.PluralCount}} faces", len(m.ShadowFaces), counted(len(m.ShadowFaces))))
	}
	return out
}

// counted is the template data of a count: {{.PluralCount}} is n even when
// no translation of the key is loaded.
func counted(n int) map[string]any { return map[string]any{"PluralCount": n} }
