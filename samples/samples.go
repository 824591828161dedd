// Package samples is Rummage's built-in sample set: small files written by
// the project's own writers (see samples/build, run by `go generate`) and
// embedded in the binary, plus nodes made in code.
package samples

//go:generate go run ./gen

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed data
var data embed.FS

// Files returns the sample files by name, in name order.
func Files() []File {
	entries, _ := fs.ReadDir(data, "data")
	var out []File
	for _, e := range entries {
		if e.IsDir() || e.Name()[0] == '.' {
			continue
		}
		b, _ := data.ReadFile("data/" + e.Name())
		out = append(out, File{Name: e.Name(), Data: b})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// File is one sample file.
type File struct {
	Name string
	Data []byte
}
