package mesh

import (
	"errors"
	"image"
	"math"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/preview"
	"rummage/samples"
	"rummage/ui/inspect"
	"rummage/ui/inspect/inspecttest"
)

// gatedMesh is a Mesher whose Mesh waits until the test opens the gate, so
// the test knows when the view's state changes.
type gatedMesh struct {
	m    *geom.Mesh
	gate chan struct{}
}

func (g gatedMesh) Mesh() (*geom.Mesh, error) {
	<-g.gate
	return g.m, nil
}

// previewFixture shows a preview of m in a 400×300 test window and waits
// for its first frame. When the test ends the view is closed and its
// render goroutine must have ended.
func previewFixture(t *testing.T, m *geom.Mesh) (*PreviewView, fyne.Window, chan preview.Stats) {
	t.Helper()
	test.NewTempApp(t)
	frames := make(chan preview.Stats, 1000)
	src := gatedMesh{m, make(chan struct{})}
	var open sync.Once
	v := newPreviewView(src, previewConfig{clock: inspect.NewClock(), manual: true, onFrame: func(st preview.Stats) {
		select { // never block the render goroutine, even if nobody reads
		case frames <- st:
		default:
		}
	}})
	t.Cleanup(func() {
		v.Close()
		open.Do(func() { close(src.gate) })
		waitDone(t, v.canvas)
	})
	w := test.NewTempWindow(t, v.Content)
	w.Resize(fyne.NewSize(400, 300))
	open.Do(func() { close(src.gate) })
	waitFrame(t, frames, false)
	return v, w, frames
}

// waitDone waits for the render goroutine of c to end.
func waitDone(t *testing.T, c *previewCanvas) {
	t.Helper()
	select {
	case <-c.sh.done:
	case <-time.After(20 * time.Second):
		t.Error("the render goroutine did not stop")
	}
}

// waitFrame waits for the next frame (a full one unless decimated is
// allowed) and returns it. The timeout only catches a broken render loop.
func waitFrame(t *testing.T, frames chan preview.Stats, decimated bool) preview.Stats {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case st := <-frames:
			if decimated || !st.Decimated {
				return st
			}
		case <-deadline:
			t.Fatal("no frame from the render goroutine")
		}
	}
}

func drain(frames chan preview.Stats) {
	for {
		select {
		case <-frames:
		default:
			return
		}
	}
}

func frontCopy(v *PreviewView) *image.RGBA {
	c := v.canvas
	c.sh.mu.Lock()
	defer c.sh.mu.Unlock()
	out := image.NewRGBA(c.sh.front.Rect)
	copy(out.Pix, c.sh.front.Pix)
	return out
}

func samePix(a, b *image.RGBA) bool {
	if a.Rect != b.Rect {
		return false
	}
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			return false
		}
	}
	return true
}

func TestPreviewDragOrbitsAndDoubleClickFits(t *testing.T) {
	m := geom.Torus(2, 0.6, 40, 16, 4, geom.ZUp)
	v, w, frames := previewFixture(t, m)
	c := v.canvas
	if c.sh.front == nil || c.sh.front.Rect.Dx() < 300 {
		t.Fatalf("first frame %v", c.sh.front.Rect)
	}
	before := frontCopy(v)
	yaw, pitch := c.cam.Yaw, c.cam.Pitch

	centre := fyne.CurrentApp().Driver().AbsolutePositionForObject(c).Add(fyne.NewPos(c.Size().Width/2, c.Size().Height/2))
	drain(frames)
	test.Drag(w.Canvas(), centre, 40, 10)
	if d := c.cam.Yaw - yaw; math.Abs(float64(d+40*orbitPerUnit)) > 1e-4 {
		t.Errorf("drag changed yaw by %g, want %g", d, -40*orbitPerUnit)
	}
	if d := c.cam.Pitch - pitch; math.Abs(float64(d-10*orbitPerUnit)) > 1e-4 {
		t.Errorf("drag changed pitch by %g, want %g", d, 10*orbitPerUnit)
	}
	waitFrame(t, frames, false)
	if samePix(before, frontCopy(v)) {
		t.Error("the frame did not change after the drag")
	}

	// zoom in with the wheel, pan with Shift+drag, then double-click fits
	fitted := c.cam
	test.Scroll(w.Canvas(), centre, 0, 50)
	if !(c.cam.Distance < fitted.Distance*0.8) {
		t.Errorf("wheel: distance %g, was %g", c.cam.Distance, fitted.Distance)
	}
	c.shift = true
	test.Drag(w.Canvas(), centre, 30, 0)
	c.shift = false
	if c.cam.Target == fitted.Target {
		t.Error("shift+drag did not pan")
	}
	test.DoubleTap(c)
	want := c.cam
	want.Fit(m.Bounds(), float32(c.pxW)/float32(c.pxH))
	if c.cam.Distance != want.Distance || c.cam.Target != want.Target {
		t.Errorf("double click: camera %+v, want %+v", c.cam, want)
	}
	b := m.Bounds()
	if c.cam.Target != [3]float32(b.Center()) {
		t.Errorf("double click: target %v, want the bounds centre %v", c.cam.Target, b.Center())
	}

	// keys
	y := c.cam.Yaw
	c.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	if math.Abs(float64(c.cam.Yaw-y-orbitKeyStep)) > 1e-4 {
		t.Errorf("left arrow: yaw %g -> %g", y, c.cam.Yaw)
	}
	d := c.cam.Distance
	c.TypedRune('+')
	if !(c.cam.Distance < d) {
		t.Error("+ did not zoom in")
	}
	c.TypedRune('f')
	if c.cam.Distance != want.Distance {
		t.Error("F did not fit")
	}

	// the overlay shows the counts
	drain(frames)
	c.request(false)
	waitFrame(t, frames, false)
	if got := c.info.Text; len(got) < 20 || got[:len(group3(len(m.Positions)))] != group3(len(m.Positions)) {
		t.Errorf("overlay %q", got)
	}
}

func TestPreviewToolbarAndClose(t *testing.T) {
	m := geom.Icosphere(1, 3, geom.YUp)
	v, _, frames := previewFixture(t, m)
	c := v.canvas
	drain(frames)
	test.Tap(v.points)
	if !c.opt.Points {
		t.Fatal("the Points check did not switch points on")
	}
	waitFrame(t, frames, false)
	v.projection.SetSelected("Orthographic")
	if c.cam.Projection != preview.Orthographic {
		t.Fatal("projection not switched")
	}
	v.Close()
	waitDone(t, c)
	c.request(false) // no goroutine: must not block
	c.request(false)
	v.Close() // twice is fine
	n := c.frames
	c.present(image.NewRGBA(image.Rect(0, 0, 4, 4)), preview.Stats{}) // a frame finished after close is dropped
	if c.frames != n || c.sh.front.Rect.Dx() == 4 {
		t.Error("a frame was shown after close")
	}
}

// Closing the view while the mesh is still being decoded ends the render
// goroutine as soon as the decoder returns, without touching the view.
func TestPreviewCloseWhileLoading(t *testing.T) {
	test.NewTempApp(t)
	src := gatedMesh{geom.Icosphere(1, 2, geom.YUp), make(chan struct{})}
	v := newPreviewView(src, previewConfig{clock: inspect.NewClock()})
	w := test.NewTempWindow(t, v.Content)
	w.Resize(fyne.NewSize(200, 150))
	v.Close()
	close(src.gate)
	waitDone(t, v.canvas)
	if v.canvas.mesh != nil || v.canvas.msg.Text != "Loading mesh…" {
		t.Errorf("the view changed after close: mesh %v, message %q", v.canvas.mesh != nil, v.canvas.msg.Text)
	}
}

func TestPreviewBrokenMesh(t *testing.T) {
	test.NewTempApp(t)
	src := panicMesh{make(chan struct{})}
	v := NewPreviewView(nil, src)
	defer v.Close()
	close(src.gate)       // the view is made: the test driver runs fyne.Do at once, on the loop's goroutine
	waitDone(t, v.canvas) // the loop ends when there is nothing to draw
	if got := v.canvas.problem.Text; got != "Cannot show the mesh: internal error: decoder bug" || !v.canvas.problemOn.Visible() {
		t.Errorf("error %q (shown %v)", got, v.canvas.problemOn.Visible())
	}
}

// errMesh fails with its error once the test opens the gate.
type errMesh struct {
	err  error
	gate chan struct{}
}

func (m errMesh) Mesh() (*geom.Mesh, error) {
	<-m.gate
	return nil, m.err
}

// A long error (a v14 level without its level.geom) wraps inside the
// preview, one line under another, never wider than the preview, and can
// be selected.
func TestPreviewErrorWraps(t *testing.T) {
	test.NewTempApp(t)
	long := errors.New("level.geom is missing: a version 14 level keeps its vertex and index buffers in " +
		"/home/someone/games/stalker/gamedata/levels/l01_escape/level.geom beside the level file, offset 0x1A40")
	src := errMesh{long, make(chan struct{})}
	v := NewPreviewView(nil, src)
	defer v.Close()
	w := test.NewTempWindow(t, v.Content)
	w.Resize(fyne.NewSize(700, 400))
	close(src.gate)
	waitDone(t, v.canvas)
	p, c := v.canvas.problem, v.canvas
	if !strings.Contains(p.Text, "l01_escape/level.geom") || !v.canvas.problemOn.Visible() {
		t.Fatalf("error %q (shown %v)", p.Text, v.canvas.problemOn.Visible())
	}
	if !p.Selectable || p.Wrapping != fyne.TextWrapWord {
		t.Errorf("selectable %v, wrapping %v", p.Selectable, p.Wrapping)
	}
	pos, size := v.canvas.problemOn.Position(), v.canvas.problemOn.Size()
	if pos.X < 0 || pos.X+size.Width > c.Size().Width || pos.Y < 0 {
		t.Errorf("the error at %v, %v leaves the preview of %v", pos, size, c.Size())
	}
	if line := widget.NewLabel("x").MinSize().Height; size.Height < 3*line/2 {
		t.Errorf("the error is one line %v high (%v), not wrapped", size.Height, line)
	}
	if need := w.Content().MinSize().Width; need > 700 {
		t.Errorf("the error widens the preview to %v", need)
	}
}

// panicMesh panics once the test opens the gate.
type panicMesh struct{ gate chan struct{} }

func (m panicMesh) Mesh() (*geom.Mesh, error) {
	<-m.gate
	panic("decoder bug")
}

func TestPreviewTabMatchesSampleMeshes(t *testing.T) {
	for _, n := range samples.Nodes() {
		found := false
		for _, p := range inspecttest.Providers(t, n) {
			found = found || p.Name == "Preview"
		}
		if !found {
			t.Errorf("sample %s gets no Preview tab", n.Name())
		}
	}
	if len(inspecttest.Providers(t, &formats.Raw{NodeName: "x", NodeKind: formats.KindRaw})) != 0 {
		for _, p := range inspecttest.Providers(t, &formats.Raw{NodeName: "x", NodeKind: formats.KindRaw}) {
			if p.Name == "Preview" {
				t.Error("a raw node gets the Preview tab")
			}
		}
	}
}

func TestPreviewDecimation(t *testing.T) {
	for _, c := range []struct {
		edges int
		full  time.Duration
		want  int
	}{
		{1_500_000, 20 * time.Millisecond, 0},        // fast enough: everything
		{1_500_000, 50 * time.Millisecond, 750_000},  // twice the budget: half
		{1_500_000, 5 * time.Second, minDecimated},   // never below the floor
		{40_000, time.Second, 0},                     // small meshes are never cut
		{3_000_000, 100 * time.Millisecond, 750_000}, // a quarter
	} {
		if got := decimateTo(c.edges, c.full); got != c.want {
			t.Errorf("decimateTo(%d, %v) = %d, want %d", c.edges, c.full, got, c.want)
		}
	}
}

// A preview canvas dropped without Close is collected (the render
// goroutine holds it only weakly), and its goroutine stops then. (A whole
// view is held a while longer by Fyne's renderer cache of its toolbar.)
func TestPreviewDroppedCanvasStops(t *testing.T) {
	test.NewTempApp(t)
	src := gatedMesh{geom.Icosphere(1, 2, geom.YUp), make(chan struct{})}
	done := func() chan struct{} {
		return newPreviewCanvas(src, nil).sh.done
	}()
	close(src.gate)
	deadline := time.After(20 * time.Second)
	for {
		runtime.GC()
		select {
		case <-done:
			return
		case <-deadline:
			t.Fatal("the render goroutine of a dropped view did not stop")
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// The preview fits the inspector of a 1024×640 window (705×468 units, as
// ui's TestInspectorsFitSmallWindow measures it): its toolbar is one row
// that must not be wider.
func TestPreviewFitsSmallInspector(t *testing.T) {
	v, _, _ := previewFixture(t, geom.Icosphere(1, 1, geom.YUp))
	if need := v.Content.MinSize(); need.Width > 705 || need.Height > 468 {
		t.Errorf("the preview needs %v", need)
	}
}
