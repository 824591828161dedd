//go:build windows && !nogui

package main

import (
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/windows"

	"rummage/internal/winassoc"
)

// registerTypes is `rummage --register-types` (register true) and
// `--unregister-types`: the file associations of the current user
// (internal/winassoc), reported on the console the program was started
// from.
func registerTypes(register bool) int {
	out := console()
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(out, "rummage: cannot find this program's path: %v\n", err)
		return 1
	}
	defer winassoc.Notify()
	if !register {
		if err := winassoc.Unregister(winassoc.Registry{}, exe); err != nil {
			fmt.Fprintf(out, "rummage: --unregister-types: %v\n", err)
			return 1
		}
		fmt.Fprintln(out, "rummage: the file types no longer open in Rummage")
		return 0
	}
	res, err := winassoc.Register(winassoc.Registry{}, exe)
	if err != nil {
		fmt.Fprintf(out, "rummage: --register-types: %v\n", err)
		return 1
	}
	for _, r := range res {
		if r.Default {
			fmt.Fprintf(out, "%-6s opens in %s\n", r.Ext, exe)
		} else {
			fmt.Fprintf(out, "%-6s stays with %s; Rummage is in its Open with list\n", r.Ext, r.Owner)
		}
	}
	return 0
}

// console is standard output, or, when the window program was started
// without one (a GUI program has none), the console of the command line it
// was started from; io.Discard when there is neither.
func console() io.Writer {
	if h, err := windows.GetStdHandle(windows.STD_OUTPUT_HANDLE); err == nil && h != 0 && h != windows.InvalidHandle {
		return os.Stdout
	}
	const attachParentProcess = ^uintptr(0)
	if r, _, _ := windows.NewLazySystemDLL("kernel32.dll").NewProc("AttachConsole").Call(attachParentProcess); r == 0 {
		return io.Discard
	}
	f, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0)
	if err != nil {
		return io.Discard
	}
	return f
}
