package ide

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"rummage/formats"
	"rummage/formats/foldpath"
	"rummage/formats/gtadat"
)

// The bounds of a search for .ide files: one file's size, the files read
// from a tree and the entries visited in it, and the folders above a file
// searched for a data folder.
const (
	maxFileBytes = 8 << 20
	maxFiles     = 2000
	maxWalk      = 20000
	maxUp        = 4
)

var cache = struct {
	sync.Mutex
	m map[string]*Definitions
}{m: map[string]*Definitions{}}

// For returns the definitions that apply to a file in dir: the .ide files
// beside it, then those of the data folder of dir or of a folder above it
// (nearest first): the ones its default.dat and gta.dat name, in their
// order, then every other .ide in the data tree. Each folder is read once
// per process.
func For(dir string) *Definitions {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs // a relative path has no parents to search
	}
	key := dir + "\x00merged"
	cache.Lock()
	d, ok := cache.m[key]
	cache.Unlock()
	if ok {
		return d
	}
	d = NewDefinitions()
	d.merge(cached(dir, false))
	for at, level := dir, 0; level <= maxUp; level++ {
		if data := foldpath.Child(at, "data"); data != "" && data != dir {
			d.merge(cached(data, true))
		}
		up := filepath.Dir(at)
		if up == at {
			break
		}
		at = up
	}
	cache.Lock()
	cache.m[key] = d
	cache.Unlock()
	return d
}

// DataFolder returns the game's data folder for a file in dir: the
// nearest data folder of dir or a folder above it, "" when there is none.
func DataFolder(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	for at, level := dir, 0; level <= maxUp+2; level++ {
		if strings.EqualFold(filepath.Base(at), "data") {
			return at
		}
		if data := foldpath.Child(at, "data"); data != "" {
			if st, err := os.Stat(data); err == nil && st.IsDir() {
				return data
			}
		}
		up := filepath.Dir(at)
		if up == at {
			break
		}
		at = up
	}
	return ""
}

// merge adds what o defines and d does not yet.
func (d *Definitions) merge(o *Definitions) {
	for _, f := range o.Files {
		if !slices.ContainsFunc(d.Files, func(g string) bool { return strings.EqualFold(f, g) }) {
			d.Files = append(d.Files, f)
		}
	}
	for k, v := range o.ByID {
		if d.ByID[k] == nil {
			d.ByID[k] = v
		}
	}
	for k, v := range o.ByName {
		if d.ByName[k] == nil {
			d.ByName[k] = v
		}
	}
	for k, v := range o.Parent {
		if d.Parent[k] == "" {
			d.Parent[k] = v
		}
	}
}

// cached reads the .ide files of dir, once: with deep, a data folder's
// lists first and then its whole tree; else the files in dir alone.
func cached(dir string, deep bool) *Definitions {
	key := dir + "\x00flat"
	if deep {
		key = dir + "\x00deep"
	}
	cache.Lock()
	defer cache.Unlock()
	if d, ok := cache.m[key]; ok {
		return d
	}
	d := NewDefinitions()
	seen := map[string]bool{}
	read := func(p string) {
		if k := strings.ToLower(p); !seen[k] && len(d.Files) < maxFiles {
			seen[k] = true
			if b, err := formats.ReadSideFile(p, maxFileBytes); err == nil {
				if f, err := Parse(b, 0); err == nil {
					d.Add(f, p)
				}
			}
		}
	}
	if deep {
		for _, p := range Listed(filepath.Dir(dir)) {
			read(p)
		}
		walkIDE(dir, read)
	} else if ents, err := os.ReadDir(dir); err == nil {
		for _, e := range ents {
			if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".ide") {
				read(filepath.Join(dir, e.Name()))
			}
		}
	}
	cache.m[key] = d
	return d
}

// walkIDE calls read for every .ide file under dir, in lexical order.
func walkIDE(dir string, read func(string)) {
	visited := 0
	filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if visited++; visited > maxWalk {
			return filepath.SkipAll
		}
		if err == nil && !e.IsDir() && strings.EqualFold(filepath.Ext(p), ".ide") {
			read(p)
		}
		return nil
	})
}

// Listed returns the .ide files the game folder's level lists name, in
// the order the game reads them: data/default.dat's, then data/gta.dat's
// (those that are there).
func Listed(game string) []string {
	data := foldpath.Child(game, "data")
	if data == "" {
		return nil
	}
	var out []string
	for _, list := range []string{"default.dat", "gta.dat"} {
		p := foldpath.Child(data, list)
		if p == "" {
			continue
		}
		b, err := formats.ReadSideFile(p, gtadat.MaxBytes)
		if err != nil {
			continue
		}
		f, err := gtadat.Parse(b, 0)
		if err != nil {
			continue
		}
		for _, e := range f.Entries {
			if e.Directive == "IDE" {
				if q := foldpath.Join(game, e.Path); q != "" {
					out = append(out, q)
				}
			}
		}
	}
	return out
}

// Forget drops the definitions read so far: the next lookup reads the
// .ide files again (benchmarks of a cold open; files changed on disk).
func Forget() {
	cache.Lock()
	clear(cache.m)
	cache.Unlock()
}
