package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// closeCurrent is File › Close (Ctrl+W): closes the root of the
// selection (a folder root with the files opened in it), asking first
// when a file has unsaved edits.
func (c *saveCtl) closeCurrent() {
	f := c.files.currentFile()
	if f == nil {
		return
	}
	f = f.topFile()
	c.askUnsaved(append([]*openFile{f}, c.files.membersOf(f)...), "closing", func() {
		c.files.removeFile(f)
		c.report.Status("closed " + f.name)
	})
}

// quit is File › Quit (Ctrl+Q) and the window's close button: asks first
// when any file has unsaved edits.
func (c *saveCtl) quit() {
	if c.quitting {
		return
	}
	c.askUnsaved(c.files.allFiles(), "quitting", func() {
		c.quitting = true
		c.files.closeAll()
		c.app.Quit()
	})
}

// askUnsaved runs then at once when none of files has unsaved edits.
// Otherwise it asks: Save saves them (see saveAll) and runs then, Discard
// runs then, Cancel leaves everything as it is. doing names what then
// does ("closing").
func (c *saveCtl) askUnsaved(files []*openFile, doing string, then func()) {
	var dirty []*openFile
	for _, f := range files {
		if f.dirty() {
			dirty = append(dirty, f)
		}
	}
	if len(dirty) == 0 {
		then()
		return
	}
	if c.asking {
		return // the question is on show already
	}
	msg := fmt.Sprintf("%s has unsaved edits. Save them before %s?", dirty[0].name, doing)
	if len(dirty) > 1 {
		msg = fmt.Sprintf("%d files have unsaved edits. Save them before %s?", len(dirty), doing)
	}
	d := dialog.NewCustomWithoutButtons("Unsaved edits", widget.NewLabel(msg), c.win)
	answer := func(after func()) func() {
		return func() {
			d.Hide()
			after()
		}
	}
	save := widget.NewButtonWithIcon("Save", theme.DocumentSaveIcon(), answer(func() { c.saveAll(dirty, then) }))
	save.Importance = widget.HighImportance
	discard := widget.NewButtonWithIcon("Discard", theme.DeleteIcon(), answer(then))
	discard.Importance = widget.DangerImportance
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), answer(func() {}))
	d.SetButtons([]fyne.CanvasObject{cancel, discard, save})
	d.SetOnClosed(func() { c.asking = false })
	c.asking = true
	d.Show()
}
