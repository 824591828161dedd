// Package earlyinit runs before Fyne's packages are initialised. Fyne's
// lang package parses the user's locale during init and logs an error to
// stderr when it is "C" or "POSIX"; the command line must print nothing but
// its own output, so this package gives such a process the neutral English
// locale for messages instead.
//
// It is a module of its own, with a path that sorts before "fyne.io", because
// Go initialises packages whose imports are ready in import-path order: its
// only import is os, so it always runs before fyne.io/fyne/v2/lang.
package earlyinit

import (
	"os"
	"strings"
)

func init() {
	if os.Getenv("LANGUAGE") != "" {
		return
	}
	loc := ""
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := os.Getenv(k); v != "" {
			loc = v
			break
		}
	}
	base, _, _ := strings.Cut(loc, ".")
	base, _, _ = strings.Cut(base, "@")
	if base == "" || base == "C" || base == "POSIX" {
		os.Setenv("LANGUAGE", "en")
	}
}
