package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// statusMessage is the status bar's message: one line, elided in the
// middle ("…") to fit its width. While the pointer is over an elided
// message, onHover(true) asks for the full text to be shown (the status
// bar shows it above the line, in the window, so that it takes no pointer
// events from the message); a click calls onTap (View › Messages).
type statusMessage struct {
	widget.BaseWidget
	Text    string // the full message
	isErr   bool
	label   *widget.Label
	onHover func(in bool)
	onTap   func()
	hovered bool
}

var (
	_ desktop.Hoverable = (*statusMessage)(nil)
	_ fyne.Tappable     = (*statusMessage)(nil)
)

func newStatusMessage(onHover func(bool), onTap func()) *statusMessage {
	m := &statusMessage{label: widget.NewLabel(""), onHover: onHover, onTap: onTap}
	m.ExtendBaseWidget(m)
	return m
}

// set shows msg (already one line); errors are drawn in the error colour.
func (m *statusMessage) set(msg string, isErr bool) {
	m.Text, m.isErr = msg, isErr
	m.Refresh()
	if m.hovered && m.onHover != nil {
		m.onHover(m.elided())
	}
}

// elided reports whether the message is cut to fit.
func (m *statusMessage) elided() bool { return m.label.Text != m.Text }

// width is the width the whole message needs.
func (m *statusMessage) width() float32 {
	th := m.Theme()
	return textWidth(m.Text, th.Size(theme.SizeNameText), m.label.TextStyle) + 2*th.Size(theme.SizeNameInnerPadding)
}

// MouseIn shows the full text of an elided message.
func (m *statusMessage) MouseIn(*desktop.MouseEvent) {
	m.hovered = true
	if m.onHover != nil && m.elided() {
		m.onHover(true)
	}
}

// MouseMoved does nothing: the full text stays while the pointer is in.
func (m *statusMessage) MouseMoved(*desktop.MouseEvent) {}

// MouseOut hides the full text.
func (m *statusMessage) MouseOut() {
	m.hovered = false
	if m.onHover != nil {
		m.onHover(false)
	}
}

// Tapped opens the message log.
func (m *statusMessage) Tapped(*fyne.PointEvent) {
	if m.onTap != nil {
		m.onTap()
	}
}

// CreateRenderer draws the label with the text that fits.
func (m *statusMessage) CreateRenderer() fyne.WidgetRenderer {
	return &statusMessageRenderer{m: m}
}

type statusMessageRenderer struct{ m *statusMessage }

func (r *statusMessageRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.m.label} }
func (r *statusMessageRenderer) Destroy()                     {}

// MinSize is an ellipsis wide: a long message never widens the window.
func (r *statusMessageRenderer) MinSize() fyne.Size {
	th := r.m.Theme()
	w := fyne.MeasureText("…", th.Size(theme.SizeNameText), r.m.label.TextStyle).Width
	return fyne.NewSize(w+2*th.Size(theme.SizeNameInnerPadding), r.m.label.MinSize().Height)
}

// Layout fits the text to the width.
func (r *statusMessageRenderer) Layout(size fyne.Size) {
	r.fit(size.Width)
	r.m.label.Resize(size)
}

// Refresh fits the text again and draws it.
func (r *statusMessageRenderer) Refresh() {
	r.m.label.Importance = widget.MediumImportance
	if r.m.isErr {
		r.m.label.Importance = widget.DangerImportance
	}
	r.fit(r.m.Size().Width)
	r.m.label.Refresh()
}

// fit sets the label to the message elided to width.
func (r *statusMessageRenderer) fit(width float32) {
	th := r.m.Theme()
	size, pad := th.Size(theme.SizeNameText), th.Size(theme.SizeNameInnerPadding)
	style := r.m.label.TextStyle
	text := elideMiddle(r.m.Text, func(s string) bool {
		return fyne.MeasureText(s, size, style).Width+2*pad <= width
	})
	if text != r.m.label.Text {
		r.m.label.Text = text
		r.m.label.Refresh()
	}
}

// elideMiddle returns s, or as much of its start and end as fits with
// "…" between them (just "…" when nothing more fits).
func elideMiddle(s string, fits func(string) bool) string {
	if fits(s) {
		return s
	}
	r := []rune(s)
	cut := func(keep int) string {
		head := (keep + 1) / 2
		return string(r[:head]) + "…" + string(r[len(r)-(keep-head):])
	}
	lo, hi := 0, len(r)-1 // the most runes kept that fit is in [lo, hi]
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if fits(cut(mid)) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return cut(lo)
}
