package mesh

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats/geom"
	"rummage/preview"
	"rummage/ui/count"
	"rummage/ui/inspect"
)

// Group selection: a click on a triangle selects its group, and so does a
// click on a batch in the Batches tab (both through inspect.SelectGroup).
// The selected group is isolated: the preview draws it alone, in the same
// camera, so it can be seen from every side. A click where no triangle
// is, or "All groups", shows every group again; "Material" opens the
// group's material node when its format links one.

// groupBar is the row that names the selected group, with its buttons.
type groupBar struct {
	c        *previewCanvas
	label    *widget.Label
	material *widget.Button
	all      *widget.Button
	content  *fyne.Container
}

func newGroupBar(c *previewCanvas) *groupBar {
	b := &groupBar{c: c, label: widget.NewLabel("")}
	b.label.Truncation = fyne.TextTruncateEllipsis
	b.material = widget.NewButtonWithIcon(lang.X("mesh.group.material", "Material"), theme.NavigateNextIcon(), b.openMaterial)
	b.all = widget.NewButton(lang.X("mesh.group.all", "All groups"), func() { c.selectGroup(-1) })
	b.content = container.NewBorder(nil, nil, nil, container.NewHBox(b.material, b.all), b.label)
	b.refresh()
	return b
}

// refresh shows the selected group.
func (b *groupBar) refresh() {
	c := b.c
	b.material.Hide()
	b.all.Hide()
	switch {
	case c.mesh == nil:
		b.label.SetText("")
	case c.group < 0:
		b.label.SetText(lang.X("mesh.group.hint", "click a triangle to isolate its group"))
	default:
		g := c.mesh.Groups[c.group]
		b.label.SetText(lang.X("mesh.group.selected", "group {{.Group}} of {{.Count}}: {{.Name}} · {{.Triangles}}",
			map[string]any{"Group": c.group, "Count": len(c.mesh.Groups), "Name": g.Name, "Triangles": count.Triangles(g.TriCount)}))
		b.all.Show()
		if inspect.GroupMaterial(c.node, c.group) != nil {
			b.material.Show()
		}
	}
	b.content.Refresh() // lay the row out again: its buttons came or went
}

// openMaterial selects the material node of the selected group in the tree.
func (b *groupBar) openMaterial() {
	c := b.c
	if to := inspect.GroupMaterial(c.node, c.group); to != nil && c.host != nil {
		c.host.SelectNode(to)
	}
}

// checkGroup returns g when it is a group of the mesh, else -1.
func (c *previewCanvas) checkGroup(g int) int {
	if c.mesh == nil || g < 0 || g >= len(c.mesh.Groups) {
		return -1
	}
	return g
}

// selectGroup selects group g (-1: none) for the node's tabs, or for this
// view alone when it has no node.
func (c *previewCanvas) selectGroup(g int) {
	if c.node != nil {
		inspect.SelectGroup(c.node, g) // comes back through showGroup
		return
	}
	c.showGroup(g)
}

// showGroup isolates group g (-1: shows every group).
func (c *previewCanvas) showGroup(g int) {
	g = c.checkGroup(g)
	if g == c.group {
		return
	}
	c.group = g
	if c.view != nil {
		c.view.bar.refresh()
	}
	c.request(false)
}

// isolate returns the mesh of group g alone (made once per group): it
// shares the whole mesh's vertices, so the camera and the frame's depth
// range stay as they are.
func (c *previewCanvas) isolate(g int) *geom.Mesh {
	if m, ok := c.isolated[g]; ok {
		return m
	}
	if c.isolated == nil {
		c.isolated = map[int]*geom.Mesh{}
	}
	m := isolateGroup(c.mesh, g)
	c.isolated[g] = m
	return m
}

// isolateGroup is group g of m as a mesh of its own, sharing m's vertex
// arrays; the group keeps its colour (its palette colour when it has no
// hint of its own).
func isolateGroup(m *geom.Mesh, g int) *geom.Mesh {
	grp := m.Groups[g]
	nt := m.Triangles()
	lo := min(max(grp.FirstTri, 0), nt)
	hi := min(max(grp.FirstTri+grp.TriCount, lo), nt)
	if grp.Color.A == 0 {
		grp.Color = geom.Palette(g)
	}
	grp.FirstTri, grp.TriCount = 0, hi-lo
	return &geom.Mesh{
		Positions: m.Positions, Indices: m.Indices[3*lo : 3*hi : 3*hi], Groups: []geom.Group{grp}, Up: m.Up,
		Normals: m.Normals, UVs: m.UVs, Colors: m.Colors,
	}
}

// pickAt selects the group under pos (a point of the canvas, in its
// units): the triangle there is found on a goroutine (a million
// triangles take tens of milliseconds) and the selection made back on the
// UI goroutine, unless the view changed meanwhile.
func (c *previewCanvas) pickAt(pos fyne.Position) {
	size := c.Size()
	if c.mesh == nil || c.pxW <= 0 || c.pxH <= 0 || size.Width <= 0 || size.Height <= 0 {
		return
	}
	shown, g := c.mesh, c.group
	if g >= 0 {
		shown = c.isolate(g)
	}
	cam, w, h := c.cam, c.pxW, c.pxH
	x, y := pos.X*float32(w)/size.Width, pos.Y*float32(h)/size.Height
	cull := c.opt.Mode != preview.ModeWire
	seq := c.pickSeq + 1
	c.pickSeq = seq
	go func() {
		tri := preview.Pick(shown, &cam, w, h, x, y, cull)
		fyne.Do(func() {
			if c.pickSeq != seq || c.isClosed() {
				return // a newer click, or the view is gone
			}
			switch {
			case tri < 0:
				c.selectGroup(-1)
			case g < 0:
				c.selectGroup(c.mesh.GroupOf(tri))
			}
			if c.onPicked != nil {
				c.onPicked(tri)
			}
		})
	}()
}
