//go:build !nogui

package main

import (
	_ "earlyinit" // must stay: keeps Fyne's init quiet under LANG=C (see the package)

	"fyne.io/fyne/v2/app"

	"rummage/icons"
	"rummage/ui"
)

// runWindow opens the window on the files in args and returns the exit
// status.
func runWindow(args []string) int {
	a := app.NewWithID(ui.AppID)
	a.SetIcon(icons.App)
	return ui.Run(a, args)
}
