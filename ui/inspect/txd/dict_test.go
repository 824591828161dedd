package txd

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/txd"
	"rummage/ui/inspect/inspecttest"
)

// dictFixture is a D3D9 dictionary of n textures written by our writer,
// named t000, t001, ... with sizes and formats that differ.
func dictFixture(t testing.TB, n int) (*txd.Root, []byte) {
	t.Helper()
	d := txd.NewDictionary(txd.StampSA, 2)
	for i := 0; i < n; i++ {
		s := 4 << (i % 4)
		img := image.NewNRGBA(image.Rect(0, 0, s, s))
		for p := range img.Pix {
			img.Pix[p] = byte(p*7 + i*31)
		}
		format := []string{"8888", "DXT1", "PAL8", "565"}[i%3]
		tx, err := txd.NewTextureFor(img, txd.AddOptions{Name: "t" + string(rune('0'+i/100)) + string(rune('0'+i/10%10)) + string(rune('0'+i%10)),
			Platform: txd.PlatformD3D9, Stamp: txd.StampSA, Format: format, Mips: 1})
		if err != nil {
			t.Fatal(err)
		}
		d.Add(tx)
	}
	b, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	n2, err := formats.OpenFile(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "t.txd"})
	if err != nil {
		t.Fatal(err)
	}
	return n2.(*txd.Root), b
}

func firstCol(v *dictView) []string {
	var out []string
	for _, r := range v.rows {
		out = append(out, r.cell(1))
	}
	return out
}

// keepSort puts the lists' remembered order back when the test ends.
func keepSort(t *testing.T) {
	old := listSort
	t.Cleanup(func() { listSort = old })
}

func TestDictListSortsByHeader(t *testing.T) {
	keepSort(t)
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	root, _ := dictFixture(t, 6)
	v := newDictView(h, root)
	v.thumbs.done = nil
	defer v.thumbs.close()
	h.Win.SetContent(v.content)
	h.Win.Resize(fyne.NewSize(900, 600))
	if got := strings.Join(firstCol(v), ","); got != "t000,t001,t002,t003,t004,t005" {
		t.Fatalf("order %s", got)
	}
	// Sort by W×H through the header's button, then reverse it.
	v.sortBy(2)
	if v.rows[0].w > v.rows[len(v.rows)-1].w {
		t.Errorf("W×H ascending: %v", firstCol(v))
	}
	v.sortBy(2)
	if v.rows[0].w < v.rows[len(v.rows)-1].w {
		t.Errorf("W×H descending: %v", firstCol(v))
	}
	v.sortBy(3)
	if v.rows[0].format != "8888" || v.rows[len(v.rows)-1].format != "PAL8" {
		t.Errorf("by format: %s", v.ListText())
	}
	v.sortBy(1)
	v.sortBy(1)
	if firstCol(v)[0] != "t005" {
		t.Errorf("name descending: %v", firstCol(v))
	}
	// The header buttons sort too.
	b := &widget.Button{}
	v.updateHeader(widget.TableCellID{Row: -1, Col: 4}, b)
	test.Tap(b)
	if v.sortCol != 4 || v.desc {
		t.Errorf("tapping the Mips header: sort column %d desc %v", v.sortCol, v.desc)
	}
	row := v.rows[0]
	if row.cell(5) != "no" && row.cell(5) != "yes" && row.cell(5) != "1-bit" {
		t.Errorf("alpha %q", row.cell(5))
	}
	if !strings.Contains(v.ListText(), "d3d9") {
		t.Errorf("platform missing:\n%s", v.ListText())
	}
}

// decodeInBackground lets thumbnails decode on their worker, as in the
// window, for the rest of the test.
func decodeInBackground(tb testing.TB) {
	decodeInline = false
	tb.Cleanup(func() { decodeInline = true })
}

// waitThumbs waits for the background decoding of thumbnails.
func waitThumbs(t *testing.T, th *thumbs) {
	t.Helper()
	for i := 0; i < 500 && th.pending() > 0; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if th.pending() > 0 {
		t.Fatal("thumbnails still pending after 5 s")
	}
}

func TestGridDecodesOnlyWhatIsShown(t *testing.T) {
	decodeInBackground(t)
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	root, _ := dictFixture(t, 300)
	kids, _ := root.Children()
	g := newGridView(h, kids)
	g.thumbs.done = nil // the test driver's fyne.Do would refresh from the worker
	defer g.thumbs.close()
	h.Win.SetContent(g.content)
	h.Win.Resize(fyne.NewSize(600, 400))
	waitThumbs(t, g.thumbs)
	g.thumbs.mu.Lock()
	decoded := len(g.thumbs.cache)
	g.thumbs.mu.Unlock()
	if decoded == 0 || decoded >= 100 {
		t.Errorf("%d of 300 thumbnails decoded for a 600×400 grid", decoded)
	}
	g.grid.ScrollToBottom()
	waitThumbs(t, g.thumbs)
	g.thumbs.mu.Lock()
	_, last := g.thumbs.cache[thumbKey(kids[299])]
	_, mid := g.thumbs.cache[thumbKey(kids[150])]
	g.thumbs.mu.Unlock()
	if !last || mid {
		t.Errorf("after scrolling to the end: last decoded %v, middle decoded %v", last, mid)
	}
	g.grid.OnSelected(3)
	if h.Selected != kids[3] {
		t.Error("clicking a thumbnail does not open its texture")
	}
}

func TestGridOnParkanTextures(t *testing.T) {
	root := inspecttest.OpenSample(t, "Textures.lib")
	if texChildren(root) == nil {
		t.Fatal("Textures.lib gets no grid")
	}
	for _, p := range inspecttest.Providers(t, root) {
		if p.Name == "Grid" {
			return
		}
	}
	t.Error("no Grid tab for Textures.lib")
}

// undoAll reverts every edit the host applied, newest first.
func undoAll(t *testing.T, h *inspecttest.Host) {
	t.Helper()
	for i := len(h.Edits) - 1; i >= 0; i-- {
		if err := h.Edits[i].Undo(); err != nil {
			t.Fatal(err)
		}
	}
	h.Edits = nil
}

// undoAllGivesBack reverts every edit and checks the dictionary writes the
// bytes it was opened with and counts as unedited.
func undoAllGivesBack(t *testing.T, h *inspecttest.Host, root *txd.Root, orig []byte) {
	t.Helper()
	undoAll(t, h)
	var b bytes.Buffer
	if _, err := root.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), orig) || root.Edited() {
		t.Error("undoing every edit does not give back the file")
	}
}

func savedNames(t *testing.T, r *txd.Root) string {
	t.Helper()
	var b bytes.Buffer
	if _, err := r.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	n, err := formats.OpenFile(formats.Source{R: bytes.NewReader(b.Bytes()), Size: int64(b.Len()), Name: "x.txd"})
	if err != nil {
		t.Fatal(err)
	}
	kids, _ := n.Children()
	var out []string
	for _, k := range kids {
		out = append(out, k.Name())
	}
	return strings.Join(out, ",")
}

func TestDictEditsUndo(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	root, orig := dictFixture(t, 3)
	v := newDictView(h, root)
	defer v.thumbs.close()
	kids, _ := root.Children()
	pick := func(i int) { v.sel = kids[i] }
	dir := t.TempDir()
	img := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	for p := range img.Pix {
		img.Pix[p] = 200
	}
	f, _ := os.Create(filepath.Join(dir, "new.png"))
	png.Encode(f, img)
	f.Close()

	steps := []struct {
		name string
		do   func()
		want string
	}{
		{"add", func() { v.imp.addFile(filepath.Join(dir, "new.png"), "auto", mipChoices[1]) }, "t000,t001,t002,new"},
		{"duplicate", func() { pick(0); v.duplicate() }, "t000,t000_2,t001,t002,new"},
		{"move down", func() { pick(0); v.move(+1) }, "t000_2,t000,t001,t002,new"},
		{"remove", func() { pick(1); v.remove() }, "t000_2,t000,t002,new"},
		{"rename", func() { kids, _ = root.Children(); v.renameTo(kids[0].(*txd.TexNode), "renamed") }, "renamed,t000,t002,new"},
		{"mips", func() { kids, _ = root.Children(); v.setMips(kids[1].(*txd.TexNode), "lanczos") }, "renamed,t000,t002,new"},
		{"filter", func() { kids, _ = root.Children(); v.setModes(kids[1].(*txd.TexNode), "NEAREST", "CLAMP", "MIRROR") }, "renamed,t000,t002,new"},
	}
	for _, s := range steps {
		before := len(h.Edits)
		s.do()
		if len(h.Edits) != before+1 {
			t.Fatalf("%s: no edit applied (%s)", s.name, h.Message)
		}
		if got := savedNames(t, root); got != s.want {
			t.Fatalf("%s: saved %s, want %s", s.name, got, s.want)
		}
		if got := strings.Join(firstCol(v), ","); got != s.want {
			t.Fatalf("%s: list shows %s", s.name, got)
		}
	}
	kids, _ = root.Children()
	tx := kids[1].(*txd.TexNode).Texture()
	if len(tx.Levels) < 2 || txd.FilterName(tx.Filter()) != "NEAREST" || txd.AddressName(tx.UAddress()) != "CLAMP" {
		t.Errorf("t000 after mips and filter: %d levels, filter %s", len(tx.Levels), txd.FilterName(tx.Filter()))
	}
	undoAllGivesBack(t, h, root, orig)
}

func TestDropFolderReplacesByName(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	root, orig := dictFixture(t, 3)
	v := newDictView(h, root)
	defer v.thumbs.close()
	dir := t.TempDir()
	for _, name := range []string{"T001.png", "other.png"} {
		f, _ := os.Create(filepath.Join(dir, name))
		png.Encode(f, image.NewNRGBA(image.Rect(0, 0, 8, 8)))
		f.Close()
	}
	kids, _ := root.Children()
	old := kids[1].(*txd.TexNode).Texture()
	if !v.imp.dropFolder([]string{dir}) {
		t.Fatal("the folder was not taken")
	}
	if len(h.Edits) != 1 || kids[1].(*txd.TexNode).Texture() == old || kids[0].(*txd.TexNode).Texture().Edited() {
		t.Fatalf("drop: %d edits, %s", len(h.Edits), h.Message)
	}
	if !strings.Contains(h.Message, "other") {
		t.Errorf("the unmatched PNG is not reported: %q", h.Message)
	}
	if nt := kids[1].(*txd.TexNode).Texture(); nt.Width != old.Width || nt.FormatName() != old.FormatName() {
		t.Errorf("replaced texture is %d wide %s, was %d %s", nt.Width, nt.FormatName(), old.Width, old.FormatName())
	}
	if v.imp.dropFolder([]string{filepath.Join(dir, "missing")}) {
		t.Error("a missing path was taken")
	}
	undoAllGivesBack(t, h, root, orig)
}

// A list made again (the dictionary shown again after one of its
// textures) keeps the order it was sorted in.
func TestDictListKeepsSort(t *testing.T) {
	keepSort(t)
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	root, _ := dictFixture(t, 6)
	v := newDictView(h, root)
	v.thumbs.done = nil
	v.sortBy(1)
	v.sortBy(1) // names descending
	v.thumbs.close()
	again := newDictView(h, root)
	again.thumbs.done = nil
	defer again.thumbs.close()
	if got := strings.Join(firstCol(again), ","); got != "t005,t004,t003,t002,t001,t000" || again.sortCol != 1 || !again.desc {
		t.Errorf("shown again: %s (column %d, descending %v)", got, again.sortCol, again.desc)
	}
}
