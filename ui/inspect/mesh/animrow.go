package mesh

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

// animRow is the Preview's Animation row, shown for a mesh with a
// skeleton (skinned bones or a hierarchy of rigid parts): where the
// motions come from (the model's own, the .ifp/.omf files open in the
// window or found beside the model, Open animations…), a filterable
// motion list, play/pause, speed, a scrubber on the shared material clock
// and the Bones overlay. Everything here runs on the UI goroutine except
// the loading of a source.
type animRow struct {
	c    *previewCanvas
	clk  *inspect.Clock
	mesh *geom.Mesh // the skinned mesh; nil: no row

	sources []animSource
	motions []formats.Node // of the chosen source
	anim    *geom.Animation
	poser   *poser // hands poses to the render goroutine
	speed   float32
	sel     int          // the selected bone, -1 for none
	preset  formats.Node // a motion to play once the mesh is loaded (NewPreviewPlaying)

	pace    inspect.Pacer // no CPU budget: playing a motion wants its frames
	stop    chan struct{}
	unwatch func()
	closed  bool
	loading bool // the scrubber is being moved to the clock

	source  *widget.Select
	motion  *widget.SelectEntry
	play    *widget.Button
	speeds  *widget.Select
	slider  *widget.Slider
	label   *widget.Label
	bones   *widget.Check
	rows    []fyne.CanvasObject
	content *fyne.Container
}

// animSource is a place motions come from.
type animSource struct {
	label string
	nodes func() ([]formats.Node, error)
}

// speedNames are the speed choices and their factors.
var (
	speedNames   = []string{"0.25×", "0.5×", "1×", "2×"}
	speedFactors = []float32{0.25, 0.5, 1, 2}
)

func newAnimRow(c *previewCanvas, clk *inspect.Clock) *animRow {
	r := &animRow{c: c, clk: clk, speed: 1, sel: -1}
	r.source = widgets.NewSelect(nil, r.chooseSource)
	r.source.PlaceHolder = lang.X("anim.source.none", "(no animations)")
	r.motion = widget.NewSelectEntry(nil)
	r.motion.PlaceHolder = lang.X("anim.motion.filter", "Filter motions…")
	r.motion.OnChanged = r.filter
	open := widget.NewButtonWithIcon(lang.X("anim.open", "Open…"), theme.FolderOpenIcon(), r.openFiles)
	r.play = widget.NewButtonWithIcon("", theme.MediaPlayIcon(), r.toggle)
	r.speeds = widgets.NewSelect(speedNames, func(s string) {
		for i, n := range speedNames {
			if n == s {
				r.speed = speedFactors[i]
			}
		}
		r.showTime()
		r.c.request(false)
	})
	r.speeds.SetSelectedIndex(2)
	r.slider = widget.NewSlider(0, 1000)
	r.slider.Step = 1
	r.slider.OnChanged = r.scrub
	r.label = widget.NewLabel("")
	r.label.TextStyle.Monospace = true
	r.bones = widget.NewCheck(lang.X("anim.bones", "Bones"), func(bool) { r.c.request(false) })
	title := widget.NewLabel(lang.X("anim.title", "Animation"))
	r.rows = []fyne.CanvasObject{
		container.NewBorder(nil, nil, container.NewHBox(title, r.source), open, r.motion),
		container.NewBorder(nil, nil, container.NewHBox(r.play, r.speeds), container.NewHBox(r.label, r.bones), r.slider),
	}
	r.content = container.NewVBox() // the rows join it only for a mesh with a skeleton
	r.content.Hide()
	r.unwatch = clk.Watch(r.changed)
	return r
}

// meshLoaded shows the row when m has a skeleton, and finds its sources.
func (r *animRow) meshLoaded(m *geom.Mesh) {
	if m.Skin == nil || m.Skin.Skeleton == nil || len(m.Skin.Joints) != len(m.Positions) {
		return
	}
	r.mesh = m
	if p, err := newPoser(m, nil); err == nil {
		r.poser = p
	}
	r.content.Objects = r.rows
	r.content.Show()
	r.findSources()
	if r.preset != nil {
		r.motions = []formats.Node{r.preset}
		r.chooseMotion(r.preset.Name())
	}
}

// findSources lists the motion sources: the model's own motions, the
// animation files open in the window, those found beside the model.
func (r *animRow) findSources() {
	r.sources = nil
	if n := r.c.node; n != nil {
		if kids, err := formats.SafeChildren(n); err == nil {
			for _, k := range kids {
				if k.Kind() == formats.KindArchive && hasAnimations(k) {
					k := k
					r.sources = append(r.sources, animSource{label: lang.X("anim.source.own", "The model's motions"), nodes: func() ([]formats.Node, error) { return animationsOf(k) }})
				}
			}
		}
	}
	if s := inspect.Sources(); s != nil {
		for _, root := range s.OpenRoots() {
			if root != r.c.node && hasAnimations(root) {
				root := root
				r.sources = append(r.sources, animSource{label: root.Name(), nodes: func() ([]formats.Node, error) { return animationsOf(root) }})
			}
		}
	}
	if as, ok := r.c.node.(formats.AnimationSourcer); ok {
		for _, p := range as.AnimationFiles() {
			p := p
			r.sources = append(r.sources, animSource{label: filepath.Base(p), nodes: func() ([]formats.Node, error) { return openAnimations(p) }})
		}
	}
	labels := make([]string, len(r.sources))
	for i, s := range r.sources {
		labels[i] = s.label
	}
	r.source.Options = labels
	if len(labels) > 0 {
		r.source.SetSelectedIndex(0)
	} else {
		r.source.ClearSelected()
	}
	r.source.Refresh()
}

// hasAnimations reports whether n's children include animations.
func hasAnimations(n formats.Node) bool {
	kids, err := formats.SafeChildren(n)
	if err != nil {
		return false
	}
	for _, k := range kids {
		if k.Kind() == formats.KindAnimation {
			return true
		}
	}
	return false
}

// animationsOf lists n's animation children.
func animationsOf(n formats.Node) ([]formats.Node, error) {
	kids, err := formats.SafeChildren(n)
	if err != nil {
		return nil, err
	}
	var out []formats.Node
	for _, k := range kids {
		if _, ok := k.(formats.Animator); ok && k.Kind() == formats.KindAnimation {
			out = append(out, k)
		}
	}
	return out, nil
}

// openAnimations opens an animation file found beside the model (its
// file stays open while the view shows its motions).
func openAnimations(path string) ([]formats.Node, error) {
	f, err := formats.Open(path, &formats.Options{})
	if err != nil {
		f.Close()
		return nil, err
	}
	return animationsOf(f.Root)
}

// chooseSource loads the chosen source's motions off the UI goroutine.
func (r *animRow) chooseSource(label string) {
	for _, s := range r.sources {
		if s.label != label {
			continue
		}
		go func() {
			nodes, err := s.nodes()
			fyne.Do(func() {
				if r.closed {
					return
				}
				if err != nil {
					r.status(fmt.Sprintf("%s: %v", label, err))
					return
				}
				r.motions = nodes
				r.filter(r.motion.Text)
				if len(nodes) > 0 && r.anim == nil {
					r.chooseMotion(nodes[0].Name())
				}
			})
		}()
		return
	}
}

// filter narrows the motion list to the names holding text (any case); a
// name typed or picked whole plays that motion, and the list then shows
// every motion again.
func (r *animRow) filter(text string) {
	var names []string
	whole := false
	for _, n := range r.motions {
		if n.Name() == text {
			whole = true
		}
	}
	for _, n := range r.motions {
		if whole || strings.Contains(strings.ToLower(n.Name()), strings.ToLower(text)) {
			names = append(names, n.Name())
		}
	}
	r.motion.SetOptions(names)
	if whole && (r.anim == nil || r.anim.Name != text) {
		r.chooseMotion(text)
	}
}

// chooseMotion decodes the named motion and plays it on the model.
func (r *animRow) chooseMotion(name string) {
	for _, n := range r.motions {
		if n.Name() != name {
			continue
		}
		a, err := n.(formats.Animator).Animation()
		if err != nil {
			r.status(fmt.Sprintf("%s: %v", name, err))
			return
		}
		p, err := newPoser(r.mesh, a)
		if err != nil {
			r.status(err.Error())
			return
		}
		if p.p.Binding.Matched() == 0 {
			r.status(lang.X("anim.status.nomatch", "The motion moves no bone of this model"))
			return
		}
		r.anim, r.poser = a, p
		if r.motion.Text != name {
			r.motion.SetText(name) // filters with the whole name: every motion listed
		}
		if w := p.p.Binding.Warning(); w != "" {
			r.status(w)
		}
		r.slider.Max = float64(max(1, int(a.Duration*1000)))
		r.clk.Play()
		r.changed()
		return
	}
}

// openFiles is the row's Open…: File › Open animations…, then the new
// file's motions play.
func (r *animRow) openFiles() {
	s := inspect.Sources()
	if s == nil {
		return
	}
	s.OpenAnimations(func(root formats.Node) {
		if r.closed {
			return
		}
		r.findSources()
		r.source.SetSelected(root.Name())
	})
}

// time is the motion's time at the clock, in seconds (the motion loops).
func (r *animRow) time() float32 {
	if r.anim == nil || r.anim.Duration <= 0 {
		return 0
	}
	d := float64(r.anim.Duration)
	t := float64(r.clk.Ms()) / 1000 * float64(r.speed)
	return float32(t - d*float64(int64(t/d)))
}

// frame is what a preview request carries of the animation (nil when the
// row plays nothing and shows no bones).
func (r *animRow) frame() *animFrame {
	if r.poser == nil || (r.anim == nil && !r.bones.Checked) {
		return nil
	}
	return &animFrame{poser: r.poser, t: r.time(), bones: r.bones.Checked, selected: r.sel}
}

// animFrame is one frame's pose: the poser, the time and the overlay.
type animFrame struct {
	poser    *poser
	t        float32
	bones    bool
	selected int
}

// toggle plays or pauses the shared clock.
func (r *animRow) toggle() { r.clk.Toggle() }

// scrub moves the shared clock to the slider's place in the motion.
func (r *animRow) scrub(v float64) {
	if r.loading || r.anim == nil {
		return
	}
	r.clk.Pause()
	r.clk.Seek(uint32(v / float64(r.speed)))
}

// changed follows the clock: the button, the scrubber, the ticker.
func (r *animRow) changed() {
	if r.closed || r.anim == nil {
		return
	}
	icon := theme.MediaPlayIcon()
	if r.clk.Playing() {
		icon = theme.MediaPauseIcon()
		r.start()
	} else {
		r.halt()
	}
	if r.play.Icon != icon {
		r.play.SetIcon(icon)
	}
	r.showTime()
	r.c.request(false)
}

// showTime moves the scrubber to the motion's time and writes it.
func (r *animRow) showTime() {
	if r.anim == nil {
		return
	}
	ms := float64(r.time() * 1000)
	r.loading = true
	r.slider.SetValue(ms)
	r.loading = false
	r.label.SetText(lang.X("mesh.clock.time", "{{.Ms}} / {{.Cycle}} ms",
		map[string]any{"Ms": fmt.Sprintf("%5.0f", ms), "Cycle": fmt.Sprintf("%.0f", r.anim.Duration*1000)}))
}

// start runs the frame ticker unless it runs.
func (r *animRow) start() {
	if r.stop != nil {
		return
	}
	r.stop = make(chan struct{})
	stop := r.stop
	go inspect.Tick(stop, func(now time.Time) {
		if r.closed || !r.clk.Playing() || !r.pace.Due(now) {
			return
		}
		r.pace.Ask(now)
		r.showTime()
		r.c.request(false)
	})
}

// halt stops the ticker.
func (r *animRow) halt() {
	if r.stop != nil {
		close(r.stop)
		r.stop = nil
	}
}

// pickBone selects the bone drawn nearest the pixel (x, y) of the last
// frame and names it in the status bar; it reports whether one was near.
func (r *animRow) pickBone(px []bonePixel, x, y float32) bool {
	if r.mesh == nil || !r.bones.Checked {
		return false
	}
	i := nearestBone(px, x, y, 8)
	if i < 0 {
		return false
	}
	r.sel = i
	b := r.mesh.Skin.Skeleton.Bones[i]
	r.status(lang.X("anim.status.bone", "Bone {{.Index}}: {{.Name}}", map[string]any{"Index": i, "Name": b.TrimmedName()}))
	r.c.request(false)
	return true
}

// status shows a message in the window's status bar.
func (r *animRow) status(msg string) {
	if r.c.host != nil {
		r.c.host.Status(msg)
	}
}

// close stops the ticker and the clock watching.
func (r *animRow) close() {
	r.closed = true
	r.halt()
	if r.unwatch != nil {
		r.unwatch()
		r.unwatch = nil
	}
}

// NewPreviewPlaying is NewPreviewView of a model that plays motion (an
// animation node) as soon as it is loaded.
func NewPreviewPlaying(h inspect.Host, model formats.Mesher, motion formats.Node) *PreviewView {
	v := NewPreviewView(h, model)
	v.anim.preset = motion
	return v
}

// AnimationStatus is the Animation row's state, for tests and the
// animation inspector: the motion playing ("" for none) and how many
// bones it moves.
func (v *PreviewView) AnimationStatus() (motion string, moved int) {
	r := v.anim
	if r.anim == nil || r.poser == nil {
		return "", 0
	}
	return r.anim.Name, r.poser.p.Binding.Matched()
}
