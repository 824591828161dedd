package scene

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/world"
)

// instancesTab is a scene's Instances tab: every placement (the joined
// streams' included) with its model, where it is written, where it
// stands, its low-detail instance and whether its model was found; a
// click selects the instance in the Preview too.
type instancesTab struct {
	Content fyne.CanvasObject
	table   *sortTable
	unwatch func()
}

// instanceColumns are the Instances tab's column titles.
func instanceColumns() []string {
	return []string{"#", lang.X("scene.column.model", "model"), lang.X("scene.column.model_id", "id"),
		lang.X("scene.column.file", "file"), lang.X("scene.column.line", "line"), lang.X("scene.column.area", "area"),
		"x", "y", "z", lang.X("scene.column.lod", "LOD"), lang.X("scene.column.state", "model found")}
}

// newInstancesTab builds the tab of s.
func newInstancesTab(s *world.Scene) *instancesTab {
	ps := s.Placements()
	w := s.World()
	found := map[string]bool{}
	for _, m := range w.Models {
		found[m.Name] = m.Found && m.Err == nil
	}
	yes, no := lang.X("scene.found.yes", "found"), lang.X("scene.found.no", "missing")
	cell := func(r, c int) string {
		p := &ps[r]
		switch c {
		case 0:
			return strconv.Itoa(r)
		case 1:
			return p.Name
		case 2:
			return strconv.Itoa(int(p.ID))
		case 3:
			if p.File == "" {
				return s.Name()
			}
			return p.File
		case 4:
			if p.Line == 0 {
				return ""
			}
			return strconv.Itoa(p.Line)
		case 5:
			return strconv.Itoa(p.Area())
		case 6, 7, 8:
			return fmt.Sprintf("%.2f", p.Pos[c-6])
		case 9:
			if p.LODOf < 0 {
				return ""
			}
			return "#" + strconv.Itoa(p.LODOf)
		}
		if found[p.Name] {
			return yes
		}
		return no
	}
	key := func(r, c int) any {
		p := &ps[r]
		switch c {
		case 0:
			return int64(r)
		case 2:
			return int64(p.ID)
		case 4:
			return int64(p.Line)
		case 5:
			return int64(p.Area())
		case 6, 7, 8:
			return float64(p.Pos[c-6])
		case 9:
			return int64(p.LODOf)
		}
		return cell(r, c)
	}
	t := &instancesTab{}
	t.table = newSortTable(instanceColumns(), len(ps), cell, key, func(r int) { selectInstance(s, r) })
	head := widget.NewLabel(lang.XN("scene.instances.head", "{{.PluralCount}} instances · click a header to sort, a row to select the instance", len(ps)))
	head.Truncation = fyne.TextTruncateEllipsis
	t.Content = withHead(head, t.table)
	t.table.selectRow(selected(s))
	t.unwatch = watchSelection(func(n formats.Node, i int) {
		if n == s {
			t.table.selectRow(i)
		}
	})
	return t
}

// missingTab is a scene's Missing tab: the models that were not found
// (or do not read), with their ids and how many instances use them.
func newMissingTab(s *world.Scene) fyne.CanvasObject {
	w := s.World()
	var list []world.Model
	for _, m := range w.Models {
		if !m.Found || m.Err != nil {
			list = append(list, m)
		}
	}
	cols := []string{lang.X("scene.column.model", "model"), lang.X("scene.column.model_id", "id"),
		lang.X("scene.column.instances", "instances"), lang.X("scene.column.why", "why")}
	notFound := lang.X("scene.missing.not_found", "no .dff in the game's archives or folders")
	cell := func(r, c int) string {
		m := &list[r]
		switch c {
		case 0:
			return m.Name
		case 1:
			return strconv.Itoa(int(m.ID))
		case 2:
			return strconv.Itoa(m.Instances)
		}
		if m.Err != nil {
			return m.Where + ": " + m.Err.Error()
		}
		return notFound
	}
	key := func(r, c int) any {
		switch c {
		case 1:
			return int64(list[r].ID)
		case 2:
			return int64(list[r].Instances)
		}
		return cell(r, c)
	}
	first := firstInstances(s)
	t := newSortTable(cols, len(list), cell, key, func(r int) {
		if i, ok := first[list[r].Name]; ok {
			selectInstance(s, i)
		}
	})
	head := widget.NewLabel(lang.XN("scene.missing.head", "{{.PluralCount}} models missing, drawn as see-through boxes · a row selects the model's first instance",
		len(list), map[string]any{"PluralCount": len(list), "Models": len(w.Models)}))
	head.Truncation = fyne.TextTruncateEllipsis
	return withHead(head, t)
}

// firstInstances maps each model name to its first placement.
func firstInstances(s *world.Scene) map[string]int {
	out := map[string]int{}
	for i, p := range s.Placements() {
		if _, ok := out[p.Name]; !ok {
			out[p.Name] = i
		}
	}
	return out
}
