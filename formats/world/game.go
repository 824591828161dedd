package world

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/foldpath"
	"rummage/formats/gtadat"
	"rummage/formats/ide"
	"rummage/formats/img"
)

// Game is the game folder a scene's models come from: every model,
// dictionary and stream file of its IMG archives and loose folders, by
// lower-case file name.
type Game struct {
	Root    string   // the game folder (above data/), "" when none was found
	Sources []string // the archives and folders indexed, in the order they are searched
	// Notes name the archives the level lists name that are not in the
	// game folder or do not open: the models in them count as missing.
	Notes []string

	files map[string]resource
	open  []*formats.File // the IMG archives, kept open
	read  atomic.Int64    // bytes read from resources
}

// resource is where a file of the game sits: an IMG entry or a loose file.
type resource struct {
	arch  *img.Root
	entry int
	path  string // a loose file; or, for an entry, the archive's path
}

// The bounds of indexing a game folder: entries visited in the loose
// folders, and the largest resource read.
const (
	maxLooseWalk     = 200_000
	maxResourceBytes = 64 << 20
)

// indexed are the extensions of the files a scene looks for.
var indexed = map[string]bool{".dff": true, ".txd": true, ".ipl": true, ".col": true}

var games = struct {
	sync.Mutex
	m map[string]*Game
}{m: map[string]*Game{}}

// GameFor returns the game of a scene file in dir: found upwards from dir
// through its data folder, indexed once per process; nil when there is no
// data folder. Archives stay open while the game is cached (an evicted
// game's files close when it is collected).
func GameFor(dir string) *Game {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	data := ide.DataFolder(dir)
	if data == "" {
		return nil
	}
	root := filepath.Dir(data)
	games.Lock()
	defer games.Unlock()
	if g, ok := games.m[root]; ok {
		return g
	}
	g := &Game{Root: root, files: map[string]resource{}}
	g.index()
	if len(games.m) >= 8 {
		clear(games.m)
	}
	games.m[root] = g
	return g
}

// index lists the game's resources: the IMG archives the level lists name
// and those in models/, then the loose files under models/. The first file
// of a name wins.
func (g *Game) index() {
	var archives []string
	models := ""
	if g.Root != "" {
		listed, notes := listedArchives(g.Root)
		archives, g.Notes = append(archives, listed...), notes
		if models = foldpath.Child(g.Root, "models"); models != "" {
			var own []string
			for _, n := range foldpath.Names(models) {
				if p := filepath.Join(models, n); strings.EqualFold(filepath.Ext(n), ".img") && regular(p) {
					own = append(own, p)
				}
			}
			sort.Strings(own)
			archives = append(archives, own...)
		}
	}
	seen := map[string]bool{}
	for _, p := range archives {
		if k := strings.ToLower(p); !seen[k] {
			seen[k] = true
			g.addArchive(p)
		}
	}
	if models != "" {
		g.addLoose(models)
	}
}

// listedArchives are the IMG archives default.dat and gta.dat name, and a
// note for each one named that is not a file in the game folder.
func listedArchives(root string) (out, notes []string) {
	data := foldpath.Child(root, "data")
	for _, list := range []string{"default.dat", "gta.dat"} {
		p := foldpath.Child(data, list)
		if data == "" || p == "" {
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
			if e.Directive == "IMG" || e.Directive == "CDIMAGE" {
				if q := foldpath.Join(root, e.Path); q != "" && regular(q) {
					out = append(out, q)
				} else {
					notes = append(notes, fmt.Sprintf("%s line %d: %s %s: no such file in the game folder; models in it count as missing",
						p, e.Line, e.Directive, e.Path))
				}
			}
		}
	}
	return out, notes
}

func regular(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// addArchive indexes the entries of the IMG archive at p.
func (g *Game) addArchive(p string) {
	f, err := formats.Open(p, &formats.Options{})
	r, ok := f.Root.(*img.Root)
	if err != nil || !ok {
		f.Close()
		if err == nil {
			err = fmt.Errorf("not an IMG archive")
		}
		g.Notes = append(g.Notes, fmt.Sprintf("%s: %v; models in it count as missing", p, err))
		return
	}
	g.open = append(g.open, f)
	g.Sources = append(g.Sources, p)
	for i, e := range r.Archive().Entries {
		k := strings.ToLower(e.Name)
		if _, dup := g.files[k]; !dup && indexed[filepath.Ext(k)] {
			g.files[k] = resource{arch: r, entry: i, path: p}
		}
	}
}

// addLoose indexes the files in dir and below it.
func (g *Game) addLoose(dir string) {
	g.Sources = append(g.Sources, dir)
	add := func(p, name string) {
		k := strings.ToLower(name)
		if _, dup := g.files[k]; !dup && indexed[filepath.Ext(k)] {
			g.files[k] = resource{entry: -1, path: p}
		}
	}
	visited := 0
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if visited++; visited > maxLooseWalk {
			return filepath.SkipAll
		}
		if err == nil && e.Type().IsRegular() {
			add(p, e.Name())
		}
		return nil
	})
}

// Has reports whether the game has a file of that name (any case).
func (g *Game) Has(name string) bool {
	_, ok := g.files[strings.ToLower(name)]
	return ok
}

// Names returns the indexed file names (lower case) that start with
// prefix and end with suffix.
func (g *Game) Names(prefix, suffix string) []string {
	var out []string
	for k := range g.files {
		if strings.HasPrefix(k, prefix) && strings.HasSuffix(k, suffix) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// Where says where a file of the game is: "archive.img/name" or its path.
func (g *Game) Where(name string) string {
	r, ok := g.files[strings.ToLower(name)]
	switch {
	case !ok:
		return ""
	case r.arch != nil:
		return filepath.Base(r.path) + "/" + r.arch.Archive().Entries[r.entry].Name
	}
	return r.path
}

// Read returns the bytes of the file name and the absolute offset of its
// first byte in the file it sits in.
func (g *Game) Read(name string) ([]byte, int64, error) {
	r, ok := g.files[strings.ToLower(name)]
	if !ok {
		return nil, 0, fmt.Errorf("%s is not in the game's archives or folders", name)
	}
	if r.arch == nil {
		b, err := formats.ReadSideFile(r.path, maxResourceBytes)
		g.read.Add(int64(len(b)))
		return b, 0, err
	}
	s, err := r.arch.EntrySource(r.entry)
	if err != nil {
		return nil, 0, err
	}
	if s.Size > maxResourceBytes {
		return nil, 0, binread.Errorf(max(s.Base, 0), "%s is %d bytes, more than the %d a model or dictionary can be", name, s.Size, maxResourceBytes)
	}
	b, err := binread.ReadAt(s.R, max(s.Base, 0), 0, s.Size, s.Size)
	g.read.Add(int64(len(b)))
	return b, max(s.Base, 0), err
}

// BytesRead is how many bytes of models, dictionaries and streams the
// game's readers have read.
func (g *Game) BytesRead() int64 { return g.read.Load() }

// Forget drops the games indexed so far: the next scene opened indexes
// its game folder again (benchmarks of a cold open; a folder changed on
// disk).
func Forget() {
	games.Lock()
	clear(games.m)
	games.Unlock()
}

// Source returns a Source over the file name of the game, for opening it
// as a node: an IMG entry keeps its archive as its parent (so a model
// finds its dictionaries beside it), a loose file is read into memory.
func (g *Game) Source(name string, opts *formats.Options) (formats.Source, error) {
	r, ok := g.files[strings.ToLower(name)]
	if !ok {
		return formats.Source{}, fmt.Errorf("%s is not in the game's archives or folders", name)
	}
	if r.arch != nil {
		return r.arch.EntrySource(r.entry)
	}
	b, err := formats.ReadSideFile(r.path, maxResourceBytes)
	if err != nil {
		return formats.Source{}, err
	}
	return formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Base: 0, Name: filepath.Base(r.path), Path: r.path, Opts: opts}, nil
}
