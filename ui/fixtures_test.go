package ui

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/ui/inspect"
	"rummage/ui/inspect/inspecttest"
)

// countingFolder is a Folder that counts Children calls.
type countingFolder struct {
	formats.Folder
	calls int
}

func (c *countingFolder) Children() ([]formats.Node, error) {
	c.calls++
	return c.Folder.Children()
}

// panicNode panics in every method format code could get wrong.
type panicNode struct{}

func (panicNode) Name() string                      { return "boom" }
func (panicNode) Kind() formats.Kind                { return formats.KindArchive }
func (panicNode) Children() ([]formats.Node, error) { panic("children exploded") }
func (panicNode) Describe() (any, error)            { panic("describe exploded") }
func (panicNode) Diagnostics() []formats.Diagnostic { return nil }
func (panicNode) Offset() int64                     { return 0 }
func (panicNode) Size() int64                       { return 0 }
func (panicNode) Open() io.Reader                   { return bytes.NewReader(nil) }

// diagNode is a raw leaf with a finding.
type diagNode struct{ formats.Raw }

func (d *diagNode) Diagnostics() []formats.Diagnostic {
	return []formats.Diagnostic{{Off: 0x104, Msg: "unused bytes after the table"}}
}

// rawNode and seq make the fake nodes' bytes.
var (
	rawNode = inspecttest.Raw
	seq     = inspecttest.Seq
)

// fakeArchive is a small tree of fake nodes:
//
//	fake.lib (archive NRes)
//	  WATER_M   material MAT0   (0x100, 48 bytes)
//	  DEFAULT   material MAT0
//	  textures  archive
//	    brick   texture Texm
//	    Water   texture Texm
//	  bad       broken at 0x140
//	  x         raw   (duplicate name → x@4)
//	  x         raw   (→ x@5)
//	  odd       raw with a diagnostic
func fakeArchive() (*countingFolder, *countingFolder) {
	tex := &countingFolder{Folder: formats.Folder{NodeName: "textures", NodeKind: formats.KindArchive, Items: []formats.Node{
		rawNode("brick", formats.KindTexture, "Texm", seq(64), 0x200),
		rawNode("Water", formats.KindTexture, "Texm", seq(32), 0x240),
	}}}
	bad := &formats.BrokenNode{Raw: *rawNode("bad", formats.KindMaterial, "MAT0", seq(32), 0x130),
		Error: binread.Errorf(0x140, "phase count 9999 exceeds the entry")}
	odd := &diagNode{Raw: *rawNode("odd", formats.KindTable, "TBL", seq(8), 0x300)}
	root := &countingFolder{Folder: formats.Folder{NodeName: "fake.lib", NodeKind: formats.KindArchive, Tag: "NRes", Items: []formats.Node{
		rawNode("WATER_M", formats.KindMaterial, "MAT0", seq(48), 0x100),
		rawNode("DEFAULT", formats.KindMaterial, "MAT0", seq(48), 0x130),
		tex,
		bad,
		rawNode("x", formats.KindRaw, "", seq(4), 0x400),
		rawNode("x", formats.KindRaw, "", seq(4), 0x404),
		odd,
	}}}
	return root, tex
}

// newTestWindow makes the window on the test driver.
func newTestWindow(t testing.TB) *window {
	t.Helper()
	// The test driver runs fyne.Do on the goroutine that calls it, so a
	// playing material clock would redraw the Material tab's swatch beside
	// the test (a data race under -race): window tests run it paused.
	if clk := inspect.MaterialClock(); clk.Playing() {
		clk.Pause()
		t.Cleanup(clk.Play)
	}
	a := test.NewTempApp(t)
	w := newWindow(a, formats.Options{})
	w.win.Resize(fyne.NewSize(1000, 700))
	t.Cleanup(func() {
		// Stop the inspector's tabs (the preview's render goroutine): left
		// running, a late frame would touch Fyne while the next test
		// swaps the current app, a data race under -race.
		w.insp.close()
		w.waitJobs()
		for _, f := range w.opened.files {
			f.close()
		}
	})
	return w
}

// addFake adds the fake archive as an in-memory file.
func addFake(w *window) (*openFile, *countingFolder, *countingFolder) {
	root, tex := fakeArchive()
	f := &openFile{name: "fake.lib", root: root}
	w.opened.addFiles([]*openFile{f})
	return f, root, tex
}

var errFake = errors.New("fake failure")
