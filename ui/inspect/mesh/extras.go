package mesh

import (
	"sync"

	"fyne.io/fyne/v2"

	"rummage/formats"
	"rummage/formats/geom"
)

// PreviewExtra adds controls to the Preview of the nodes it matches (a
// vehicle's parts, paint and collision overlay; a collision model's
// legend), below the preview's own rows. Make runs on the UI goroutine;
// the controls may show another mesh with PreviewView.SetMesh.
type PreviewExtra struct {
	Name  string                                                 // for tests
	Match func(n formats.Node) bool                              // does the node get the row
	Make  func(v *PreviewView, n formats.Node) fyne.CanvasObject // build it; nil: nothing to add
}

var (
	extrasMu sync.Mutex
	extras   []PreviewExtra
)

// RegisterPreviewExtra adds a row provider; inspector packages call it
// from init.
func RegisterPreviewExtra(e PreviewExtra) {
	extrasMu.Lock()
	defer extrasMu.Unlock()
	extras = append(extras, e)
}

// extraRows builds the rows of the extras that match n (none for nil).
func (v *PreviewView) extraRows(n formats.Node) []fyne.CanvasObject {
	if n == nil {
		return nil
	}
	extrasMu.Lock()
	list := append([]PreviewExtra(nil), extras...)
	extrasMu.Unlock()
	var out []fyne.CanvasObject
	for _, e := range list {
		ok, _ := formats.Guard("preview extra "+e.Name, func() (bool, error) { return e.Match(n), nil })
		if !ok {
			continue
		}
		if row := e.Make(v, n); row != nil {
			out = append(out, row)
		}
	}
	return out
}

// SetMesh shows m in place of the mesh the view loaded (UI goroutine),
// keeping the camera: the same model drawn another way. A group selection
// is dropped. Before the view's own mesh has loaded, m is kept and shown
// when it has.
func (v *PreviewView) SetMesh(m *geom.Mesh) {
	c := v.canvas
	if m == nil || c.isClosed() {
		return
	}
	if c.mesh == nil {
		c.override = m
		return
	}
	c.mesh, c.isolated, c.group = m, nil, -1
	c.counts = countText(c.src, m)
	if v.bar != nil {
		v.bar.refresh()
	}
	c.request(false)
}

// Mesh returns the mesh the view shows (nil before it has loaded).
func (v *PreviewView) Mesh() *geom.Mesh { return v.canvas.mesh }
