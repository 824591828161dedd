package scene

import (
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats"
	_ "rummage/formats/all"
	"rummage/formats/world"
	"rummage/formats/world/worldtest"
	"rummage/preview"
	"rummage/ui/inspect"
	"rummage/ui/inspect/inspecttest"
)

// openSmall writes the small test game and opens its text .ipl.
func openSmall(t *testing.T) *world.Scene {
	t.Helper()
	path, err := worldtest.Small(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f, err := formats.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f.Root.(*world.Scene)
}

// A scene gets Preview, Instances and Missing; its sections get Table.
func TestTabs(t *testing.T) {
	test.NewTempApp(t)
	s := openSmall(t)
	var names []string
	for _, p := range inspecttest.Providers(t, s) {
		names = append(names, p.Name)
	}
	if !slices.Equal(names, []string{"Scene", "Instances", "Missing"}) {
		t.Errorf("scene tabs %v", names)
	}
	kids, _ := s.Children()
	var tabs []string
	for _, p := range inspecttest.Providers(t, kids[0]) {
		tabs = append(tabs, p.Name)
	}
	if !slices.Equal(tabs, []string{"Table"}) {
		t.Errorf("inst tabs %v", tabs)
	}
	facts, _, err := inspect.FactsFor(s)
	if err != nil || !slices.Equal(facts, []string{"7 instances", "5 models", "2 missing", "94 triangles"}) {
		t.Errorf("facts %q %v", facts, err)
	}
}

// previewFixture shows the Preview of s in a test window and waits for
// its first frame.
func previewFixture(t *testing.T, h inspect.Host, s *world.Scene) (*previewView, chan preview.WorldStats) {
	t.Helper()
	frames := make(chan preview.WorldStats, 1000)
	v := newPreviewView(h, s)
	v.canvas.onFrame = func(st preview.WorldStats) {
		select {
		case frames <- st:
		default:
		}
	}
	t.Cleanup(func() {
		v.close()
		select {
		case <-v.canvas.done:
		case <-time.After(20 * time.Second):
			t.Error("the render goroutine did not stop")
		}
	})
	w := test.NewTempWindow(t, v.Content)
	w.Resize(fyne.NewSize(600, 400))
	waitFrame(t, frames)
	return v, frames
}

func waitFrame(t *testing.T, frames chan preview.WorldStats) preview.WorldStats {
	t.Helper()
	select {
	case st := <-frames:
		return st
	case <-time.After(20 * time.Second):
		t.Fatal("no frame from the render goroutine")
	}
	return preview.WorldStats{}
}

// A click on the lamp selects its instance in the Preview and in the
// Instances tab, Open model selects the lamp's .dff in the tree; W flies
// ahead; F flies to the selection.
func TestPreviewPickAndFly(t *testing.T) {
	test.NewTempApp(t)
	s := openSmall(t)
	h := &inspecttest.Host{}
	v, frames := previewFixture(t, h, s)
	inst := newInstancesTab(s)
	defer inst.unwatch()
	c := v.canvas
	// look at the lamp from above
	c.fly = flyCam{Eye: mgl32.Vec3{12, -20, 20}, Yaw: mgl32.DegToRad(90), Pitch: -0.7, Speed: 10}
	c.request()
	waitFrame(t, frames)
	cam := c.fly.Camera()
	fr := cam.Frame(c.world.Bounds(), c.pxW, c.pxH)
	x, y, ok := fr.Project(mgl32.Vec3{12, 0, 2.5})
	if !ok {
		t.Fatal("the lamp is behind the camera")
	}
	scale := float32(c.pxW) / c.Size().Width
	test.Tap(c) // focus
	c.Tapped(&fyne.PointEvent{Position: fyne.NewPos(x/scale, y/scale)})
	deadline := time.Now().Add(20 * time.Second)
	for selected(s) != 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if selected(s) != 2 {
		t.Fatalf("the click selected %d, want the lamp (2)", selected(s))
	}
	if got := inst.table.Table; got == nil || inst.table.at[2] < 0 {
		t.Fatal("no instances table")
	}
	if v.open.Disabled() {
		t.Fatal("Open model is disabled with the lamp selected")
	}
	v.openModel()
	if h.Selected == nil || h.Selected.Name() != "lamp.dff" {
		t.Errorf("Open model selected %v", h.Selected)
	}
	// W for a moment moves the eye along the view
	before := c.fly.Eye
	c.keys.last = time.Now().Add(-100 * time.Millisecond)
	c.keys.held = map[fyne.KeyName]bool{fyne.KeyW: true}
	c.flyStep()
	c.stopFlying()
	if moved := c.fly.Eye.Sub(before); moved.Dot(c.fly.forward()) <= 0 {
		t.Errorf("W moved the eye by %v", moved)
	}
	// F flies to the selected lamp: it is in the middle of the view
	c.TypedRune('f')
	cam = c.fly.Camera()
	fr = cam.Frame(c.world.Bounds(), c.pxW, c.pxH)
	lb := c.world.Instances[2].Bounds
	if x, y, ok := fr.Project(mgl32.Vec3(lb.Center())); !ok || abs(x-float32(c.pxW)/2) > 2 || abs(y-float32(c.pxH)/2) > 2 {
		t.Errorf("after F the lamp is at %v, %v of %dx%d", x, y, c.pxW, c.pxH)
	}
}

func abs(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}
