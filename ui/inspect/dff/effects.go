package dff

import (
	"fmt"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/dff"
	"rummage/ui/inspect"
)

// The 2dfx table of a geometry gets a Table tab: one row per entry, its
// type, position and the type's own facts.
func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "2DFX",
		Order: 10,
		Match: func(n formats.Node) bool { _, ok := n.(*dff.EffectsNode); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: lang.X("vehicle.fx.tab", "Table"), Content: newEffectsTab(n.(*dff.EffectsNode))}
		},
	})
	inspect.RegisterFacts(func(n *dff.EffectsNode) ([]string, bool) {
		fx, err := n.Effects()
		if err != nil {
			return nil, false
		}
		return []string{lang.XN("vehicle.fx.entries", "{{.PluralCount}} entries", len(fx), counted(len(fx)))}, false
	})
}

// EffectRows is the table's text: per entry its number, type, position
// and details (tests and copying).
func EffectRows(fx []dff.Effect) [][4]string {
	out := make([][4]string, len(fx))
	for i, e := range fx {
		f := e.Facts()
		var keys []string
		for k := range f {
			switch k {
			case "type", "typeName", "position", "size":
				continue
			}
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var det []string
		for _, k := range keys {
			det = append(det, fmt.Sprintf("%s %v", k, f[k]))
		}
		out[i] = [4]string{fmt.Sprint(i), dff.FXTypeName(e.Type), fmt.Sprintf("%.3g, %.3g, %.3g", e.Pos[0], e.Pos[1], e.Pos[2]), strings.Join(det, " · ")}
	}
	return out
}

// newEffectsTab lists the entries.
func newEffectsTab(n *dff.EffectsNode) fyne.CanvasObject {
	fx, err := n.Effects()
	if err != nil {
		return widget.NewLabel(formats.ErrorText(err))
	}
	rows := EffectRows(fx)
	head := []string{"#", lang.X("vehicle.fx.type", "type"), lang.X("vehicle.fx.position", "position"), lang.X("vehicle.fx.details", "details")}
	widths := []float32{40, 110, 180, 600}
	t := widget.NewTableWithHeaders(
		func() (int, int) { return len(rows), 4 },
		func() fyne.CanvasObject { l := widget.NewLabel(""); l.Truncation = fyne.TextTruncateEllipsis; return l },
		func(id widget.TableCellID, o fyne.CanvasObject) { o.(*widget.Label).SetText(rows[id.Row][id.Col]) })
	t.ShowHeaderColumn = false
	t.CreateHeader = func() fyne.CanvasObject { return widget.NewLabel("") }
	t.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Row < 0 && id.Col >= 0 && id.Col < len(head) {
			o.(*widget.Label).SetText(head[id.Col])
		}
	}
	for i, w := range widths {
		t.SetColumnWidth(i, w)
	}
	return container.NewBorder(widget.NewLabel(lang.XN("vehicle.fx.head", "{{.PluralCount}} 2DFX entries, positions in the geometry's frame", len(rows), counted(len(rows)))), nil, nil, nil, t)
}

// counted is the template data of a count: {{.PluralCount}} is n even when
// no translation of the key is loaded.
func counted(n int) map[string]any { return map[string]any{"PluralCount": n} }
