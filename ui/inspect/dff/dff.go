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
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/dff"
	"rummage/ui/count"
	"rummage/ui/inspect"
)

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Materials",
		Order: 16, // after the Preview
		Match: func(n formats.Node) bool { _, ok := n.(*dff.Root); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: lang.X("tab.materials", "Materials"), Content: newMaterialsTab(h, n.(*dff.Root))}
		},
	})
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Frames",
		Order: 17,
		Match: func(n formats.Node) bool { _, ok := n.(*dff.Root); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: lang.X("tab.frames", "Frames"), Content: newFramesTab(n.(*dff.Root))}
		},
	})
	inspect.RegisterFacts(func(r *dff.Root) ([]string, bool) {
		f, err := r.File()
		if err != nil {
			return nil, false
		}
		c := f.Clump
		return []string{lang.XN("count.geometry", "{{.PluralCount}} geometries", len(c.Geometries)),
			lang.XN("count.atomic", "{{.PluralCount}} atomics", len(c.Atomics)), count.Frames(len(c.Frames))}, true
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
	s := fmt.Sprintf("geometry_%d #%d  ", m.Geometry, m.Slot) + lang.X("dff.material.colour", "colour") +
		fmt.Sprintf(" %02X%02X%02X%02X  ", m.Color.R, m.Color.G, m.Color.B, m.Color.A)
	switch {
	case m.Texture == "":
		return s + lang.X("dff.material.untextured", "untextured")
	case m.Found == "":
		return s + m.Texture + " → " + lang.X("dff.material.not_found", "not found")
	}
	if m.Mask != "" {
		s += m.Texture + " (" + lang.X("dff.material.mask", "mask {{.Mask}}", map[string]any{"Mask": m.Mask}) + ")"
	} else {
		s += m.Texture
	}
	return s + " → " + m.Found + " (" + foundVia(m.Why) + ")"
}

// foundVia says how a material's dictionary was found (dff.MaterialInfo.Why).
func foundVia(why string) string {
	switch why {
	case "name":
		return lang.X("dff.found.name", "name")
	case "vehicle":
		return lang.X("dff.found.vehicle", "vehicle")
	}
	return why // "ide", "--txd": a file kind and an option, in every language
}

// newMaterialsTab lists the materials; a found texture shows its
// thumbnail and, when its dictionary is in the same file, a button that
// selects it in the tree. Finding the textures reads the game's .ide
// files and dictionaries (seconds for a car in a large game folder): it
// runs in the background, the tab saying so.
func newMaterialsTab(h inspect.Host, r *dff.Root) fyne.CanvasObject {
	return inspect.Load(lang.X("dff.materials.loading", "Looking for the textures…"), r.Materials,
		func(list []dff.MaterialInfo, err error) fyne.CanvasObject { return materialsView(h, r, list, err) })
}

// materialsView is the Materials tab of list (or of its error).
func materialsView(h inspect.Host, r *dff.Root, list []dff.MaterialInfo, err error) fyne.CanvasObject {
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
	head := lang.XN("dff.materials.head", "{{.PluralCount}} materials, {{.Found}} of them textured with their texture found",
		len(list), map[string]any{"PluralCount": len(list), "Found": found})
	if l := r.Lookup(); l != nil {
		head += " · " + lang.XN("dff.materials.ides", "{{.PluralCount}} .ide files read", l.IDEs)
		if l.IDETXD != "" {
			head += " · " + lang.X("dff.materials.ide_txd", "the .ide names {{.TXD}}", map[string]any{"TXD": l.IDETXD + ".txd"})
		}
	}
	if missing > 0 {
		head += "\n" + lang.X("dff.materials.missing", "Textures not found: File › Set texture dictionary… names a .txd to search too (--txd).")
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
		action = widget.NewButton(lang.X("dff.show_texture", "Show texture"), func() { h.SelectNode(node) })
	} else if m.Found != "" {
		found := m.Found
		action = widget.NewButton(lang.X("dff.where", "Where"), func() {
			h.Status(lang.X("dff.where.status", "texture {{.Path}} (open that dictionary to inspect it)", map[string]any{"Path": found}))
		})
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
		name = lang.X("dff.frame.unnamed", "(unnamed)")
	}
	s := strconv.Itoa(i) + "  " + name
	p := fn[i].World.Col(3)
	s += "  " + lang.X("dff.frame.at", "at {{.Position}}", map[string]any{"Position": fmt.Sprintf("(%.3g, %.3g, %.3g)", p[0], p[1], p[2])})
	for _, a := range fn[i].Atomics {
		s += fmt.Sprintf("  · geometry_%d", c.Atomics[a].Geometry)
		if c.Hidden(a) {
			s += " (" + lang.X("dff.frame.hidden", "hidden") + ")"
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
		func(bool) fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TreeNodeID, _ bool, o fyne.CanvasObject) {
			if i, err := strconv.Atoi(id); err == nil && i < len(fn) {
				o.(*widget.Label).SetText(FrameLabel(c, fn, i))
			}
		})
	tree.OpenAllBranches()
	head := widget.NewLabel(lang.XN("dff.frames.head", "{{.PluralCount}} frames; world positions; the geometries of each frame's atomics", len(fn)))
	return container.NewBorder(head, nil, nil, nil, tree)
}
