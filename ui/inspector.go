package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/ui/count"
	"rummage/ui/i18n"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

// inspector is the right side: a header line, the error/diagnostics card
// and the tabs (the kind's own tabs, Overview, Hex). Its tabs get host (the
// window's inspect.Host); what goes wrong in them is reported to report;
// the Overview copies to app's clipboard.
type inspector struct {
	host    inspect.Host
	report  reporter
	app     fyne.App
	icon    *widget.Icon
	title   *widgets.FitLabel
	facts   *widgets.FitLabel
	problem *widget.Label   // the card's lines (see problemCard)
	header  *fyne.Container // laid out again when its texts change
	card    *fyne.Container // the problem card, under the header
	cardV   *problemCard
	tabs    *container.AppTabs
	body    *fyne.Container
	content fyne.CanvasObject

	it      *item
	closers []func()
	drops   []func([]string) bool // the shown tabs' Drop handlers
	hex     *hexView
	hexTab  *container.TabItem
	descErr error // the shown node's Describe error (Show in hex goes there)
}

// newInspector makes the inspector, showing the welcome text.
func newInspector(a fyne.App, host inspect.Host, report reporter) *inspector {
	in := &inspector{app: a, host: host, report: report}
	in.icon = widget.NewIcon(theme.InfoIcon())
	in.title = widgets.NewFitLabel("")
	in.title.TextStyle = fyne.TextStyle{Bold: true}
	in.facts = widgets.NewFitLabel("")
	in.facts.Alignment = fyne.TextAlignTrailing
	showHex := widget.NewButtonWithIcon(lang.X("action.show_in_hex", "Show in hex"), theme.SearchIcon(), in.showInHex)
	in.cardV = newProblemCard(showHex)
	in.card, in.problem = in.cardV.content, in.cardV.problem
	// A long name or long facts are cut, never widening the window; each
	// gets the room the other leaves.
	facts := flexFit(in.facts)
	facts.fill = true
	in.header = newShareRow(fixed(in.icon), flexFit(in.title), facts)
	in.body = container.NewStack()
	in.content = container.NewBorder(container.NewVBox(in.header, in.card), nil, nil, nil, in.body)
	in.show(nil)
	return in
}

// welcome is shown when nothing is selected.
func welcome() string {
	return lang.X("inspector.welcome", `Open a file (Ctrl+O), a folder, or drop files on the window.
Select a node on the left to inspect it. Type in the filter box to narrow the tree
(a name, type:MAT0, kind:texture). Ctrl+click nodes to mark several for Export… (Ctrl+E).`)
}

// show builds the inspector for it (nil: the welcome text).
func (in *inspector) show(it *item) {
	defer in.header.Refresh() // share the header's width for the new texts
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
		l := widget.NewLabel(welcome())
		l.Alignment = fyne.TextAlignCenter
		in.tabs = nil
		in.body.Objects = []fyne.CanvasObject{container.NewCenter(l)}
		in.body.Refresh()
		return
	}
	desc, descErr := formats.SafeDescribe(it.node)
	head, factsErr := header(it)
	in.icon.SetResource(kindIcon(it))
	in.title.SetText(it.name)
	in.facts.SetText(head)

	var items []*container.TabItem
	providers, matchErr := inspect.TabsFor(it.node)
	for _, p := range providers {
		t := makeTab(in.host, p, it.node)
		if t == nil {
			continue
		}
		if t.Close != nil {
			in.closers = append(in.closers, t.Close)
		}
		if t.Drop != nil {
			in.drops = append(in.drops, t.Drop)
		}
		// A scroll keeps a tab's minimum size from growing the window
		// (it still fills the space when it fits).
		items = append(items, container.NewTabItem(t.Title, container.NewScroll(t.Content)))
	}
	in.showProblems(it, descErr, factsErr, matchErr)
	in.descErr = descErr
	items = append(items, container.NewTabItem(lang.X("tab.overview", "Overview"), newOverview(in.app, in.report, desc, descErr, formats.SafeFactText(it.node))))
	in.hex = newHexView(in.report, it.node)
	in.hexTab = container.NewTabItem(lang.X("tab.hex", "Hex"), in.hex.content)
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

// showProblems fills the error card: the node's error with its offset,
// its diagnostics, then panics of the inspectors' own code (internal).
func (in *inspector) showProblems(it *item, descErr error, internal ...error) {
	var lines []string
	err := it.err
	if err == nil && descErr != nil && formats.SafeErr(it.node) != nil {
		err = descErr
	}
	if err != nil {
		lines = append(lines, lang.X("inspector.broken", "Broken: {{.Error}}", map[string]any{"Error": formats.ErrorText(err)}))
	}
	for i, d := range it.diags {
		if i == 3 {
			lines = append(lines, lang.XN("inspector.more_findings", "… {{.PluralCount}} more (see the status bar)", len(it.diags)-3))
			break
		}
		lines = append(lines, "⚠ "+d.String())
	}
	bugs := internalLines(internal...)
	lines = append(lines, bugs...)
	count := len(it.diags) + len(bugs)
	if err != nil {
		count++
	}
	in.cardV.show(lines, count, err != nil || len(bugs) > 0)
}

// internalLines are the card's lines for panics of the inspectors' own
// calls into the node (joined errors one a line), each naming where.
func internalLines(errs ...error) []string {
	var out []string
	for _, err := range errs {
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			out = append(out, internalLines(j.Unwrap()...)...)
		} else if err != nil {
			out = append(out, "✕ "+widgets.ProblemText(err))
		}
	}
	return out
}

// makeTab runs a provider's Make behind the format panic guard: a panic
// becomes a tab that shows it.
func makeTab(h inspect.Host, p inspect.TabProvider, n formats.Node) *inspect.Tab {
	t, err := formats.Guard("tab "+p.Name, func() (*inspect.Tab, error) { return p.Make(h, n), nil })
	if err != nil {
		l := widget.NewLabel(err.Error())
		l.Wrapping = fyne.TextWrapWord
		return &inspect.Tab{Title: p.Name, Content: l}
	}
	return t
}

// close stops the previous node's tabs; a Close that panics is reported in
// the status bar.
func (in *inspector) close() {
	for _, c := range in.closers {
		in.report.setError(formats.GuardErr(lang.X("inspector.close_tab", "close a tab"), func() error { c(); return nil }))
	}
	in.closers = nil
	in.drops = nil
}

// showHexAt selects the Hex tab and the row of off (absolute), the first
// or last row when off is before or past the node, or scrolls to the start
// when off < 0.
func (in *inspector) showHexAt(off int64) {
	if in.tabs == nil || in.hexTab == nil {
		return
	}
	in.tabs.Select(in.hexTab)
	if in.hex == nil || in.hex.list == nil {
		return
	}
	if off < 0 {
		in.hex.list.ScrollToTop()
		return
	}
	in.hex.scrollNear(off)
}

// showInHex is "Show in hex": the Hex tab at the offset of the shown
// node's error, else of its first finding, else at its start.
func (in *inspector) showInHex() {
	if in.it == nil {
		return
	}
	in.showHexAt(problemOffset(in.it, in.descErr))
}

// reshow builds the tabs of the node on show again (another material
// library, an undone edit), keeping the selected tab.
func (in *inspector) reshow() {
	if in.it != nil {
		in.show(in.it)
	}
}

// reshowNode is reshow when n is the node on show.
func (in *inspector) reshowNode(n formats.Node) {
	if in.it != nil && formats.SameNode(in.it.node, n) {
		in.show(in.it)
	}
}

// redrawTexture is reshow when a texture is on show (its background
// changed).
func (in *inspector) redrawTexture() {
	if in.it != nil && in.it.kind == formats.KindTexture {
		in.show(in.it)
	}
}

// refreshHeader writes the header line again: an edit may have changed
// its facts (a panic of the facts is on the card since show).
func (in *inspector) refreshHeader() {
	if in.it != nil {
		head, _ := header(in.it)
		in.facts.SetText(head)
		in.header.Refresh()
	}
}

// takeDrop offers dropped paths to the tabs on show; true when one took
// them.
func (in *inspector) takeDrop(paths []string) bool {
	for _, d := range in.drops {
		if d(paths) {
			return true
		}
	}
	return false
}

// tabOnShow is the title of the selected tab, "" when none.
func (in *inspector) tabOnShow() string {
	if in.tabs == nil || in.tabs.Selected() == nil {
		return ""
	}
	return in.tabs.Selected().Text
}

// problemOffset is where Show in hex goes for it: the offset of its error
// (its own, its children's or its Describe's; a broken root's is its
// file's), else of its first finding that has one; -1 when none has.
func problemOffset(it *item, descErr error) int64 {
	for _, err := range []error{it.err, formats.SafeErr(it.node), descErr} {
		if off := formats.ErrorOffset(err); off >= 0 {
			return off
		}
	}
	for _, d := range it.diags {
		if d.Off >= 0 {
			return d.Off
		}
	}
	return -1
}

// header is the header line of it, and the panic of its facts if any.
func header(it *item) (string, error) {
	facts, countsChildren, err := inspect.FactsFor(it.node)
	return headerFacts(it, facts, countsChildren), err
}

// headerFacts is the header line: the type tag (or kind), the facts the
// node's inspector registered, the child count (when loaded and not
// counted by the facts), the size and the broken mark.
func headerFacts(it *item, facts []string, countsChildren bool) string {
	var parts []string
	if it.tag != "" {
		parts = append(parts, it.tag)
	} else if it.kind != "" {
		parts = append(parts, typeLabel(it.kind, ""))
	}
	parts = append(parts, facts...)
	if it.loaded && len(it.kids) > 0 && !countsChildren {
		parts = append(parts, count.Children(len(it.kids)))
	}
	if _, size, ok := formats.SafeRange(it.node); ok {
		parts = append(parts, count.Size(size))
	}
	if it.err != nil {
		parts = append(parts, lang.X("header.broken", "broken"))
	}
	return strings.Join(parts, " · ")
}

// selectTab selects the tab with the given title, if there is one.
func (in *inspector) selectTab(title string) {
	if in.tabs == nil {
		return
	}
	for _, t := range in.tabs.Items {
		if i18n.Names(t.Text, title) {
			in.tabs.Select(t)
		}
	}
}

// selectTabPath selects the tab named by path, "Material/Animation" for
// the Animation tab inside the Material tab (titles compare without case,
// in the window's language or in English: see i18n.Names).
func (in *inspector) selectTabPath(path string) error {
	if in.tabs == nil {
		return fmt.Errorf("no node is selected")
	}
	var o fyne.CanvasObject = in.tabs
	for _, name := range strings.Split(path, "/") {
		tabs, _ := findObject(o, func(o fyne.CanvasObject) bool { _, ok := o.(*container.AppTabs); return ok }).(*container.AppTabs)
		if tabs == nil {
			return fmt.Errorf("no tabs to pick %q from", name)
		}
		var titles []string
		var picked *container.TabItem
		for _, t := range tabs.Items {
			titles = append(titles, t.Text)
			if picked == nil && i18n.Names(t.Text, name) {
				picked = t
			}
		}
		if picked == nil {
			return fmt.Errorf("no tab %q (the tabs are %s)", name, strings.Join(titles, ", "))
		}
		tabs.Select(picked)
		o = picked.Content
	}
	return nil
}

// resetterOnShow finds a view View › Reset preview can reset (the mesh
// preview) in the selected tab, nil when none is on show.
func (in *inspector) resetterOnShow() inspect.Resetter {
	if in.tabs == nil || in.tabs.Selected() == nil {
		return nil
	}
	r, _ := findObject(in.tabs.Selected().Content, func(o fyne.CanvasObject) bool { _, ok := o.(inspect.Resetter); return ok }).(inspect.Resetter)
	return r
}

// findObject walks a tab's objects (into the selected tab of tabs inside
// it) for the first one that is.
func findObject(o fyne.CanvasObject, is func(fyne.CanvasObject) bool) fyne.CanvasObject {
	if o == nil || is(o) {
		return o
	}
	switch x := o.(type) {
	case *container.Scroll:
		return findObject(x.Content, is)
	case *fyne.Container:
		for _, c := range x.Objects {
			if r := findObject(c, is); r != nil {
				return r
			}
		}
	case *container.AppTabs:
		if x.Selected() != nil {
			return findObject(x.Selected().Content, is)
		}
	case *container.Split:
		if r := findObject(x.Leading, is); r != nil {
			return r
		}
		return findObject(x.Trailing, is)
	}
	return nil
}
