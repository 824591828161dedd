package material

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/formats/material"
	"rummage/ui/inspect/inspecttest"
)

// fakeMaterialTab is the Material tab as the swatch and the animation
// editor see it: a material, a block, and the edits asked for.
type fakeMaterialTab struct {
	m      *material.Mat0
	block  int
	active []int
	edits  []string
	errors []string
}

func (f *fakeMaterialTab) view() *material.Mat0 { return f.m }
func (f *fakeMaterialTab) blockIndex() int      { return f.block }
func (f *fakeMaterialTab) setBlock(i int)       { f.block = i }
func (f *fakeMaterialTab) showActive(phase int) { f.active = append(f.active, phase) }
func (f *fakeMaterialTab) showError(msg string) { f.errors = append(f.errors, msg) }
func (f *fakeMaterialTab) edit(name string, fn func(m *material.Mat0) error) {
	m := f.m.Clone()
	if err := fn(m); err != nil {
		f.errors = append(f.errors, err.Error())
		return
	}
	f.m = m
	f.edits = append(f.edits, name)
}

// The swatch samples the material its tab shows at the clock and tells
// the tab which phase it shows; it needs no Material tab.
func TestSwatchAlone(t *testing.T) {
	a := test.NewTempApp(t)
	_, node := openArchive(t, testMaterialArchive(t))
	tab := &fakeMaterialTab{m: node.Material()}
	sw := &swatchView{src: tab, h: &inspecttest.Host{Win: a.NewWindow("t")}, node: node, texCache: map[string]texEntry{}, clk: pausedClock()}
	sw.makeSwatchColumn(widget.NewSelect(nil, nil))
	sw.clk.Seek(750) // key 1 (blue), half way back to key 0
	sw.update(true)
	if sw.last.Key != 1 || len(tab.active) != 1 || tab.active[0] != 1 {
		t.Fatalf("sample key %d, tab told %v", sw.last.Key, tab.active)
	}
	if sw.texNode == nil || !strings.Contains(sw.texLabel.Text, "CHECK.0") || !strings.Contains(sw.timeLabel.Text, "750 / 1000 ms") {
		t.Errorf("texture %v %q, time %q", sw.texNode, sw.texLabel.Text, sw.timeLabel.Text)
	}
	sw.refreshMode()
	if !strings.Contains(sw.modeLabel.Text, "mode loop") {
		t.Errorf("mode %q", sw.modeLabel.Text)
	}
	sw.close()
}

// The animation editor edits the block its tab plays through the tab's
// edit, and shows the block's keys.
func TestAnimationEditorAlone(t *testing.T) {
	test.NewTempApp(t)
	_, node := openArchive(t, testMaterialArchive(t))
	tab := &fakeMaterialTab{m: node.Material()}
	e := &animationEditor{tab: tab}
	e.makeAnimationEditor()
	e.refreshAnimation()
	if len(e.keys.Objects) != 2 || e.mode.SelectedIndex() != int(material.ModeLoop) {
		t.Fatalf("%d key rows, mode %d", len(e.keys.Objects), e.mode.SelectedIndex())
	}
	e.SetKey(1, 0, 1200)
	e.editBlock("add key", (*material.Block).AddKey)
	if got := strings.Join(tab.edits, "; "); got != "set key 1 of block 0; add key of block 0" {
		t.Errorf("edits %q", got)
	}
	if k := tab.m.Blocks[0].Keys; len(k) != 3 || k[1].EndMs != 1200 {
		t.Errorf("keys %+v", k)
	}
	tab.block = 5
	e.refreshAnimation()
	if e.animUI.Visible() {
		t.Error("the editor shows a block that does not exist")
	}
}
