// Command gen writes the built-in sample files into samples/data; it is run
// by `go generate ./samples`.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"rummage/samples/build"
)

func main() {
	dir := "data"
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	list, files, err := build.All()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	for _, b := range list {
		if err := os.WriteFile(filepath.Join(dir, b.Name), files[b.Name], 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
}
