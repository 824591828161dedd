// Package build writes the sample files with the project's own writers.
// Each format adds a file here that registers its samples in init; the
// generator (samples/gen) writes them to samples/data, and a test checks the
// embedded copies are up to date.
package build

import (
	"fmt"
	"sort"
)

// Builder makes one sample file.
type Builder struct {
	Name  string // file name in the sample folder
	Build func() ([]byte, error)
}

var builders []Builder

// Register adds a sample file; format files call it from init.
func Register(b Builder) { builders = append(builders, b) }

// All builds every sample file, in name order.
func All() ([]Builder, map[string][]byte, error) {
	sort.Slice(builders, func(i, j int) bool { return builders[i].Name < builders[j].Name })
	out := make(map[string][]byte, len(builders))
	for _, b := range builders {
		if _, dup := out[b.Name]; dup {
			return nil, nil, fmt.Errorf("sample %s registered twice", b.Name)
		}
		data, err := b.Build()
		if err != nil {
			return nil, nil, fmt.Errorf("sample %s: %w", b.Name, err)
		}
		out[b.Name] = data
	}
	return builders, out, nil
}
