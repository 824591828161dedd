package scene

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/world"
	"rummage/preview"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

// previewView is a scene's Preview tab: the fly-camera canvas under a
// toolbar (view, LOD choice, missing models shown or not, Fit) and a line
// about the selected instance with a button that opens its model.
type previewView struct {
	Content fyne.CanvasObject
	canvas  *sceneCanvas
	host    inspect.Host
	scene   *world.Scene

	mode, lod *widget.Select
	missing   *widget.Check
	selLabel  *widget.Label
	open      *widget.Button
	unwatch   func()
}

// modeNames are the view selector's options: Textured, Solid.
func modeNames() []string {
	return []string{lang.X("mesh.view.textured", "Textured"), lang.X("mesh.view.solid", "Solid")}
}

// lodNames are the LOD selector's options, in preview.LODChoice order.
func lodNames() []string {
	return []string{lang.X("scene.lod.distance", "LOD by distance"), lang.X("scene.lod.hd", "High detail only"),
		lang.X("scene.lod.lod", "Low detail only")}
}

// newPreviewView builds the Preview tab of s and starts resolving it.
func newPreviewView(h inspect.Host, s *world.Scene) *previewView {
	v := &previewView{canvas: newSceneCanvas(s), host: h, scene: s}
	c := v.canvas
	v.mode = widgets.NewSelect(modeNames(), func(string) {
		m := preview.ModeTextured
		if v.mode.SelectedIndex() == 1 {
			m = preview.ModeSolid
		}
		if c.opt.Mode != m {
			c.opt.Mode = m
			c.request()
		}
	})
	v.mode.SetSelectedIndex(0)
	v.lod = widgets.NewSelect(lodNames(), func(string) {
		if i := v.lod.SelectedIndex(); i >= 0 && c.wo.LOD != preview.LODChoice(i) {
			c.wo.LOD = preview.LODChoice(i)
			c.request()
		}
	})
	v.lod.SetSelectedIndex(0)
	v.missing = widget.NewCheck(lang.X("scene.missing.show", "Missing models"), func(on bool) {
		if c.wo.HideMissing == on {
			c.wo.HideMissing = !on
			c.request()
		}
	})
	v.missing.Checked = true
	fit := widget.NewButton(lang.X("scene.fit", "Fit"), c.fitSelection)
	hint := widget.NewLabel(lang.X("scene.hint", "WASD to fly, drag to look, wheel for speed, F to fit, a click selects"))
	hint.Truncation = fyne.TextTruncateEllipsis
	top := container.NewBorder(nil, nil, container.NewHBox(widgets.WideSelect(v.mode), widgets.WideSelect(v.lod), v.missing, fit), nil, hint)
	v.selLabel = widget.NewLabel("")
	v.selLabel.Truncation = fyne.TextTruncateEllipsis
	v.open = widget.NewButton(lang.X("scene.open_model", "Open model"), v.openModel)
	v.open.Disable()
	bottom := container.NewBorder(nil, nil, nil, v.open, v.selLabel)
	v.Content = container.NewBorder(top, bottom, nil, nil, c)
	c.onPicked = func(i int) { selectInstance(s, i) }
	v.unwatch = watchSelection(func(n formats.Node, i int) {
		if n == s {
			v.showSelection(i)
			c.request()
		}
	})
	c.onLoaded = func() { v.showSelection(selected(s)) }
	v.showSelection(-1)
	return v
}

// close stops the rendering and the selection watch.
func (v *previewView) close() {
	v.unwatch()
	v.canvas.stopFlying()
	v.canvas.close()
}

// showSelection says which instance is selected and what its model is.
func (v *previewView) showSelection(i int) {
	ps := v.scene.Placements()
	if i < 0 || i >= len(ps) {
		v.selLabel.SetText(lang.X("scene.selection.none", "No instance selected: click an object"))
		v.open.Disable()
		return
	}
	v.selLabel.SetText(instanceText(v.scene, i))
	if v.canvas.world != nil && v.scene.Models().Model(ps[i].Name) != nil {
		v.open.Enable()
	} else {
		v.open.Disable()
	}
}

// instanceText describes instance i: its number, model, id, where it is
// written and where it stands.
func instanceText(s *world.Scene, i int) string {
	p := s.Placements()[i]
	file := p.File
	if file == "" {
		file = s.Name()
	}
	at := file
	if p.Line > 0 {
		at = lang.X("scene.selection.line", "{{.File}} line {{.Line}}", map[string]any{"File": file, "Line": p.Line})
	}
	return lang.X("scene.selection", "#{{.Index}} {{.Model}} (id {{.ID}}) · {{.At}} · at {{.Pos}}", map[string]any{
		"Index": i, "Model": p.Name, "ID": p.ID, "At": at,
		"Pos": fmt.Sprintf("%.1f, %.1f, %.1f", p.Pos[0], p.Pos[1], p.Pos[2])})
}

// openModel selects the selected instance's model in the tree (the
// scene's models child), where its own inspector shows it.
func (v *previewView) openModel() {
	i := selected(v.scene)
	ps := v.scene.Placements()
	if i < 0 || i >= len(ps) || v.host == nil {
		return
	}
	if n := v.scene.Models().Model(ps[i].Name); n != nil {
		v.host.SelectNode(n)
	}
}
