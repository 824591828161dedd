// Command genman writes the rummage(1) man page to standard output
// (`make man` writes it to rummage.1).
package main

import (
	"os"

	"rummage/cli"
)

func main() { cli.WriteMan(os.Stdout) }
