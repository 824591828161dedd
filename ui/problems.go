package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
)

// problemsView is the list the status bar's ⚠ button opens (fields for
// tests): every problem of the node, however many (a level may have
// thousands), one a row in a virtual list that makes rows only for what is
// in view, so it opens at once; the selected row is shown whole below,
// selectable; Copy all copies the lot.
type problemsView struct {
	lines  []func() string // each line, made when shown
	list   *widget.List
	detail *widget.Label
	copyB  *widget.Button
	dlg    *dialog.CustomDialog
}

// problemLines are it's error and findings as lines for the list, made
// only when a row shows them.
func problemLines(it *item) []func() string {
	var lines []func() string
	if it.err != nil {
		err := it.err
		lines = append(lines, func() string {
			return lang.X("status.problems.error", "Error {{.Error}}", map[string]any{"Error": formats.ErrorText(err)})
		})
	}
	for i := range it.diags {
		d := it.diags[i]
		lines = append(lines, func() string { return "⚠ " + d.String() })
	}
	return lines
}

// showProblems lists the current node's error and findings.
func (s *statusBar) showProblems() *problemsView {
	it := s.sel.current()
	if it == nil {
		return nil
	}
	v := &problemsView{lines: problemLines(it)}
	v.detail = widget.NewLabel("")
	v.detail.Wrapping = fyne.TextWrapWord
	v.detail.Selectable = true
	v.list = widget.NewList(func() int { return len(v.lines) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id >= 0 && id < len(v.lines) {
				o.(*widget.Label).SetText(v.lines[id]())
			}
		})
	v.list.OnSelected = func(id widget.ListItemID) {
		if id >= 0 && id < len(v.lines) {
			v.detail.SetText(v.lines[id]())
		}
	}
	if len(v.lines) > 0 {
		v.detail.SetText(v.lines[0]())
	}
	v.copyB = widget.NewButtonWithIcon(lang.X("problems.copy", "Copy all"), theme.ContentCopyIcon(), func() {
		s.app.Clipboard().SetContent(v.text())
	})
	closeB := widget.NewButton(lang.X("problems.close", "Close"), func() { v.dlg.Hide() })
	count := widget.NewLabel(lang.XN("problems.count", "{{.PluralCount}} problems; select one to read it whole:", len(v.lines)))
	detail := container.NewVScroll(v.detail)
	detail.SetMinSize(fyne.NewSize(0, 3*widget.NewLabel("").MinSize().Height))
	content := container.NewBorder(count, detail, nil, nil, v.list)
	title := lang.X("status.problems.title", "Problems in {{.Name}}", map[string]any{"Name": it.name})
	v.dlg = dialog.NewCustomWithoutButtons(title, content, s.win)
	v.dlg.SetButtons([]fyne.CanvasObject{v.copyB, closeB})
	v.dlg.Resize(dialogSize(s.win, 760, 520))
	v.dlg.Show()
	return v
}

// text is every line, one a line (Copy all).
func (v *problemsView) text() string {
	var b strings.Builder
	for _, l := range v.lines {
		b.WriteString(l())
		b.WriteByte('\n')
	}
	return b.String()
}
