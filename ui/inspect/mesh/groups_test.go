package mesh

import (
	"image/color"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/formats/geom"
	"rummage/formats/material"
	"rummage/formats/msh"
	"rummage/preview"
	"rummage/samples"
	"rummage/ui/i18n"
	"rummage/ui/inspect"
	"rummage/ui/inspect/inspecttest"
	_ "rummage/ui/inspect/material" // the Batches and Material tabs
)

// viewFixture shows a preview of m made with cfg in a 705×468 test
// window, the inspector's size in a 1024×640 window (the caller made the
// test app), and waits for its first frame.
// The mesh is handed over only once the view is built, as the real
// window's fyne.Do would.
func viewFixture(t *testing.T, m *geom.Mesh, cfg previewConfig) (*PreviewView, chan preview.Stats) {
	t.Helper()
	frames := make(chan preview.Stats, 1000)
	cfg.onFrame = func(st preview.Stats) {
		select {
		case frames <- st:
		default:
		}
	}
	src := gatedMesh{m, make(chan struct{})}
	v := newPreviewView(src, cfg)
	t.Cleanup(func() {
		v.Close()
		waitDone(t, v.canvas)
	})
	w := test.NewTempWindow(t, v.Content)
	w.Resize(fyne.NewSize(705, 468)) // the inspector of a 1024×640 window
	close(src.gate)
	waitFrame(t, frames, false)
	return v, frames
}

// lastFrame waits until frames have stopped coming for a moment and
// returns the last one.
func lastFrame(t *testing.T, frames chan preview.Stats) preview.Stats {
	t.Helper()
	st := waitFrame(t, frames, false)
	for {
		select {
		case st = <-frames:
		case <-time.After(300 * time.Millisecond):
			return st
		}
	}
}

// screenPos is where the mesh point p shows in the view, in canvas units.
func screenPos(t *testing.T, c *previewCanvas, p geom.Vec3) fyne.Position {
	t.Helper()
	fr := c.cam.Frame(c.mesh.Bounds(), c.pxW, c.pxH)
	x, y, ok := fr.Project(p)
	if !ok {
		t.Fatalf("%v does not project", p)
	}
	s := c.Size()
	return fyne.NewPos(x*s.Width/float32(c.pxW), y*s.Height/float32(c.pxH))
}

// pixelAt is the shown frame's pixel at canvas point pos.
func pixelAt(v *PreviewView, pos fyne.Position) color.RGBA {
	c := v.canvas
	img := frontCopy(v)
	s := c.Size()
	return img.RGBAAt(int(pos.X*float32(c.pxW)/s.Width), int(pos.Y*float32(c.pxH)/s.Height))
}

// TestPreviewViewSelector: a mesh with materials opens textured, one
// without in wire; the selector switches the renderer's view, the
// shading and the light follow their controls and are off in wire.
func TestPreviewViewSelector(t *testing.T) {
	test.NewTempApp(t)
	plain, _ := viewFixture(t, geom.Icosphere(1, 2, geom.YUp), previewConfig{clock: inspect.NewClock(), manual: true})
	if plain.canvas.opt.Mode != preview.ModeWire || plain.view.Selected != "Wire" || !plain.shading.Disabled() {
		t.Errorf("a mesh without materials opens in %v (selector %q)", plain.canvas.opt.Mode, plain.view.Selected)
	}
	if plain.clock.content.Visible() {
		t.Error("the clock shows for a mesh with no animation")
	}
	v, frames := viewFixture(t, geom.Crate(), previewConfig{clock: inspect.NewClock(), manual: true})
	c := v.canvas
	if c.opt.Mode != preview.ModeTextured || v.view.Selected != "Textured" || v.shading.Selected != "Smooth" {
		t.Errorf("the crate opens in %v, %q, shading %q", c.opt.Mode, v.view.Selected, v.shading.Selected)
	}
	for i, name := range viewNames() {
		drain(frames)
		v.view.SetSelected(name)
		st := lastFrame(t, frames)
		if c.opt.Mode != preview.Mode(i) {
			t.Errorf("%s selects %v", name, c.opt.Mode)
		}
		if filled := i != int(preview.ModeWire); filled != (st.Faces > 0) || filled == v.shading.Disabled() || filled == v.light.Disabled() {
			t.Errorf("%s: %d faces drawn, shading enabled %v", name, st.Faces, !v.shading.Disabled())
		}
	}
	v.shading.SetSelected("Flat")
	test.Tap(v.light)
	if c.opt.Shading != preview.ShadeFlat || !c.opt.Unlit {
		t.Errorf("shading %v, unlit %v", c.opt.Shading, c.opt.Unlit)
	}
}

// TestPreviewClickPicksGroup clicks the crate's top (the "pulse" group):
// the group is selected for the node's tabs and drawn alone; a click
// where no triangle is shows every group again.
func TestPreviewClickPicksGroup(t *testing.T) {
	test.NewTempApp(t)
	node := &samples.MeshNode{NodeName: "crate", Make: geom.Crate}
	m, _ := node.Mesh()
	v, frames := viewFixture(t, m, previewConfig{node: node, clock: inspect.NewClock(), manual: true})
	c := v.canvas
	picked := make(chan int, 4)
	c.onPicked = func(tri int) { picked <- tri }
	click := func(p fyne.Position) int {
		drain(frames)
		c.Tapped(&fyne.PointEvent{Position: p})
		select {
		case tri := <-picked:
			return tri
		case <-time.After(20 * time.Second):
			t.Fatal("the pick did not finish")
			return -1
		}
	}
	top := screenPos(t, c, geom.Vec3{0.2, -0.1, 1})
	if tri := click(top); m.GroupOf(tri) != 2 {
		t.Fatalf("the top picks triangle %d", tri)
	}
	st := lastFrame(t, frames)
	if c.group != 2 || inspect.SelectedGroup(node) != 2 || st.Triangles != 2 {
		t.Errorf("group %d (shared %d), the frame draws %d triangles", c.group, inspect.SelectedGroup(node), st.Triangles)
	}
	if !strings.Contains(v.bar.label.Text, "pulse") || !v.bar.all.Visible() || v.bar.material.Visible() {
		t.Errorf("bar %q, all groups shown %v, material shown %v (the crate links none)", v.bar.label.Text, v.bar.all.Visible(), v.bar.material.Visible())
	}
	// the checker side is not drawn now: a click there hits nothing
	side := screenPos(t, c, geom.Vec3{0, -1, 0})
	click(side)
	st = lastFrame(t, frames)
	if c.group != -1 || st.Triangles != 12 {
		t.Errorf("after a click on nothing: group %d, %d triangles drawn", c.group, st.Triangles)
	}
	if tri := click(side); m.GroupOf(tri) != 0 || c.group != 0 {
		t.Errorf("the side picks triangle %d, group %d", tri, c.group)
	}
	test.Tap(v.bar.all)
	if c.group != -1 || inspect.SelectedGroup(node) != -1 {
		t.Errorf("All groups left group %d selected", c.group)
	}
}

// TestBatchesClickIsolates clicks a batch in the sample model's Batches
// tab: its Preview isolates the batch's group, whose Material button opens
// the batch's material.
func TestBatchesClickIsolates(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	var node *msh.MeshNode
	kids, _ := inspecttest.OpenSample(t, "tank.rlb").Children()
	for _, k := range kids {
		if m, ok := k.(*msh.MeshNode); ok {
			node = m
		}
	}
	if node == nil {
		t.Skip("no sample model")
	}
	m, err := node.Mesh()
	if err != nil {
		t.Fatal(err)
	}
	v, frames := viewFixture(t, m, previewConfig{node: node, host: h, clock: inspect.NewClock(), manual: true})
	// the scrubber spans the longest block 0 of the animated groups' MAT0s
	want := uint32(0)
	for _, b := range node.Batches() {
		if mn, ok := b.MatNode.(*material.Node); ok && b.Node >= 0 {
			if blk, err := mn.Material().BlockAt(0); err == nil && len(blk.Keys) > 1 {
				want = max(want, blk.Duration())
			}
		}
	}
	if want == 0 || v.clock.cycle != want || !v.clock.content.Visible() {
		t.Errorf("the model's scrubber spans %d ms (shown %v), its animated materials' longest block %d", v.clock.cycle, v.clock.content.Visible(), want)
	}
	var batches fyne.CanvasObject
	for _, p := range inspecttest.Providers(t, node) {
		if p.Name == "Batches" {
			batches = p.Make(h, node).Content
		}
	}
	tables := inspecttest.Find[*widget.Table](batches)
	if len(tables) == 0 {
		t.Fatal("no Batches table")
	}
	bs := node.Batches()
	row := -1
	for i, b := range bs {
		if b.Node >= 0 && b.MatNode != nil && b.Row != bs[0].Row {
			row = i
			break
		}
	}
	if row < 0 {
		t.Fatal("no drawn batch with a material besides the first row's")
	}
	drain(frames)
	tables[0].Select(widget.TableCellID{Row: row, Col: 0})
	c := v.canvas
	if c.group < 0 || m.Groups[c.group].Name != bs[row].Label() {
		t.Fatalf("batch %d (row %d, %s) selected group %d", row, bs[row].Row, bs[row].Label(), c.group)
	}
	if st := lastFrame(t, frames); st.Triangles != m.Groups[c.group].TriCount {
		t.Errorf("the isolated frame draws %d triangles, the group has %d", st.Triangles, m.Groups[c.group].TriCount)
	}
	if h.Selected != nil || !strings.Contains(h.Message, "Preview shows it alone") {
		t.Errorf("the click opened %v, status %q", h.Selected, h.Message)
	}
	if !v.bar.material.Visible() {
		t.Fatal("no Material button for a batch with a material")
	}
	test.Tap(v.bar.material)
	if h.Selected != bs[row].MatNode {
		t.Errorf("Material opened %v, want %v", h.Selected, bs[row].MatNode)
	}
	inspect.SelectGroup(node, -1)
}

// TestPreviewSharedClock plays the crate on the material clock with the
// sample FIRESTORM material's tab open: scrubbing either one moves both,
// the frame shows the pulse colour of that moment, and a paused clock
// asks for no frames.
func TestPreviewSharedClock(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	clk := inspect.MaterialClock()
	clk.Pause() // the Material tab's ticker would run on its own goroutine in the test driver
	defer clk.Pause()
	v, frames := viewFixture(t, geom.Crate(), previewConfig{manual: true})
	c := v.canvas
	v.light.SetChecked(false) // unlit: the pulse colour exactly
	if !v.clock.content.Visible() || v.clock.cycle != 3000 {
		t.Fatalf("clock bar shown %v, cycle %d", v.clock.content.Visible(), v.clock.cycle)
	}
	var fire *material.Node
	mk, _ := inspecttest.OpenSample(t, "Material.lib").Children()
	for _, k := range mk {
		if n, ok := k.(*material.Node); ok && n.Name() == "FIRESTORM" {
			fire = n
		}
	}
	if fire == nil {
		t.Skip("no sample FIRESTORM")
	}
	var tab *inspect.Tab
	for _, p := range inspecttest.Providers(t, fire) {
		if p.Name == "Material" {
			tab = p.Make(h, fire)
		}
	}
	matSlider := inspecttest.Find[*widget.Slider](tab.Content)[0] // the swatch's scrubber comes first
	top := screenPos(t, c, geom.Vec3{0, 0, 1})
	pulse := func(ms uint32) color.RGBA {
		k := geom.CratePulse{}.At(ms).Color
		return color.RGBA{k.R, k.G, k.B, 255}
	}

	drain(frames)
	v.clock.slider.SetValue(1000) // scrub the preview
	lastFrame(t, frames)
	// the Material tab shows its block's own time at 1000 ms
	s, err := fire.Material().PlayAt(0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	local := min(s.LocalMs, fire.Material().Blocks[0].Duration())
	if clk.Playing() || clk.Ms() != 1000 || matSlider.Value != float64(local) || c.opt.Clock != 1000 {
		t.Errorf("preview scrub: playing %v at %d ms, the Material tab's scrubber at %v, want %d", clk.Playing(), clk.Ms(), matSlider.Value, local)
	}
	if got := pixelAt(v, top); got != pulse(1000) {
		t.Errorf("the top at 1000 ms is %v, want %v", got, pulse(1000))
	}
	matSlider.SetValue(500) // scrub the material
	lastFrame(t, frames)
	if clk.Ms() != 500 || v.clock.slider.Value != 500 || !strings.Contains(v.clock.label.Text, " 500 / 3000 ms") {
		t.Errorf("material scrub: clock %d, the preview's scrubber %v, %q", clk.Ms(), v.clock.slider.Value, v.clock.label.Text)
	}
	if got := pixelAt(v, top); got != pulse(500) {
		t.Errorf("the top at 500 ms is %v, want %v", got, pulse(500))
	}

	tab.Close()

	// paused: no ticker, no frames
	if v.clock.stop != nil || v.clock.frame(time.Now().Add(time.Second)) {
		t.Error("a paused clock still ticks")
	}
	select {
	case <-frames:
		t.Error("a frame was drawn while the clock is paused")
	case <-time.After(300 * time.Millisecond):
	}
	// playing: the paced ticks ask for frames of the moving clock
	test.Tap(v.clock.play)
	if !clk.Playing() {
		t.Fatal("play did not start the clock")
	}
	lastFrame(t, frames)
	asked := 0
	for i := range 6 {
		time.Sleep(40 * time.Millisecond)
		if v.clock.frame(time.Now()) {
			asked++
			waitFrame(t, frames, false)
			c.pace.Paint(time.Now().Add(time.Duration(i))) // the window painted it
		}
	}
	if asked < 3 {
		t.Errorf("%d of 6 ticks 40 ms apart drew a frame while playing", asked)
	}
}

// TestPreviewFitsSmallInspectorWithBars: with the clock bar and a group
// selected, the preview still fits the inspector of a 1024×640 window, in
// English and in Russian (longer words).
func TestPreviewFitsSmallInspectorWithBars(t *testing.T) {
	test.NewTempApp(t)
	t.Cleanup(func() { i18n.Use(i18n.English) })
	for _, l := range []string{i18n.English, i18n.Russian} {
		i18n.Use(l)
		v, frames := viewFixture(t, geom.Crate(), previewConfig{clock: inspect.NewClock(), manual: true})
		v.canvas.showGroup(0)
		lastFrame(t, frames)
		if need := v.Content.MinSize(); need.Width > 705 || need.Height > 468 {
			t.Errorf("%s: the preview needs %v; bars %v, %v, %v", l, need, v.bar.content.MinSize(), v.clock.content.MinSize(), v.view.MinSize())
		}
	}
}
