package ui

import (
	"path/filepath"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// nodeActions are the commands on the selected node that belong to no
// other controller: Copy path, Show in hex (the inspector's Hex tab) and
// Open containing folder.
type nodeActions struct {
	app    fyne.App // clipboard, the desktop's file manager
	sel    selection
	hex    hexShower
	report reporter
	jobs   *sync.WaitGroup // the opener of Open containing folder runs here (nil: uncounted)
}

// hexShower is what Show in hex asks of the inspector.
type hexShower interface {
	showInHex() // the Hex tab at the node's problem, else at its start
}

// addMenus registers Copy path and Show in hex in the Edit menu.
func (a *nodeActions) addMenus(b *menuBar) {
	b.add(editNode, fyne.NewMenuItem(lang.X("action.copy_path", "Copy path"), a.copyPath),
		fyne.NewMenuItem(lang.X("action.show_in_hex", "Show in hex"), a.hex.showInHex))
}

// rowEntries are the row menu's entries: Copy path, Show in hex, and Open
// containing folder for a node in a file on disk.
func (a *nodeActions) rowEntries(it *item) []*fyne.MenuItem {
	items := []*fyne.MenuItem{
		fyne.NewMenuItem(lang.X("action.copy_path", "Copy path"), a.copyPath),
		fyne.NewMenuItem(lang.X("action.show_in_hex", "Show in hex"), a.hex.showInHex)}
	if it.file != nil && it.file.path != "" {
		items = append(items, fyne.NewMenuItem(lang.X("action.open_containing_folder", "Open containing folder"), a.openContainingFolder))
	}
	return items
}

// diskNode is a node of a folder root: a folder or a file not opened yet.
type diskNode interface{ Path() string }

// nodePathOf is what Copy path copies: the node path as `ls --json` prints
// it, or the file's path (or name) for a root; the path on disk for a
// folder or an unopened file of a folder root.
func nodePathOf(it *item) string {
	if d, ok := it.node.(diskNode); ok {
		return d.Path()
	}
	if it.path != "" {
		return it.path
	}
	if it.file != nil && it.file.path != "" {
		return it.file.path
	}
	return it.name
}

// copyPath copies the selected node's path to the clipboard.
func (a *nodeActions) copyPath() {
	it := a.sel.current()
	if it == nil {
		return
	}
	p := nodePathOf(it)
	a.app.Clipboard().SetContent(p)
	a.report.Status(copiedText(p))
}

// openContainingFolder opens the selected file's folder in the desktop's
// file manager.
func (a *nodeActions) openContainingFolder() {
	it := a.sel.current()
	if it == nil || it.file == nil || it.file.path == "" {
		a.report.Status(lang.X("node.not_on_disk", "the node is not in a file on disk"))
		return
	}
	p := it.file.path
	if d, ok := it.node.(diskNode); ok {
		p = d.Path() // a folder or unopened file of a folder root: its own folder
	}
	showFolder(a.app, a.jobs, filepath.Dir(p), a.report.setError)
}

// copiedText says what went to the clipboard.
func copiedText(what string) string {
	return lang.X("status.copied", "copied {{.Text}}", map[string]any{"Text": what})
}
