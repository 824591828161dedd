package txd

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/export"
	"rummage/formats"
	"rummage/formats/txd"
	"rummage/ui/inspect/inspecttest"
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
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	root, file := txdFixture(t)
	kids, _ := root.Children()
	ps2 := kids[0].(*txd.TexNode)
	var names []string
	for _, p := range inspecttest.Providers(t, ps2) {
		names = append(names, p.Name)
		if tab := p.Make(h, ps2); tab == nil || tab.Content == nil {
			t.Fatalf("tab %s made nothing", p.Name)
		}
	}
	joined := strings.Join(names, ",")
	if !strings.Contains(joined, "TXD") || !strings.Contains(joined, "PS2") {
		t.Fatalf("PS2 texture tabs %v", names)
	}
	for _, p := range inspecttest.Providers(t, kids[1]) {
		if p.Name == "PS2" {
			t.Fatal("a D3D9 texture got the PS2 tab")
		}
	}
	var sec bool
	for _, p := range inspecttest.Providers(t, root) {
		if p.Name == "Sections" {
			sec = true
			p.Make(h, root)
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
	txdEdit(h, ps2, "Rename", nt)
	if ps2.Name() != "renamed" || !root.(formats.Saver).Edited() || len(h.Edits) != 1 {
		t.Fatal("rename not applied")
	}
	if err := h.Edits[0].Undo(); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	root.(formats.Saver).WriteTo(&out)
	if ps2.Name() != "ps2tex" || !bytes.Equal(out.Bytes(), file) {
		t.Fatal("undo did not restore the file")
	}
	if s := PaletteText(ps2.Texture().PaletteColors()[:2]); !strings.Contains(s, "  0: ") {
		t.Fatalf("palette text %q", s)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestPaletteViewAndRegisterText(t *testing.T) {
	test.NewTempApp(t)
	pal := []color.NRGBA{{255, 0, 0, 255}, {0, 255, 0, 0}, {255, 255, 255, 128}}
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

// Export PNG… goes through the window's Export… with PNG chosen.
func TestTXDExportGoesThroughHost(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	root, _ := txdFixture(t)
	kids, _ := root.Children()
	ps2 := kids[0].(*txd.TexNode)
	tab := newTXDTab(h, ps2)
	var exportB *widget.Button
	for _, b := range inspecttest.Find[*widget.Button](tab) {
		if b.Text == "Export PNG…" {
			exportB = b
		}
	}
	if exportB == nil {
		t.Fatal("no Export PNG… button")
	}
	test.Tap(exportB)
	if h.Exported != formats.Node(ps2) || h.As != export.PNG {
		t.Errorf("exported %v as %q", h.Exported, h.As)
	}
}

// Apply filter/addressing edits the texture through txd.WithModes: a
// changed mode is one undoable edit, the same modes again are none.
func TestTXDApplyModes(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	root, _ := txdFixture(t)
	kids, _ := root.Children()
	pc := kids[1].(*txd.TexNode)
	tab := newTXDTab(h, pc)
	var apply *widget.Button
	for _, b := range inspecttest.Find[*widget.Button](tab) {
		if b.Text == "Apply filter/addressing" {
			apply = b
		}
	}
	selects := inspecttest.Find[*widget.Select](tab)
	if apply == nil || len(selects) != 3 {
		t.Fatalf("apply button %v, %d selects", apply, len(selects))
	}
	selects[0].SetSelected("MIPLINEAR")
	selects[2].SetSelected("MIRROR")
	test.Tap(apply)
	if got := pc.Texture(); len(h.Edits) != 1 || txd.FilterName(got.Filter()) != "MIPLINEAR" || txd.AddressName(got.VAddress()) != "MIRROR" {
		t.Fatalf("%d edits, filter %s, v %s (status %q)", len(h.Edits), txd.FilterName(got.Filter()), txd.AddressName(got.VAddress()), h.Message)
	}
	test.Tap(apply)
	if len(h.Edits) != 1 {
		t.Errorf("unchanged modes made %d edits", len(h.Edits)-1)
	}
}
