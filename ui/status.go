package ui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/ui/count"
	"rummage/ui/widgets"
)

// statusBar is the line under the window: node path, offset, size, edit
// state, the last message (with an action button when it has one, and its
// full text above the line while the pointer is over it) and the problem
// count; a progress bar with Cancel while background work runs. Every
// message is kept in the session's log (View › Messages).
//
// It needs the window (for its dialogs), the app (Copy all) and the
// selection (whose problems the ⚠ button lists).
type statusBar struct {
	app      fyne.App
	win      fyne.Window
	sel      selection
	path     *widgets.FitLabel
	offset   *widgets.FitLabel
	size     *widgets.FitLabel
	state    *widget.Label
	msg      *statusMessage
	full     *widget.Label  // the message's full text, shown on hover
	action   *widget.Button // the message's action (Open folder), hidden without one
	log      messageLog
	problems *widget.Button
	bar      *widget.ProgressBar
	barText  *widget.Label
	cancel   *widget.Button
	busy     *fyne.Container
	line     *fyne.Container // the texts' row: laid out again when a text changes
	content  fyne.CanvasObject

	cancelFn func()
	active   int
}

var (
	_ reporter   = (*statusBar)(nil)
	_ progressor = (*statusBar)(nil)
)

// newStatusBar makes the status bar.
func newStatusBar(a fyne.App, win fyne.Window, sel selection) *statusBar {
	s := &statusBar{app: a, win: win, sel: sel}
	mono := fyne.TextStyle{Monospace: true}
	s.path = widgets.NewFitLabel("")
	s.offset = widgets.NewFitLabel("")
	s.offset.TextStyle = mono
	s.size = widgets.NewFitLabel("")
	s.size.TextStyle = mono
	s.state = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.msg = newStatusMessage(s.showFull, func() { s.showMessages() })
	s.full = widget.NewLabel("")
	s.full.Wrapping = fyne.TextWrapWord
	s.full.Hide()
	s.action = widget.NewButton("", nil)
	s.action.Importance = widget.LowImportance
	s.action.Hide()
	s.problems = widget.NewButtonWithIcon("", theme.WarningIcon(), func() { s.showProblems() })
	s.problems.Importance = widget.LowImportance
	s.problems.Hide()
	s.bar = widget.NewProgressBar()
	s.barText = widget.NewLabel("")
	s.cancel = widget.NewButtonWithIcon(lang.X("action.cancel", "Cancel"), theme.CancelIcon(), func() {
		if s.cancelFn != nil {
			s.cancelFn()
		}
	})
	s.barText.Truncation = fyne.TextTruncateEllipsis
	barBox := container.NewHBox(container.NewGridWrap(fyne.NewSize(160, s.bar.MinSize().Height), s.bar), s.cancel)
	s.busy = container.NewBorder(nil, nil, nil, barBox, s.barText)
	s.busy.Hide()
	msg := shareItem{obj: s.msg, want: s.msg.width, fill: true}
	busy := shareItem{obj: s.busy, want: func() float32 { return labelWidth(s.barText) + barBox.MinSize().Width + theme.Padding() }, first: true}
	// Every text is cut to the room there is, so the line never widens
	// the window: the progress, offset and size first; then the message
	// gets the room the path leaves (and the path what the message
	// leaves).
	s.line = newShareRow(flexFit(s.path), firstFit(s.offset), firstFit(s.size), fixed(s.state), msg,
		fixed(s.action), fixed(s.problems), busy)
	s.content = container.NewBorder(container.NewVBox(widget.NewSeparator(), s.full), nil, nil, nil, s.line)
	return s
}

// showItem shows the node's path, offset and size.
func (s *statusBar) showItem(it *item) {
	defer s.relayout()
	if it == nil {
		s.path.SetText("")
		s.offset.SetText("")
		s.size.SetText("")
		s.problems.Hide()
		return
	}
	if it.path == "" && it.file != nil && it.file.path != "" {
		s.path.SetText(it.file.path) // a file's root: where it is on disk
	} else {
		s.path.SetText(displayPath(it))
	}
	off, size, ok := formats.SafeRange(it.node)
	switch {
	case !ok:
		s.offset.SetText("")
		s.size.SetText("")
	default:
		at := "—"
		if off >= 0 {
			at = fmt.Sprintf("0x%X", off)
		}
		s.offset.SetText(lang.X("status.offset", "offset {{.Offset}}", map[string]any{"Offset": at}))
		s.size.SetText(lang.X("status.size", "size {{.Size}}", map[string]any{"Size": sizeText(size)}))
	}
	n := len(it.diags)
	if it.err != nil {
		n++
	}
	if n > 0 {
		s.problems.SetText(lang.XN("status.problems", "{{.PluralCount}} problems", n))
		s.problems.Show()
	} else {
		s.problems.Hide()
	}
}

// showEditState shows whether the current file has unsaved edits.
func (s *statusBar) showEditState(f *openFile) {
	defer s.relayout()
	switch {
	case f == nil:
		s.state.SetText("")
	case f.dirty():
		s.state.SetText(lang.X("status.edited", "edited"))
	default:
		s.state.SetText("")
	}
}

// Status shows a message.
func (s *statusBar) Status(msg string) { s.message(msg, false) }

// setError shows an error (errors never pop a modal); nil does nothing.
func (s *statusBar) setError(err error) {
	if err != nil {
		s.message(err.Error(), true)
	}
}

// message shows a message (errors marked) and logs it; "" clears the
// line. Any action of the previous message goes.
func (s *statusBar) message(msg string, isErr bool) {
	defer s.relayout()
	s.action.Hide()
	msg = strings.ReplaceAll(msg, "\n", " ")
	if msg != "" {
		s.log.add(msg, isErr, time.Now())
	}
	if isErr {
		msg = "✕ " + msg
	}
	s.msg.set(msg, isErr)
}

// messageAction shows a message with a button that runs do.
func (s *statusBar) messageAction(msg string, isErr bool, label string, do func()) {
	defer s.relayout()
	s.message(msg, isErr)
	s.action.SetText(label)
	s.action.OnTapped = do
	s.action.Show()
}

// showFull shows (or hides) the message's full text above the line.
func (s *statusBar) showFull(show bool) {
	if !show {
		s.full.Hide()
		return
	}
	s.full.Importance = widget.MediumImportance
	if s.msg.isErr {
		s.full.Importance = widget.DangerImportance
	}
	s.full.SetText(s.msg.Text)
	s.full.Show()
}

// startProgress shows the progress bar; cancel stops the work.
func (s *statusBar) startProgress(title string, cancel func()) {
	defer s.relayout()
	s.active++
	s.cancelFn = cancel
	s.barText.SetText(title)
	s.bar.SetValue(0)
	s.busy.Show()
}

// progress shows done of total.
func (s *statusBar) progress(title string, done, total int) {
	defer s.relayout()
	if total > 0 {
		s.bar.SetValue(float64(done) / float64(total))
	}
	s.barText.SetText(fmt.Sprintf("%s %d/%d", title, done, total))
}

// endProgress hides the bar when the last job ends.
func (s *statusBar) endProgress() {
	defer s.relayout()
	s.active--
	if s.active <= 0 {
		s.active = 0
		s.cancelFn = nil
		s.busy.Hide()
	}
}

// relayout shares the line's width again after a text changed.
func (s *statusBar) relayout() { s.line.Refresh() }

// sizeText is "0x19C (412 B)".
func sizeText(n int64) string {
	return fmt.Sprintf("0x%X (%s)", n, count.Size(n))
}
