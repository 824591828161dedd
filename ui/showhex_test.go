package ui

import (
	"fmt"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/samples"
)

// describeErrNode is a raw node whose Describe fails at an offset while
// the node itself reports no error.
type describeErrNode struct{ formats.Raw }

func (describeErrNode) Describe() (any, error) {
	return nil, binread.Errorf(0x25C, "phase table runs past the entry")
}

// hexRowShown runs Show in hex on the selection and returns the hex row
// it selected, as the status bar names it.
func hexRowShown(t *testing.T, w *window) string {
	t.Helper()
	w.Status("")
	w.insp.showInHex()
	if w.insp.tabs.Selected() != w.insp.hexTab {
		t.Fatalf("Show in hex selected the %q tab", w.insp.tabs.Selected().Text)
	}
	msg := w.status.msg.Text
	if !strings.HasPrefix(msg, "row at ") {
		t.Fatalf("no hex row selected (status %q)", msg)
	}
	return msg
}

// Show in hex goes to the error's offset for every broken node: one with
// its own error, one whose Describe fails, and a broken file's root.
func TestShowInHexAtTheError(t *testing.T) {
	w := newTestWindow(t)
	addFake(w)
	w.nav.selectUID(uidByPath(t, w, "bad")) // 0x130..0x150, broken at 0x140
	if got := hexRowShown(t, w); !strings.HasPrefix(got, "row at 0x140 ") {
		t.Errorf("broken node: %s", got)
	}

	d := &describeErrNode{Raw: *rawNode("phases", formats.KindMaterial, "MAT0", seq(128), 0x200)}
	f := &openFile{name: "d.lib", root: &formats.Folder{NodeName: "d.lib", NodeKind: formats.KindArchive, Items: []formats.Node{d}}}
	w.opened.addFiles([]*openFile{f})
	w.SelectNode(d)
	if got := hexRowShown(t, w); !strings.HasPrefix(got, "row at 0x250 ") {
		t.Errorf("Describe error at 0x25C: %s", got)
	}

	var img []byte
	for _, s := range samples.Files() {
		if s.Name == "rumbler.dff" {
			img = s.Data[:500] // the clump runs past the end: broken where the file ends
		}
	}
	broken := openMemory("cut.dff", img, &w.opts)
	if broken.err == nil {
		t.Fatal("the cut model opened")
	}
	w.opened.addFiles([]*openFile{broken})
	w.nav.selectUID(broken.uid)
	want := fmt.Sprintf("row at 0x%X ", formats.ErrorOffset(broken.err)&^0xF)
	if got := hexRowShown(t, w); !strings.HasPrefix(got, want) || want == "row at 0x0 " {
		t.Errorf("broken root (%v): %s, want %s", broken.err, got, want)
	}
}

// A node with findings but no error goes to its first finding; one whose
// error lies past its bytes goes to its last row.
func TestShowInHexFindingsAndOutside(t *testing.T) {
	w := newTestWindow(t)
	addFake(w)
	w.nav.selectUID(uidByPath(t, w, "odd")) // 0x300, 8 bytes, a finding at 0x104 (outside)
	if got := hexRowShown(t, w); !strings.HasPrefix(got, "row at 0x300 ") {
		t.Errorf("finding outside the node: %s", got)
	}
	far := &formats.BrokenNode{Raw: *rawNode("far", formats.KindMaterial, "MAT0", seq(64), 0x1000),
		Error: binread.Errorf(0x2000, "entry runs past the end")}
	f := &openFile{name: "far.lib", root: &formats.Folder{NodeName: "far.lib", NodeKind: formats.KindArchive, Items: []formats.Node{far}}}
	w.opened.addFiles([]*openFile{f})
	w.SelectNode(far)
	if got := hexRowShown(t, w); !strings.HasPrefix(got, "row at 0x1030 ") {
		t.Errorf("error past the end: %s", got)
	}
}
