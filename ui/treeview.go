package ui

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/export"
)

// newTree makes the tree widget over the model, with its keyboard (see
// treekeys.go).
func (w *window) newTree() *navTree {
	t := &navTree{w: w, mods: heldModifiers}
	t.ChildUIDs, t.IsBranch = w.model.childUIDs, w.model.isBranch
	t.CreateNode = func(bool) fyne.CanvasObject {
		r := newTreeRowMarked(w.showContextMenu, func(uid string) bool { return w.marked[uid] })
		r.onTap = func(it *item) { w.rowTapped(it, t.mods()) } // exportdialog_select.go
		return r
	}
	t.UpdateNode = func(uid widget.TreeNodeID, _ bool, o fyne.CanvasObject) {
		o.(*treeRow).set(w.model.items[uid])
	}
	t.OnSelected = func(uid widget.TreeNodeID) {
		t.setAnchor(uid)
		if it := w.model.items[uid]; it != nil && (w.sel == nil || w.sel.uid != uid) {
			w.show(it)
		}
	}
	t.ExtendBaseWidget(t)
	w.addTreeKeys()
	return t
}

// refreshItem redraws one row (after an edit mark changed).
func (w *window) refreshItem(uid string) {
	if uid != "" {
		w.tree.RefreshItem(uid)
	}
}

// treeRow is one row of the tree: kind icon, name, type tag and marks
// (● edited, ⚠ diagnostics, ✕ broken). Right-click opens the node menu.
type treeRow struct {
	widget.BaseWidget
	icon   *widget.Icon
	name   *widget.Label
	tag    *canvas.Text
	mark   *canvas.Text
	bg     *canvas.Rectangle // tinted when the node is marked for export
	it     *item
	onMenu func(it *item, pos fyne.Position)
	marked func(uid string) bool
	// onTap, when set, handles a left click on the row; see
	// exportdialog_select.go.
	onTap func(it *item)
}

func newTreeRow(onMenu func(*item, fyne.Position)) *treeRow {
	return newTreeRowMarked(onMenu, nil)
}

// newTreeRowMarked makes a row that also shows whether its node is marked
// for export.
func newTreeRowMarked(onMenu func(*item, fyne.Position), marked func(uid string) bool) *treeRow {
	r := &treeRow{icon: widget.NewIcon(theme.FileIcon()), name: widget.NewLabel(""), onMenu: onMenu, marked: marked}
	r.name.Truncation = fyne.TextTruncateEllipsis
	r.tag = canvas.NewText("", theme.Color(theme.ColorNamePlaceHolder))
	r.tag.TextSize = theme.CaptionTextSize()
	r.mark = canvas.NewText("", theme.Color(theme.ColorNameWarning))
	r.bg = canvas.NewRectangle(color.Transparent)
	r.bg.CornerRadius = theme.InputRadiusSize()
	r.ExtendBaseWidget(r)
	return r
}

// set shows it in the row.
func (r *treeRow) set(it *item) {
	r.it = it
	if it == nil {
		r.name.SetText("")
		r.tag.Text = ""
		r.mark.Text = ""
		r.bg.FillColor = color.Transparent
		r.Refresh()
		return
	}
	// Only touch what changed: the tree updates every visible row on each
	// refresh, and re-shaping unchanged text is the expensive part.
	if res := kindIcon(it); r.icon.Resource != res {
		r.icon.SetResource(res)
	}
	if r.name.Text != it.name {
		r.name.SetText(it.name)
	}
	mark, mc := marks(it)
	isMarked := r.marked != nil && r.marked(it.uid)
	if isMarked {
		mark = " ⇩" + mark
	}
	// A marked row is tinted, so a Ctrl+click visibly marks it.
	var bg color.Color = color.Transparent
	if isMarked {
		bg = markedTint()
	}
	if r.bg.FillColor != bg {
		r.bg.FillColor = bg
		r.bg.Refresh()
	}
	tc := theme.Color(theme.ColorNamePlaceHolder)
	if r.tag.Text != it.label || r.tag.Color != tc {
		r.tag.Text, r.tag.Color = it.label, tc
		r.tag.Refresh()
	}
	if r.mark.Text != mark || r.mark.Color != mc {
		r.mark.Text, r.mark.Color = mark, mc
		r.mark.Refresh()
	}
}

// marks returns the row's mark text and its colour.
func marks(it *item) (string, color.Color) {
	s := ""
	c := theme.Color(theme.ColorNamePrimary)
	if it.edits > 0 || (it.file != nil && it.uid == it.file.uid && it.file.dirty()) {
		s += "●"
	}
	if len(it.diags) > 0 {
		s += "⚠"
		c = theme.Color(theme.ColorNameWarning)
	}
	if it.err != nil {
		s += "✕"
		c = theme.Color(theme.ColorNameError)
	}
	if s != "" {
		s = " " + s
	}
	return s, c
}

// SecondaryTapped opens the node's context menu.
func (r *treeRow) SecondaryTapped(e *fyne.PointEvent) {
	if r.it != nil && r.onMenu != nil {
		r.onMenu(r.it, e.AbsolutePosition)
	}
}

// CreateRenderer lays out icon | name | tag marks.
func (r *treeRow) CreateRenderer() fyne.WidgetRenderer {
	// Right padding keeps the tag clear of the tree's scroll bar.
	right := container.New(layout.NewCustomPaddedLayout(0, 0, 0, 2*theme.Padding()),
		container.NewHBox(container.NewCenter(r.tag), container.NewCenter(r.mark)))
	row := container.NewBorder(nil, nil, r.icon, right, r.name)
	return widget.NewSimpleRenderer(container.NewStack(r.bg, row))
}

// markedTint is the background of a row marked for export: the theme's
// success (green) colour, faint enough to keep the text readable, and not
// the selection's blue, so marked rows do not look selected.
func markedTint() color.Color {
	r, g, b, _ := theme.Color(theme.ColorNameSuccess).RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 0x38}
}

// showContextMenu is the right-click menu of a tree row.
func (w *window) showContextMenu(it *item, pos fyne.Position) {
	if it.uid != "" {
		w.selectUID(it.uid)
	}
	widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", w.contextMenuItems(it)...), w.win.Canvas(), pos)
}

// contextMenuItems are the entries of a row's right-click menu.
func (w *window) contextMenuItems(it *item) []*fyne.MenuItem {
	markLabel := "Mark for export"
	if w.marked[it.uid] {
		markLabel = "Unmark for export"
	}
	// The order of ui.md: Export…, Copy path, Show in hex, Open containing
	// folder; the export variants stay next to Export….
	// With marks made elsewhere, Export… here exports this node only;
	// the marked nodes have their own entry.
	exportIt := w.exportSelected
	if len(w.marked) > 0 && !w.marked[it.uid] {
		exportIt = func() { w.exportOne(it) }
	}
	items := []*fyne.MenuItem{
		fyne.NewMenuItem("Export…", exportIt),
	}
	if n := len(w.marked); n > 0 && !w.marked[it.uid] {
		items = append(items, fyne.NewMenuItem(fmt.Sprintf("Export %d marked…", n), w.exportSelected))
	}
	items = append(items,
		fyne.NewMenuItem("Export all "+typeLabel(it.kind, it.tag)+" nodes…", func() { w.exportAllOfType(it) }),
		fyne.NewMenuItem(markLabel+" (Ctrl+click)", func() { w.toggleMark(it) }))
	if len(w.marked) > 0 {
		items = append(items, fyne.NewMenuItem("Clear export marks", w.clearMarks))
	}
	items = append(items, fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Copy path", w.copyPath),
		fyne.NewMenuItem("Show in hex", w.insp.showInHex))
	if it.file != nil && it.file.path != "" {
		items = append(items, fyne.NewMenuItem("Open containing folder", w.openContainingFolder))
	}
	return items
}

// toggleMark marks or unmarks a node for a multi-node export (Export…
// then exports every marked node).
func (w *window) toggleMark(it *item) {
	if it == nil || it.uid == "" {
		return
	}
	if w.marked[it.uid] {
		delete(w.marked, it.uid)
	} else {
		w.marked[it.uid] = true
	}
	w.refreshItem(it.uid)
	w.marksChanged()
}

// marksChanged shows a new count of export marks on the Export button and
// in the status bar.
func (w *window) marksChanged() {
	w.refreshExportButton()
	w.Status(summary(len(w.marked), "node") + " marked for export — Export… (Ctrl+E) exports them")
}

// refreshExportButton names the marked count on the Export button, so
// marks made with Ctrl+click are visible there too.
func (w *window) refreshExportButton() {
	if w.expB == nil {
		return
	}
	text := "Export…"
	if n := len(w.marked); n > 0 {
		text = fmt.Sprintf("Export %d marked…", n)
	}
	if w.expB.Text != text {
		w.expB.SetText(text)
	}
	if w.sel != nil || len(w.marked) > 0 {
		w.expB.Enable()
	} else {
		w.expB.Disable()
	}
}

// clearMarks drops every export mark.
func (w *window) clearMarks() {
	for uid := range w.marked {
		delete(w.marked, uid)
		w.refreshItem(uid)
	}
	w.refreshExportButton()
	w.Status("export marks cleared")
}

// exportOne opens Export… on one node, whatever is marked.
func (w *window) exportOne(it *item) *exportView {
	if it == nil || it.node == nil {
		w.setError(errNoFile)
		return nil
	}
	sel := []exportSel{{file: it.file, item: export.Item{Node: it.node, Path: it.path}}}
	return w.showExportDialog(sel, displayPath(it))
}
