package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
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
	c.askUnsaved(append([]*openFile{f}, c.files.membersOf(f)...), false, func() {
		c.files.removeFile(f)
		c.report.Status(lang.X("save.closed", "closed {{.Name}}", map[string]any{"Name": f.name}))
	})
}

// quit is File › Quit (Ctrl+Q) and the window's close button: asks first
// when any file has unsaved edits.
func (c *saveCtl) quit() {
	if c.quitting {
		return
	}
	c.askUnsaved(c.files.allFiles(), true, func() {
		c.quitting = true
		c.files.closeAll()
		c.app.Quit()
	})
}

// askUnsaved runs then at once when none of files has unsaved edits.
// Otherwise it asks: Save saves them (see saveAll) and runs then, Discard
// runs then, Cancel leaves everything as it is. quitting says whether then
// quits (else it closes files).
func (c *saveCtl) askUnsaved(files []*openFile, quitting bool, then func()) {
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
	text := widget.NewLabel(unsavedQuestion(dirty, quitting))
	text.Wrapping = fyne.TextWrapWord // a long file name wraps: the dialog fits the window
	d := dialog.NewCustomWithoutButtons(lang.X("unsaved.title", "Unsaved edits"), text, c.win)
	answer := func(after func()) func() {
		return func() {
			d.Hide()
			after()
		}
	}
	save := widget.NewButtonWithIcon(lang.X("unsaved.save", "Save"), theme.DocumentSaveIcon(), answer(func() { c.saveAll(dirty, then) }))
	save.Importance = widget.HighImportance
	discard := widget.NewButtonWithIcon(lang.X("unsaved.discard", "Discard"), theme.DeleteIcon(), answer(then))
	discard.Importance = widget.DangerImportance
	cancel := widget.NewButtonWithIcon(lang.X("action.cancel", "Cancel"), theme.CancelIcon(), answer(func() {}))
	d.SetButtons([]fyne.CanvasObject{cancel, discard, save})
	d.SetOnClosed(func() { c.asking = false })
	c.asking = true
	// As wide as the question (up to 800, within the window): 32 is the
	// dialog's own padding around its content, then its frame's.
	d.Resize(dialogSize(c.win, min(labelWidth(text)+32+2*theme.Padding(), 800), 0))
	d.Show()
}

// unsavedQuestion asks whether to save the dirty files before closing
// them, or before quitting.
func unsavedQuestion(dirty []*openFile, quitting bool) string {
	name := map[string]any{"Name": dirty[0].name}
	switch {
	case len(dirty) == 1 && quitting:
		return lang.X("unsaved.quit_one", "{{.Name}} has unsaved edits. Save them before quitting?", name)
	case len(dirty) == 1:
		return lang.X("unsaved.close_one", "{{.Name}} has unsaved edits. Save them before closing?", name)
	case quitting:
		return lang.XN("unsaved.quit_many", "{{.PluralCount}} files have unsaved edits. Save them before quitting?", len(dirty))
	}
	return lang.XN("unsaved.close_many", "{{.PluralCount}} files have unsaved edits. Save them before closing?", len(dirty))
}
