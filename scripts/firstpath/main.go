// Command firstpath reads `rummage ls --json` from stdin and prints the path
// of the first node that has no children (or the first node), for tests.
package main

import (
	"encoding/json"
	"fmt"
	"os"
)

func main() {
	var rows []struct {
		Path     string `json:"path"`
		Children int    `json:"children"`
	}
	if err := json.NewDecoder(os.Stdin).Decode(&rows); err != nil || len(rows) == 0 {
		fmt.Fprintln(os.Stderr, "firstpath: no nodes:", err)
		os.Exit(1)
	}
	for _, r := range rows {
		if r.Children == 0 {
			fmt.Println(r.Path)
			return
		}
	}
	fmt.Println(rows[0].Path)
}
