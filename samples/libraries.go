package samples

import (
	"bytes"
	"strings"
	"sync"

	"rummage/formats"
)

var (
	libOnce sync.Once
	libs    []formats.Node
)

// Libraries returns the sample Material.lib, Textures.lib and LightMap.lib
// opened as nodes (once): set as formats.Options.Libraries, in-memory
// samples (which have no folder) resolve their materials and textures in
// them. The formats must be registered (import rummage/formats/all).
func Libraries() []formats.Node {
	libOnce.Do(func() {
		// The libraries find each other (a material's texture) through
		// the same option; it is read only after Do returns.
		opts := &formats.Options{Libraries: Libraries}
		for _, f := range Files() {
			switch strings.ToLower(f.Name) {
			case "material.lib", "textures.lib", "lightmap.lib":
			default:
				continue
			}
			src := formats.Source{R: bytes.NewReader(f.Data), Size: int64(len(f.Data)), Name: f.Name, Opts: opts}
			if n, err := formats.OpenFile(src); err == nil {
				libs = append(libs, n)
			}
		}
	})
	return libs
}
