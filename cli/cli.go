// Package cli implements Rummage's command-line subcommands.
package cli

import "io"

// IsCommand reports whether name is a subcommand.
func IsCommand(name string) bool {
	switch name {
	case "ls", "info", "export", "samples", "help", "--help", "-h":
		return true
	}
	return false
}

// Run runs a subcommand with its arguments and returns the exit status.
func Run(args []string, stdout, stderr io.Writer) int { return 2 }
