package ui

import (
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/export"
	"rummage/formats"
)

// exportCtl is Export…: its dialog (exportdialog.go) on the marked nodes or
// the selection, Export all of a type (exportall.go), the question about
// existing files (exportask.go), and the export running in the background
// with the status bar's progress.
type exportCtl struct {
	app    fyne.App // preferences, the file manager
	win    fyne.Window
	jobs   *sync.WaitGroup
	button *widget.Button // the toolbar's Export…

	sel    exportSelection
	marks  exportMarks
	model  exportModel
	files  openFiles
	status exportStatus
}

// exportSelection is what Export… asks of the tree's selection.
type exportSelection interface {
	current() *item
	itemOf(n formats.Node) *item // the tree's item for n, or one for n alone
}

// exportMarks is what Export… asks of the export marks.
type exportMarks interface {
	uids() []string // the marked rows, sorted
}

// exportModel is what Export… reads of the tree's model.
type exportModel interface {
	item(uid string) *item
	filteredOfType(kind formats.Kind, tag string) (sel []exportSel, fv *filterView) // fv nil: no filter
}

// openFiles are the files the window shows.
type openFiles interface {
	openFiles() []*openFile
}

// exportStatus is what an export shows in the status bar.
type exportStatus interface {
	reporter
	progressor
	message(msg string, isErr bool)
	messageAction(msg string, isErr bool, label string, do func())
}

// addMenus registers File › Export… (Ctrl+E).
func (c *exportCtl) addMenus(b *menuBar) {
	mi := fyne.NewMenuItem(lang.X("action.export", "Export…"), c.exportSelected)
	mi.Shortcut = ctrl(fyne.KeyE)
	b.add(fileSave, mi)
}

// toolbarButton makes the toolbar's Export… button, which names the
// marked count (see refreshButton).
func (c *exportCtl) toolbarButton() *widget.Button {
	c.button = widget.NewButtonWithIcon(lang.X("action.export", "Export…"), theme.DownloadIcon(), c.exportSelected)
	return c.button
}

// rowEntries are the row menu's export entries. With marks made elsewhere,
// Export… exports this node only; the marked nodes have their own entry.
func (c *exportCtl) rowEntries(it *item) []*fyne.MenuItem {
	marked := c.marks.uids()
	isMarked := contains(marked, it.uid)
	exportIt := c.exportSelected
	if len(marked) > 0 && !isMarked {
		exportIt = func() { c.exportOne(it) }
	}
	items := []*fyne.MenuItem{fyne.NewMenuItem(lang.X("action.export", "Export…"), exportIt)}
	if n := len(marked); n > 0 && !isMarked {
		items = append(items, fyne.NewMenuItem(exportMarkedLabel(n), c.exportSelected))
	}
	all := lang.X("action.export_all_of_type", "Export all {{.Type}} nodes…", map[string]any{"Type": typeLabel(it.kind, it.tag)})
	return append(items, fyne.NewMenuItem(all, func() { c.exportAllOfType(it) }))
}

// refreshButton names the marked count on the Export button, so marks
// made with Ctrl+click are visible there too.
func (c *exportCtl) refreshButton() {
	if c.button == nil {
		return
	}
	text := lang.X("action.export", "Export…")
	n := len(c.marks.uids())
	if n > 0 {
		text = exportMarkedLabel(n)
	}
	if c.button.Text != text {
		c.button.SetText(text)
	}
	if c.sel.current() != nil || n > 0 {
		c.button.Enable()
	} else {
		c.button.Disable()
	}
}

// exportMarkedLabel is "Export 3 marked…", the Export button and the row
// menu's entry when nodes are marked.
func exportMarkedLabel(n int) string {
	return lang.XN("action.export_marked", "Export {{.PluralCount}} marked…", n)
}

// exportSelected is Export…: the dialog of exportdialog.go on the nodes
// marked for export (right-click › Mark for export), or the selected node.
func (c *exportCtl) exportSelected() {
	sel, what := c.exportSelection()
	if len(sel) == 0 {
		c.status.setError(errNoFile())
		return
	}
	c.showExportDialog(sel, what)
}

// Export opens Export… on n with the format as chosen for n's kind (the
// Host's shared export path: the TXD tab's Export PNG… uses it).
func (c *exportCtl) Export(n formats.Node, as string) { c.exportAs(n, as) }

// exportAs is Export, returning the dialog (nil without a node).
func (c *exportCtl) exportAs(n formats.Node, as string) *exportView {
	if n == nil {
		c.status.setError(errNoFile())
		return nil
	}
	it := c.sel.itemOf(n)
	v := c.exportOne(it)
	if v != nil {
		v.choose(it.kind, as)
	}
	return v
}

// exportOne opens Export… on one node, whatever is marked.
func (c *exportCtl) exportOne(it *item) *exportView {
	if it == nil || it.node == nil {
		c.status.setError(errNoFile())
		return nil
	}
	sel := []exportSel{{file: it.file, item: export.Item{Node: it.node, Path: it.path}}}
	return c.showExportDialog(sel, displayPath(it))
}
