package dff

import (
	"image/color"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/dff"
	"rummage/formats/geom"
	"rummage/ui/inspect"
	"rummage/ui/inspect/mesh"
	"rummage/ui/widgets"
)

// The Preview of a RenderWare model gets a row of its own controls: for a
// vehicle its Parts (intact, damaged, low detail, all) and Paint (the
// colour sets of carcols.dat, with the set's four colours), for any model
// Day/Night when it has night colours, 2DFX markers when it has 2DFX
// entries and a Collision overlay when its collision model is found (its
// own, or the model of its name in the .col files beside it), with the
// surfaces' legend. A choice draws the model again in the background.
func init() {
	mesh.RegisterPreviewExtra(mesh.PreviewExtra{
		Name: "vehicle",
		Match: func(n formats.Node) bool {
			switch n.(type) {
			case *dff.Root, *dff.GeometryNode:
				return true
			}
			return false
		},
		Make: func(v *mesh.PreviewView, n formats.Node) fyne.CanvasObject { return newModelRow(v, n).content },
	})
}

// overlayAlpha is how opaque the collision overlay is drawn.
const overlayAlpha = 110

// modelRow is the controls and state of one preview's model row (UI
// goroutine; a drawing is made in the background from a copy).
type modelRow struct {
	v    *mesh.PreviewView
	root *dff.Root         // the clump, or nil
	geo  *dff.GeometryNode // a geometry, or nil

	state   drawState
	seq     atomic.Uint64 // the latest drawing asked for; older ones are dropped
	content *fyne.Container
	note    *widget.Label
	legend  *fyne.Container
	colMesh *geom.Mesh // the collision model's mesh, nil until found
}

// drawState is what the row's controls chose.
type drawState struct {
	view      formats.VehicleView
	markers   bool
	collision bool
}

// modelFacts is what the row learns about the model in the background.
type modelFacts struct {
	vehicle bool
	paint   *dff.Paint
	remaps  []string
	night   bool
	effects bool
	colMesh *geom.Mesh
	colFrom string
	err     error
}

func newModelRow(v *mesh.PreviewView, n formats.Node) *modelRow {
	r := &modelRow{v: v, note: widget.NewLabel(""), legend: container.NewVBox()}
	r.root, _ = n.(*dff.Root)
	r.geo, _ = n.(*dff.GeometryNode)
	r.note.Truncation = fyne.TextTruncateEllipsis
	r.content = container.NewVBox()
	learnt := make(chan modelFacts, 1)
	go func() {
		f, err := formats.Guard("model row", r.learn)
		f.err = err
		learnt <- f
	}()
	select {
	case f := <-learnt: // quick: filled at once, on the UI goroutine
		r.fill(f)
	case <-time.After(inspect.QuickWait()):
		go func() {
			f := <-learnt
			fyne.Do(func() { r.fill(f) })
		}()
	}
	return r
}

// learn finds what the model offers (background).
func (r *modelRow) learn() (modelFacts, error) {
	var f modelFacts
	if r.geo != nil {
		f.night = r.geo.HasNightColors()
		m, err := r.geo.EffectMarkers(1)
		f.effects = err == nil && m != nil
		return f, nil
	}
	f.vehicle, f.night = r.root.IsVehicle(), r.root.HasNightColors()
	if m, err := r.root.EffectMarkers(formats.VehicleView{}, 1); err == nil && m != nil {
		f.effects = true
	}
	if f.vehicle {
		p, err := r.root.Paint(0)
		if err != nil {
			return f, err
		}
		f.paint, f.remaps = p, r.root.Remaps()
	}
	if cm, where, err := r.root.CollisionFor(); err == nil && cm != nil {
		f.colMesh, f.colFrom = geom.Translucent(cm.Mesh(), overlayAlpha), where
	}
	return f, nil
}

// fill builds the controls the model offers (UI goroutine): a vehicle's
// Parts and Paint on one line, Day/Night, 2DFX markers and Collision on
// the next (two short lines fit the narrowest inspector).
func (r *modelRow) fill(f modelFacts) {
	var car, look []fyne.CanvasObject
	if f.vehicle {
		car = append(car, r.partsControl())
		if p := r.paintControl(f.paint); p != nil {
			car = append(car, p)
		}
	}
	if f.night {
		look = append(look, r.nightControl())
	}
	var checks []*widget.Check
	if f.effects {
		c := widget.NewCheck(lang.X("vehicle.markers", "2DFX markers"), func(on bool) {
			r.state.markers = on
			r.redraw()
		})
		look, checks = append(look, c), append(checks, c)
	}
	if f.colMesh != nil {
		r.colMesh = f.colMesh
		c := widget.NewCheck(lang.X("vehicle.collision", "Collision"), func(on bool) {
			r.state.collision = on
			r.showLegend()
			r.redraw()
		})
		look, checks = append(look, c), append(checks, c)
	}
	defer startChecked(checks)
	r.note.SetText(noteText(f))
	if len(car) > 0 {
		r.content.Add(container.NewHBox(car...))
	}
	switch {
	case len(look) > 0: // the note beside the checks, cut to fit
		r.content.Add(container.NewBorder(nil, nil, container.NewHBox(look...), nil, r.note))
	case r.note.Text != "":
		r.content.Add(r.note)
	}
	if len(r.content.Objects) == 0 {
		return
	}
	r.content.Add(r.legend)
	if r.v.Content != nil { // nil while the view is still being built (tests run fyne.Do at once)
		r.v.Content.Refresh() // the preview's rows are taller now
	}
}

// partsControl chooses the vehicle's parts.
func (r *modelRow) partsControl() fyne.CanvasObject {
	parts := []formats.Parts{formats.PartsOK, formats.PartsDam, formats.PartsVLO, formats.PartsAll}
	names := []string{lang.X("vehicle.parts.ok", "intact"), lang.X("vehicle.parts.dam", "damaged"),
		lang.X("vehicle.parts.vlo", "low detail"), lang.X("vehicle.parts.all", "all parts")}
	sel := widgets.NewSelect(names, nil)
	sel.SetSelectedIndex(0)
	sel.OnChanged = func(string) {
		r.state.view.Parts = parts[max(sel.SelectedIndex(), 0)]
		r.redraw()
	}
	return container.NewHBox(widget.NewLabel(lang.X("vehicle.parts", "Parts")), sel)
}

// paintControl chooses the colour set and shows its four colours; nil
// when there are no sets to choose from.
func (r *modelRow) paintControl(p *dff.Paint) fyne.CanvasObject {
	if p == nil || len(p.Sets) == 0 {
		return nil
	}
	names := make([]string, len(p.Sets))
	for i := range p.Sets {
		names[i] = lang.X("vehicle.paint.set", "set {{.N}}", map[string]any{"N": i})
	}
	swatches := container.NewHBox()
	show := func(n int) {
		swatches.RemoveAll()
		if q, err := r.root.Paint(n); err == nil {
			for _, c := range q.Colors {
				sw := canvas.NewRectangle(color.NRGBA{c[0], c[1], c[2], 255})
				sw.SetMinSize(fyne.NewSquareSize(14))
				sw.StrokeColor, sw.StrokeWidth = color.NRGBA{128, 128, 128, 255}, 1
				swatches.Add(container.NewCenter(sw))
			}
		}
		swatches.Refresh()
	}
	sel := widgets.NewSelect(names, nil)
	sel.SetSelectedIndex(0)
	show(0)
	sel.OnChanged = func(string) {
		n := max(sel.SelectedIndex(), 0)
		r.state.view.Colors = n
		show(n)
		r.redraw()
	}
	return container.NewHBox(widget.NewLabel(lang.X("vehicle.paint", "Paint")), sel, swatches)
}

// nightControl switches between the day and the night vertex colours.
func (r *modelRow) nightControl() fyne.CanvasObject {
	day, night := lang.X("vehicle.day", "Day"), lang.X("vehicle.night", "Night")
	sel := widgets.NewSelect([]string{day, night}, nil)
	sel.SetSelectedIndex(0)
	sel.OnChanged = func(s string) {
		r.state.view.Night = s == night
		r.redraw()
	}
	return sel
}

// noteText is the row's remarks: how the car is painted, its remap
// textures, where its collision comes from, what went wrong.
func noteText(f modelFacts) string {
	var parts []string
	if f.err != nil {
		parts = append(parts, formats.ErrorText(f.err))
	}
	if f.paint != nil && f.paint.Note != "" {
		parts = append(parts, f.paint.Note)
	}
	if len(f.remaps) > 0 {
		parts = append(parts, lang.X("vehicle.remaps", "remap textures: {{.List}}", map[string]any{"List": joinNames(f.remaps)}))
	}
	if f.colFrom != "" {
		parts = append(parts, lang.X("vehicle.collision.from", "collision: {{.Where}}", map[string]any{"Where": f.colFrom}))
	}
	return joinNotes(parts)
}

func joinNames(list []string) string {
	s := ""
	for i, n := range list {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}

func joinNotes(list []string) string {
	s := ""
	for i, n := range list {
		if i > 0 {
			s += " · "
		}
		s += n
	}
	return s
}

// startChecked turns on the checks RUMMAGE_PREVIEW_OVERLAYS names (its
// words "markers" and "collision"): a development aid, as
// RUMMAGE_PREVIEW_VIEW is, for screenshots of the overlays.
func startChecked(checks []*widget.Check) {
	words := strings.Fields(strings.ReplaceAll(os.Getenv("RUMMAGE_PREVIEW_OVERLAYS"), ",", " "))
	for _, c := range checks {
		for _, w := range words {
			if (w == "markers" && c.Text == lang.X("vehicle.markers", "2DFX markers")) || (w == "collision" && c.Text == lang.X("vehicle.collision", "Collision")) {
				c.SetChecked(true)
			}
		}
	}
}
