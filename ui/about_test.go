package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

func TestHelpDialog(t *testing.T) {
	w := newTestWindow(t)
	for _, tab := range []string{helpAbout, helpFormats, helpShortcuts} {
		v := w.help.showHelp(tab)
		if v.tabs.Selected().Text != tab {
			t.Errorf("showHelp(%s) selected %s", tab, v.tabs.Selected().Text)
		}
	}
	v := w.help.showHelp(helpFormats)
	text := overlayText(w.win.Canvas().Overlays().Top()) + shown(t, v.formats)
	for _, want := range []string{"NRes", "Registered readers:", "nres"} {
		if !strings.Contains(text, want) {
			t.Errorf("Formats tab lacks %q", want)
		}
	}
	rows, cols := v.formats.Length()
	if rows != len(formatFamilies()) || cols != 3 {
		t.Errorf("formats table %d×%d", rows, cols)
	}
	v = w.help.showHelp(helpShortcuts)
	text = shown(t, v.shortcuts)
	for _, want := range []string{"Ctrl+E", "Export…", "Ctrl+O"} {
		if !strings.Contains(text, want) {
			t.Errorf("Shortcuts tab lacks %q", want)
		}
	}
	if !strings.Contains(v.about.Text, "Rummage") {
		t.Errorf("about %q", v.about.Text)
	}
}

// Every menu shortcut is in the Shortcuts table.
func TestShortcutsListed(t *testing.T) {
	w := newTestWindow(t)
	var listed strings.Builder
	for _, s := range shortcuts() {
		listed.WriteString(s.keys + "\n")
	}
	for _, m := range w.menus.main.Items {
		for _, it := range m.Items {
			if it.Shortcut == nil {
				continue
			}
			name := shortcutName(it.Shortcut)
			if name != "" && !strings.Contains(listed.String(), name) {
				t.Errorf("menu %s › %s: %s is not in Help › Shortcuts", m.Label, it.Label, name)
			}
		}
	}
}

// shortcutName is "Ctrl+O" for a menu shortcut ("" when unknown).
func shortcutName(s fyne.Shortcut) string {
	type keyed interface {
		Key() fyne.KeyName
		Mod() fyne.KeyModifier
	}
	if k, ok := s.(keyed); ok {
		name := string(k.Key())
		if k.Mod()&fyne.KeyModifierShift != 0 {
			name = "Shift+" + name
		}
		if k.Mod()&fyne.KeyModifierShortcutDefault != 0 {
			name = "Ctrl+" + name
		}
		return name
	}
	if s.ShortcutName() == "Undo" {
		return "Ctrl+Z"
	}
	return ""
}

// findButton finds the button labelled text in o.
func findButton(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	for _, x := range test.LaidOutObjects(o) {
		if b, ok := x.(*widget.Button); ok && b.Text == text {
			return b
		}
	}
	t.Fatalf("no %q button", text)
	return nil
}

// shown is the text of every cell of a table, through its own callbacks
// (the test driver lays out only the rows it draws).
func shown(t *testing.T, tb *widget.Table) string {
	var b strings.Builder
	rows, cols := tb.Length()
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			o := tb.CreateCell()
			tb.UpdateCell(widget.TableCellID{Row: r, Col: c}, o)
			b.WriteString(o.(*widget.Label).Text + "\n")
		}
	}
	return b.String()
}
