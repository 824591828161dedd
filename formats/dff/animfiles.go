package dff

import (
	"os"
	"path/filepath"
	"strings"
)

// AnimationFiles returns animation packages for the model found on disk:
// an .ifp of the model's own name beside it (San Andreas keeps some so,
// parachute.dff and parachute.ifp), then the game's anim/ped.ifp in a
// folder at or above the model's (names match in any case).
func (r *Root) AnimationFiles() []string {
	if r.src.Path == "" || r.src.Parent != nil {
		return nil
	}
	dir := filepath.Dir(r.src.Path)
	base := strings.TrimSuffix(filepath.Base(r.src.Path), filepath.Ext(r.src.Path))
	var out []string
	if p := entryFold(dir, base+".ifp"); p != "" {
		out = append(out, p)
	}
	for d, i := dir, 0; i < 8; d, i = filepath.Dir(d), i+1 {
		if a := entryFold(d, "anim"); a != "" {
			if p := entryFold(a, "ped.ifp"); p != "" {
				out = append(out, p)
				break
			}
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return out
}

// entryFold returns dir's entry named name in any case, "" when none.
func entryFold(dir, name string) string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	for _, e := range ents {
		if strings.EqualFold(e.Name(), name) {
			return filepath.Join(dir, e.Name())
		}
	}
	return ""
}
