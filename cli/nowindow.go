package cli

import "strings"

// NoWindow is what the command-line-only build (-tags nogui) says, on one
// line, when it is asked for the window: that it has none, and every
// command it does have.
func NoWindow() string {
	return "rummage: this build has no window; use the rummage binary (commands: " + strings.Join(commandNames, ", ") + ")"
}
