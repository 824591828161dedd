// Command rummage is a desktop explorer for classic game asset files. With a
// subcommand it is the command-line tool; otherwise it opens the window.
package main

import (
	"os"

	"fyne.io/fyne/v2/app"

	"rummage/cli"
	"rummage/ui"
)

func main() {
	if len(os.Args) > 1 && cli.IsCommand(os.Args[1]) {
		os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(ui.Run(app.NewWithID(ui.AppID), os.Args[1:]))
}
