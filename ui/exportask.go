package ui

import (
	"context"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/export"
)

// existsAsker asks what an export does with each file that exists already
// (export.Options.Ask). The export is planned in the background; the
// question is a dialog on the UI goroutine, and the planning goroutine
// waits for its answer, or for the export to be cancelled.
type existsAsker struct {
	c      *exportCtl
	ctx    context.Context
	cancel context.CancelFunc
	rest   *export.Existing // the answer for the rest of the export, once given (planning goroutine only)

	mu   sync.Mutex
	open *existsQuestion // the question on show, nil when none
}

// existsQuestion is the dialog about one file (fields for tests).
type existsQuestion struct {
	file                      string
	overwrite, keepBoth, skip *widget.Button
	cancel                    *widget.Button
	rest                      *widget.Check
	dlg                       *dialog.CustomDialog
	answered                  bool // a button was used (UI goroutine only)
}

// existsAnswer is the choice made in an existsQuestion.
type existsAnswer struct {
	do   export.Existing
	rest bool // do the same for the rest of this export
}

// ask is export.Options.Ask: the remembered answer, else the user's. It
// runs on the planning goroutine and blocks it while the dialog is up; a
// cancelled export hides the dialog and gets Skip (the plan then stops).
func (a *existsAsker) ask(file string) export.Existing {
	if a.rest != nil {
		return *a.rest
	}
	reply := make(chan existsAnswer, 1)
	fyne.Do(func() {
		if a.ctx.Err() == nil {
			a.setOpen(a.c.showExistsQuestion(file, reply, a.cancel))
		}
	})
	select {
	case ans := <-reply:
		a.setOpen(nil)
		if ans.rest {
			a.rest = &ans.do
		}
		return ans.do
	case <-a.ctx.Done():
		fyne.Do(func() {
			if q := a.question(); q != nil {
				q.dlg.Hide()
			}
			a.setOpen(nil)
		})
		return export.Skip
	}
}

// question is the question on show, nil when none.
func (a *existsAsker) question() *existsQuestion {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.open
}

func (a *existsAsker) setOpen(q *existsQuestion) {
	a.mu.Lock()
	a.open = q
	a.mu.Unlock()
}

// showExistsQuestion asks about file: Overwrite, Keep both (the new file
// gets another name) or Skip, with a check box for the rest of the export,
// and Cancel export. The answer goes to reply.
func (c *exportCtl) showExistsQuestion(file string, reply chan<- existsAnswer, cancel func()) *existsQuestion {
	q := &existsQuestion{file: file}
	q.rest = widget.NewCheck(lang.X("export.exists.rest", "Do the same for the rest of this export"), nil)
	answer := func(do export.Existing) func() {
		return func() {
			if q.answered {
				return
			}
			q.answered = true
			q.dlg.Hide()
			reply <- existsAnswer{do: do, rest: q.rest.Checked}
		}
	}
	q.overwrite = widget.NewButton(lang.X("export.exists.overwrite", "Overwrite"), answer(export.Overwrite))
	q.overwrite.Importance = widget.DangerImportance
	q.keepBoth = widget.NewButton(lang.X("export.exists.keep_both", "Keep both"), answer(export.KeepBoth))
	q.keepBoth.Importance = widget.HighImportance
	q.skip = widget.NewButton(lang.X("export.exists.skip", "Skip"), answer(export.Skip))
	q.cancel = widget.NewButtonWithIcon(lang.X("export.exists.cancel", "Cancel export"), theme.CancelIcon(), func() {
		q.answered = true
		q.dlg.Hide()
		cancel()
	})
	name := widget.NewLabel(file)
	name.Wrapping = fyne.TextWrapBreak
	name.Selectable = true
	text := widget.NewLabel(lang.X("export.exists.question",
		"This file exists already. Overwrite it, keep both (the new one gets a name with _2, _3, …), or skip it and leave the file as it is?"))
	text.Wrapping = fyne.TextWrapWord
	content := container.NewVBox(name, text, q.rest)
	q.dlg = dialog.NewCustomWithoutButtons(lang.X("export.exists.title", "The file exists"), content, c.win)
	q.dlg.SetButtons([]fyne.CanvasObject{q.cancel, q.skip, q.keepBoth, q.overwrite})
	q.dlg.Resize(fyne.NewSize(640, 0))
	q.dlg.Show()
	return q
}
