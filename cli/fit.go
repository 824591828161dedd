package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"math"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/preview"
)

// fitBounds returns the bounds render fits its camera to: the mesh's
// bounds without non-finite and stray vertices (geom.Mesh.FitBounds), with
// a warning on stderr when some were left out. It is an error when no
// vertex is left, or the box is still too large for a finite fit.
func (e *env) fitBounds(file, node string, m *geom.Mesh) (geom.Bounds, error) {
	b, out := m.FitBounds()
	if out.Count() > 0 {
		e.warn(file, node, out.String())
	}
	if len(m.Positions) > 0 && out.Count() == len(m.Positions) {
		return b, fmt.Errorf("none of its %d vertices has finite coordinates: there is nothing to fit the camera to", len(m.Positions))
	}
	c, r := b.Center(), float64(b.Radius())
	if !finite3(c) || math.IsInf(r, 0) || math.IsNaN(r) {
		return b, fmt.Errorf("its bounds (%g, %g, %g)–(%g, %g, %g) are too large to fit the camera to",
			b.Min[0], b.Min[1], b.Min[2], b.Max[0], b.Max[1], b.Max[2])
	}
	return b, nil
}

func finite3(v geom.Vec3) bool {
	for _, x := range v {
		if math.IsInf(float64(x), 0) || math.IsNaN(float64(x)) {
			return false
		}
	}
	return true
}

// boundsWarning is the warning of a mesh whose facts give "bounds" that
// left vertices out (non-finite or stray ones), "" when none was.
func boundsWarning(node formats.Node, facts []byte) string {
	ms, ok := node.(formats.Mesher)
	if !ok || node.Kind() == formats.KindScene || !bytes.Contains(facts, []byte(`"bounds":`)) {
		// a scene's bounds are its instances' boxes, each model fitted
		// on its own: its placed mesh is not built just to check them
		return ""
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(facts, &members) != nil || members["bounds"] == nil {
		return ""
	}
	m, err := formats.SafeMesh(ms)
	if err != nil || m == nil {
		return ""
	}
	_, out := m.FitBounds()
	return out.String()
}

// warnIfBlank warns on stderr when the rendered img is transparent all
// over, saying why when the reason is known: no triangles, or every
// triangle turned away from the camera (one-sided faces are culled).
func (e *env) warnIfBlank(file, node string, img *image.RGBA, m *geom.Mesh, cam *preview.Camera) {
	for i := 3; i < len(img.Pix); i += 4 {
		if img.Pix[i] != 0 {
			return
		}
	}
	why := "no triangle covers a pixel (degenerate, transparent or out of view)"
	if m.Triangles() == 0 {
		why = "the mesh has no triangles"
	} else if front, back := preview.Facing(m, cam, img.Rect.Dx(), img.Rect.Dy()); front == 0 && back > 0 {
		why = fmt.Sprintf("all %d triangles face away from the camera and are one-sided (try another --camera)", back)
	}
	e.warn(file, node, "nothing was drawn: "+why)
}

// warn prints a warning about FILE's NODE on one line of stderr.
func (e *env) warn(file, node, msg string) {
	fmt.Fprintln(e.stderr, errLine(file, node, errors.New("warning: "+msg)))
}
