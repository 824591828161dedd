package ui

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/txd"
)

func txdFixture(t *testing.T) (formats.Node, []byte) {
	img := image.NewNRGBA(image.Rect(0, 0, 32, 16))
	for y := 0; y < 16; y++ {
		for x := 0; x < 32; x++ {
			img.SetNRGBA(x, y, color.NRGBA{byte(x * 8), byte(y * 16), byte((x + y) % 4 * 60), 255})
		}
	}
	a, err := txd.NewPS2(img, txd.Options{Name: "ps2tex", Format: txd.FmtPal8 | txd.Fmt8888})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := txd.NewD3D(txd.PlatformD3D9, img, txd.Options{Name: "pctex", Compression: txd.CompDXT1})
	d := txd.NewDictionary(txd.StampSA, 6)
	d.Add(a)
	d.Add(b)
	file, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(file), Size: int64(len(file)), Name: "t.txd"})
	if err != nil {
		t.Fatal(err)
	}
	return root, file
}

func TestTXDTabs(t *testing.T) {
	w := newTestWindow(t)
	root, file := txdFixture(t)
	kids, _ := root.Children()
	ps2 := kids[0].(*txd.TexNode)
	var names []string
	for _, p := range tabsFor(ps2) {
		names = append(names, p.Name)
		if tab := p.Make(w, ps2); tab == nil || tab.Content == nil {
			t.Fatalf("tab %s made nothing", p.Name)
		}
	}
	joined := strings.Join(names, ",")
	if !strings.Contains(joined, "TXD") || !strings.Contains(joined, "PS2") {
		t.Fatalf("PS2 texture tabs %v", names)
	}
	for _, p := range tabsFor(kids[1]) {
		if p.Name == "PS2" {
			t.Fatal("a D3D9 texture got the PS2 tab")
		}
	}
	var sec bool
	for _, p := range tabsFor(root) {
		if p.Name == "Sections" {
			sec = true
			p.Make(w, root)
		}
	}
	if !sec {
		t.Fatal("no Sections tab for a TXD root")
	}
	lines := SectionLines(must(root.(sectioned).Sections()))
	if !strings.HasPrefix(lines[0], "Texture Dictionary") || !strings.Contains(strings.Join(lines, "\n"), "    Struct") {
		t.Fatalf("section lines:\n%s", strings.Join(lines, "\n"))
	}
	// Rename through the host's undo stack.
	nt, _ := txd.Rename(ps2.Texture(), "renamed", "")
	txdEdit(w, ps2, "Rename", nt)
	if ps2.Name() != "renamed" || !root.(formats.Saver).Edited() {
		t.Fatal("rename not applied")
	}
	w.undoEdit()
	var out bytes.Buffer
	root.(formats.Saver).WriteTo(&out)
	if ps2.Name() != "ps2tex" || !bytes.Equal(out.Bytes(), file) {
		t.Fatal("undo did not restore the file")
	}
	if s := PaletteText(ps2.Texture().Palette()[:2]); !strings.Contains(s, "  0: ") {
		t.Fatalf("palette text %q", s)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestTXDEditInWindow(t *testing.T) {
	w := newTestWindow(t)
	root, _ := txdFixture(t)
	w.addFiles([]*openFile{{name: "t.txd", root: root}})
	kids, _ := root.Children()
	ps2 := kids[0].(*txd.TexNode)
	w.SelectNode(ps2)
	nt, _ := txd.Rename(ps2.Texture(), "edited", "")
	txdEdit(w, ps2, "Rename", nt)
	if w.sel == nil || w.sel.node != formats.Node(ps2) {
		t.Fatalf("selection after the edit: %v", w.sel)
	}
	if !root.(formats.Saver).Edited() || ps2.Name() != "edited" {
		t.Fatal("edit not applied")
	}
}
