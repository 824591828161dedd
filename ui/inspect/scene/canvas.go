package scene

import (
	"image"
	"image/color"
	"math"
	"runtime"
	"slices"
	"sync"
	"weak"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/formats/world"
	"rummage/preview"
)

// frameRequest is what the render goroutine is asked to draw.
type frameRequest struct {
	cam  preview.Camera
	opt  preview.Options
	wo   preview.WorldOptions
	w, h int
	seq  uint64
}

// pickRequest is a click to resolve into an instance.
type pickRequest struct {
	cam  preview.Camera
	w, h int
	x, y float32
}

// sceneCanvas is the interactive raster of a scene. Its camera and
// options belong to the UI goroutine; the render goroutine gets copies.
type sceneCanvas struct {
	widget.BaseWidget
	raster *canvas.Raster
	info   *canvas.Text
	msg    *canvas.Text

	// UI goroutine state
	node     *world.Scene
	world    *geom.World // nil until loaded
	fly      flyCam
	opt      preview.Options
	wo       preview.WorldOptions
	pxW, pxH int
	keys     keyState
	onLoaded func()                   // the view's: enable its controls
	onPicked func(i int)              // the view's: a click picked instance i (-1: none)
	onFrame  func(preview.WorldStats) // tests
	blank    *image.RGBA

	*canvasShared
}

// canvasShared is the part of a sceneCanvas the render goroutine holds;
// it reaches the canvas only through a weak pointer, so a view dropped
// without close is collected and its goroutine stopped.
type canvasShared struct {
	mu     sync.Mutex
	req    frameRequest
	pick   *pickRequest
	wake   chan struct{}
	stop   chan struct{}
	done   chan struct{}
	closed bool
	front  *image.RGBA
	free   chan *image.RGBA
}

func newSceneCanvas(s *world.Scene) *sceneCanvas {
	c := &sceneCanvas{node: s, opt: preview.DefaultOptions(), canvasShared: &canvasShared{
		wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}), free: make(chan *image.RGBA, 3),
	}}
	c.opt.Mode, c.opt.Axes = preview.ModeTextured, true
	c.opt.Background = color.NRGBA{96, 116, 140, 255} // a sky
	c.wo = preview.WorldOptions{LOD: preview.LODByDistance}
	c.fly.Speed = 20
	c.raster = canvas.NewRaster(c.generate)
	c.raster.ScaleMode = canvas.ImageScaleFastest
	c.info = canvas.NewText("", color.NRGBA{235, 240, 248, 255})
	c.info.TextSize = 11
	c.info.TextStyle.Monospace = true
	c.msg = canvas.NewText(lang.X("scene.loading", "Finding the models and textures…"), color.NRGBA{235, 240, 248, 255})
	c.msg.Alignment = fyne.TextAlignCenter
	c.ExtendBaseWidget(c)
	runtime.AddCleanup(c, (*canvasShared).close, c.canvasShared)
	go c.canvasShared.loop(s, weak.Make(c))
	return c
}

// CreateRenderer lays the overlay texts over the raster.
func (c *sceneCanvas) CreateRenderer() fyne.WidgetRenderer { return &canvasRenderer{c} }

type canvasRenderer struct{ c *sceneCanvas }

func (r *canvasRenderer) Layout(size fyne.Size) {
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

func (r *canvasRenderer) MinSize() fyne.Size { return fyne.NewSize(160, 120) }
func (r *canvasRenderer) Refresh() {
	r.c.info.Refresh()
	r.c.msg.Refresh()
	r.c.raster.Refresh()
}
func (r *canvasRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.c.raster, r.c.info, r.c.msg}
}
func (r *canvasRenderer) Destroy() {}

// generate is the raster's generator (UI goroutine): the last finished
// frame, at once; a new size asks for a new frame.
func (c *sceneCanvas) generate(w, h int) image.Image {
	c.resizePixels(w, h)
	c.mu.Lock()
	f := c.front
	c.mu.Unlock()
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
func (c *sceneCanvas) resizePixels(w, h int) {
	if w <= 0 || h <= 0 || (w == c.pxW && h == c.pxH) {
		return
	}
	c.pxW, c.pxH = w, h
	c.request()
}

// request asks the render goroutine for a frame of the current state.
func (c *sceneCanvas) request() {
	if c.world == nil || c.pxW <= 0 || c.pxH <= 0 {
		return
	}
	c.wo.Outline = selected(c.node) + 1
	c.mu.Lock()
	c.req = frameRequest{cam: c.fly.Camera(), opt: c.opt, wo: c.wo, w: c.pxW, h: c.pxH, seq: c.req.seq + 1}
	c.mu.Unlock()
	c.poke()
}

// poke wakes the render goroutine.
func (c *canvasShared) poke() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// loaded runs on the UI goroutine once the scene is resolved and laid out.
func (c *sceneCanvas) loaded(w *geom.World, err error) {
	if c.isClosed() {
		return
	}
	if err != nil {
		c.msg.Text = lang.X("scene.error", "Cannot show the scene: {{.Error}}", map[string]any{"Error": err})
		c.msg.Refresh()
		return
	}
	if w == nil || len(w.Instances) == 0 {
		c.msg.Text = lang.X("scene.empty", "The scene places nothing")
		c.msg.Refresh()
		return
	}
	c.world = w
	c.msg.Text = ""
	c.msg.Refresh()
	c.fitSelection()
	if c.onLoaded != nil {
		c.onLoaded()
	}
}

// fitSelection flies to the selected instance, or over what the scene
// has to show: its instances whose models were found (all of them when
// none was).
func (c *sceneCanvas) fitSelection() {
	if c.world == nil {
		return
	}
	b := foundBounds(c.world)
	if i := selected(c.node); i >= 0 && i < len(c.world.Instances) {
		b = c.world.Instances[i].Bounds
	}
	aspect := float32(4.0 / 3)
	if c.pxW > 0 && c.pxH > 0 {
		aspect = float32(c.pxW) / float32(c.pxH)
	}
	c.fly.Fit(b, aspect)
	c.request()
}

// present shows a finished frame (UI goroutine) and gives the previous
// one back to the render goroutine.
func (c *sceneCanvas) present(img *image.RGBA, st preview.WorldStats) {
	c.mu.Lock()
	closed := c.closed
	old := c.front
	if !closed {
		c.front = img
	}
	c.mu.Unlock()
	if closed {
		return
	}
	if old != nil && old != img {
		select {
		case c.free <- old:
		default:
		}
	}
	c.info.Text = frameText(st, c.fly.Speed)
	c.info.Refresh()
	c.raster.Refresh()
	if c.onFrame != nil {
		c.onFrame(st)
	}
}

// isClosed reports whether close was called.
func (c *canvasShared) isClosed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed
}

// close stops the render goroutine (it does not wait; it may be called
// more than once).
func (c *canvasShared) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closed {
		c.closed = true
		close(c.stop)
	}
}

// loop is the render goroutine: it resolves and lays the scene out, then
// draws the latest request and answers clicks whenever woken. It never
// waits on the UI: fyne.Do does not wait, and no lock is held across it.
func (c *canvasShared) loop(s *world.Scene, view weak.Pointer[sceneCanvas]) {
	defer close(c.done)
	v, err := formats.Guard("lay the scene out", func() (*preview.WorldView, error) {
		return preview.NewWorldView(s.Geometry()), nil
	})
	if c.isClosed() {
		return
	}
	var w *geom.World
	if v != nil {
		w = v.World
	}
	fyne.Do(func() {
		if sc := view.Value(); sc != nil {
			sc.loaded(w, err)
		}
	})
	if err != nil {
		return
	}
	r := preview.NewRenderer()
	defer r.Close()
	var last uint64
	for {
		select {
		case <-c.stop:
			return
		case <-c.wake:
		}
		c.mu.Lock()
		req, pick := c.req, c.pick
		c.pick = nil
		c.mu.Unlock()
		if req.seq != last && req.w > 0 && req.h > 0 {
			last = req.seq
			c.draw(r, v, &req, view)
		}
		if pick != nil {
			i := v.Pick(&pick.cam, pick.w, pick.h, pick.x, pick.y)
			fyne.Do(func() {
				if sc := view.Value(); sc != nil && sc.onPicked != nil {
					sc.onPicked(i)
				}
			})
		}
	}
}

// draw renders one request into a free buffer and hands it to the view.
func (c *canvasShared) draw(r *preview.Renderer, v *preview.WorldView, req *frameRequest, view weak.Pointer[sceneCanvas]) {
	var img *image.RGBA
	select {
	case img = <-c.free:
	default:
	}
	if img == nil || img.Rect.Dx() != req.w || img.Rect.Dy() != req.h {
		img = image.NewRGBA(image.Rect(0, 0, req.w, req.h))
	}
	st := v.Render(r, img, &req.cam, &req.opt, req.wo)
	if c.isClosed() {
		return
	}
	fyne.Do(func() {
		if sc := view.Value(); sc != nil {
			sc.present(img, st)
		}
	})
}

// pickAt asks the render goroutine which instance the point shows (in
// the last frame drawn); onPicked gets the answer.
func (c *sceneCanvas) pickAt(pos fyne.Position) {
	if c.world == nil || c.pxW <= 0 {
		return
	}
	scale := float32(c.pxW) / max(c.Size().Width, 1)
	c.mu.Lock()
	c.pick = &pickRequest{cam: c.fly.Camera(), w: c.pxW, h: c.pxH, x: pos.X * scale, y: pos.Y * scale}
	c.mu.Unlock()
	c.poke()
}

// foundBounds is the box where most high-detail instances whose models
// were found stand: their centres from the tenth to the ninetieth
// percentile on each axis (a few far-flung ones do not shrink the view),
// widened by their size; the world's bounds when none was found.
func foundBounds(w *geom.World) geom.Bounds {
	var xs, ys, zs []float32
	var size float32
	for _, in := range w.Instances {
		if in.IsLOD || w.Models[in.Model].Missing {
			continue
		}
		c := in.Bounds.Center()
		xs, ys, zs = append(xs, c[0]), append(ys, c[1]), append(zs, c[2])
		size = max(size, in.Bounds.Radius())
	}
	if len(xs) == 0 {
		return w.Bounds()
	}
	var b geom.Bounds
	for k, vs := range [3][]float32{xs, ys, zs} {
		slices.Sort(vs)
		lo, hi := vs[len(vs)/10], vs[(len(vs)-1)*9/10]
		b.Min[k], b.Max[k] = lo-size/2, hi+size/2
	}
	return b
}
