package cli

import (
	"strings"
	"testing"
)

// TestEveryCommandListed: the usage lines that list the commands (no
// command, an unknown one, the command-line-only build asked for a window)
// name every command there is, build and convert included.
func TestEveryCommandListed(t *testing.T) {
	_, _, none := run(t)
	_, _, unknown := run(t, "frobnicate")
	for name := range commands {
		if name == "help" {
			continue
		}
		for what, text := range map[string]string{"no window": NoWindow(), "no command": none, "unknown command": unknown} {
			if !strings.Contains(text, " "+name+",") && !strings.Contains(text, " "+name+")") {
				t.Errorf("%s: %q does not list %s", what, text, name)
			}
		}
	}
	if strings.Count(NoWindow(), "\n") != 0 {
		t.Errorf("not one line: %q", NoWindow())
	}
}
