package mesh

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/preview"
	"rummage/ui/inspect"
	"rummage/ui/inspect/inspecttest"
)

// extraNode is a mesh node that gets the test's extra row; its mesh waits
// for the gate.
type extraNode struct {
	gatedMesh
}

func (extraNode) Name() string                      { return "extra" }
func (extraNode) Kind() formats.Kind                { return formats.KindMesh }
func (extraNode) Children() ([]formats.Node, error) { return nil, nil }

func TestPreviewExtraAndSetMesh(t *testing.T) {
	test.NewTempApp(t)
	var made *PreviewView
	RegisterPreviewExtra(PreviewExtra{Name: "test",
		Match: func(n formats.Node) bool { _, ok := n.(extraNode); return ok },
		Make: func(v *PreviewView, n formats.Node) fyne.CanvasObject {
			made = v
			return widget.NewLabel("extra row")
		}})
	own := geom.Torus(2, 0.5, 8, 6, 1, geom.ZUp)
	other := geom.Icosphere(1, 2, geom.ZUp)
	n := extraNode{gatedMesh{own, make(chan struct{})}}
	frames := make(chan preview.Stats, 100)
	v := newPreviewView(n, previewConfig{node: n, clock: inspect.NewClock(), onFrame: func(st preview.Stats) {
		select {
		case frames <- st:
		default:
		}
	}})
	t.Cleanup(v.Close)
	if made != v || !strings.Contains(inspecttest.Labels(v.Content), "extra row") {
		t.Fatal("the extra row was not made for the node")
	}
	w := test.NewTempWindow(t, v.Content)
	w.Resize(fyne.NewSize(400, 300))
	v.SetMesh(other) // before the node's own mesh has loaded
	close(n.gate)
	waitFrame(t, frames, false)
	if v.Mesh() != other {
		t.Fatal("a mesh set before the load was replaced by the node's own")
	}
	v.SetMesh(own)
	if v.Mesh() != own {
		t.Fatal("SetMesh did not show the mesh")
	}
}
