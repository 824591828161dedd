package mesh

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"rummage/formats/geom"
	"rummage/formats/msh"
	"rummage/preview"
	"rummage/ui/inspect"
	"rummage/ui/inspect/inspecttest"
)

// TestPreviewShots writes PNGs of the Preview tab's views into
// $RUMMAGE_SHOTS (skipped when unset): the crate in each view, a group
// isolated, the sample model isolated by group: a look at the layout and
// the views, not an assertion.
func TestPreviewShots(t *testing.T) {
	dir := os.Getenv("RUMMAGE_SHOTS")
	if dir == "" {
		t.Skip("RUMMAGE_SHOTS not set")
	}
	test.NewTempApp(t)
	shot := func(name string, v *PreviewView, frames chan preview.Stats) {
		lastFrame(t, frames)
		w := fyne.CurrentApp().Driver().CanvasForObject(v.Content)
		f, err := os.Create(filepath.Join(dir, name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, w.Capture()); err != nil {
			t.Fatal(err)
		}
	}
	v, frames := viewFixture(t, geom.Crate(), previewConfig{clock: inspect.NewClock(), manual: true})
	for i, name := range viewNames() {
		v.SetMode(preview.Mode(i))
		shot("preview-crate-"+name, v, frames)
	}
	v.canvas.showGroup(1)
	shot("preview-crate-isolated", v, frames)
	kids, _ := inspecttest.OpenSample(t, "tank.rlb").Children()
	for _, k := range kids {
		if n, ok := k.(*msh.MeshNode); ok {
			m, err := n.Mesh()
			if err != nil {
				t.Fatal(err)
			}
			v, frames := viewFixture(t, m, previewConfig{node: n, clock: inspect.NewClock(), manual: true})
			v.SetMode(preview.ModeSolid)
			v.canvas.showGroup(1)
			shot("preview-tank-isolated", v, frames)
		}
	}
}
