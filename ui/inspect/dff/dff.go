// Package dff is the RenderWare model inspector: the Materials tab (each
// material with its texture's thumbnail and a jump to the texture) and
// the Frames tab (the frame hierarchy with the atomics on each frame) of a
// .dff, and its header facts. The Preview tab is the mesh inspector's.
package dff

import (
	"fmt"
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/dff"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Materials",
		Order: 16, // after the Preview
		Match: func(n formats.Node) bool { _, ok := n.(*dff.Root); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: "Materials", Content: newMaterialsTab(h, n.(*dff.Root))}
		},
	})
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Frames",
		Order: 17,
		Match: func(n formats.Node) bool { _, ok := n.(*dff.Root); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: "Frames", Content: newFramesTab(n.(*dff.Root))}
		},
	})
	inspect.RegisterFacts(func(r *dff.Root) ([]string, bool) {
		f, err := r.File()
		if err != nil {
			return nil, false
		}
		c := f.Clump
		return []string{widgets.Plural(len(c.Geometries), "geometry"), widgets.Plural(len(c.Atomics), "atomic"), widgets.Plural(len(c.Frames), "frame")}, true
	})
}

// thumbSize is the side of a material's texture thumbnail.
const thumbSize = 48

// MaterialLines is the Materials tab as text, one line a material (for
// tests and copying).
func MaterialLines(list []dff.MaterialInfo) []string {
	out := make([]string, len(list))
	for i, m := range list {
		out[i] = materialText(m)
	}
	return out
}

func materialText(m dff.MaterialInfo) string {
	s := fmt.Sprintf("geometry_%d #%d  colour %02X%02X%02X%02X  ", m.Geometry, m.Slot, m.Color.R, m.Color.G, m.Color.B, m.Color.A)
	switch {
	case m.Texture == "":
		return s + "untextured"
	case m.Found == "":
		return s + m.Texture + " → not found"
	}
	if m.Mask != "" {
		s += m.Texture + " (mask " + m.Mask + ")"
	} else {
		s += m.Texture
	}
	return s + " → " + m.Found + " (" + m.Why + ")"
}

// newMaterialsTab lists the materials; a found texture shows its
// thumbnail and, when its dictionary is in the same file, a button that
// selects it in the tree.
func newMaterialsTab(h inspect.Host, r *dff.Root) fyne.CanvasObject {
	list, err := r.Materials()
	if err != nil {
		return widget.NewLabel(formats.ErrorText(err))
	}
	rows := container.NewVBox()
	found, missing := 0, 0
	for _, m := range list {
		if m.Found != "" {
			found++
		} else if m.Texture != "" {
			missing++
		}
		rows.Add(materialRow(h, m))
	}
	head := fmt.Sprintf("%s, %d of them textured with their texture found", widgets.Plural(len(list), "material"), found)
	if l := r.Lookup(); l != nil {
		head += fmt.Sprintf(" · %d .ide files read", l.IDEs)
		if l.IDETXD != "" {
			head += " · the .ide names " + l.IDETXD + ".txd"
		}
	}
	if missing > 0 {
		head += "\nTextures not found: File › Set texture dictionary… names a .txd to search too (--txd)."
	}
	return container.NewBorder(widget.NewLabel(head), nil, nil, nil, container.NewVScroll(rows))
}

func materialRow(h inspect.Host, m dff.MaterialInfo) fyne.CanvasObject {
	var thumb fyne.CanvasObject
	if m.Image != nil {
		img := canvas.NewImageFromImage(m.Image)
		img.FillMode = canvas.ImageFillContain
		img.ScaleMode = canvas.ImageScaleFastest
		img.SetMinSize(fyne.NewSquareSize(thumbSize))
		thumb = img
	} else {
		c := m.Color
		c.A = 255
		sw := canvas.NewRectangle(color.NRGBA(c))
		sw.SetMinSize(fyne.NewSquareSize(thumbSize))
		thumb = sw
	}
	label := widget.NewLabel(materialText(m))
	label.Truncation = fyne.TextTruncateEllipsis
	var action fyne.CanvasObject
	if m.Node != nil {
		node := m.Node
		action = widget.NewButton("Show texture", func() { h.SelectNode(node) })
	} else if m.Found != "" {
		found := m.Found
		action = widget.NewButton("Where", func() { h.Status("texture " + found + " (open that dictionary to inspect it)") })
	}
	if action == nil {
		return container.NewBorder(nil, nil, thumb, nil, label)
	}
	return container.NewBorder(nil, nil, thumb, action, label)
}

// FrameLabel is how the Frames tab names frame i.
func FrameLabel(c *dff.Clump, fn []dff.FrameNode, i int) string {
	name := fn[i].Name
	if name == "" {
		name = "(unnamed)"
	}
	s := strconv.Itoa(i) + "  " + name
	p := fn[i].World.Col(3)
	s += fmt.Sprintf("  at (%.3g, %.3g, %.3g)", p[0], p[1], p[2])
	for _, a := range fn[i].Atomics {
		s += fmt.Sprintf("  · geometry_%d", c.Atomics[a].Geometry)
		if c.Hidden(a) {
			s += " (hidden)"
		}
	}
	return s
}

// newFramesTab shows the frame hierarchy as a tree, every branch open.
func newFramesTab(r *dff.Root) fyne.CanvasObject {
	f, err := r.File()
	if err != nil {
		return widget.NewLabel(formats.ErrorText(err))
	}
	c := f.Clump
	fn := c.FrameNodes()
	kids := map[string][]string{}
	for i, n := range fn {
		parent := ""
		if n.Parent >= 0 {
			parent = strconv.Itoa(n.Parent)
		}
		kids[parent] = append(kids[parent], strconv.Itoa(i))
	}
	tree := widget.NewTree(
		func(id widget.TreeNodeID) []widget.TreeNodeID { return kids[id] },
		func(id widget.TreeNodeID) bool { return len(kids[id]) > 0 || id == "" },
		func(bool) fyne.CanvasObject { return widget.NewLabel("frame") },
		func(id widget.TreeNodeID, _ bool, o fyne.CanvasObject) {
			if i, err := strconv.Atoi(id); err == nil && i < len(fn) {
				o.(*widget.Label).SetText(FrameLabel(c, fn, i))
			}
		})
	tree.OpenAllBranches()
	head := widget.NewLabel(fmt.Sprintf("%s; world positions; the geometries of each frame's atomics", widgets.Plural(len(fn), "frame")))
	return container.NewBorder(head, nil, nil, nil, tree)
}
