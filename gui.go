//go:build !nogui

package main

import (
	_ "earlyinit" // must stay: keeps Fyne's init quiet under LANG=C (see the package)

	"fyne.io/fyne/v2/app"

	"rummage/icons"
	"rummage/ui"
	"rummage/ui/i18n"
)

// runWindow opens the window on the files in args and returns the exit
// status. The window speaks the language chosen in Settings (kept in the
// app's preferences), else the system's.
func runWindow(args []string) int {
	a := app.NewWithID(ui.AppID)
	ui.BeginStartUp(a) // fonts load on the other core from here to the first frame
	i18n.Apply(i18n.Stored(a.Preferences()))
	a.SetIcon(icons.App)
	return ui.Run(a, args)
}
