//go:build !windows || nogui

package main

import (
	"fmt"
	"os"
	"runtime"
)

// registerTypes is `rummage --register-types` where it does not apply: on
// Linux the desktop files of `make install` or the .deb register the types,
// and the command-line-only build has no window to open them in.
func registerTypes(bool) int {
	msg := "the file types are registered by the desktop files that make install or the .deb install"
	if runtime.GOOS == "windows" {
		msg = "this is the command-line-only build: run the window program (rummage-windows-amd64-gui.exe) with it"
	}
	fmt.Fprintf(os.Stderr, "rummage: --register-types and --unregister-types are for the Windows window: %s\n", msg)
	return 2
}
