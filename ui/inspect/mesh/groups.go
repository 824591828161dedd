package mesh

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
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
	b.all = widget.NewButton(lang.X("mesh.group.all", "All groups"), func() { c.groups.selectGroup(-1) })
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
	case c.groups.group < 0:
		b.label.SetText(lang.X("mesh.group.hint", "click a triangle to isolate its group"))
	default:
		g := c.mesh.Groups[c.groups.group]
		b.label.SetText(lang.X("mesh.group.selected", "group {{.Group}} of {{.Count}}: {{.Name}} · {{.Triangles}}",
			map[string]any{"Group": c.groups.group, "Count": len(c.mesh.Groups), "Name": g.Name, "Triangles": count.Triangles(g.TriCount)}))
		b.all.Show()
		if inspect.GroupMaterial(c.node, c.groups.group) != nil {
			b.material.Show()
		}
	}
	b.content.Refresh() // lay the row out again: its buttons came or went
}

// openMaterial selects the material node of the selected group in the tree.
func (b *groupBar) openMaterial() {
	c := b.c
	if to := inspect.GroupMaterial(c.node, c.groups.group); to != nil && c.host != nil {
		c.host.SelectNode(to)
	}
}

// groupPicker is the preview's group selection: the isolated group, the
// isolated groups' meshes (made once), and the click that picks a
// triangle's group. It asks the canvas (pickerCanvas) to show a change.
type groupPicker struct {
	canvas   pickerCanvas
	node     formats.Node       // nil: the selection is the view's own
	mesh     *geom.Mesh         // the whole mesh, once loaded
	group    int                // the isolated group, -1 for none
	isolated map[int]*geom.Mesh // the isolated groups' meshes, made once
	pickSeq  uint64             // the last click's number: an older pick is dropped
	onPicked func(tri int)      // tests: called after a pick is handled
}

// pickerCanvas is what the group selection asks of the preview canvas.
type pickerCanvas interface {
	groupChanged() // draw the isolated group (or all) and name it
	closed() bool  // the view is gone
}

// groupChanged draws the isolated group and names it in the group bar.
func (c *previewCanvas) groupChanged() {
	if c.view != nil {
		c.view.bar.refresh()
	}
	c.request(false)
}

// closed reports whether the view was closed.
func (c *previewCanvas) closed() bool { return c.sh.isClosed() }

// shown is the mesh to draw: the isolated group's, else the whole mesh.
func (c *groupPicker) shown() *geom.Mesh {
	if c.group >= 0 {
		return c.isolate(c.group)
	}
	return c.mesh
}

// checkGroup returns g when it is a group of the mesh, else -1.
func (c *groupPicker) checkGroup(g int) int {
	if c.mesh == nil || g < 0 || g >= len(c.mesh.Groups) {
		return -1
	}
	return g
}

// selectGroup selects group g (-1: none) for the node's tabs, or for this
// view alone when it has no node.
func (c *groupPicker) selectGroup(g int) {
	if c.node != nil {
		inspect.SelectGroup(c.node, g) // comes back through showGroup
		return
	}
	c.showGroup(g)
}

// showGroup isolates group g (-1: shows every group).
func (c *groupPicker) showGroup(g int) {
	g = c.checkGroup(g)
	if g == c.group {
		return
	}
	c.group = g
	c.canvas.groupChanged()
}

// isolate returns the mesh of group g alone (made once per group): it
// shares the whole mesh's vertices, so the camera and the frame's depth
// range stay as they are.
func (c *groupPicker) isolate(g int) *geom.Mesh {
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

// pickAt selects the group under pos, a point of a canvas of size size
// showing a w×h pixel frame through cam (cull: back faces are not drawn):
// the triangle there is found on a goroutine (a million triangles take
// tens of milliseconds) and the selection made back on the UI goroutine,
// unless the view changed meanwhile.
func (c *groupPicker) pickAt(pos fyne.Position, size fyne.Size, cam preview.Camera, w, h int, cull bool) {
	if c.mesh == nil || w <= 0 || h <= 0 || size.Width <= 0 || size.Height <= 0 {
		return
	}
	shown, g := c.mesh, c.group
	if g >= 0 {
		shown = c.isolate(g)
	}
	x, y := pos.X*float32(w)/size.Width, pos.Y*float32(h)/size.Height
	seq := c.pickSeq + 1
	c.pickSeq = seq
	go func() {
		tri := preview.Pick(shown, &cam, w, h, x, y, cull)
		fyne.Do(func() {
			if c.pickSeq != seq || c.canvas.closed() {
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
