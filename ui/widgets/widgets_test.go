package widgets

import (
	"errors"
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
)

// A short Overview table is no taller than its rows (its column divider
// ran down the empty inspector); a long one fills the space and scrolls.
func TestFitRows(t *testing.T) {
	test.NewTempApp(t)
	o := widget.NewLabel("x")
	for _, c := range []struct {
		rows int
		want float32
	}{{0, 0}, {3, 100}, {1000, 500}} {
		f := &FitRows{Rows: c.rows, RowH: 20}
		f.Layout([]fyne.CanvasObject{o}, fyne.NewSize(300, 500))
		if o.Size().Height != c.want || o.Size().Width != 300 {
			t.Errorf("%d rows: size %v, want height %v", c.rows, o.Size(), c.want)
		}
	}
}

func TestTextureBackground(t *testing.T) {
	t.Cleanup(func() { SetTextureBackground("") })
	if TextureBackground() != "checkerboard" || TextureBG(0, 0) != Checker(0, 0) || TextureBG(8, 0) != Checker(8, 0) {
		t.Fatalf("default background %q", TextureBackground())
	}
	SetTextureBackground("black")
	if TextureBackground() != "black" || TextureBG(0, 0) != 0 || TextureBG(8, 0) != 0 {
		t.Errorf("background %q: %d %d", TextureBackground(), TextureBG(0, 0), TextureBG(8, 0))
	}
	SetTextureBackground("no such background")
	if TextureBackground() != TextureBackgrounds()[0] {
		t.Errorf("unknown name gave %q", TextureBackground())
	}
}

// namePanic is a node whose Name panics.
type namePanic struct{ formats.Folder }

func (*namePanic) Name() string { panic("name exploded") }

func TestChildNames(t *testing.T) {
	a := &formats.Folder{NodeName: "x"}
	names, err := ChildNames([]formats.Node{a, nil, &formats.Folder{NodeName: "x"}}, &formats.Folder{})
	if err != nil || len(names) != 3 || names[0] != "x@0" || names[2] != "x@2" {
		t.Errorf("names %q, %v", names, err)
	}
	_, err = ChildNames([]formats.Node{&namePanic{}}, &formats.Folder{NodeName: "p"})
	var pe *formats.PanicError
	if !errors.As(err, &pe) || !strings.Contains(ProblemText(err), "child names of p: internal error: name exploded") {
		t.Errorf("panic gave %v (%q)", err, ProblemText(err))
	}
}

// A measured column fits its longest cell or its title, within the limits.
func TestColumnWidths(t *testing.T) {
	test.NewTempApp(t)
	cells := [][]string{{"1", "short", strings.Repeat("long text ", 80)}, {"22", "a longer name", "x"}}
	c := Columns{Titles: []string{"#", "name", "notes"}, Max: 300}
	w := c.Widths(len(cells), func(r, col int) string { return cells[r][col] })
	if w[0] != ColumnMin || w[2] != 300 {
		t.Errorf("widths %v: want the narrowest %v and the cap 300", w, float32(ColumnMin))
	}
	name := fyne.MeasureText("a longer name", 14, fyne.TextStyle{}).Width
	if w[1] < name || w[1] > name+40 {
		t.Errorf("name column %v for a %v wide text", w[1], name)
	}
	c.Extra = func(col int) float32 { return 30 }
	if w2 := c.Widths(len(cells), func(r, col int) string { return cells[r][col] }); w2[1] != w[1]+30 {
		t.Errorf("with 30 of extra room: %v, was %v", w2[1], w[1])
	}
}

// A fit split gives its top what it wants (within its share) until the
// user drags the divider; then the user's offset stays.
func TestFitSplit(t *testing.T) {
	test.NewTempApp(t)
	o := NewFitSplit(widget.NewLabel("top"), widget.NewLabel("bottom"), 150, 0.6)
	split := o.(*fyne.Container).Objects[0].(*container.Split)
	o.Resize(fyne.NewSize(400, 500))
	if math.Abs(split.Offset-0.3) > 1e-6 {
		t.Errorf("offset %v at 500 high, want 150/500", split.Offset)
	}
	o.Resize(fyne.NewSize(400, 200))
	if split.Offset != 0.6 {
		t.Errorf("offset %v at 200 high, want the cap 0.6", split.Offset)
	}
	split.SetOffset(0.5) // the user drags
	o.Resize(fyne.NewSize(400, 1000))
	if split.Offset != 0.5 {
		t.Errorf("offset %v after a drag, want 0.5 kept", split.Offset)
	}
}
