package ui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// maxLogEntries bounds the message log; the oldest messages are dropped.
const maxLogEntries = 1000

// logEntry is one status bar message of the session.
type logEntry struct {
	at    time.Time
	text  string
	isErr bool
	count int // times it was shown in a row
}

// line is the entry as View › Messages shows and copies it.
func (e logEntry) line() string {
	s := e.at.Format("15:04:05") + "  "
	if e.isErr {
		s += "✕ "
	}
	s += e.text
	if e.count > 1 {
		s += fmt.Sprintf(" (×%d)", e.count)
	}
	return s
}

// messageLog keeps the session's messages (View › Messages).
type messageLog struct {
	entries []logEntry
	dropped int // entries dropped for maxLogEntries
}

// add logs a message; the same message again in a row is counted, not
// repeated.
func (l *messageLog) add(text string, isErr bool, at time.Time) {
	if n := len(l.entries); n > 0 && l.entries[n-1].text == text && l.entries[n-1].isErr == isErr {
		l.entries[n-1].count++
		l.entries[n-1].at = at
		return
	}
	if len(l.entries) == maxLogEntries {
		l.entries = append(l.entries[:0], l.entries[1:]...)
		l.dropped++
	}
	l.entries = append(l.entries, logEntry{at: at, text: text, isErr: isErr, count: 1})
}

// text is the whole log, a message a line.
func (l *messageLog) text() string {
	var b strings.Builder
	if l.dropped > 0 {
		b.WriteString(droppedText(l.dropped) + "\n")
	}
	for _, e := range l.entries {
		b.WriteString(e.line())
		b.WriteByte('\n')
	}
	return b.String()
}

// droppedText says how many of the oldest messages the log dropped.
func droppedText(n int) string {
	return lang.XN("messages.dropped", "({{.PluralCount}} older messages dropped)", n)
}

// messagesView is View › Messages (fields for tests).
type messagesView struct {
	rows  []*widget.Label
	copyB *widget.Button
	dlg   *dialog.CustomDialog
}

// addMenus registers View › Messages.
func (s *statusBar) addMenus(b *menuBar) {
	b.add(viewWindow, fyne.NewMenuItem(lang.X("menu.view.messages", "Messages"), func() { s.showMessages() }))
}

// showMessages is View › Messages: every message of the session with its
// time, errors marked; the text can be selected, and Copy all copies it.
func (s *statusBar) showMessages() *messagesView {
	log := &s.log
	v := &messagesView{}
	list := container.NewVBox()
	if log.dropped > 0 {
		list.Add(widget.NewLabel(droppedText(log.dropped)))
	}
	for _, e := range log.entries {
		l := widget.NewLabel(e.line())
		l.Wrapping = fyne.TextWrapWord
		l.Selectable = true
		if e.isErr {
			l.Importance = widget.DangerImportance
		}
		v.rows = append(v.rows, l)
		list.Add(l)
	}
	if len(log.entries) == 0 {
		list.Add(widget.NewLabel(lang.X("messages.none", "No messages yet.")))
	}
	sc := container.NewVScroll(list)
	sc.SetMinSize(fyne.NewSize(640, 360))
	v.copyB = widget.NewButtonWithIcon(lang.X("action.copy_all", "Copy all"), theme.ContentCopyIcon(), func() {
		s.app.Clipboard().SetContent(log.text())
	})
	closeB := widget.NewButton(lang.X("action.close", "Close"), func() { v.dlg.Hide() })
	v.dlg = dialog.NewCustomWithoutButtons(lang.X("messages.title", "Messages"), sc, s.win)
	v.dlg.SetButtons([]fyne.CanvasObject{v.copyB, closeB})
	v.dlg.Show()
	sc.ScrollToBottom() // the newest messages
	return v
}
