package ui

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/export"
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
	w.nav.selectUID(w.opened.files[0].uid)
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
	for _, f := range w.opened.files {
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
	w.opened.addFiles(sampleFiles(&w.opts))
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
	w.opened.addFiles(sampleFiles(&w.opts))
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

// fitLimit is the smallest window every state must fit: the content's
// minimum size never passes it, so the window never grows by itself.
var fitLimit = fyne.NewSize(1024, 640)

// checkFits fails when the window's content (or the dialog on top of it)
// needs more room than fitLimit in the state named.
func checkFits(t *testing.T, w *window, state string) {
	t.Helper()
	if need := w.win.Content().MinSize(); need.Width > fitLimit.Width || need.Height > fitLimit.Height {
		t.Errorf("%s: the window's content needs %v, more than %v (%s)", state, need, fitLimit, widest(t, w.win.Content(), fitLimit.Width, ""))
	}
	for _, o := range w.win.Canvas().Overlays().List() {
		if need := o.MinSize(); need.Width > fitLimit.Width || need.Height > fitLimit.Height {
			t.Errorf("%s: a dialog needs %v, more than %v (%s)", state, need, fitLimit, widest(t, o, fitLimit.Width, ""))
		}
	}
}

// longText is a message or name far wider than any window.
var longText = strings.Repeat("a_very_long_folder_name_without_spaces/", 12) + "export"

// The window's content fits 1024×640 whatever it shows: every sample
// node's inspector, long names, long messages and errors, the progress of
// an export and its end; in English and in Russian.
func TestWindowNeverGrows(t *testing.T) {
	t.Cleanup(func() { i18n.Use(i18n.English) })
	for _, l := range []string{i18n.English, i18n.Russian} {
		i18n.Use(l)
		t.Run(l, checkWindowStates)
	}
}

func checkWindowStates(t *testing.T) {
	w := newTestWindow(t)
	w.app.Settings().SetTheme(theme.DefaultTheme())
	w.opened.addFiles(sampleFiles(&w.opts))
	w.win.Resize(fitLimit)
	checkFits(t, w, "the samples open")
	for _, n := range sampleNodes(w) {
		w.nav.SelectNode(n)
		checkFits(t, w, "inspecting "+formats.SafeName(n))
	}
	long := &formats.Folder{NodeName: longText + ".lib", NodeKind: formats.KindArchive, Tag: "NRes",
		Items: []formats.Node{rawNode(longText, formats.KindRaw, "", seq(4), 0x10)}}
	f := &openFile{name: long.NodeName, path: "/" + longText + "/" + long.NodeName, root: long}
	w.opened.addFiles([]*openFile{f})
	w.nav.selectUID(f.uid)
	checkFits(t, w, "a root with a long name")
	w.nav.SelectNode(long.Items[0])
	checkFits(t, w, "a node with a long name")
	w.status.Status(longText)
	checkFits(t, w, "a long message")
	w.status.setError(errors.New(longText))
	checkFits(t, w, "a long error")
	w.status.messageAction("exported 3 files to "+longText, false, "Open folder", func() {})
	checkFits(t, w, "a long message with its action")
	w.status.startProgress("Exporting "+longText, func() {})
	w.status.progress("Exporting (123456 failed)", 1234567, 7654321)
	checkFits(t, w, "exporting")
	w.status.endProgress()
	v := w.exporter.showExportDialog([]exportSel{{file: f, item: export.Item{Node: long}}}, longText)
	v.dir.SetText(longText)
	v.problem.SetText(longText)
	v.problem.Show()
	checkFits(t, w, "the Export… dialog")
	v.dlg.Hide()
	w.exporter.exportFinished("/tmp/"+longText, exportOutcome{written: []string{"a"}, failures: []export.Failure{{Path: longText, Err: errors.New(longText)}}})
	checkFits(t, w, "after an export with failures")
}

// widest names the object deepest in o whose minimum width passes limit
// (a test aid: what makes a state too wide).
func widest(t *testing.T, o fyne.CanvasObject, limit float32, path string) string {
	if o == nil || !o.Visible() || o.MinSize().Width <= limit {
		return ""
	}
	here := path + fmt.Sprintf("/%T(%.0f)", o, o.MinSize().Width)
	var kids []fyne.CanvasObject
	switch x := o.(type) {
	case *fyne.Container:
		kids = x.Objects
	case fyne.Widget:
		kids = test.TempWidgetRenderer(t, x).Objects()
	}
	for _, k := range kids {
		if s := widest(t, k, limit, here); s != "" {
			return s
		}
	}
	return here
}
