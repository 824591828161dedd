//go:build nogui

package main

import (
	"fmt"
	"os"
)

// runWindow is the window's place in the command-line-only build: asking
// for the window (no subcommand) is a usage error.
func runWindow(args []string) int {
	fmt.Fprintln(os.Stderr, "rummage: this build has no window; use the rummage binary (commands: ls, info, export, render, samples, completion, help)")
	return 2
}
