package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/ui/widgets"
)

// rowMarks is what the tree widget asks of the export marks.
type rowMarks interface {
	isMarked(uid string) bool
	ctrlClick(it *item)   // Ctrl+click: toggle the row's mark
	extendTo(uid string)  // Shift+click, Shift+arrows: mark the range to uid
	markAll()             // Ctrl+A: mark every shown row
	setAnchor(uid string) // a Shift range starts at uid
}

// treeSelection is what the tree widget asks of the selection.
type treeSelection interface {
	cursor() string       // the selected row, "" when none
	selectUID(uid string) // select (opening the branches above) and show
	selected(uid string)  // the widget selected uid: show it
}

// newNavTree makes the tree widget over the model, with its keyboard (see
// treekeys.go), clicks and right-click menu.
func newNavTree(win fyne.Window, model *treeModel, sel treeSelection, marks rowMarks, menu func(it *item) []*fyne.MenuItem) *navTree {
	t := &navTree{win: win, model: model, sel: sel, marks: marks, menu: menu, mods: heldModifiers}
	t.ChildUIDs, t.IsBranch = model.childUIDs, model.isBranch
	t.CreateNode = func(bool) fyne.CanvasObject {
		r := newTreeRowMarked(t.showRowMenu, marks.isMarked)
		r.onTap = func(it *item) { t.rowTapped(it, t.mods()) }
		return r
	}
	t.UpdateNode = func(uid widget.TreeNodeID, _ bool, o fyne.CanvasObject) {
		o.(*treeRow).set(model.items[uid])
	}
	t.OnSelected = func(uid widget.TreeNodeID) {
		marks.setAnchor(uid)
		sel.selected(uid)
	}
	t.ExtendBaseWidget(t)
	t.addCanvasKeys()
	return t
}

// treeRow is one row of the tree: kind icon, name, type tag and marks
// (● edited, ⚠ diagnostics, ✕ broken). Right-click opens the node menu.
type treeRow struct {
	widget.BaseWidget
	icon   *widget.Icon
	name   *widgets.FitLabel
	tag    *canvas.Text
	mark   *canvas.Text
	bg     *canvas.Rectangle // tinted when the node is marked for export
	it     *item
	onMenu func(it *item, pos fyne.Position)
	marked func(uid string) bool
	// onTap, when set, handles a left click on the row (see
	// navTree.rowTapped).
	onTap func(it *item)
}

func newTreeRow(onMenu func(*item, fyne.Position)) *treeRow {
	return newTreeRowMarked(onMenu, nil)
}

// newTreeRowMarked makes a row that also shows whether its node is marked
// for export.
func newTreeRowMarked(onMenu func(*item, fyne.Position), marked func(uid string) bool) *treeRow {
	r := &treeRow{icon: widget.NewIcon(theme.FileIcon()), name: widgets.NewCellLabel(), onMenu: onMenu, marked: marked}
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
	name := it.name
	if it.rowName != "" {
		name = it.rowName
	}
	if r.name.Text != name {
		r.name.SetText(name)
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

// showRowMenu is the right-click menu of a row: the row is selected, and
// the menu shows its entries.
func (t *navTree) showRowMenu(it *item, pos fyne.Position) {
	if it.uid != "" {
		t.sel.selectUID(it.uid)
	}
	widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", t.menu(it)...), t.win.Canvas(), pos)
}

// Clicks on tree rows.
//
// A row is a fyne.SecondaryTappable (right-click opens its menu), so the
// driver delivers every click to the row rather than to the tree node
// around it: the row must select its node itself on a plain click. With
// Ctrl (Cmd on macOS) held, a click marks or unmarks the node for export
// instead, as right-click › Mark for export does; Export… then exports
// every marked node. With Shift held, a click marks the range of shown
// rows from the anchor (the row last selected or clicked) to the row.
// (Fyne's tree selects one node at a time.)

var (
	_ fyne.Tappable          = (*treeRow)(nil)
	_ fyne.SecondaryTappable = (*treeRow)(nil)
)

// ctrlMask are the modifiers that make a click a Ctrl+click: Ctrl, Cmd or
// the platform's shortcut modifier.
const ctrlMask = fyne.KeyModifierShortcutDefault | fyne.KeyModifierControl | fyne.KeyModifierSuper

// Tapped is a left click on the row.
func (r *treeRow) Tapped(*fyne.PointEvent) {
	if r.it != nil && r.onTap != nil {
		r.onTap(r.it)
	}
}

// TappedSecondary is a right click: the node's context menu.
func (r *treeRow) TappedSecondary(e *fyne.PointEvent) { r.SecondaryTapped(e) }

// heldModifiers are the modifier keys held now (none on drivers without a
// keyboard).
func heldModifiers() fyne.KeyModifier {
	app := fyne.CurrentApp()
	if app == nil {
		return 0
	}
	d, ok := app.Driver().(desktop.Driver)
	if !ok {
		return 0
	}
	return d.CurrentKeyModifiers()
}

// rowTapped handles a click on a row with the modifiers mods held: a plain
// click selects the row's node, as the tree itself does; Ctrl toggles the
// node's export mark and keeps the selection; Shift extends the marked
// range to it. Every click focuses the tree for the arrow keys.
func (t *navTree) rowTapped(it *item, mods fyne.KeyModifier) {
	if it.uid == "" {
		return
	}
	switch {
	case mods&ctrlMask != 0:
		t.marks.ctrlClick(it)
	case mods&fyne.KeyModifierShift != 0:
		t.marks.extendTo(it.uid)
	default:
		t.Select(it.uid)
		t.marks.setAnchor(it.uid)
	}
	if c := t.win.Canvas(); c.Focused() != t {
		c.Focus(t)
	}
}
