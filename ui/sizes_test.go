package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/ui/i18n"
	"rummage/ui/inspect"
	"rummage/ui/inspect/inspecttest"
	"rummage/ui/widgets"
)

// inspectorSpace is the room the window of size gives an inspector tab:
// the size of the scroll every tab sits in, with the first file's root
// shown.
func inspectorSpace(t *testing.T, w *window, size fyne.Size) fyne.Size {
	t.Helper()
	w.win.Resize(size)
	w.selectUID(w.files[0].uid)
	sc, ok := w.insp.tabs.Selected().Content.(*container.Scroll)
	if !ok || sc.Size().Width < 100 || sc.Size().Height < 100 {
		t.Fatalf("no room for the inspector at %v: %T %v", size, w.insp.tabs.Selected().Content, sc)
	}
	return sc.Size()
}

// sampleNodes returns the first node of every kind and type tag among the
// samples, as the inspector screenshots pick them.
func sampleNodes(w *window) []formats.Node {
	seen := map[string]bool{}
	var out []formats.Node
	var walk func(n formats.Node)
	walk = func(n formats.Node) {
		key := string(formats.SafeKind(n)) + "/" + formats.SafeType(n)
		if !seen[key] {
			seen[key] = true
			out = append(out, n)
		}
		kids, _ := formats.SafeChildren(n)
		for _, k := range kids {
			if k != nil {
				walk(k)
			}
		}
	}
	for _, f := range w.files {
		walk(f.root)
	}
	return out
}

// At 1024×640 no inspector tab of the sample nodes needs more room than
// the window gives it: no button is cut off, no tab scrolls as a whole;
// in English and in Russian, whose words are longer. (The mesh preview,
// whose frames would race the test driver, is checked in its own
// package.)
func TestInspectorsFitSmallWindow(t *testing.T) {
	t.Cleanup(func() { i18n.Use(i18n.English) })
	for _, l := range []string{i18n.English, i18n.Russian} {
		i18n.Use(l)
		t.Run(l, checkInspectorsFit)
	}
}

// checkInspectorsFit checks the inspectors' tabs at 1024×640 in the
// language in use.
func checkInspectorsFit(t *testing.T) {
	w := newTestWindow(t)
	w.app.Settings().SetTheme(theme.DefaultTheme()) // the window's sizes and fonts, not the test theme's
	w.addFiles(sampleFiles(&w.opts))
	space := inspectorSpace(t, w, fyne.NewSize(1024, 640))
	tabs := 0
	for _, n := range sampleNodes(w) {
		inspect.FactsFor(n) // decodes a level now: its Statistics tab is built at once
		providers, err := inspect.TabsFor(n)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range providers {
			if p.Name == "Preview" {
				continue
			}
			tab := p.Make(w, n)
			if tab == nil {
				continue
			}
			tabs++
			if need := tab.Content.MinSize(); need.Width > space.Width || need.Height > space.Height {
				t.Errorf("%s (%s): the %s tab needs %v, the inspector has %v", formats.SafeName(n), formats.SafeType(n), tab.Title, need, space)
			}
			if tab.Close != nil {
				tab.Close()
			}
		}
	}
	if tabs < 10 {
		t.Errorf("only %d tabs checked", tabs)
	}
}

// At 1280×800 the level's Statistics show more than four rows of the
// chunk table.
func TestLevelChunkRowsAt1280x800(t *testing.T) {
	w := newTestWindow(t)
	w.addFiles(sampleFiles(&w.opts))
	space := inspectorSpace(t, w, fyne.NewSize(1280, 800))
	level := inspecttest.OpenSample(t, "xray_level_v4")
	inspect.FactsFor(level)
	var content fyne.CanvasObject
	for _, p := range inspecttest.Providers(t, level) {
		if p.Name == "Statistics" {
			content = p.Make(w, level).Content
		}
	}
	if content == nil {
		t.Fatal("no Statistics tab")
	}
	win := fyne.CurrentApp().NewWindow("stats")
	defer win.Close()
	win.SetContent(content)
	win.Resize(space)
	tables := inspecttest.Find[*widget.Table](content)
	if len(tables) == 0 {
		t.Fatal("no chunk table")
	}
	rowH := widgets.RowHeight()
	if rows := int((tables[0].Size().Height - rowH) / rowH); rows <= 4 {
		t.Errorf("the chunk table shows %d rows (%v high) in %v", rows, tables[0].Size().Height, space)
	}
}
