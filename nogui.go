//go:build nogui

package main

import (
	"fmt"
	"os"

	"rummage/cli"
)

// runWindow is the window's place in the command-line-only build: asking
// for the window (no subcommand) is a usage error that lists the commands.
func runWindow(args []string) int {
	fmt.Fprintln(os.Stderr, cli.NoWindow())
	return 2
}
