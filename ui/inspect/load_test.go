package inspect

import (
	"errors"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// Quick work is shown at once: Load returns what show makes of it, and a
// panic in the work comes to show as an error.
func TestLoadQuick(t *testing.T) {
	test.NewTempApp(t)
	want := widget.NewLabel("ready")
	got := Load("Counting…", func() (int, error) { return 42, nil }, func(n int, err error) fyne.CanvasObject {
		if n != 42 || err != nil {
			t.Errorf("show(%d, %v)", n, err)
		}
		return want
	})
	if got != want {
		t.Errorf("Load gave %T, not the content", got)
	}
	Load("Counting…", func() (int, error) { panic("decoder bug") }, func(_ int, err error) fyne.CanvasObject {
		if err == nil {
			t.Error("a panic in the work came as no error")
		}
		return want
	})
}

// Slow work leaves the tab empty, then shows what it is doing with an
// activity bar once ProgressAfter has passed, then the content.
func TestLoadShowsProgress(t *testing.T) {
	test.NewTempApp(t)
	steps := make(chan string, 4)
	loadStep = func(s string) { steps <- s }
	defer func() { loadStep = func(string) {} }()
	gate := make(chan struct{})
	content := widget.NewLabel("the materials")
	o := loadWithin(0, 10*time.Millisecond, "Looking for the textures…", func() (string, error) {
		<-gate
		return "", errors.New("no dictionary")
	}, func(_ string, err error) fyne.CanvasObject {
		content.SetText(err.Error())
		return content
	})
	holder := o.(*fyne.Container)
	if s := <-steps; s != "busy" {
		t.Fatalf("first step %q", s)
	}
	labels, bars := findLabels(holder), 0
	for _, b := range findAll(holder) {
		if _, ok := b.(*widget.ProgressBarInfinite); ok && b.Visible() {
			bars++
		}
	}
	if bars != 1 || len(labels) != 1 || labels[0].Text != "Looking for the textures…" {
		t.Errorf("while working: %d bars, labels %v", bars, labels)
	}
	close(gate)
	if s := <-steps; s != "shown" {
		t.Fatalf("then %q", s)
	}
	if len(holder.Objects) != 1 || holder.Objects[0] != content || content.Text != "no dictionary" {
		t.Errorf("done: %v %q", holder.Objects, content.Text)
	}
}

// findAll is every object in o's containers.
func findAll(o fyne.CanvasObject) []fyne.CanvasObject {
	out := []fyne.CanvasObject{o}
	if c, ok := o.(*fyne.Container); ok {
		for _, k := range c.Objects {
			out = append(out, findAll(k)...)
		}
	}
	return out
}

// findLabels is every label in o's containers.
func findLabels(o fyne.CanvasObject) []*widget.Label {
	var out []*widget.Label
	for _, k := range findAll(o) {
		if l, ok := k.(*widget.Label); ok {
			out = append(out, l)
		}
	}
	return out
}
