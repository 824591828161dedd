package cli

import (
	"errors"
	"fmt"
	"image"
	"image/color"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/preview"
)

// worldNode is a scene: models placed in a world (a GTA .ipl).
type worldNode interface {
	Geometry() *geom.World
}

// renderScene draws a scene: every instance --lod chooses, seen from
// --camera (top by default) fitted to the whole scene.
func (e *env) renderScene(a *args, s *renderSettings, file, node string, n formats.Node, wn worldNode) int {
	w, err := formats.Guard("scene", func() (*geom.World, error) { return wn.Geometry(), nil })
	if err == nil && (w == nil || len(w.Instances) == 0) {
		err = errors.New("the scene places nothing to render")
	}
	if err != nil {
		return e.fail(file, node, err)
	}
	e.nodeNotes(file, node, n) // the models that were not found
	if !s.cameraSet {
		s.viewpoint = preview.Top
	}
	b := w.Bounds()
	if !finite3(b.Center()) {
		return e.fail(file, node, fmt.Errorf("the scene's bounds (%g, %g, %g)–(%g, %g, %g) are not finite", b.Min[0], b.Min[1], b.Min[2], b.Max[0], b.Max[1], b.Max[2]))
	}
	view := preview.NewWorldView(w)
	view.WireChunks = true // one frame: a chunk of edges at a time, not the world laid out
	r := preview.NewRenderer()
	defer r.Close()
	img := image.NewRGBA(image.Rect(0, 0, s.w, s.h))
	cam := preview.StillCamera(s.viewpoint, b, geom.ZUp, s.w, s.h)
	opt := preview.DefaultOptions()
	opt.Mode, opt.Clock = s.mode, s.clock
	opt.Background, opt.Axes = color.NRGBA{}, false
	opt.GroupColors = s.mode != preview.ModeTexturedWire
	st := view.Render(r, img, &cam, &opt, preview.WorldOptions{LOD: s.lod})
	if st.Instances == 0 {
		e.warn(file, node, fmt.Sprintf("nothing was drawn: no instance is %s (try another --lod)", map[preview.LODChoice]string{
			preview.LODHigh: "a high-detail one", preview.LODLow: "a low-detail one or without one", preview.LODByDistance: "in view"}[s.lod]))
	}
	return e.writePNG(a, s.out, img)
}
