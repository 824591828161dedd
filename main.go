// Command rummage is a desktop explorer for classic game asset files. With a
// subcommand it is the command-line tool; otherwise it opens the window.
package main

import (
	"os"

	_ "earlyinit" // must stay: keeps Fyne's init quiet under LANG=C (see the package)

	"fyne.io/fyne/v2/app"

	"rummage/cli"
	"rummage/icons"
	"rummage/ui"
)

func main() {
	if len(os.Args) > 1 && cli.IsCommand(os.Args[1]) {
		os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
	}
	a := app.NewWithID(ui.AppID)
	a.SetIcon(icons.App)
	os.Exit(ui.Run(a, os.Args[1:]))
}
