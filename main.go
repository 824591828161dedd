// Command rummage is a desktop explorer for classic game asset files. With a
// subcommand (or --version) it is the command-line tool; otherwise it opens
// the window, unless the first word is neither a subcommand nor an existing
// file: that is a usage error (exit status 2), not a window. On Windows,
// --register-types and --unregister-types make the window the program that
// opens Rummage's file types for the current user, or undo it.
//
// Built with -tags nogui (and CGO_ENABLED=0) it is the static
// command-line-only rummage-cli: every subcommand, no window, no Fyne, GL
// or X11 (see nogui.go); the default build is the one binary for both.
package main

import (
	"fmt"
	"os"
	"runtime/debug"

	"rummage/cli"
)

func main() {
	if len(os.Args) == 2 && (os.Args[1] == "--register-types" || os.Args[1] == "--unregister-types") {
		os.Exit(registerTypes(os.Args[1] == "--register-types")) // Windows: the file associations
	}
	if len(os.Args) > 1 && cli.IsCommand(os.Args[1]) {
		// A soft memory limit of 64 MB + 8 × the input keeps the garbage of
		// a command that decodes much (unpack budgets bound what it keeps)
		// from growing its peak.
		debug.SetMemoryLimit(cli.MemoryLimit(os.Args[1], os.Args[2:]))
		os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
	}
	if msg := cli.UnknownWord(os.Args[1:]); msg != "" {
		fmt.Fprintln(os.Stderr, msg)
		os.Exit(2)
	}
	os.Exit(runWindow(os.Args[1:]))
}
