package dff

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"rummage/formats"
	"rummage/formats/ide"
)

// IDE is what item definition files say about textures: each model's TXD
// (sections objs, tobj, cars, peds, weap, hier and anim) and each TXD's
// parent (txdp). Names are lower case.
type IDE struct {
	TXD    map[string]string // model name -> TXD name
	Parent map[string]string // TXD name -> parent TXD name
	Cars   map[string]bool   // models defined in a cars section
	// Vehicles holds what a cars line says about the vehicle (handling
	// name, wheel sizes), by model name.
	Vehicles map[string]VehicleDef
	Files    int // .ide files read
}

// ParseIDE adds the model and TXD names of one .ide file to d (read by
// the shared reader, formats/ide).
func (d *IDE) ParseIDE(b []byte) {
	if d.TXD == nil {
		d.TXD, d.Parent, d.Cars, d.Vehicles = map[string]string{}, map[string]string{}, map[string]bool{}, map[string]VehicleDef{}
	}
	d.Files++
	f, err := ide.Parse(b, 0)
	if err != nil {
		return
	}
	for _, o := range f.Objects {
		m := strings.ToLower(o.Model)
		d.TXD[m] = strings.ToLower(o.TXD)
		if o.Section == "cars" {
			d.Cars[m] = true
			d.Vehicles[m] = parseVehicleDef(o.Fields)
		}
	}
	for _, p := range f.Parents {
		d.Parent[strings.ToLower(p[0])] = strings.ToLower(p[1])
	}
}

// maxIDEBytes caps one .ide file; maxIDEFiles the files read from a tree,
// maxIDEWalk the entries visited in it; maxIDEUp is how many folders above
// the file are searched for a data/ folder.
const (
	maxIDEBytes = 8 << 20
	maxIDEFiles = 2000
	maxIDEWalk  = 20000
	maxIDEUp    = 4
)

var ideCache = struct {
	sync.Mutex
	m map[string]*IDE
}{m: map[string]*IDE{}}

// IDEFor returns the item definitions found for a file in dir: the .ide
// files beside it and in the data/ tree of dir or any folder above it.
// Folders are read once per process.
func IDEFor(dir string) *IDE {
	key := dir + "\x00merged"
	ideCache.Lock()
	d, ok := ideCache.m[key]
	ideCache.Unlock()
	if ok {
		return d
	}
	d = mergedIDE(dir)
	ideCache.Lock()
	ideCache.m[key] = d
	ideCache.Unlock()
	return d
}

func mergedIDE(dir string) *IDE {
	out := &IDE{}
	seen := map[string]bool{}
	add := func(d *IDE) {
		for k, v := range d.TXD {
			if _, ok := out.TXD[k]; !ok {
				out.TXD[k] = v
			}
		}
		for k, v := range d.Parent {
			if _, ok := out.Parent[k]; !ok {
				out.Parent[k] = v
			}
		}
		for k := range d.Cars {
			out.Cars[k] = true
		}
		for k, v := range d.Vehicles {
			if _, ok := out.Vehicles[k]; !ok {
				out.Vehicles[k] = v
			}
		}
		out.Files += d.Files
	}
	out.ParseIDE(nil)
	out.Files = 0
	add(cachedIDE(dir, false))
	seen[dir] = true
	for d, level := dir, 0; level <= maxIDEUp; level++ {
		if data := childFold(d, "data"); data != "" && !seen[data] {
			seen[data] = true
			add(cachedIDE(data, true))
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return out
}

// cachedIDE reads the .ide files of dir (and below it when deep), once.
func cachedIDE(dir string, deep bool) *IDE {
	key := dir + "\x00" + map[bool]string{true: "deep", false: "flat"}[deep]
	ideCache.Lock()
	defer ideCache.Unlock()
	if d, ok := ideCache.m[key]; ok {
		return d
	}
	d := &IDE{}
	d.ParseIDE(nil)
	d.Files = 0
	read := func(p string) {
		if d.Files < maxIDEFiles {
			if b, err := formats.ReadSideFile(p, maxIDEBytes); err == nil {
				d.ParseIDE(b)
			}
		}
	}
	if deep {
		visited := 0
		filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
			if visited++; visited > maxIDEWalk {
				return filepath.SkipAll
			}
			if err == nil && !e.IsDir() && strings.EqualFold(filepath.Ext(p), ".ide") {
				read(p)
			}
			return nil
		})
	} else if ents, err := os.ReadDir(dir); err == nil {
		for _, e := range ents {
			if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".ide") {
				read(filepath.Join(dir, e.Name()))
			}
		}
	}
	ideCache.m[key] = d
	return d
}

// dirCache keeps folder listings (lower-case name -> name) by path and
// modification time, so models in one folder list it once.
var dirCache = struct {
	sync.Mutex
	m map[string]dirListing
}{m: map[string]dirListing{}}

type dirListing struct {
	mod   time.Time
	names map[string]string
}

// childFold returns the path of dir's entry named name in any case, "".
func childFold(dir, name string) string {
	st, err := os.Stat(dir)
	if err != nil {
		return ""
	}
	dirCache.Lock()
	l, ok := dirCache.m[dir]
	dirCache.Unlock()
	if !ok || !l.mod.Equal(st.ModTime()) {
		ents, err := os.ReadDir(dir)
		if err != nil {
			return ""
		}
		l = dirListing{mod: st.ModTime(), names: make(map[string]string, len(ents))}
		for _, e := range ents {
			if k := strings.ToLower(e.Name()); l.names[k] == "" {
				l.names[k] = e.Name()
			}
		}
		dirCache.Lock()
		if len(dirCache.m) > 256 {
			clear(dirCache.m)
		}
		dirCache.m[dir] = l
		dirCache.Unlock()
	}
	if n := l.names[strings.ToLower(name)]; n != "" {
		return filepath.Join(dir, n)
	}
	return ""
}
