// Package material is the Parkan material inspector: the Material tab of
// a MAT0 material (swatch, phase table and editor, animation blocks, blend
// preview), the Wear tab of a WEAR table, the Batches tab of an MSH model
// (its material chain: batch → WEAR row → MAT0 → Texm) and their header
// facts.
package material

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/material"
	"rummage/internal/cputime"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Material",
		Order: 10,
		Match: func(n formats.Node) bool { _, ok := n.(*material.Node); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			t := newMaterialTab(h, n.(*material.Node))
			return &inspect.Tab{Title: lang.X("tab.material", "Material"), Content: t.content, Close: t.close}
		},
	})
}

// materialTab is the Material inspector: the live swatch (swatchView),
// the phase table, the phase editor and the animation editor
// (animationEditor, animation.go).
type materialTab struct {
	h       inspect.Host
	node    *material.Node
	content fyne.CanvasObject
	sw      *swatchView
	anim    *animationEditor

	draft    *material.Mat0 // live preview while a slider is dragged
	block    int
	phase    int  // phase selected in the editor
	loading  bool // widgets are being filled from the material: ignore callbacks
	active   int  // the phase the swatch shows (key k's phase), marked ▸ in the table
	blockSel *widget.Select
	table    *widget.Table

	// phase editor
	phaseLabel  *widget.Label
	colorRects  []*canvas.Rectangle
	colorText   []*widget.Entry // each group's value, typed in place
	opacity     *widget.Slider
	opacityL    *widget.Label
	power       *widget.Slider
	powerL      *widget.Label
	page        *widget.Entry
	texture     *widget.Entry
	editorError *widget.Label
}

// swatchView is the Material tab's live swatch: the material sampled at
// the shared clock, with its texture page, the blend preview and the time
// readout. It asks the tab (swatchTab) what to show.
type swatchView struct {
	src  swatchTab
	h    inspect.Host // Open goes to the texture
	node *material.Node

	clk     *inspect.Clock // the material clock, shared with the Preview tab
	unwatch func()         // stops watching clk
	stop    chan struct{}  // closes the ticker of tick; nil while the clock is paused
	closed  bool
	pace    inspect.Pacer // redraw rate of the running animation
	loading bool          // the scrubber is being moved to the clock: ignore its callback
	textMs  uint32        // clock of the last time-label update

	last     material.Sample
	lastErr  error
	lit      color.NRGBA // the swatch colour of the last sample
	texName  string
	texImg   *image.NRGBA
	texPage  image.Rectangle
	texNode  formats.Node
	texCache map[string]texEntry

	swatch, blend *canvas.Raster
	blendFrame    *canvas.Rectangle // around blend (blendFramed)
	swatchBuf     *image.NRGBA
	srcBuf        *image.NRGBA
	blendBuf      *image.NRGBA
	play          *widget.Button
	timeSlider    *widget.Slider
	timeLabel     *widget.Label
	modeLabel     *widget.Label
	texLabel      *widget.Label
	texButton     *widget.Button
	blendLabel    *widget.Label
}

// swatchTab is what the swatch asks of the Material tab.
type swatchTab interface {
	view() *material.Mat0 // the material shown: the draft while a slider moves
	blockIndex() int      // the animation block played
	showActive(phase int) // the phase the swatch shows now (▸ in the phase table)
}

type texEntry struct {
	node formats.Node
	img  *image.NRGBA
}

// newMaterialTab lays the tab out in splits the user can drag: the swatch
// column on the left, the phase table over the phase and animation
// editors on the right. Each side scrolls on its own, so the tab fits the
// inspector at 1024×640.
func newMaterialTab(h inspect.Host, n *material.Node) *materialTab {
	return newMaterialTabOn(h, n, inspect.MaterialClock())
}

// newMaterialTabOn is newMaterialTab playing on clock clk.
func newMaterialTabOn(h inspect.Host, n *material.Node, clk *inspect.Clock) *materialTab {
	t := &materialTab{h: h, node: n}
	t.sw = &swatchView{src: t, h: h, node: n, texCache: map[string]texEntry{}, clk: clk}
	t.anim = &animationEditor{tab: t}
	left := t.sw.makeSwatchColumn(t.makeBlockSelect())
	t.table = t.makeTable()
	editors := container.NewAppTabs(
		container.NewTabItem(lang.X("material.tab.phase", "Phase"), editorScroll(t.makePhaseEditor())),
		container.NewTabItem(lang.X("material.tab.animation", "Animation"), editorScroll(t.anim.makeAnimationEditor())),
	)
	rows := len(n.Material().Phases)
	right := widgets.NewFitSplit(t.table, editors, float32(min(rows, 8)+2)*widgets.RowHeight(), 0.45)
	split := container.NewHSplit(container.NewVScroll(container.NewPadded(left)), right)
	split.Offset = 0.3
	t.content = split

	t.refreshAll()
	t.sw.start()
	return t
}

// start runs the swatch on its clock.
func (t *swatchView) start() {
	t.pace.CPU = cputime.Process
	t.showPlaying()
	t.unwatch = t.clk.Watch(func() {
		t.showPlaying()
		t.update(true)
	})
}

// blockIndex is the animation block the swatch plays and the editor edits.
func (t *materialTab) blockIndex() int { return t.block }

// setBlock makes block i the one played and edited.
func (t *materialTab) setBlock(i int) { t.block = i }

// showError shows why an edit was refused.
func (t *materialTab) showError(msg string) { t.editorError.SetText(msg) }

// showActive marks the phase the swatch shows (▸) in the phase table.
func (t *materialTab) showActive(phase int) {
	if phase != t.active {
		t.active = phase
		t.table.Refresh()
	}
}

// makeBlockSelect makes the selector of the animation block played.
func (t *materialTab) makeBlockSelect() *widget.Select {
	t.blockSel = widgets.NewSelect(nil, func(string) {
		if t.loading {
			return
		}
		if i := t.blockSel.SelectedIndex(); i >= 0 {
			t.block = i
			t.sw.refreshMode()
			t.anim.refreshAnimation()
			t.sw.update(true)
		}
	})
	return t.blockSel
}

// showPlaying sets the play button's icon, pause while the clock plays,
// and runs the ticker only then: a paused clock changes only through
// Watch.
func (t *swatchView) showPlaying() {
	icon := theme.MediaPlayIcon()
	if t.clk.Playing() {
		icon = theme.MediaPauseIcon()
		if t.stop == nil && !t.closed {
			t.stop = make(chan struct{})
			go t.tick(t.stop)
		}
	} else if t.stop != nil {
		close(t.stop)
		t.stop = nil
	}
	if t.play.Icon != icon {
		t.play.SetIcon(icon)
	}
}

// tick drives the swatch, paced, until stop is closed (inspect.Tick).
func (t *swatchView) tick(stop chan struct{}) {
	inspect.Tick(stop, func(now time.Time) {
		if t.pace.Due(now) && t.update(false) {
			t.pace.Ask(now)
		}
	})
}

// makeSwatchColumn builds the swatch column: the animated swatch, the
// block (the tab's blockSel), clock and texture of what it shows, and the
// blend preview. Its texts wrap: the column is as narrow as the swatch.
func (t *swatchView) makeSwatchColumn(blockSel *widget.Select) fyne.CanvasObject {
	t.swatch = canvas.NewRaster(t.drawSwatch)
	t.swatch.SetMinSize(fyne.NewSize(160, 160))
	t.swatch.ScaleMode = canvas.ImageScalePixels
	t.blend = canvas.NewRaster(t.drawBlend)
	t.blend.ScaleMode = canvas.ImageScalePixels
	t.blend.SetMinSize(fyne.NewSize(160, 80))

	t.play = widget.NewButtonWithIcon("", theme.MediaPauseIcon(), t.clk.Toggle)
	t.timeSlider = widget.NewSlider(0, 1)
	t.timeSlider.Step = 1
	t.timeSlider.OnChanged = func(v float64) {
		if t.loading {
			return
		}
		t.clk.Pause()
		t.clk.Seek(uint32(v))
	}
	t.timeLabel, t.modeLabel, t.texLabel, t.blendLabel = wrapping(), wrapping(), wrapping(), wrapping()
	t.texButton = widget.NewButtonWithIcon(lang.X("material.texture.open", "Open"), theme.NavigateNextIcon(), func() {
		if t.texNode != nil {
			t.h.SelectNode(t.texNode)
		}
	})
	return container.NewVBox(
		widget.NewLabelWithStyle(lang.X("material.swatch", "Swatch"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		t.swatch,
		container.NewBorder(nil, nil, t.play, nil, blockSel),
		t.timeSlider,
		t.timeLabel,
		t.modeLabel,
		container.NewBorder(nil, nil, nil, t.texButton, t.texLabel),
		widget.NewLabelWithStyle(lang.X("material.blend_preview", "Blend preview"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		t.blendFramed(),
		t.blendLabel,
	)
}

// blendFramed is the blend preview in a frame that shows against the
// window in either theme: its first tile is the material over white,
// which was lost in the light theme's white.
func (t *swatchView) blendFramed() fyne.CanvasObject {
	t.blendFrame = canvas.NewRectangle(color.Transparent)
	t.blendFrame.StrokeColor = widgets.BorderColor()
	t.blendFrame.StrokeWidth = 1
	return container.NewStack(t.blend, t.blendFrame)
}

// editorScroll scrolls an editor vertically, keeping its right edge clear
// of the scroll bar (which is drawn over the content).
func editorScroll(editor fyne.CanvasObject) fyne.CanvasObject {
	return container.NewVScroll(container.New(layout.NewCustomPaddedLayout(0, 0, 0, theme.ScrollBarSize()), editor))
}

// wrapping is an empty label whose text wraps at word boundaries.
func wrapping() *widget.Label {
	l := widget.NewLabel("")
	l.Wrapping = fyne.TextWrapWord
	return l
}

func (t *materialTab) close() { t.sw.close() }

// close stops the swatch's ticker and clock watch.
func (t *swatchView) close() {
	t.closed = true
	if t.unwatch != nil {
		t.unwatch()
		t.unwatch = nil
	}
	if t.stop != nil {
		close(t.stop)
		t.stop = nil
	}
}

// view is the material the swatch shows: the draft while a slider moves.
func (t *materialTab) view() *material.Mat0 {
	if t.draft != nil {
		return t.draft
	}
	return t.node.Material()
}

// clock returns the swatch clock in ms.
func (t *swatchView) clock() uint32 { return t.clk.Ms() }

// duration of the current block (0 without one).
func (t *swatchView) duration() uint32 {
	b, err := t.src.view().BlockAt(t.src.blockIndex())
	if err != nil {
		return 0
	}
	return b.Duration()
}

// update samples the material at the clock and redraws what changed; it
// reports whether it asked for a redraw.
func (t *swatchView) update(force bool) bool {
	m := t.src.view()
	clock := t.clock()
	d := t.duration()
	s, err := m.PlayAt(t.src.blockIndex(), clock)
	changed := force || err != t.lastErr || s != t.last
	t.last, t.lastErr = s, err
	if force || clock-t.textMs >= 100 { // the time readout at 10 Hz is enough
		t.textMs = clock
		t.showTime(m, clock, d, s)
	}
	if !changed {
		return false
	}
	if err != nil {
		setText(t.modeLabel, lang.X("material.sample_error", "cannot sample: {{.Error}}", map[string]any{"Error": err}))
		t.lit = color.NRGBA{}
	} else {
		t.lit = s.Phase.LitColor()
		t.setTexture(s.Phase.Texture, s.Phase.Page)
	}
	ap := -1
	if err == nil {
		ap = m.ShownPhase(s)
	}
	t.src.showActive(ap)
	t.renderSource()
	t.swatch.Refresh()
	t.blend.Refresh()
	return true
}

// showTime moves the scrubber and writes the time readout.
func (t *swatchView) showTime(m *material.Mat0, clock, d uint32, s material.Sample) {
	t.loading = true
	if d > 0 {
		t.timeSlider.Max = float64(d)
		// The scrubber shows the block's local time (clamped at the end of
		// a clamp block); scrubbing sets the clock, which gives that time.
		shown := math.Min(float64(s.LocalMs), float64(d))
		if t.timeSlider.Value != shown {
			t.timeSlider.Value = shown
			t.timeSlider.Refresh()
		}
		setText(t.timeLabel, lang.X("material.time", "{{.Ms}} / {{.Duration}} ms   key {{.Key}} → {{.Next}}   α {{.Alpha}}",
			map[string]any{"Ms": s.LocalMs, "Duration": d, "Key": s.Key, "Next": s.Next, "Alpha": fmt.Sprintf("%.2f", s.Alpha)}))
	} else {
		setText(t.timeLabel, lang.X("material.static", "static (no animation keys)"))
	}
	t.loading = false
}

// setText sets a label's text only when it changes: every SetText repaints
// the whole window.
func setText(l *widget.Label, s string) {
	if l.Text != s {
		l.SetText(s)
	}
}

// setTexture finds the phase's texture (cached by name) and its page.
func (t *swatchView) setTexture(name string, page int) {
	if name != t.texName || t.texImg == nil && t.texNode == nil {
		t.texName = name
		e, ok := t.texCache[name]
		if !ok {
			e.node = material.FindTexture(t.node.Loc, name)
			if im, ok := e.node.(formats.Imager); ok {
				if img, err := im.Image(0); err == nil {
					e.img = widgets.ToNRGBA(img)
				}
			}
			t.texCache[name] = e
		}
		t.texNode, t.texImg = e.node, e.img
	}
	switch {
	case name == "":
		setText(t.texLabel, lang.X("material.untextured", "untextured"))
		t.texButton.Disable()
	case t.texNode == nil:
		setText(t.texLabel, lang.X("material.texture.not_found", "{{.Name}}: not found", map[string]any{"Name": name}))
		t.texButton.Disable()
	default:
		setText(t.texLabel, lang.X("material.texture.page", "{{.Name}} · page {{.Page}}", map[string]any{"Name": name, "Page": page}))
		t.texButton.Enable()
	}
	t.texPage = image.Rectangle{}
	if t.texImg != nil {
		t.texPage = t.texImg.Rect
		if p, ok := t.texNode.(interface{ PageRect(int) image.Rectangle }); ok {
			if r := p.PageRect(page).Intersect(t.texImg.Rect); !r.Empty() {
				t.texPage = r
			}
		}
	}
}

// renderSource computes the material's colour over the swatch square
// (swatchRes²): the texture page modulated by the lit colour, alpha =
// texel alpha × opacity. Both rasters sample it.
func (t *swatchView) renderSource() {
	n := swatchRes
	src := rasterBuf(&t.srcBuf, n, n)
	c := t.lit
	tex := t.texImg != nil && !t.texPage.Empty()
	var cols [swatchRes]int
	p := t.texPage
	if tex {
		for x := range cols {
			cols[x] = 4 * (p.Min.X + x*p.Dx()/n - t.texImg.Rect.Min.X)
		}
	}
	for y := 0; y < n; y++ {
		row := src.Pix[y*src.Stride : y*src.Stride+4*n]
		if !tex {
			for x := 0; x < n; x++ {
				row[4*x], row[4*x+1], row[4*x+2], row[4*x+3] = c.R, c.G, c.B, c.A
			}
			continue
		}
		ty := p.Min.Y + y*p.Dy()/n - t.texImg.Rect.Min.Y
		trow := t.texImg.Pix[ty*t.texImg.Stride:]
		for x := 0; x < n; x++ {
			px := trow[cols[x] : cols[x]+4]
			row[4*x] = mul8(c.R, px[0])
			row[4*x+1] = mul8(c.G, px[1])
			row[4*x+2] = mul8(c.B, px[2])
			row[4*x+3] = mul8(c.A, px[3])
		}
	}
}

func mul8(a, b uint8) uint8 { return uint8((uint32(a)*uint32(b) + 127) / 255) }

// swatchRes is the swatch's own resolution; the rasters are scaled up with
// nearest-neighbour sampling, which keeps a frame cheap (the 60 fps budget).
const swatchRes = 96

// capSize scales w×h down so that neither side exceeds limit.
func capSize(w, h, limit int) (int, int) {
	if w <= limit && h <= limit {
		return max(w, 1), max(h, 1)
	}
	f := float64(limit) / float64(max(w, h))
	return max(1, int(float64(w)*f)), max(1, int(float64(h)*f))
}

func rasterBuf(buf **image.NRGBA, w, h int) *image.NRGBA {
	if *buf == nil || (*buf).Rect.Dx() != w || (*buf).Rect.Dy() != h {
		*buf = image.NewNRGBA(image.Rect(0, 0, w, h))
	}
	return *buf
}

// srcRow returns row y of the source for a raster h pixels high, and
// fills cols with the source byte offset of every column of a raster
// len(cols) pixels wide.
func (t *swatchView) srcRow(y, h int, cols []int) []uint8 {
	if t.srcBuf == nil {
		t.renderSource()
	}
	for x := range cols {
		cols[x] = 4 * (x * swatchRes / len(cols))
	}
	sy := y * swatchRes / max(h, 1)
	return t.srcBuf.Pix[sy*t.srcBuf.Stride:]
}

// drawSwatch shows the texture under the swatch colour, opaque.
func (t *swatchView) drawSwatch(w, h int) image.Image {
	t.pace.Paint(time.Now())
	w, h = capSize(w, h, swatchRes)
	out := rasterBuf(&t.swatchBuf, w, h)
	var cols [swatchRes]int
	for y := 0; y < h; y++ {
		src := t.srcRow(y, h, cols[:w])
		o := out.Pix[y*out.Stride:]
		for x := 0; x < w; x++ {
			s := src[cols[x] : cols[x]+3]
			o[4*x], o[4*x+1], o[4*x+2], o[4*x+3] = s[0], s[1], s[2], 255
		}
	}
	return out
}

// drawBlend composes the swatch over a checkerboard with the category's
// blend factors (opaque when the category has no blend state): the left
// quarter over white, the next over black, the right half over the board.
func (t *swatchView) drawBlend(w, h int) image.Image {
	w, h = capSize(w, h, swatchRes)
	out := rasterBuf(&t.blendBuf, w, h)
	eq := material.BlendFor(t.src.view().Category()).Equation()
	half := w/2 + 1
	var cols [swatchRes]int
	for y := 0; y < h; y++ {
		row := t.srcRow(y, h, cols[:half])
		p := out.Pix[y*out.Stride:]
		for x := 0; x < w; x++ {
			d := float64(widgets.Checker(x, y)) / 255
			if x < w/4 {
				d = 1
			} else if x < w/2 {
				d = 0.05
			}
			s := row[cols[x%half] : cols[x%half]+4]
			a := float64(s[3]) / 255
			for i := 0; i < 3; i++ {
				c := float64(s[i]) / 255
				p[4*x+i] = to8(eq.Over(c, a, d))
			}
			p[4*x+3] = 255
		}
	}
	return out
}

func to8(v float64) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 1:
		return 255
	}
	return uint8(v*255 + 0.5)
}

// refreshAll fills every widget from the material.
func (t *materialTab) refreshAll() {
	m := t.view()
	if t.phase >= len(m.Phases) {
		t.phase = len(m.Phases) - 1
	}
	if t.phase < 0 {
		t.phase = 0
	}
	if t.block >= len(m.Blocks) {
		t.block = max(0, len(m.Blocks)-1)
	}
	t.loading = true
	var blocks []string
	for i := range m.Blocks {
		blocks = append(blocks, blockName(i))
	}
	t.blockSel.Options = blocks
	if len(blocks) > 0 {
		t.blockSel.Selected = blocks[t.block]
		t.blockSel.Enable()
	} else {
		t.blockSel.Selected = ""
		t.blockSel.PlaceHolder = lang.X("material.no_animation", "no animation")
		t.blockSel.Disable()
	}
	t.blockSel.Refresh()
	t.loading = false
	cat := m.Category()
	if bl := material.BlendFor(cat); bl != nil {
		at := lang.X("material.blend.no_alpha_test", "no alpha test")
		if bl.AlphaTest != nil {
			at = lang.X("material.blend.alpha_test", "alpha test ≥")
		}
		setText(t.sw.blendLabel, lang.X("material.blend.category", "category {{.Category}}: {{.Src}} / {{.Dst}} · {{.AlphaTest}}",
			map[string]any{"Category": cat, "Src": bl.Src, "Dst": bl.Dst, "AlphaTest": at}))
	} else {
		setText(t.sw.blendLabel, lang.X("material.blend.none", "category {{.Category}}: no blend state (shown opaque)", map[string]any{"Category": cat}))
	}
	t.fitColumns()
	t.table.Refresh()
	t.refreshEditor()
	t.sw.refreshMode()
	t.anim.refreshAnimation()
	t.sw.update(true)
}

// refreshMode shows the current block's mode.
func (t *swatchView) refreshMode() {
	if b, err := t.src.view().BlockAt(t.src.blockIndex()); err == nil {
		setText(t.modeLabel, lang.XN("material.block.mode", "mode {{.Mode}} ({{.Number}}), mask {{.Mask}}, {{.PluralCount}} keys", len(b.Keys),
			map[string]any{"Mode": modeName(b.Mode()), "Number": int(b.Mode()), "Mask": fmt.Sprintf("0x%02X", b.Mask()), "PluralCount": len(b.Keys)}))
	} else {
		setText(t.modeLabel, lang.X("material.no_blocks", "no animation blocks: phase 0 is shown"))
	}
}

// blockName is how the block selector names animation block i.
func blockName(i int) string {
	return lang.X("material.block", "block {{.Index}}", map[string]any{"Index": i})
}

// The phase table's columns: the colour groups in stored order with the
// opacity (p3) after the additive group, then the scalars.
const (
	colOpacity = 1
	colPower   = 5
	colPage    = 6
	colTexture = 7
	phaseCols  = 8
)

// phaseColumns are the phase table's column titles.
func phaseColumns() []string {
	return []string{groupName(material.GroupAdditive), lang.X("material.column.opacity", "opacity"),
		groupName(material.GroupDirectional), groupName(material.GroupSpecular), groupName(material.GroupExtra),
		lang.X("material.column.power", "power"), lang.X("material.column.page", "page"),
		lang.X("material.column.texture", "texture")}
}

// groupName is how the window names a colour group (material.Group's
// String is its English name).
func groupName(g material.Group) string {
	switch g {
	case material.GroupAdditive:
		return lang.X("material.group.additive", "additive")
	case material.GroupDirectional:
		return lang.X("material.group.directional", "directional")
	case material.GroupSpecular:
		return lang.X("material.group.specular", "specular")
	case material.GroupExtra:
		return lang.X("material.group.extra", "extra")
	}
	return g.String()
}

// columnGroup maps a colour column of phaseColumns to its colour group.
var columnGroup = map[int]material.Group{0: material.GroupAdditive, 2: material.GroupDirectional, 3: material.GroupSpecular, 4: material.GroupExtra}

func (t *materialTab) makeTable() *widget.Table {
	tb := widget.NewTableWithHeaders(
		func() (int, int) { return len(t.view().Phases), phaseCols },
		func() fyne.CanvasObject {
			r := canvas.NewRectangle(color.Transparent)
			r.SetMinSize(fyne.NewSize(14, 14))
			// A border layout fills the cell, so reused cells keep the
			// colour well at the left edge.
			return container.NewBorder(nil, nil, container.NewCenter(r), nil, widget.NewLabel("#00000000"))
		},
		t.fillCell)
	titles := phaseColumns()
	tb.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		l := o.(*widget.Label)
		switch {
		case id.Row < 0 && id.Col >= 0 && id.Col < len(titles):
			l.SetText(titles[id.Col])
		case id.Col < 0 && id.Row >= 0:
			if id.Row == t.active {
				l.SetText("▸ " + strconv.Itoa(id.Row))
			} else {
				l.SetText(strconv.Itoa(id.Row))
			}
		default:
			l.SetText("")
		}
	}
	tb.OnSelected = func(id widget.TableCellID) {
		if id.Row >= 0 && id.Row != t.phase {
			t.phase = id.Row
			t.refreshEditor()
		}
	}
	return tb
}

// fillCell shows one cell of the phase table: a colour group as a well and
// its hex value, a scalar as text.
func (t *materialTab) fillCell(id widget.TableCellID, o fyne.CanvasObject) {
	box := o.(*fyne.Container)
	label := box.Objects[0].(*widget.Label)
	rect := box.Objects[1].(*fyne.Container).Objects[0].(*canvas.Rectangle)
	p, err := t.view().PhaseAt(id.Row)
	if err != nil {
		return
	}
	rect.Hide()
	if g, ok := columnGroup[id.Col]; ok {
		rect.FillColor = opaque(p.Color(g))
		rect.Show()
		rect.Refresh()
	}
	label.SetText(phaseCell(p, id.Col))
	box.Refresh() // re-lay out: the colour well may have been shown or hidden
}

// phaseCell is the text of column col of phase p's row.
func phaseCell(p *material.Phase, col int) string {
	if g, ok := columnGroup[col]; ok {
		return p.ColorHex(g)
	}
	v := p.Values()
	switch col {
	case colOpacity:
		return fmt.Sprintf("%.2f", v.Opacity)
	case colPower:
		return strconv.Itoa(v.Power)
	case colPage:
		return strconv.Itoa(v.Page)
	case colTexture:
		if v.Texture == "" {
			return lang.X("material.texture.none", "(none)")
		}
		return v.Texture
	}
	return ""
}

// fitColumns makes the phase table's columns as wide as their texts (and
// colour wells).
func (t *materialTab) fitColumns() {
	m := t.view()
	well := float32(14) + theme.Padding()
	widgets.SetWidths(t.table, widgets.Columns{
		Titles: phaseColumns(),
		Extra: func(col int) float32 {
			if _, ok := columnGroup[col]; ok {
				return well
			}
			return 0
		},
	}.Widths(len(m.Phases), func(row, col int) string {
		p, err := m.PhaseAt(row)
		if err != nil {
			return ""
		}
		return phaseCell(p, col)
	}))
}

// opaque drops c's alpha: a colour well shows the colour alone.
func opaque(c color.NRGBA) color.NRGBA {
	c.A = 255
	return c
}

func (t *materialTab) makePhaseEditor() fyne.CanvasObject {
	t.phaseLabel = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	// One form: the labels line up in the first column, every editor
	// (colour well + value + picker, slider + value, field + Set) in the second.
	form := container.New(layout.NewFormLayout())
	for _, g := range material.Groups() {
		t.addColorRow(form, g)
	}
	t.opacity = widget.NewSlider(0, 255)
	t.opacity.Step = 1
	t.opacityL = widget.NewLabel("")
	t.opacity.OnChanged = func(v float64) { t.slide((*material.Phase).SetRawOpacity, v) }
	t.opacity.OnChangeEnded = func(v float64) { t.commitDraft(lang.X("material.edit.opacity", "set opacity")) }
	t.power = widget.NewSlider(0, 255)
	t.power.Step = 1
	t.powerL = widget.NewLabel("")
	t.power.OnChanged = func(v float64) { t.slide((*material.Phase).SetPower, v) }
	t.power.OnChangeEnded = func(v float64) { t.commitDraft(lang.X("material.edit.power", "set power")) }
	form.Add(widget.NewLabel(lang.X("material.field.opacity", "opacity p3")))
	form.Add(container.NewBorder(nil, nil, nil, t.opacityL, t.opacity))
	form.Add(widget.NewLabel(lang.X("material.field.power", "power p16")))
	form.Add(container.NewBorder(nil, nil, nil, t.powerL, t.power))
	t.page = widget.NewEntry()
	t.page.SetPlaceHolder(lang.X("material.page.hint", "−1 = the whole texture"))
	t.page.OnSubmitted = func(s string) { t.SetPage(s) }
	t.texture = widget.NewEntry()
	t.texture.SetPlaceHolder(lang.X("material.texture.hint", "empty = untextured"))
	t.texture.OnSubmitted = func(s string) { t.SetTexture(s) }
	t.editorError = widget.NewLabel("")
	t.editorError.Importance = widget.DangerImportance
	t.editorError.Wrapping = fyne.TextWrapWord
	form.Add(widget.NewLabel(lang.X("material.field.page", "page p17")))
	form.Add(container.NewBorder(nil, nil, nil, widget.NewButton(lang.X("material.set", "Set"), func() { t.SetPage(t.page.Text) }), t.page))
	form.Add(widget.NewLabel(lang.X("material.field.texture", "texture")))
	form.Add(container.NewBorder(nil, nil, nil, widget.NewButton(lang.X("material.set", "Set"), func() { t.SetTexture(t.texture.Text) }), t.texture))
	buttons := container.NewHBox(
		widget.NewButtonWithIcon(lang.X("material.phase.add", "Add"), theme.ContentAddIcon(), t.AddPhase),
		widget.NewButtonWithIcon(lang.X("material.phase.remove", "Remove"), theme.ContentRemoveIcon(), t.RemovePhase),
		widget.NewButtonWithIcon(lang.X("material.phase.up", "Up"), theme.MoveUpIcon(), func() { t.MovePhase(-1) }),
		widget.NewButtonWithIcon(lang.X("material.phase.down", "Down"), theme.MoveDownIcon(), func() { t.MovePhase(+1) }),
	)
	// The buttons under the phase's title: beside it they made the editor
	// wider than the inspector at 1024×640.
	return container.NewVBox(t.phaseLabel, buttons, form, t.editorError)
}

// addColorRow adds colour group g's row to the phase editor's form: its
// colour well, hex value and picker.
func (t *materialTab) addColorRow(form *fyne.Container, g material.Group) {
	r := canvas.NewRectangle(color.Black)
	r.SetMinSize(fyne.NewSize(40, 20))
	r.StrokeColor = theme.Color(theme.ColorNameInputBorder)
	r.StrokeWidth = 1
	// The value can be typed in place (Enter applies it): hex or numbers.
	l := widget.NewEntry()
	l.SetPlaceHolder(lang.X("material.colour.hint", "#RRGGBBAA or R, G, B, A"))
	l.OnSubmitted = func(s string) { t.TypeColor(g, s) }
	t.colorRects = append(t.colorRects, r)
	t.colorText = append(t.colorText, l)
	pick := widget.NewButton(lang.X("material.colour.pick", "Pick…"), func() {
		p, err := t.view().PhaseAt(t.phase)
		if err != nil {
			return
		}
		title := lang.X("material.colour.title", "{{.Group}} colour", map[string]any{"Group": groupName(g)})
		msg := lang.X("material.colour.message", "Phase {{.Phase}}, {{.Group}} ({{.Params}})",
			map[string]any{"Phase": t.phase, "Group": groupName(g), "Params": g.Params()})
		// The window's own picker: Fyne's draws white unframed on the
		// light theme's white.
		widgets.ShowColorPicker(title, msg, p.Color(g), g.Len() == 4, func(c color.NRGBA) { t.SetColor(g, c) }, t.h.Window())
	})
	form.Add(widget.NewLabel(groupName(g) + " " + g.Params()))
	form.Add(container.NewBorder(nil, nil, container.NewCenter(r), pick, l))
}

// refreshEditor fills the phase editor from the selected phase.
func (t *materialTab) refreshEditor() {
	m := t.view()
	t.loading = true
	defer func() { t.loading = false }()
	p, err := m.PhaseAt(t.phase)
	if err != nil {
		t.phaseLabel.SetText(lang.X("material.no_phases", "no phases"))
		return
	}
	v := p.Values()
	t.phaseLabel.SetText(lang.X("material.phase.title", "Phase {{.Phase}} of {{.Count}}", map[string]any{"Phase": t.phase, "Count": len(m.Phases)}))
	if !t.node.Editable() && t.editorError.Text == "" {
		t.editorError.SetText(lang.X("material.read_only", "read-only: this material's container cannot be edited"))
	}
	for i, g := range material.Groups() {
		t.colorRects[i].FillColor = opaque(p.Color(g))
		t.colorRects[i].Refresh()
		t.colorText[i].SetText(p.ColorHex(g))
	}
	t.opacity.SetValue(float64(p.RawOpacity()))
	t.power.SetValue(float64(p.Power()))
	t.showScalars(p)
	t.page.SetText(strconv.Itoa(v.Page))
	t.texture.SetText(v.Texture)
}

// showScalars writes the opacity and power readouts of phase p.
func (t *materialTab) showScalars(p *material.Phase) {
	t.opacityL.SetText(fmt.Sprintf("%.2f", p.Values().Opacity))
	t.powerL.SetText(strconv.Itoa(p.Power()))
}

// slide previews a slider value, stored by set, on a draft of the material.
func (t *materialTab) slide(set func(p *material.Phase, v int) error, v float64) {
	if t.loading {
		return
	}
	if _, err := t.node.Material().PhaseAt(t.phase); err != nil {
		return
	}
	if t.draft == nil {
		t.draft = t.node.Material().Clone()
	}
	p, err := t.draft.PhaseAt(t.phase)
	if err != nil || set(p, int(v)) != nil {
		return
	}
	t.showScalars(p)
	t.table.Refresh()
	t.sw.update(true)
}

// commitDraft applies the slider draft as one undoable edit.
func (t *materialTab) commitDraft(name string) {
	d := t.draft
	t.draft = nil
	if d == nil {
		return
	}
	t.apply(ofPhase(name, t.phase), d)
}

// ofPhase names an edit of phase i: "set power of phase 2".
func ofPhase(edit string, i int) string {
	return lang.X("material.edit.of_phase", "{{.Edit}} of phase {{.Phase}}", map[string]any{"Edit": edit, "Phase": i})
}

// apply replaces the material with m as an undoable edit and refreshes.
func (t *materialTab) apply(name string, m *material.Mat0) {
	old := t.node.Material()
	n := t.node
	t.h.Apply(n, inspect.Edit{
		Name: name + " (" + n.Name() + ")",
		Do:   func() error { return n.SetMaterial(m) },
		Undo: func() error { return n.SetMaterial(old) },
	})
	t.refreshAll()
}

// edit clones the material, runs fn on the clone and applies it.
func (t *materialTab) edit(name string, fn func(m *material.Mat0) error) {
	m := t.node.Material().Clone()
	if err := fn(m); err != nil {
		t.editorError.SetText(err.Error())
		return
	}
	t.editorError.SetText("")
	t.apply(name, m)
}

// editPhase edits the selected phase.
func (t *materialTab) editPhase(name string, fn func(p *material.Phase) error) {
	t.edit(ofPhase(name, t.phase), func(m *material.Mat0) error {
		p, err := m.PhaseAt(t.phase)
		if err != nil {
			return err
		}
		return fn(p)
	})
}

// SetColor sets colour group g of the selected phase; the additive group
// has no alpha byte.
func (t *materialTab) SetColor(g material.Group, c color.NRGBA) {
	t.editPhase(lang.X("material.edit.colour", "set {{.Group}}", map[string]any{"Group": groupName(g)}),
		func(p *material.Phase) error { return p.SetColor(g, c) })
}

// TypeColor sets colour group g of the selected phase from typed text
// (see widgets.ParseColor); text it cannot read is said under the editor.
func (t *materialTab) TypeColor(g material.Group, s string) {
	p, err := t.view().PhaseAt(t.phase)
	if err != nil {
		return
	}
	c, err := widgets.ParseColor(s, p.Color(g))
	if err != nil {
		t.editorError.SetText(err.Error())
		return
	}
	t.SetColor(g, c)
}

// SetPage sets the signed page index of the selected phase.
func (t *materialTab) SetPage(s string) {
	t.editPhase(lang.X("material.edit.page", "set page"), func(p *material.Phase) error {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return errors.New(lang.X("material.page.invalid", "page {{.Text}}: want a number from -128 to 127",
				map[string]any{"Text": strconv.Quote(s)}))
		}
		return p.SetPage(v)
	})
}

// SetTexture sets the texture name of the selected phase ("" = untextured).
func (t *materialTab) SetTexture(s string) {
	t.editPhase(lang.X("material.edit.texture", "set texture"), func(p *material.Phase) error { return p.SetTextureName(strings.TrimSpace(s)) })
}

// AddPhase inserts a copy of the selected phase after it (the default
// phase into an empty material).
func (t *materialTab) AddPhase() {
	at := t.phase + 1
	t.edit(lang.X("material.edit.add_phase", "add phase {{.Phase}}", map[string]any{"Phase": at}), func(m *material.Mat0) error {
		if len(m.Phases) == 0 {
			at = 0
			return m.InsertPhase(0, material.DefaultPhase())
		}
		var err error
		at, err = m.DuplicatePhase(t.phase)
		return err
	})
	t.phase = at
	t.refreshEditor()
}

// RemovePhase deletes the selected phase; keys naming later phases follow.
func (t *materialTab) RemovePhase() {
	at := t.phase
	t.edit(lang.X("material.edit.remove_phase", "remove phase {{.Phase}}", map[string]any{"Phase": at}),
		func(m *material.Mat0) error { return m.RemovePhase(at) })
}

// MovePhase swaps the selected phase with its neighbour (dir -1 or +1);
// keys keep naming the same phases.
func (t *materialTab) MovePhase(dir int) {
	a, b := t.phase, t.phase+dir
	t.edit(lang.X("material.edit.move_phase", "move phase {{.Phase}}", map[string]any{"Phase": a}),
		func(m *material.Mat0) error { return m.MovePhase(a, b) })
	if b >= 0 && b < len(t.view().Phases) {
		t.phase = b
		t.refreshEditor()
	}
}
