package mesh

import (
	"image/color"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats/geom"
	"rummage/preview"
	"rummage/ui/widgets"
)

// viewNames are the view selector's options, in preview.Mode order.
func viewNames() []string {
	return []string{lang.X("mesh.view.wire", "Wire"), lang.X("mesh.view.solid", "Solid"),
		lang.X("mesh.view.textured", "Textured"), lang.X("mesh.view.textured_wire", "Textured+wire")}
}

// shadingNames are the shading selector's options: preview.ShadeFlat,
// preview.ShadeSmooth.
func shadingNames() []string {
	return []string{lang.X("mesh.shading.flat", "Flat"), lang.X("mesh.shading.smooth", "Smooth")}
}

// makeToolbar builds the top row: the view, its shading and light, the
// projection, Fit and Reset.
func (v *PreviewView) makeToolbar() fyne.CanvasObject {
	c := v.canvas
	views := viewNames()
	v.view = widgets.NewSelect(views, func(string) {
		if i := v.view.SelectedIndex(); i >= 0 {
			v.SetMode(preview.Mode(i))
		}
	})
	v.view.Selected = views[c.opt.Mode]
	v.shading = widgets.NewSelect(shadingNames(), func(string) {
		sh := preview.ShadeFlat
		if v.shading.SelectedIndex() == 1 {
			sh = preview.ShadeSmooth
		}
		if c.opt.Shading != sh {
			c.opt.Shading = sh
			c.request(false)
		}
	})
	v.light = widget.NewCheck(lang.X("mesh.light", "Light"), func(on bool) {
		if c.opt.Unlit == on {
			c.opt.Unlit = !on
			c.request(false)
		}
	})
	v.light.Checked = !c.opt.Unlit
	v.projection = widgets.NewSelect([]string{lang.X("mesh.projection.perspective", "Perspective"),
		lang.X("mesh.projection.orthographic", "Orthographic")}, func(string) {
		p := preview.Perspective
		if v.projection.SelectedIndex() == 1 {
			p = preview.Orthographic
		}
		if c.cam.Projection != p {
			c.cam.Projection = p
			c.fit()
		}
	})
	v.projection.SetSelectedIndex(0)
	v.enableShading()
	reset := widget.NewButton(lang.X("mesh.reset", "Reset"), c.reset)
	fit := widget.NewButton(lang.X("mesh.fit", "Fit"), c.fit)
	return container.NewHBox(wideSelect(v.view), v.shading, v.light, wideSelect(v.projection), fit, reset)
}

// wideSelect lays sel out as wide as its longest option needs.
func wideSelect(sel *widget.Select) fyne.CanvasObject { return widgets.WideSelect(sel) }

// checks builds the overlay checks: group colours, points, bounds, dimmed
// back faces.
func (v *PreviewView) checks() fyne.CanvasObject {
	c := v.canvas
	set := func(f func(o *preview.Options, on bool)) func(bool) {
		return func(on bool) {
			f(&c.opt, on)
			c.request(false)
		}
	}
	v.groups = widget.NewCheck(lang.X("mesh.groups", "Groups"), set(func(o *preview.Options, on bool) { o.GroupColors = on }))
	v.groups.Checked = c.opt.GroupColors
	v.points = widget.NewCheck(lang.X("mesh.points", "Points"), set(func(o *preview.Options, on bool) { o.Points = on }))
	v.points.Checked = c.opt.Points
	v.bounds = widget.NewCheck(lang.X("mesh.bounds", "Bounds"), set(func(o *preview.Options, on bool) { o.Bounds = on }))
	v.bounds.Checked = c.opt.Bounds
	v.backs = widget.NewCheck(lang.X("mesh.dim_back", "Dim back"), set(func(o *preview.Options, on bool) { o.BackFaces = on }))
	v.backs.Checked = c.opt.BackFaces
	return container.NewHBox(v.groups, v.points, v.bounds, v.backs)
}

// SetMode switches the view (wire, solid, textured, textured+wire).
func (v *PreviewView) SetMode(m preview.Mode) {
	c := v.canvas
	if int(m) < 0 || int(m) >= len(v.view.Options) {
		return
	}
	if v.view.SelectedIndex() != int(m) {
		v.view.SetSelectedIndex(int(m)) // calls back here
		return
	}
	if c.opt.Mode == m {
		return
	}
	c.opt.Mode = m
	v.enableShading()
	v.tex.show(m)
	c.request(false)
}

// enableShading enables the shading and light controls in the filled
// views (the wire view has no faces to light).
func (v *PreviewView) enableShading() {
	if v.canvas.opt.Mode == preview.ModeWire {
		v.shading.Disable()
		v.light.Disable()
	} else {
		v.shading.Enable()
		v.light.Enable()
	}
}

// meshLoaded sets the view for the mesh: textured when some group has a
// material with a texture, a colour or an animation, else wire (or the
// view RUMMAGE_PREVIEW_VIEW names, as `rummage render --view` spells it,
// for screenshots); smooth shading when the mesh has its own normals,
// else flat.
func (v *PreviewView) meshLoaded(m *geom.Mesh) {
	sh := 0
	if len(m.Normals) == len(m.Positions) && len(m.Normals) > 0 {
		sh = 1
	}
	v.shading.SetSelectedIndex(sh)
	if mode, err := preview.ParseMode(os.Getenv("RUMMAGE_PREVIEW_VIEW")); err == nil {
		v.SetMode(mode) // a development aid: screenshots of each view
	} else if hasMaterials(m) {
		v.SetMode(preview.ModeTextured)
	}
	v.clock.meshLoaded(m)
	v.anim.meshLoaded(m)
	v.tex.show(v.canvas.opt.Mode)
}

// hasMaterials reports whether some group of m has a material worth the
// textured view: a texture, a colour or an animation.
func hasMaterials(m *geom.Mesh) bool {
	for _, g := range m.Groups {
		if s := g.Surface; s != nil && (s.Texture != nil || s.Color != (color.NRGBA{}) || s.Anim != nil) {
			return true
		}
	}
	return false
}
