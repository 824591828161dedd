package ui

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/ui/i18n"
)

// RUMMAGE_SCREENSHOT_SHOW opens a menu or a dialog over the window for
// --screenshot (a development aid, as RUMMAGE_SCREENSHOT_FILTER is): the
// shots then show it, and fail when it needs more room than the window
// has. Its values are shotShows' names; "menu:File" opens a menu of the
// main menu by its English (or shown) title.

// shotShows are the dialogs RUMMAGE_SCREENSHOT_SHOW opens, by name.
var shotShows = map[string]func(w *window){
	"settings":       func(w *window) { w.view.showSettings() },
	"help":           func(w *window) { w.help.showHelp(helpAbout) },
	"help:formats":   func(w *window) { w.help.showHelp(helpFormats) },
	"help:shortcuts": func(w *window) { w.help.showHelp(helpShortcuts) },
	"export":         func(w *window) { w.exporter.exportSelected() },
	"messages":       func(w *window) { w.status.showMessages() },
}

// showForShot opens what names (see shotShows and menu:TITLE) over the
// shown window; call it on the UI goroutine.
func (w *window) showForShot(what string) error {
	if title, ok := strings.CutPrefix(what, "menu:"); ok {
		return w.showMenuForShot(title)
	}
	show, ok := shotShows[strings.ToLower(what)]
	if !ok {
		names := []string{"menu:TITLE"}
		for n := range shotShows {
			names = append(names, n)
		}
		slices.Sort(names)
		return fmt.Errorf("RUMMAGE_SCREENSHOT_SHOW=%s: want one of %s", what, strings.Join(names, ", "))
	}
	show(w)
	return nil
}

// showMenuForShot opens the main menu's menu titled title below its title
// in the menu bar, as a click on it would.
func (w *window) showMenuForShot(title string) error {
	x := theme.InnerPadding()
	for _, m := range w.menus.main.Items {
		if i18n.Names(m.Label, title) {
			y := w.win.Content().Position().Y
			widget.ShowPopUpMenuAtPosition(m, w.win.Canvas(), fyne.NewPos(x-theme.InnerPadding(), y))
			return nil
		}
		x += fyne.MeasureText(m.Label, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
	}
	return fmt.Errorf("RUMMAGE_SCREENSHOT_SHOW=menu:%s: no such menu", title)
}

// checkOverlays fails when a dialog or menu over the window needs more
// room than the window has (it would be cut off at the window's edge).
func checkOverlays(win fyne.Window) error {
	var err error
	fyne.DoAndWait(func() {
		have := win.Canvas().Size()
		for _, o := range win.Canvas().Overlays().List() {
			need := overlayNeed(o)
			if need.Width > have.Width+0.5 || need.Height > have.Height+0.5 {
				err = fmt.Errorf("a dialog or menu needs %.0fx%.0f, the window has %.0fx%.0f", need.Width, need.Height, have.Width, have.Height)
			}
		}
	})
	return err
}

// overlayNeed is the room an overlay needs: its content's minimum size,
// at its place for a pop-up menu.
func overlayNeed(o fyne.CanvasObject) fyne.Size {
	if p, ok := o.(*widget.PopUp); ok {
		at := p.Content.Position()
		return p.Content.MinSize().Add(fyne.NewSize(max(at.X, 0), max(at.Y, 0)))
	}
	return o.MinSize()
}
