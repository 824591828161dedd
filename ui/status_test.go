package ui

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
)

func TestElideMiddle(t *testing.T) {
	fits := func(s string) bool { return utf8.RuneCountInString(s) <= 10 }
	for _, c := range []struct{ in, want string }{
		{"short", "short"},
		{"exactly10!", "exactly10!"},
		{"abcdefghijklmnopqrstuvwxyz", "abcde…wxyz"},
		{"ab", "ab"},
	} {
		if got := elideMiddle(c.in, fits); got != c.want {
			t.Errorf("elideMiddle(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := elideMiddle("abcdef", func(s string) bool { return s == "…" }); got != "…" {
		t.Errorf("nothing fits: %q", got)
	}
}

// A long message is cut in the middle to fit, never widens the window,
// shows its full text while the pointer is over it, and a click opens
// View › Messages.
func TestStatusMessageElided(t *testing.T) {
	w := newTestWindow(t)
	long := "exported 1234 files to /home/someone/a/very/long/folder/name/that/goes/on/and/on/and/on/" +
		strings.Repeat("deeper/", 30) + "THE-END"
	w.Status(long)
	s := w.status
	shown := s.msg.label.Text
	if s.msg.Text != long || !strings.Contains(shown, "…") || !strings.HasPrefix(shown, "exported 1234") || !strings.HasSuffix(shown, "THE-END") {
		t.Fatalf("shown %q for %q", shown, s.msg.Text)
	}
	if min := w.win.Content().MinSize().Width; min > 1000 {
		t.Errorf("a long message widens the window to %v", min)
	}
	if s.full.Visible() {
		t.Error("full text shown before hovering")
	}
	c := w.win.Canvas()
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(s.msg).Add(fyne.NewPos(4, 4))
	test.MoveMouse(c, at)
	if !s.full.Visible() || s.full.Text != long {
		t.Errorf("hover: full text visible %v, %q", s.full.Visible(), s.full.Text)
	}
	test.MoveMouse(c, at) // still over the message (the full text takes no pointer events)
	if !s.full.Visible() {
		t.Error("full text hidden while the pointer stays on the message")
	}
	test.MoveMouse(c, fyne.NewPos(500, 300))
	if s.full.Visible() {
		t.Error("full text still shown after the pointer left")
	}
	w.Status("short")
	test.MoveMouse(c, at)
	if s.full.Visible() || s.msg.label.Text != "short" {
		t.Errorf("a message that fits: full shown %v, label %q", s.full.Visible(), s.msg.label.Text)
	}
	test.Tap(s.msg)
	top := c.Overlays().Top()
	if top == nil || !strings.Contains(overlayText(top), "THE-END") {
		t.Error("a click does not open the message log")
	}
}

// View › Messages keeps every message of the session with its time,
// errors marked, repeats counted; Copy all copies them.
func TestMessageLog(t *testing.T) {
	w := newTestWindow(t)
	w.Status("first")
	w.status.setError(errors.New("it broke at 0x40"))
	w.Status("again")
	w.Status("again")
	w.status.message("", false) // clearing is not a message
	if n := len(w.status.log.entries); n != 3 {
		t.Fatalf("%d entries: %+v", n, w.status.log.entries)
	}
	found := false
	for _, it := range w.menus.main.Items[2].Items {
		if it.Label == "Messages" {
			found = true
			it.Action()
		}
	}
	if !found {
		t.Fatal("no View › Messages")
	}
	top := w.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no Messages dialog")
	}
	text := overlayText(top)
	for _, want := range []string{"first", "✕ it broke at 0x40", "again (×2)"} {
		if !strings.Contains(text, want) {
			t.Errorf("log lacks %q:\n%s", want, text)
		}
	}
	v := w.status.showMessages()
	if len(v.rows) != 3 || !v.rows[1].Selectable {
		t.Errorf("rows %d, selectable %v", len(v.rows), len(v.rows) > 1 && v.rows[1].Selectable)
	}
	test.Tap(v.copyB)
	got := w.app.Clipboard().Content()
	lines := strings.Split(strings.TrimSpace(got), "\n")
	if len(lines) != 3 || !strings.HasSuffix(lines[1], "✕ it broke at 0x40") || len(lines[0]) < len("15:04:05  first") || lines[0][2] != ':' {
		t.Errorf("copied %q", got)
	}
}

func TestMessageLogBounded(t *testing.T) {
	var l messageLog
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for i := range maxLogEntries + 5 {
		l.add(fmt.Sprintf("message %d", i), false, at)
	}
	if len(l.entries) != maxLogEntries || l.dropped != 5 || l.entries[0].text != "message 5" {
		t.Errorf("%d entries, %d dropped, first %q", len(l.entries), l.dropped, l.entries[0].text)
	}
	if !strings.HasPrefix(l.text(), "(5 older messages dropped)\n03:04:05  message 5\n") {
		t.Errorf("text starts %q", l.text()[:60])
	}
}

// A message shorter than the room beside a short path is shown whole: it
// takes the free width before it is cut; the path keeps its room too.
func TestStatusMessageUsesFreeWidth(t *testing.T) {
	w := newTestWindow(t)
	w.win.Resize(fyne.NewSize(1024, 640))
	f, _, _ := addFake(w)
	w.nav.selectUID(f.uid)
	msg := "exported 12 files to /home/someone/projects/game/export/textures/gui"
	w.Status(msg)
	s := w.status
	if s.msg.label.Text != msg {
		t.Errorf("the message %q is shown as %q (%v wide beside a path %v wide)", msg, s.msg.label.Text, s.msg.Size().Width, s.path.Size().Width)
	}
	if s.path.Size().Width < labelWidth(&s.path.Label) {
		t.Errorf("the path %q is cut to %v (needs %v)", s.path.Text, s.path.Size().Width, labelWidth(&s.path.Label))
	}
	// Both long: each gets a fair share, the message elided in the middle.
	long := strings.Repeat("a long message that goes on ", 10) + "THE-END"
	w.Status(long)
	if got := s.msg.label.Text; !strings.Contains(got, "…") || !strings.HasSuffix(got, "THE-END") {
		t.Errorf("long message shown as %q", got)
	}
	if s.msg.Size().Width < 300 {
		t.Errorf("the long message got %v of 1024", s.msg.Size().Width)
	}
}

// The ⚠ button lists every problem of a node, however many, in a virtual
// list: the dialog makes rows only for what is in view (it opens at once
// with 20,000), the last is reachable, a selected row is shown whole, and
// Copy all copies every line.
func TestProblemsListsAll(t *testing.T) {
	w := newTestWindow(t)
	w.win.Resize(fyne.NewSize(1024, 640))
	n := &manyDiags{Raw: *rawNode("a", formats.KindRaw, "ODD", seq(4), 0), n: 20000}
	w.opened.addFiles([]*openFile{{name: "p", root: &formats.Folder{NodeName: "p", Items: []formats.Node{n}}}})
	w.nav.selectUID(uidByPath(t, w, "a"))
	if got := w.status.problems.Text; got != "20000 problems" {
		t.Errorf("button %q", got)
	}
	v := w.status.showProblems()
	if v.list.Length() != 20000 {
		t.Fatalf("%d rows", v.list.Length())
	}
	top := w.win.Canvas().Overlays().Top()
	labels := 0
	for _, o := range test.LaidOutObjects(top) {
		if _, ok := o.(*widget.Label); ok {
			labels++
		}
	}
	t.Logf("%d labels", labels)
	if labels < 3 || labels > 200 {
		t.Errorf("the dialog made %d labels for 20,000 problems", labels)
	}
	v.list.ScrollToBottom()
	v.list.Select(19999)
	if !strings.Contains(v.detail.Text, "finding 19999:") || !v.detail.Selectable {
		t.Errorf("the last problem shows as %q", v.detail.Text)
	}
	test.Tap(v.copyB)
	if got := w.app.Clipboard().Content(); strings.Count(got, "\n") != 20000 || !strings.Contains(got, "finding 19999:") {
		t.Errorf("copied %d lines", strings.Count(got, "\n"))
	}
}
