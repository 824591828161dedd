// Package mesh is the mesh inspector: the Preview tab (any mesh or level
// drawn by the software renderer: wire, solid, textured, textured+wire,
// with its materials playing on the shared material clock, and a click
// on a triangle isolating its group) and the header facts of MSH models
// and the sample meshes.
package mesh

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"runtime"
	"sync"
	"time"
	"weak"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/preview"
	"rummage/ui/inspect"
)

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Preview",
		Order: 15, // after a level's Statistics, before a model's Batches
		Match: func(n formats.Node) bool {
			_, ok := n.(formats.Mesher)
			k := n.Kind()
			return ok && (k == formats.KindMesh || k == formats.KindLevel)
		},
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			v := NewPreviewView(h, n.(formats.Mesher))
			return &inspect.Tab{Title: lang.X("tab.preview", "Preview"), Content: v.Content, Close: v.Close}
		},
	})
}

// Preview timing: the frame time a drag aims for, and how long the camera
// must rest before a decimated frame is redrawn in full.
const (
	previewBudget = 25 * time.Millisecond
	previewRest   = 150 * time.Millisecond
	minDecimated  = 50_000 // edges a decimated frame keeps at least
)

// PreviewView is the mesh inspector: any formats.Mesher drawn by the
// software renderer. Drag orbits, right/middle or Shift+drag pans, the
// wheel zooms, a double click (or F) fits; arrows orbit and +/- zoom; a
// click on a triangle isolates its group (see groups.go). Frames are
// drawn on a goroutine and handed to the UI with fyne.Do; the UI never
// waits for one.
type PreviewView struct {
	Content fyne.CanvasObject
	canvas  *previewCanvas

	view, shading, projection     *widget.Select
	light                         *widget.Check
	groups, points, bounds, backs *widget.Check
	bar                           *groupBar
	clock                         *clockBar
	anim                          *animRow // the Animation row of a mesh with a skeleton (animrow.go)
}

// previewConfig is what a view is made with besides its mesh.
type previewConfig struct {
	host    inspect.Host        // for the jump to a group's material; nil: none
	node    formats.Node        // the mesh's node, whose other tabs share the selected group; nil: the view keeps its own
	clock   *inspect.Clock      // the material clock; nil: inspect.MaterialClock()
	onFrame func(preview.Stats) // called on the UI goroutine after each frame is shown (tests)
	manual  bool                // tests: no animation ticker, they call clockBar.frame
}

// NewPreviewView builds the inspector of src and starts loading its mesh;
// h (which may be nil) opens a group's material. When src is a node, a
// group selected in its other tabs (Batches) is selected here too.
func NewPreviewView(h inspect.Host, src formats.Mesher) *PreviewView {
	n, _ := src.(formats.Node)
	return newPreviewView(src, previewConfig{host: h, node: n})
}

// newPreviewView is NewPreviewView with every setting.
func newPreviewView(src formats.Mesher, cfg previewConfig) *PreviewView {
	if cfg.clock == nil {
		cfg.clock = inspect.MaterialClock()
	}
	v := &PreviewView{canvas: newPreviewCanvas(src, cfg.onFrame)}
	c := v.canvas
	c.view = v
	c.node, c.host, c.groups.node = cfg.node, cfg.host, cfg.node
	top := v.makeToolbar()
	v.bar = newGroupBar(c)
	v.clock = newClockBar(c, cfg.clock)
	v.clock.manual = cfg.manual
	v.anim = newAnimRow(c, cfg.clock)
	rows := append([]fyne.CanvasObject{top, container.NewBorder(nil, nil, v.checks(), nil, v.bar.content)}, v.extraRows(cfg.node)...)
	bars := container.NewVBox(append(rows, v.anim.content)...)
	v.Content = container.NewBorder(bars, v.clock.content, nil, nil, c)
	if c.node != nil {
		c.unwatchGroups = inspect.WatchGroups(func(n formats.Node, g int) {
			if n == c.node {
				c.groups.showGroup(g)
			}
		})
	}
	return v
}

// Close stops the render goroutine and the animation; the view shows its
// last frame.
func (v *PreviewView) Close() {
	v.clock.close()
	v.anim.close()
	if v.canvas.unwatchGroups != nil {
		v.canvas.unwatchGroups()
		v.canvas.unwatchGroups = nil
	}
	v.canvas.sh.close()
}

// previewRequest is what the render goroutine is asked to draw.
type previewRequest struct {
	mesh   *geom.Mesh // the whole mesh or an isolated group
	cam    preview.Camera
	opt    preview.Options
	w, h   int
	moving bool       // the user is dragging: a decimated frame will do
	anim   *animFrame // the pose and bones overlay to draw, nil for none (animrow.go)
	seq    uint64
}

// previewCanvas is the interactive raster. Its camera and options belong
// to the UI goroutine; the render goroutine gets copies through req.
type previewCanvas struct {
	widget.BaseWidget
	src    formats.Mesher
	raster *canvas.Raster
	info   *canvas.Text
	msg    *canvas.Text
	counts string // the overlay's counts of the mesh (countText)

	// UI goroutine state
	view          *PreviewView
	node          formats.Node // nil: the group selection is the view's own
	host          inspect.Host
	unwatchGroups func()
	mesh          *geom.Mesh    // the whole mesh
	groups        *groupPicker  // the isolated group (groups.go)
	pace          inspect.Pacer // paces the animation's frames
	cam           preview.Camera
	opt           preview.Options
	fitted        bool
	pxW, pxH      int
	button        desktop.MouseButton
	shift         bool
	pressed       bool
	lastMouse     fyne.Position
	frames        int         // frames shown
	blank         *image.RGBA // shown before the first frame
	override      *geom.Mesh  // a mesh SetMesh gave before the view's own loaded

	// shared with the render goroutine
	sh *previewShared

	// onFrame, when set (tests), is called on the UI goroutine after a
	// frame is shown.
	onFrame func(st preview.Stats)
}

// previewShared is the part of a previewCanvas the render goroutine
// holds. The goroutine reaches the canvas itself only through a weak
// pointer, so a view that is dropped without Close is collected and its
// goroutine stopped by a cleanup.
type previewShared struct {
	mu       sync.Mutex
	req      previewRequest
	wake     chan struct{}
	stop     chan struct{}
	done     chan struct{}
	closed   bool
	front    *image.RGBA // shown frame (read by the raster generator)
	free     chan *image.RGBA
	lastFull time.Duration // last full frame time, for decimation (render goroutine)
	bonePx   []bonePixel   // the bones drawn in the shown frame, for picking one
}

func newPreviewCanvas(src formats.Mesher, onFrame func(preview.Stats)) *previewCanvas {
	c := &previewCanvas{
		src:     src,
		onFrame: onFrame,
		opt:     preview.DefaultOptions(),
		sh: &previewShared{
			wake: make(chan struct{}, 1),
			stop: make(chan struct{}),
			done: make(chan struct{}),
			free: make(chan *image.RGBA, 3),
		},
	}
	c.groups = &groupPicker{canvas: c, group: -1}
	c.raster = canvas.NewRaster(c.generate)
	c.raster.ScaleMode = canvas.ImageScaleFastest
	c.info = canvas.NewText("", color.NRGBA{220, 225, 235, 255})
	c.info.TextSize = 11
	c.info.TextStyle.Monospace = true
	c.msg = canvas.NewText(lang.X("mesh.loading", "Loading mesh…"), color.NRGBA{220, 225, 235, 255})
	c.msg.Alignment = fyne.TextAlignCenter
	c.ExtendBaseWidget(c)
	runtime.AddCleanup(c, (*previewShared).close, c.sh)
	go c.sh.loop(src, weak.Make(c))
	return c
}

// CreateRenderer lays the overlay texts over the raster.
func (c *previewCanvas) CreateRenderer() fyne.WidgetRenderer {
	return &previewRenderer{c: c}
}

type previewRenderer struct{ c *previewCanvas }

func (r *previewRenderer) Layout(size fyne.Size) {
	c := r.c
	c.raster.Resize(size)
	c.raster.Move(fyne.NewPos(0, 0))
	c.info.Move(fyne.NewPos(6, 4))
	c.info.Resize(fyne.NewSize(size.Width-12, c.info.MinSize().Height))
	ms := c.msg.MinSize()
	c.msg.Resize(fyne.NewSize(size.Width, ms.Height))
	c.msg.Move(fyne.NewPos(0, (size.Height-ms.Height)/2))
	scale := float32(1)
	if cv := fyne.CurrentApp().Driver().CanvasForObject(c); cv != nil {
		scale = cv.Scale()
	}
	c.resizePixels(int(math.Ceil(float64(size.Width*scale))), int(math.Ceil(float64(size.Height*scale))))
}

func (r *previewRenderer) MinSize() fyne.Size { return fyne.NewSize(160, 120) }
func (r *previewRenderer) Refresh() {
	r.c.info.Refresh()
	r.c.msg.Refresh()
	r.c.raster.Refresh()
}
func (r *previewRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.c.raster, r.c.info, r.c.msg}
}
func (r *previewRenderer) Destroy() {}

// generate is the raster's generator (UI goroutine): it returns the last
// finished frame at once and asks for a new one when the size changed.
func (c *previewCanvas) generate(w, h int) image.Image {
	c.pace.Paint(time.Now())
	if c.view != nil && c.view.anim != nil {
		c.view.anim.pace.Paint(time.Now())
	}
	c.resizePixels(w, h)
	c.sh.mu.Lock()
	f := c.sh.front
	c.sh.mu.Unlock()
	if f == nil {
		if c.blank == nil {
			bg := c.opt.Background
			c.blank = image.NewRGBA(image.Rect(0, 0, 1, 1))
			c.blank.SetRGBA(0, 0, color.RGBA{bg.R, bg.G, bg.B, 255})
		}
		return c.blank
	}
	return f
}

// resizePixels records the raster's pixel size and redraws at it.
func (c *previewCanvas) resizePixels(w, h int) {
	if w <= 0 || h <= 0 || (w == c.pxW && h == c.pxH) {
		return
	}
	c.pxW, c.pxH = w, h
	if c.mesh != nil && !c.fitted {
		c.fit()
		return
	}
	c.request(false)
}

func (c *previewCanvas) aspect() float32 {
	if c.pxW <= 0 || c.pxH <= 0 {
		return 4.0 / 3
	}
	return float32(c.pxW) / float32(c.pxH)
}

// request asks the render goroutine for a frame of the current state.
func (c *previewCanvas) request(moving bool) {
	if c.mesh == nil || c.pxW <= 0 || c.pxH <= 0 {
		return
	}
	shown := c.groups.shown()
	if c.view != nil && c.view.clock != nil && c.view.clock.animated {
		c.opt.Clock = c.view.clock.clk.Ms()
	}
	var af *animFrame
	if c.view != nil && c.view.anim != nil && shown == c.mesh {
		af = c.view.anim.frame() // an isolated group shows its bind pose
	}
	c.sh.mu.Lock()
	c.sh.req = previewRequest{mesh: shown, cam: c.cam, opt: c.opt, w: c.pxW, h: c.pxH, moving: moving, anim: af, seq: c.sh.req.seq + 1}
	c.sh.mu.Unlock()
	select {
	case c.sh.wake <- struct{}{}:
	default:
	}
}

// fit frames the whole mesh, keeping the angles.
func (c *previewCanvas) fit() {
	if c.mesh == nil {
		return
	}
	c.cam.Fit(c.mesh.Bounds(), c.aspect())
	c.fitted = c.pxW > 0
	c.request(false)
}

var _ inspect.Resetter = (*previewCanvas)(nil)

// ResetView is View › Reset preview: the default view.
func (c *previewCanvas) ResetView() { c.reset() }

// reset returns to the default view.
func (c *previewCanvas) reset() {
	if c.mesh == nil {
		return
	}
	proj := c.cam.Projection
	c.cam = preview.NewCamera(c.mesh.Bounds(), c.mesh.Up, c.aspect())
	c.cam.Projection = proj
	c.cam.Fit(c.mesh.Bounds(), c.aspect())
	c.request(false)
}

// isClosed reports whether close was called.
func (c *previewShared) isClosed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed
}

// loaded runs on the UI goroutine once the mesh is decoded and counted.
func (c *previewCanvas) loaded(m *geom.Mesh, counts string, err error) {
	if c.sh.isClosed() {
		return
	}
	if err != nil {
		c.msg.Text = lang.X("mesh.error", "Cannot show the mesh: {{.Error}}", map[string]any{"Error": err})
		c.msg.Refresh()
		return
	}
	if m == nil || len(m.Positions) == 0 {
		c.msg.Text = lang.X("mesh.empty", "The mesh is empty")
		c.msg.Refresh()
		return
	}
	c.mesh, c.counts = m, counts
	if c.override != nil {
		c.mesh, c.counts, c.override = c.override, countText(c.src, c.override), nil
	}
	c.groups.mesh = c.mesh
	c.msg.Text = ""
	c.msg.Refresh()
	c.cam = preview.NewCamera(m.Bounds(), m.Up, c.aspect())
	c.fitted = c.pxW > 0
	// The view is whole once its animation row is made (made last: Fyne's
	// test driver runs this on the loader, maybe while the view is built).
	if c.view != nil && c.view.anim != nil {
		c.view.meshLoaded(m)
		if c.node != nil {
			c.groups.group = c.groups.checkGroup(inspect.SelectedGroup(c.node))
		}
		c.view.bar.refresh()
	}
	c.request(false)
}

// present shows a finished frame (UI goroutine) and gives the previous
// one back to the render goroutine.
func (c *previewCanvas) present(img *image.RGBA, st preview.Stats) {
	c.sh.mu.Lock()
	closed := c.sh.closed
	old := c.sh.front
	if !closed {
		c.sh.front = img
	}
	c.sh.mu.Unlock()
	if closed {
		return // the view is gone: nothing to show, nobody to tell
	}
	if old != nil && old != img {
		select {
		case c.sh.free <- old:
		default:
		}
	}
	c.frames++
	drawn := lang.XN("mesh.frame.edges", "{{.PluralCount}} edges", st.Edges, map[string]any{"PluralCount": group3(st.Edges)})
	if st.Faces > 0 || c.opt.Mode != preview.ModeWire {
		drawn = lang.XN("mesh.frame.faces", "{{.PluralCount}} faces drawn", st.Faces, map[string]any{"PluralCount": group3(st.Faces)})
	}
	ms := lang.X("mesh.frame.ms", "{{.Ms}} ms", map[string]any{"Ms": fmt.Sprintf("%.1f", float64(st.Elapsed.Microseconds())/1000)})
	text := c.counts + "  " + drawn + "  " + ms
	if st.Decimated {
		text += "  (" + lang.XN("mesh.frame.moving", "moving: {{.PluralCount}} edges", st.Drawn, map[string]any{"PluralCount": group3(st.Drawn)}) + ")"
	}
	c.info.Text = text
	c.info.Refresh()
	c.raster.Refresh()
	if c.onFrame != nil {
		c.onFrame(st)
	}
}

// group3 writes n with thousands separators (the language's: "12,345",
// "12 345").
func group3(n int) string {
	s := fmt.Sprint(n)
	sep := lang.X("number.group_separator", ",")
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + sep + s[i:]
	}
	return s
}

// loop is the render goroutine: it loads the mesh, then draws the latest
// request whenever woken, and redraws a decimated frame in full once the
// camera has rested. It blocks only in the select below (which close
// ends), in the decoder and in Render, never on the UI: fyne.Do does not
// wait, and it holds no lock while it calls it.
func (c *previewShared) loop(src formats.Mesher, view weak.Pointer[previewCanvas]) {
	defer close(c.done)
	m, err := formats.SafeMesh(src)
	counts := ""
	if err == nil && m != nil {
		m.Edges() // build the edge list here, not in the first frame
		counts, err = formats.Guard("count the mesh", func() (string, error) { return countText(src, m), nil })
	}
	if c.isClosed() {
		return
	}
	fyne.Do(func() {
		if v := view.Value(); v != nil {
			v.loaded(m, counts, err)
		}
	})
	if err != nil || m == nil || len(m.Positions) == 0 {
		return // nothing to draw
	}
	r := preview.NewRenderer()
	defer r.Close()
	rest := time.NewTimer(time.Hour)
	rest.Stop()
	var pending *previewRequest // decimated frame waiting for a full redraw
	var last uint64
	for {
		select {
		case <-c.stop:
			return
		case <-c.wake:
		case <-rest.C:
			if pending == nil {
				continue
			}
			req := *pending
			req.moving = false
			pending = nil
			c.draw(r, req.mesh, &req, view)
			continue
		}
		c.mu.Lock()
		req := c.req
		c.mu.Unlock()
		if req.seq == last {
			continue
		}
		last = req.seq
		if c.draw(r, req.mesh, &req, view) {
			pending = &req
			rest.Reset(previewRest)
		} else {
			pending = nil
		}
	}
}

// draw renders one request into a free buffer and hands it to the view.
// It reports whether the frame was decimated.
func (c *previewShared) draw(r *preview.Renderer, m *geom.Mesh, req *previewRequest, view weak.Pointer[previewCanvas]) bool {
	if m == nil || req.w <= 0 || req.h <= 0 {
		return false
	}
	var img *image.RGBA
	select {
	case img = <-c.free:
	default:
	}
	if img == nil || img.Rect.Dx() != req.w || img.Rect.Dy() != req.h {
		img = image.NewRGBA(image.Rect(0, 0, req.w, req.h))
	}
	opt := req.opt
	if req.anim != nil {
		m = req.anim.poser.at(req.anim.t)
	}
	if req.moving {
		edges, _ := m.Edges()
		opt.MaxEdges = decimateTo(len(edges), c.lastFull)
	}
	st := r.Render(img, m, &req.cam, &opt)
	c.overlayBones(img, m, req)
	if !st.Decimated {
		c.lastFull = st.Elapsed
	}
	if c.isClosed() {
		return false
	}
	fyne.Do(func() {
		if v := view.Value(); v != nil {
			v.present(img, st)
		}
	})
	return st.Decimated
}

// decimateTo is the number of edges a frame drawn while the camera moves
// keeps so it fits previewBudget, given the time of the last full frame;
// 0 keeps them all.
func decimateTo(edges int, lastFull time.Duration) int {
	if lastFull <= previewBudget || edges <= minDecimated {
		return 0
	}
	keep := int(float64(edges) * float64(previewBudget) / float64(lastFull))
	return max(keep, minDecimated)
}

// close stops the render goroutine (UI goroutine; it does not wait, and
// it may be called more than once). The goroutine ends at once when idle,
// or after the frame or the mesh decoding it is busy with; frames finished
// after close are dropped.
func (c *previewShared) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closed {
		c.closed = true
		close(c.stop)
	}
}

// Interaction: all of these run on the UI goroutine.

// orbitPerUnit is the orbit angle per logical pixel of drag.
const orbitPerUnit = 0.01

// MouseDown records the button and modifiers of a drag.
func (c *previewCanvas) MouseDown(ev *desktop.MouseEvent) {
	c.button, c.shift, c.pressed = ev.Button, ev.Modifier&fyne.KeyModifierShift != 0, true
	c.lastMouse = ev.Position
	if cv := fyne.CurrentApp().Driver().CanvasForObject(c); cv != nil {
		cv.Focus(c)
	}
}

// MouseUp ends a right-button pan (Fyne does not report it as a drag).
func (c *previewCanvas) MouseUp(ev *desktop.MouseEvent) {
	wasRight := c.pressed && c.button == desktop.MouseButtonSecondary
	c.pressed = false
	if wasRight {
		c.request(false)
	}
}

// MouseIn is part of desktop.Hoverable.
func (c *previewCanvas) MouseIn(ev *desktop.MouseEvent) { c.lastMouse = ev.Position }

// MouseMoved pans while the right button is held.
func (c *previewCanvas) MouseMoved(ev *desktop.MouseEvent) {
	if c.pressed && c.button == desktop.MouseButtonSecondary && ev.Button == desktop.MouseButtonSecondary {
		d := ev.Position.Subtract(c.lastMouse)
		c.pan(d.X, d.Y)
	}
	c.lastMouse = ev.Position
}

// MouseOut is part of desktop.Hoverable.
func (c *previewCanvas) MouseOut() {}

// Dragged orbits, or pans with the middle button or Shift.
func (c *previewCanvas) Dragged(ev *fyne.DragEvent) {
	if c.mesh == nil {
		return
	}
	if c.button == desktop.MouseButtonTertiary || c.button == desktop.MouseButtonSecondary || c.shift {
		c.pan(ev.Dragged.DX, ev.Dragged.DY)
		return
	}
	c.cam.Orbit(-ev.Dragged.DX*orbitPerUnit, ev.Dragged.DY*orbitPerUnit)
	c.request(true)
}

// DragEnd draws the final view in full.
func (c *previewCanvas) DragEnd() {
	c.pressed = false
	c.request(false)
}

func (c *previewCanvas) pan(dx, dy float32) {
	if c.mesh == nil {
		return
	}
	c.cam.Pan(dx, dy, int(c.Size().Height))
	c.request(true)
}

// Scrolled zooms: each wheel notch moves 15% closer or farther.
func (c *previewCanvas) Scrolled(ev *fyne.ScrollEvent) {
	c.zoom(ev.Scrolled.DY / 25)
}

func (c *previewCanvas) zoom(notches float32) {
	if c.mesh == nil || notches == 0 {
		return
	}
	c.cam.Dolly(float32(math.Pow(0.85, float64(notches))))
	c.request(true)
}

// Tapped takes the keyboard focus and selects the group of the triangle
// under the pointer (none, every group, when there is no triangle).
func (c *previewCanvas) Tapped(ev *fyne.PointEvent) {
	if cv := fyne.CurrentApp().Driver().CanvasForObject(c); cv != nil {
		cv.Focus(c)
	}
	if c.pickBone(ev.Position) {
		return
	}
	c.groups.pickAt(ev.Position, c.Size(), c.cam, c.pxW, c.pxH, c.opt.Mode != preview.ModeWire)
}

// DoubleTapped fits the mesh.
func (c *previewCanvas) DoubleTapped(*fyne.PointEvent) { c.fit() }

// FocusGained is part of fyne.Focusable.
func (c *previewCanvas) FocusGained() {}

// FocusLost is part of fyne.Focusable.
func (c *previewCanvas) FocusLost() {}

// TypedRune handles F (fit) and +/- (zoom).
func (c *previewCanvas) TypedRune(r rune) {
	switch r {
	case 'f', 'F':
		c.fit()
	case '+', '=':
		c.zoom(1)
	case '-', '_':
		c.zoom(-1)
	}
}

// orbitKeyStep is the orbit angle of one arrow key press.
const orbitKeyStep = math.Pi / 36

// TypedKey handles the arrows (orbit).
func (c *previewCanvas) TypedKey(ev *fyne.KeyEvent) {
	if c.mesh == nil {
		return
	}
	switch ev.Name {
	case fyne.KeyLeft:
		c.cam.Orbit(orbitKeyStep, 0)
	case fyne.KeyRight:
		c.cam.Orbit(-orbitKeyStep, 0)
	case fyne.KeyUp:
		c.cam.Orbit(0, orbitKeyStep)
	case fyne.KeyDown:
		c.cam.Orbit(0, -orbitKeyStep)
	default:
		return
	}
	c.request(false)
}
