package ui

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

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

// renameInWindow opens the TXD fixture in a test window, selects its first
// (PS2) texture and renames it to "edited" through txdEdit.
func renameInWindow(t *testing.T) (w *window, root formats.Node, ps2 *txd.TexNode) {
	t.Helper()
	w = newTestWindow(t)
	root, _ = txdFixture(t)
	w.addFiles([]*openFile{{name: "t.txd", root: root}})
	kids, _ := root.Children()
	ps2 = kids[0].(*txd.TexNode)
	w.SelectNode(ps2)
	nt, _ := txd.Rename(ps2.Texture(), "edited", "")
	txdEdit(w, ps2, "Rename", nt)
	return w, root, ps2
}

func TestTXDEditInWindow(t *testing.T) {
	w, root, ps2 := renameInWindow(t)
	if w.sel == nil || w.sel.node != formats.Node(ps2) {
		t.Fatalf("selection after the edit: %v", w.sel)
	}
	if !root.(formats.Saver).Edited() || ps2.Name() != "edited" {
		t.Fatal("edit not applied")
	}
}

func TestPaletteViewAndRegisterText(t *testing.T) {
	test.NewTempApp(t)
	pal := []uint32{0xFF0000FF, 0x0000FF00, 0x80FFFFFF}
	img := swatchImage(pal)
	if img.Rect.Dx() != 3*paletteCell || img.Rect.Dy() != paletteCell {
		t.Fatalf("swatch image %v", img.Rect)
	}
	// Entry 1 is transparent green: its solid half is green, the rest is the checkerboard.
	solid := img.NRGBAAt(paletteCell+3, 3)
	over := img.NRGBAAt(paletteCell+paletteCell-4, paletteCell-4)
	if solid != (color.NRGBA{0, 255, 0, 255}) || over.G == 255 {
		t.Fatalf("transparent entry drawn %v / %v", solid, over)
	}
	info := widget.NewLabel("")
	v := newPaletteView(pal, info)
	v.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(2*paletteCell+2, 2)}})
	if !strings.Contains(info.Text, "entry 2") || !strings.Contains(info.Text, "A 128") {
		t.Fatalf("hover text %q", info.Text)
	}
	if v.entryAt(fyne.NewPos(5*paletteCell, 2)) != -1 {
		t.Fatal("an empty cell maps to an entry")
	}

	root, _ := txdFixture(t)
	kids, _ := root.Children()
	titles, blocks := RegisterGroups(kids[0].(*txd.TexNode).Texture())
	all := strings.Join(titles, ",") + "\n" + strings.Join(blocks, "\n")
	for _, want := range []string{"TEX0", "MIPTBP1", "Levels", "PSMT8", "TRXREG 16×8", "Sky Mipmap Val"} {
		if !strings.Contains(all, want) {
			t.Errorf("register text lacks %q:\n%s", want, all)
		}
	}
	if titles, _ := RegisterGroups(kids[1].(*txd.TexNode).Texture()); titles != nil {
		t.Fatal("register groups for a D3D texture")
	}
}

// Undo and redo from the menu show the reverted texture in the TXD tabs.
func TestTXDUndoRefreshesTabs(t *testing.T) {
	w, _, _ := renameInWindow(t)
	if !strings.Contains(tabText(w), "edited") {
		t.Fatal("the TXD tab does not show the edit")
	}
	w.undoEdit()
	if got := tabText(w); strings.Contains(got, "edited") || !strings.Contains(got, "ps2tex") {
		t.Fatalf("after undo the TXD tab shows %q", got)
	}
	w.redoEdit()
	if !strings.Contains(tabText(w), "edited") {
		t.Fatal("after redo the TXD tab does not show the edit")
	}
}

// tabText collects the label texts of the inspector's TXD tab.
func tabText(w *window) string {
	var b strings.Builder
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch v := o.(type) {
		case *widget.Label:
			b.WriteString(v.Text + "\n")
		case *fyne.Container:
			for _, k := range v.Objects {
				walk(k)
			}
		case *container.Scroll:
			walk(v.Content)
		}
	}
	for _, it := range w.insp.tabs.Items {
		if it.Text == "TXD" {
			walk(it.Content)
		}
	}
	return b.String()
}
