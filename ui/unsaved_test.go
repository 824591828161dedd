package ui

import (
	"strings"
	"testing"
)

// Closing (Ctrl+W) or quitting (Ctrl+Q; the window's close button runs the
// same quit) with edits asks: Save saves then goes on, Discard goes on,
// Cancel keeps everything.
func TestUnsavedEditsPrompt(t *testing.T) {
	for _, tc := range []struct {
		key, answer string
		saved, gone bool
	}{
		{"CustomDesktop:Control+W", "Save", true, true},
		{"CustomDesktop:Control+W", "Discard", false, true},
		{"CustomDesktop:Control+W", "Cancel", false, false},
		{"CustomDesktop:Control+Q", "Save", true, true},
		{"CustomDesktop:Control+Q", "Discard", false, true},
		{"CustomDesktop:Control+Q", "Cancel", false, false},
	} {
		t.Run(tc.key+" "+tc.answer, func(t *testing.T) {
			path, _ := diskLib(t, t.TempDir(), "ask.lib", "before")
			w := openLib(t, path)
			editText(t, w, "after")
			pressShortcut(t, w, tc.key)
			pressShortcut(t, w, tc.key) // asked once, not twice
			tapInTop(t, w, tc.answer)
			if top := w.win.Canvas().Overlays().Top(); top != nil {
				t.Errorf("a dialog is still on show after %s", tc.answer)
			}
			if got := libText(t, path); (got == "after") != tc.saved {
				t.Errorf("file on disk %q", got)
			}
			gone := len(w.opened.files) == 0
			if strings.HasSuffix(tc.key, "Q") {
				gone = w.saver.quitting
			}
			if gone != tc.gone || (!tc.gone && !w.opened.files[0].dirty()) {
				t.Errorf("closed/quit %v, want %v", gone, tc.gone)
			}
		})
	}
}
