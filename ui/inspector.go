package ui

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
)

// inspector is the right side: a header line, the error/diagnostics card
// and the tabs (the kind's own tabs, Overview, Hex).
type inspector struct {
	w       *window
	icon    *widget.Icon
	title   *widget.Label
	facts   *widget.Label
	problem *widget.Label
	card    *fyne.Container
	tabs    *container.AppTabs
	body    *fyne.Container
	content fyne.CanvasObject

	it      *item
	closers []func()
	hex     *hexView
	hexTab  *container.TabItem
}

func newInspector(w *window) *inspector {
	in := &inspector{w: w}
	in.icon = widget.NewIcon(theme.InfoIcon())
	in.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	in.facts = widget.NewLabel("")
	in.facts.Truncation = fyne.TextTruncateEllipsis
	in.facts.Alignment = fyne.TextAlignTrailing
	in.problem = widget.NewLabel("")
	in.problem.Wrapping = fyne.TextWrapWord
	in.problem.Importance = widget.DangerImportance
	showHex := widget.NewButtonWithIcon("Show in hex", theme.SearchIcon(), w.showInHex)
	in.card = container.NewBorder(nil, nil, widget.NewIcon(theme.ErrorIcon()), showHex, in.problem)
	in.card.Hide()
	header := container.NewBorder(nil, nil, container.NewHBox(in.icon, in.title), nil, in.facts)
	in.body = container.NewStack()
	in.content = container.NewBorder(container.NewVBox(header, in.card), nil, nil, nil, in.body)
	in.show(nil)
	return in
}

// welcome is shown when nothing is selected.
const welcome = "Open a file (Ctrl+O), a folder, or drop files on the window.\n" +
	"Select a node on the left to inspect it. Type in the filter box to narrow the tree\n" +
	"(a name, type:MAT0, kind:texture). Ctrl+click nodes to mark several for Export… (Ctrl+E)."

// show builds the inspector for it (nil: the welcome text).
func (in *inspector) show(it *item) {
	keep := ""
	if in.tabs != nil && in.tabs.Selected() != nil && in.it != nil && it != nil && formats.SameNode(in.it.node, it.node) {
		keep = in.tabs.Selected().Text // re-showing the same node keeps its tab
	}
	in.close()
	in.it = it
	in.hex, in.hexTab = nil, nil
	if it == nil {
		in.icon.SetResource(theme.InfoIcon())
		in.title.SetText("Rummage")
		in.facts.SetText("")
		in.card.Hide()
		l := widget.NewLabel(welcome)
		l.Alignment = fyne.TextAlignCenter
		in.tabs = nil
		in.body.Objects = []fyne.CanvasObject{container.NewCenter(l)}
		in.body.Refresh()
		return
	}
	desc, descErr := formats.SafeDescribe(it.node)
	in.icon.SetResource(kindIcon(it))
	in.title.SetText(it.name)
	in.facts.SetText(headerFacts(it, desc))
	in.showProblems(it, descErr)

	var items []*container.TabItem
	for _, p := range tabsFor(it.node) {
		t := makeTab(in.w, p, it.node)
		if t == nil {
			continue
		}
		if t.Close != nil {
			in.closers = append(in.closers, t.Close)
		}
		// A scroll keeps a tab's minimum size from growing the window
		// (it still fills the space when it fits).
		items = append(items, container.NewTabItem(t.Title, container.NewScroll(t.Content)))
	}
	items = append(items, container.NewTabItem("Overview", newOverview(in.w, desc, descErr)))
	in.hex = newHexView(in.w, it.node)
	in.hexTab = container.NewTabItem("Hex", in.hex.content)
	items = append(items, in.hexTab)
	in.tabs = container.NewAppTabs(items...)
	for _, t := range items {
		if keep != "" && t.Text == keep {
			in.tabs.Select(t)
		}
	}
	in.body.Objects = []fyne.CanvasObject{in.tabs}
	in.body.Refresh()
}

// showProblems fills the error card: the node's error with its offset, then
// its diagnostics.
func (in *inspector) showProblems(it *item, descErr error) {
	var lines []string
	err := it.err
	if err == nil && descErr != nil && formats.SafeErr(it.node) != nil {
		err = descErr
	}
	if err != nil {
		lines = append(lines, "Broken: "+formats.ErrorText(err))
	}
	for i, d := range it.diags {
		if i == 3 {
			lines = append(lines, fmt.Sprintf("… %d more (see the status bar)", len(it.diags)-3))
			break
		}
		if d.Off >= 0 {
			lines = append(lines, fmt.Sprintf("⚠ at 0x%X: %s", d.Off, d.Msg))
		} else {
			lines = append(lines, "⚠ "+d.Msg)
		}
	}
	if len(lines) == 0 {
		in.card.Hide()
		return
	}
	in.problem.SetText(strings.Join(lines, "\n"))
	if err != nil {
		in.problem.Importance = widget.DangerImportance
	} else {
		in.problem.Importance = widget.WarningImportance
	}
	in.problem.Refresh()
	in.card.Show()
}

// makeTab runs a provider's Make, turning a panic into an error tab.
func makeTab(w *window, p TabProvider, n formats.Node) (t *Tab) {
	defer func() {
		if r := recover(); r != nil {
			err := &formats.PanicError{Where: "tab " + p.Name, Value: r}
			l := widget.NewLabel(err.Error())
			l.Wrapping = fyne.TextWrapWord
			t = &Tab{Title: p.Name, Content: l}
		}
	}()
	return p.Make(w, n)
}

// close stops the previous node's tabs.
func (in *inspector) close() {
	for _, c := range in.closers {
		func() {
			defer func() { recover() }()
			c()
		}()
	}
	in.closers = nil
}

// showHexAt selects the Hex tab and scrolls to off (absolute), or to the
// start when off < 0 or outside the node.
func (in *inspector) showHexAt(off int64) {
	if in.tabs == nil || in.hexTab == nil {
		return
	}
	in.tabs.Select(in.hexTab)
	if in.hex == nil || in.hex.list == nil {
		return
	}
	if off < 0 || !in.hex.scrollToOffset(off) {
		in.hex.list.ScrollToTop()
	}
}

// showInHex is "Show in hex": the Hex tab at the error offset of a broken
// node, else at the node's start.
func (w *window) showInHex() {
	it := w.current()
	if it == nil {
		return
	}
	off := int64(-1)
	if it.err != nil {
		off = formats.ErrorOffset(it.err)
	}
	w.insp.showHexAt(off)
}

// headerFacts is the header line: type tag and the few facts that matter.
func headerFacts(it *item, desc any) string {
	var parts []string
	if it.tag != "" {
		parts = append(parts, it.tag)
	} else if it.kind != "" {
		parts = append(parts, string(it.kind))
	}
	m := asMap(desc)
	if m != nil {
		parts = append(parts, describeFacts(m, it.tag)...)
	}
	_, hasEntries := m["entries"]
	_, hasItems := m["items"]
	if it.loaded && len(it.kids) > 0 && !hasEntries && !hasItems {
		parts = append(parts, plural(len(it.kids), "child"))
	}
	if _, size, ok := formats.SafeRange(it.node); ok {
		parts = append(parts, humanSize(size))
	}
	if it.err != nil {
		parts = append(parts, "broken")
	}
	return strings.Join(parts, " · ")
}

// describeFacts picks well-known keys from a description.
func describeFacts(m map[string]any, tag string) []string {
	var out []string
	num := func(k string) (string, bool) {
		v, ok := m[k]
		if !ok || v == nil {
			return "", false
		}
		switch v.(type) {
		case string, bool, map[string]any, []any:
			return "", false
		}
		return fmt.Sprint(v), true
	}
	if f, ok := m["format"].(string); ok && f != "" && !strings.EqualFold(f, tag) {
		out = append(out, f)
	}
	if w, ok := num("width"); ok {
		if h, ok := num("height"); ok {
			out = append(out, w+"×"+h)
		}
	}
	for _, k := range []struct{ key, what string }{
		{"entries", "entry"}, {"levels", "level"}, {"phases", "phase"}, {"animations", "block"},
		{"rows", "row"}, {"vertices", "vertex"}, {"triangles", "triangle"}, {"batches", "batch"},
		{"chunks", "chunk"}, {"items", "item"}, {"textures", "texture"},
	} {
		v, ok := m[k.key]
		if !ok {
			continue
		}
		n := -1
		switch x := v.(type) {
		case int:
			n = x
		case int64:
			n = int(x)
		case uint32:
			n = int(x)
		case float64:
			n = int(x)
		case []any:
			n = len(x)
		default:
			n = lenOf(v)
		}
		if n >= 0 {
			out = append(out, plural(n, k.what))
		}
	}
	if v, ok := num("version"); ok {
		out = append(out, "version "+v)
	}
	if p, ok := m["platform"].(string); ok && p != "" {
		out = append(out, p)
	}
	return out
}

// plural is "1 entry", "3 entries", "2 vertices", "4 batches".
func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	switch {
	case one == "vertex":
		return fmt.Sprintf("%d vertices", n)
	case one == "child":
		return fmt.Sprintf("%d children", n)
	case strings.HasSuffix(one, "ch"):
		return fmt.Sprintf("%d %ses", n, one)
	}
	return summary(n, one)
}

// lenOf is the length of a slice or map value, -1 for anything else.
func lenOf(v any) int {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		return rv.Len()
	}
	return -1
}

// asMap returns a description as a map: as it is, or through JSON for
// structs.
func asMap(desc any) map[string]any {
	if desc == nil {
		return nil
	}
	if m, ok := desc.(map[string]any); ok {
		return m
	}
	b, err := json.Marshal(desc)
	if err != nil {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(b, &m) != nil {
		return nil
	}
	return m
}

// selectTab selects the tab with the given title, if there is one.
func (in *inspector) selectTab(title string) {
	if in.tabs == nil {
		return
	}
	for _, t := range in.tabs.Items {
		if strings.EqualFold(t.Text, title) {
			in.tabs.Select(t)
		}
	}
}

// previewOnShow finds the wireframe preview in the selected tab, nil when
// none is on show.
func (in *inspector) previewOnShow() *previewCanvas {
	if in.tabs == nil || in.tabs.Selected() == nil {
		return nil
	}
	return findPreview(in.tabs.Selected().Content)
}

// findPreview walks a tab's objects for the preview canvas.
func findPreview(o fyne.CanvasObject) *previewCanvas {
	switch x := o.(type) {
	case nil:
		return nil
	case *previewCanvas:
		return x
	case *container.Scroll:
		return findPreview(x.Content)
	case *fyne.Container:
		for _, c := range x.Objects {
			if p := findPreview(c); p != nil {
				return p
			}
		}
	case *container.AppTabs:
		if x.Selected() != nil {
			return findPreview(x.Selected().Content)
		}
	case *container.Split:
		if p := findPreview(x.Leading); p != nil {
			return p
		}
		return findPreview(x.Trailing)
	}
	return nil
}
