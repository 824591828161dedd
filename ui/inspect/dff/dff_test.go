package dff

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/dff"
	"rummage/samples"
	"rummage/ui/inspect/inspecttest"
)

// sampleCar opens the sample gta3.img and returns its rumbler.dff.
func sampleCar(t *testing.T) *dff.Root {
	t.Helper()
	for _, s := range samples.Files() {
		if s.Name != "gta3.img" {
			continue
		}
		f, err := formats.OpenBytes(s.Name, s.Data, nil)
		if err != nil {
			t.Fatal(err)
		}
		n, _, err := formats.ResolvePath(f.Root, "rumbler.dff")
		if err != nil {
			t.Fatal(err)
		}
		return n.(*dff.Root)
	}
	t.Fatal("no sample gta3.img")
	return nil
}

// buttons returns the buttons under o.
func buttons(o fyne.CanvasObject) []*widget.Button {
	var out []*widget.Button
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.Button:
			out = append(out, w)
		case *fyne.Container:
			for _, k := range w.Objects {
				walk(k)
			}
		case *container.Scroll:
			walk(w.Content)
		}
	}
	walk(o)
	return out
}

func TestMaterialsTab(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	r := sampleCar(t)
	var names []string
	var mats fyne.CanvasObject
	for _, p := range inspecttest.Providers(t, r) {
		names = append(names, p.Name)
		tab := p.Make(h, r)
		if tab == nil || tab.Content == nil {
			t.Fatalf("tab %s made nothing", p.Name)
		}
		if p.Name == "Materials" {
			mats = tab.Content
		}
	}
	if j := strings.Join(names, ","); !strings.Contains(j, "Materials") || !strings.Contains(j, "Frames") {
		t.Fatalf("tabs %s", j)
	}
	// The RenderWare inspector's Sections tab reads this.
	if secs, err := r.Sections(); err != nil || len(secs) != 1 || secs[0].Name() != "Clump" {
		t.Fatalf("sections %v, %v", secs, err)
	}
	list, err := r.Materials()
	if err != nil {
		t.Fatal(err)
	}
	lines := MaterialLines(list)
	if len(lines) != 5 || !strings.Contains(lines[0], "rumbler_body → gta3.img/rumbler.txd/rumbler_body (name)") || !strings.Contains(lines[2], "untextured") {
		t.Fatalf("material lines:\n%s", strings.Join(lines, "\n"))
	}
	bs := buttons(mats)
	if len(bs) != 4 {
		t.Fatalf("%d Show texture buttons, want 4", len(bs))
	}
	test.Tap(bs[0])
	if h.Selected == nil || h.Selected.Name() != "rumbler_body" || h.Selected.Kind() != formats.KindTexture {
		t.Fatalf("Show texture selected %v", h.Selected)
	}
}

func TestFrameLabels(t *testing.T) {
	f, err := sampleCar(t).File()
	if err != nil {
		t.Fatal(err)
	}
	fn := f.Clump.FrameNodes()
	if got := FrameLabel(f.Clump, fn, 3); got != "3  wheel_rf_dummy  at (0.85, 1.4, 0.35)  · geometry_1" {
		t.Fatalf("frame 3 label %q", got)
	}
}

// sampleData returns the bytes of the built-in sample name.
func sampleData(t *testing.T, name string) []byte {
	t.Helper()
	for _, s := range samples.Files() {
		if s.Name == name {
			return s.Data
		}
	}
	t.Fatalf("no sample %s", name)
	return nil
}

// The Materials tab made after the shared --txd option changes (the
// window's File › Set texture dictionary…) shows the textures found in it.
func TestMaterialsTabAfterSetTXD(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("t")}
	opts := &formats.Options{}
	f, err := formats.OpenBytes("rumbler.dff", sampleData(t, "rumbler.dff"), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := f.Root.(*dff.Root)
	before := newMaterialsTab(h, r)
	if got := len(buttons(before)); got != 0 {
		t.Fatalf("%d buttons with no texture found, want 0", got)
	}
	hint := "File › Set texture dictionary…"
	if head := before.(*fyne.Container).Objects[1].(*widget.Label).Text; !strings.Contains(head, hint) {
		t.Fatalf("head %q does not name %s", head, hint)
	}
	p := filepath.Join(t.TempDir(), "rumbler.txd")
	if err := os.WriteFile(p, sampleData(t, "rumbler.txd"), 0o644); err != nil {
		t.Fatal(err)
	}
	opts.TXD = []string{p}
	after := newMaterialsTab(h, r)
	if head := after.(*fyne.Container).Objects[1].(*widget.Label).Text; strings.Contains(head, hint) {
		t.Fatalf("head %q still names %s with every texture found", head, hint)
	}
	bs := buttons(after)
	if len(bs) != 4 || bs[0].Text != "Where" {
		t.Fatalf("%d buttons after --txd, want 4 Where buttons", len(bs))
	}
	test.Tap(bs[0])
	if h.Message != "texture rumbler.txd/rumbler_body (open that dictionary to inspect it)" {
		t.Fatalf("Where said %q", h.Message)
	}
}
