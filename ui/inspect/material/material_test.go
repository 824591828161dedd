package material

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/material"
	"rummage/formats/msh"
	"rummage/formats/nres"
	"rummage/formats/texm"
	"rummage/ui/inspect"
	"rummage/ui/inspect/inspecttest"
	"rummage/ui/widgets"
)

func testMaterialArchive(t *testing.T) []byte {
	t.Helper()
	var red, blue material.Phase
	red.P = [18]byte{200, 0, 0, 100, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 4, 0xFF}
	blue.P = [18]byte{0, 0, 200, 50, 0, 0, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255, 4, 0}
	red.SetTextureName("CHECK.0")
	blue.SetTextureName("CHECK.0")
	m := &material.Mat0{Version: 6, Prefix: make([]byte, 10), Phases: []material.Phase{red, blue},
		Blocks: []material.Block{{Header: uint32(material.ModeLoop) | (material.MaskAdditive|material.MaskDirectional)<<3,
			Keys: []material.Key{{Phase: 0, EndMs: 500}, {Phase: 1, EndMs: 1000}}}}}
	data, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	tex, err := texm.Build(img, texm.Format8888, 1, nil, []texm.Page{{X: 0, Y: 0, W: 4, H: 4}})
	if err != nil {
		t.Fatal(err)
	}
	arch, err := nres.Build([]nres.Entry{
		{TypeID: material.TypeMAT0, Attr1: 4, Attr2: 6, Name: "PULSE", Data: data},
		{TypeID: nres.TypeID("Texm"), Attr3: 1, Name: "CHECK.0", Data: tex},
	})
	if err != nil {
		t.Fatal(err)
	}
	return arch
}

func openArchive(t *testing.T, data []byte) (formats.Node, *material.Node) {
	t.Helper()
	root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "test.lib", Opts: &formats.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	kids, err := root.Children()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range kids {
		if m, ok := k.(*material.Node); ok {
			return root, m
		}
	}
	t.Fatalf("no material node among %d children", len(kids))
	return nil, nil
}

func TestMaterialTabEditSaveReopen(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	root, node := openArchive(t, testMaterialArchive(t))
	tab := newMaterialTabOn(h, node, pausedClock())
	defer tab.close()
	h.Win.SetContent(tab.content)
	h.Win.Resize(fyne.NewSize(1000, 700))

	tab.sw.clk.Pause()
	tab.sw.clk.Seek(100) // key 0, alpha 0.2
	tab.sw.update(true)
	before := tab.sw.lit
	if tab.sw.texNode == nil || tab.sw.texPage != image.Rect(0, 0, 8, 8) {
		t.Fatalf("texture not resolved in the archive: %v %v", tab.sw.texNode, tab.sw.texPage)
	}
	// The swatch draws the colour over the white texture.
	img := tab.sw.drawSwatch(10, 10).(*image.NRGBA)
	if got := img.NRGBAAt(5, 5); got.R != before.R || got.G != before.G || got.B != before.B {
		t.Errorf("swatch pixel %v, lit colour %v", got, before)
	}

	tab.phase = 0
	tab.SetColor(material.GroupAdditive, color.NRGBA{0, 250, 0, 255}) // additive of phase 0 becomes green
	if len(h.Edits) != 1 {
		t.Fatalf("the edit did not go through Host.Apply (status %q)", h.Message)
	}
	after := tab.sw.lit
	if after == before || after.G <= before.G {
		t.Errorf("swatch colour did not follow the edit: %v -> %v", before, after)
	}
	if !node.Edited() || !root.(formats.Saver).Edited() {
		t.Fatal("the archive is not marked edited")
	}

	// Save, reopen, find the edit.
	var buf bytes.Buffer
	if _, err := root.(formats.Saver).WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	_, again := openArchive(t, buf.Bytes())
	if c := again.Material().Phases[0].Color(material.GroupAdditive); c != (color.NRGBA{0, 250, 0, 255}) {
		t.Errorf("reopened phase 0 additive %v", c)
	}

	// Undo restores the colour.
	if err := h.Edits[0].Undo(); err != nil {
		t.Fatal(err)
	}
	tab.refreshAll()
	if tab.sw.lit != before {
		t.Errorf("after undo the swatch is %v, want %v", tab.sw.lit, before)
	}
}

func TestMaterialTabPhaseEdits(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	_, node := openArchive(t, testMaterialArchive(t))
	tab := newMaterialTabOn(h, node, pausedClock())
	defer tab.close()

	tab.phase = 1
	tab.AddPhase()
	m := node.Material()
	if len(m.Phases) != 3 || m.Blocks[0].Keys[1].Phase != 1 {
		t.Fatalf("add phase: %d phases, keys %+v", len(m.Phases), m.Blocks[0].Keys)
	}
	tab.phase = 0
	tab.MovePhase(+1)
	m = node.Material()
	if m.Phases[1].Color(material.GroupAdditive).R != 200 || m.Blocks[0].Keys[0].Phase != 1 || m.Blocks[0].Keys[1].Phase != 0 {
		t.Errorf("move: keys %+v", m.Blocks[0].Keys)
	}
	tab.SetPage("1")
	tab.SetTexture("OTHER.0")
	m = node.Material()
	if m.Phases[tab.phase].Page() != 1 || m.Phases[tab.phase].TextureName() != "OTHER.0" {
		t.Errorf("page/texture: %+v", m.Phases[tab.phase])
	}
	tab.SetPage("300")
	if tab.editorError.Text == "" {
		t.Error("page 300 accepted")
	}
	tab.anim.SetKey(1, 2, 1200)
	if k := node.Material().Blocks[0].Keys[1]; k.Phase != 2 || k.EndMs != 1200 {
		t.Errorf("key %+v", k)
	}
	tab.RemovePhase()
	if len(node.Material().Phases) != 2 {
		t.Errorf("remove: %d phases", len(node.Material().Phases))
	}
	// Slider drag: the swatch follows the draft, the commit is one edit.
	n := len(h.Edits)
	tab.phase = int(node.Material().Blocks[0].Keys[0].Phase) // the phase shown at clock 0
	tab.refreshEditor()
	tab.sw.clk.Pause()
	tab.sw.clk.Seek(0)
	tab.slide((*material.Phase).SetRawOpacity, 10)
	if tab.sw.lit.A != uint8(0.1*255+0.5) {
		t.Errorf("draft opacity not shown: %v", tab.sw.lit)
	}
	tab.commitDraft("set opacity")
	if p3 := node.Material().Phases[tab.phase].RawOpacity(); len(h.Edits) != n+1 || p3 != 10 {
		t.Errorf("slider commit: %d edits, p3 %d", len(h.Edits)-n, p3)
	}
}

// BenchmarkSwatchFrame is one animated frame of the swatch: sample, then
// redraw both rasters at their capped resolution. At 60 fps the budget is
// 2 % of a core, i.e. about 330 µs per frame.
func BenchmarkSwatchFrame(b *testing.B) {
	a := test.NewTempApp(b)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	data := testMaterialArchive(&testing.T{})
	root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "b.lib", Opts: &formats.Options{}})
	if err != nil {
		b.Fatal(err)
	}
	kids, _ := root.Children()
	tab := newMaterialTabOn(h, kids[0].(*material.Node), pausedClock())
	defer tab.close()
	tab.sw.clk.Pause()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		tab.sw.clk.Seek(uint32(i * 16))
		tab.sw.update(false)
		tab.sw.drawSwatch(320, 320)
		tab.sw.drawBlend(320, 160)
	}
}

// TestSampleChain opens the in-memory sample model: its WEAR and batches
// resolve through the sample Material.lib and Textures.lib, and the Wear
// and Batches tabs build.
func TestSampleChain(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	tank := inspecttest.OpenSample(t, "tank.rlb")
	kids, _ := tank.Children()
	var mesh *msh.MeshNode
	var wear *material.WearNode
	for _, k := range kids {
		switch v := k.(type) {
		case *msh.MeshNode:
			mesh = v
		case *material.WearNode:
			wear = v
		}
	}
	if mesh == nil || wear == nil {
		t.Fatalf("children %v", kids)
	}
	bs := mesh.Batches()
	textured := 0
	for _, b := range bs {
		if b.MatNode == nil {
			t.Errorf("batch %d (row %d) has no material", b.Index, b.Row)
		}
		if b.TexNode != nil {
			textured++
		}
	}
	if textured == 0 {
		t.Error("no batch reaches a texture")
	}
	if r := wear.Resolve(); r[4].Via != material.ViaDefault {
		t.Errorf("RUST resolved %+v", r[4])
	}
	if newWearView(h, wear) == nil || newBatchesView(h, mesh) == nil {
		t.Fatal("tab not built")
	}
}

// TestBatchesLinks clicks the linked cells of the sample model's Batches
// tab: the WEAR row opens the WEAR table, the material cell the MAT0 entry
// and the texture cell the Texm entry; the same cell opens again on a
// second click, and an unlinked cell opens nothing.
func TestBatchesLinks(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	var mesh *msh.MeshNode
	kids, _ := inspecttest.OpenSample(t, "tank.rlb").Children()
	for _, k := range kids {
		if m, ok := k.(*msh.MeshNode); ok {
			mesh = m
		}
	}
	if mesh == nil {
		t.Skip("no sample model")
	}
	tables := inspecttest.Find[*widget.Table](newBatchesView(h, mesh))
	if len(tables) == 0 {
		t.Fatal("no table in the Batches tab")
	}
	tb := tables[0]
	bs := mesh.Batches()
	row := -1
	for i, b := range bs {
		if b.TexNode != nil {
			row = i
			break
		}
	}
	if row < 0 {
		t.Fatal("no textured batch")
	}
	for _, c := range []struct {
		col  int
		want formats.Node
	}{
		{batchColWear, bs[row].Wear},
		{batchColMaterial, bs[row].MatNode},
		{batchColTexture, bs[row].TexNode},
		{batchColTexture, bs[row].TexNode}, // again
	} {
		h.Selected = nil
		tb.Select(widget.TableCellID{Row: row, Col: c.col})
		if h.Selected == nil || h.Selected != c.want {
			t.Errorf("column %d opened %v, want %v", c.col, h.Selected, c.want)
		}
	}
	if _, ok := bs[row].TexNode.(*texm.Node); !ok {
		t.Errorf("texture link is %T", bs[row].TexNode)
	}
	h.Selected = nil
	tb.Select(widget.TableCellID{Row: row, Col: 0})
	if h.Selected != nil {
		t.Errorf("the batch number opened %v", h.Selected)
	}
}

// sampleMaterial opens a material of the built-in Material.lib.
func sampleMaterial(t *testing.T, name string) *material.Node {
	t.Helper()
	kids, _ := inspecttest.OpenSample(t, "Material.lib").Children()
	for _, k := range kids {
		if m, ok := k.(*material.Node); ok && m.Name() == name {
			return m
		}
	}
	t.Skipf("no sample material %s", name)
	return nil
}

// TestMaterialTransport drives the swatch's controls: the scrubber pauses
// and sets the clock, the readout and the scrubber show the block's local
// time (ping-pong runs back on odd cycles), play resumes, and the block
// selector switches the sampled block.
func TestMaterialTransport(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	fire := sampleMaterial(t, "FIRESTORM")
	clk := inspect.NewClock()
	clk.Pause() // a playing tab's ticker updates it on its own goroutine in the test driver
	tab := newMaterialTabOn(h, fire, clk)
	defer tab.close()
	d := fire.Material().Blocks[0].Duration()
	if tab.sw.timeSlider.Max != float64(d) {
		t.Errorf("scrubber spans %v ms, the block %d", tab.sw.timeSlider.Max, d)
	}
	tab.sw.timeSlider.SetValue(float64(d / 2))
	if tab.sw.clk.Playing() || tab.sw.last.LocalMs != d/2 {
		t.Fatalf("scrubbing: playing %v, local time %d", tab.sw.clk.Playing(), tab.sw.last.LocalMs)
	}
	if want := fmt.Sprintf("%d / %d ms", d/2, d); !strings.Contains(tab.sw.timeLabel.Text, want) || !strings.Contains(tab.sw.modeLabel.Text, "pingpong") {
		t.Errorf("readout %q / %q", tab.sw.timeLabel.Text, tab.sw.modeLabel.Text)
	}
	tab.sw.clk.Seek(d + 100) // second cycle: ping-pong runs backwards
	tab.sw.update(true)
	if tab.sw.last.LocalMs != d-100 || tab.sw.timeSlider.Value != float64(d-100) {
		t.Errorf("backward cycle: local %d, scrubber %v, want %d", tab.sw.last.LocalMs, tab.sw.timeSlider.Value, d-100)
	}
	tab.sw.clk.Toggle()
	if !tab.sw.clk.Playing() {
		t.Error("play did not resume")
	}
	tab.sw.clk.Pause()

	lbl := sampleMaterial(t, "B_LBL_01")
	paused := inspect.NewClock()
	paused.Pause()
	tab2 := newMaterialTabOn(h, lbl, paused)
	defer tab2.close()
	m := lbl.Material()
	if len(m.Blocks) < 3 || len(tab2.blockSel.Options) != len(m.Blocks) {
		t.Fatalf("%d blocks, selector %v", len(m.Blocks), tab2.blockSel.Options)
	}
	tab2.blockSel.SetSelected("block 2")
	want := m.Phases[m.Blocks[2].Keys[0].Phase]
	if tab2.block != 2 || tab2.sw.last.Block != 2 || tab2.active != int(m.Blocks[2].Keys[0].Phase) || tab2.sw.last.Phase.Texture != want.TextureName() || tab2.sw.last.Phase.Page != want.Page() {
		t.Errorf("block 2: block %d, sample %+v, active phase %d", tab2.block, tab2.sw.last, tab2.active)
	}
}

// pausedClock is a paused material clock: a playing one would make the
// tab's ticker update it on its own goroutine (the test driver runs
// fyne.Do there) while the test reads it.
func pausedClock() *inspect.Clock {
	c := inspect.NewClock()
	c.Pause()
	return c
}

// A phase colour is typed in place: Enter applies hex or numbers as one
// undoable edit, and the field shows the stored value; text it cannot
// read is said under the editor and changes nothing.
func TestMaterialTabTypedColour(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	_, node := openArchive(t, testMaterialArchive(t))
	tab := newMaterialTabOn(h, node, pausedClock())
	defer tab.close()
	h.Win.SetContent(tab.content)
	tab.phase = 0
	tab.refreshEditor()
	var dir int
	for i, g := range material.Groups() {
		if g == material.GroupDirectional {
			dir = i
		}
	}
	e := tab.colorText[dir]
	e.SetText("")
	test.Type(e, "#10203040")
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if c := node.Material().Phases[0].Color(material.GroupDirectional); c != (color.NRGBA{0x10, 0x20, 0x30, 0x40}) || len(h.Edits) != 1 {
		t.Fatalf("directional %v after typing, %d edits (error %q)", c, len(h.Edits), tab.editorError.Text)
	}
	if e.Text != "#10203040" {
		t.Errorf("the field shows %q", e.Text)
	}
	e.SetText("255, 0, 0")
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if c := node.Material().Phases[0].Color(material.GroupDirectional); c != (color.NRGBA{255, 0, 0, 0x40}) || e.Text != "#FF000040" {
		t.Errorf("numbers: %v, field %q", c, e.Text)
	}
	e.SetText("bright red")
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if len(h.Edits) != 2 || !strings.Contains(tab.editorError.Text, `colour "bright red"`) {
		t.Errorf("%d edits, error %q", len(h.Edits), tab.editorError.Text)
	}
}

// lightTheme is the default theme in its light variant.
type lightTheme struct{ fyne.Theme }

func (l lightTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return l.Theme.Color(n, theme.VariantLight)
}

// In the light theme the blend preview is framed 3:1 off the window (its
// first tile, the material over white, showed no edge on white), and
// Pick… opens the window's picker, whose white swatch is framed too.
func TestMaterialLightTheme(t *testing.T) {
	a := test.NewTempApp(t)
	a.Settings().SetTheme(lightTheme{theme.DefaultTheme()})
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	_, node := openArchive(t, testMaterialArchive(t))
	tab := newMaterialTabOn(h, node, pausedClock())
	defer tab.close()
	h.Win.SetContent(tab.content)
	h.Win.Resize(fyne.NewSize(1000, 700))
	f := tab.sw.blendFrame
	if f == nil || f.StrokeWidth < 1 || widgets.ContrastRatio(f.StrokeColor, theme.Color(theme.ColorNameBackground)) < 3 {
		t.Fatalf("blend preview frame %v", f)
	}
	var pick *widget.Button
	for _, b := range inspecttest.Find[*widget.Button](tab.content) {
		if b.Text == "Pick…" && pick == nil {
			pick = b
		}
	}
	if pick == nil {
		t.Fatal("no Pick… button")
	}
	test.Tap(pick)
	var sw []*widgets.Swatch
	for _, o := range test.LaidOutObjects(h.Win.Canvas().Overlays().Top()) {
		if s, ok := o.(*widgets.Swatch); ok {
			sw = append(sw, s)
		}
	}
	if len(sw) == 0 || widgets.ContrastRatio(sw[0].Frame(), theme.Color(theme.ColorNameOverlayBackground)) < 3 {
		t.Errorf("the picker has %d swatches", len(sw))
	}
}
