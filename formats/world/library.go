package world

import (
	"image"
	"strings"
	"sync"

	"rummage/formats"
	"rummage/formats/dff"
	"rummage/formats/foldpath"
	"rummage/formats/geom"
	"rummage/formats/ide"
	"rummage/formats/txd"
)

// library finds and decodes a scene's models and their textures: from
// the game's archives and folders, then the scene's own folder. Each
// model, each dictionary and each texture is read and decoded once, by
// any number of goroutines.
type library struct {
	game  *Game  // nil: no game folder
	local string // the scene file's folder, "" for in-memory data
	defs  *ide.Definitions

	stem string // the scene's text file's name without extension, lower case ("vegase")

	mu    sync.Mutex
	dicts map[string]*dictEntry      // by lower-case name
	read  int64                      // bytes read from the scene's own folder
	boxes map[geom.Bounds]*geom.Mesh // missing models' boxes, by size

	colOnce sync.Once
	cols    map[string]geom.Bounds // collision bounds by lower-case model name
}

// dictEntry is a texture dictionary, read once.
type dictEntry struct {
	once sync.Once
	dict *txd.Dictionary
	tex  map[string]*texEntry // by lower-case texture name
}

// texEntry is a texture, decoded once.
type texEntry struct {
	once  sync.Once
	t     *txd.Texture
	img   image.Image
	alpha bool
}

func newLibrary(game *Game, local, stem string, defs *ide.Definitions) *library {
	return &library{game: game, local: local, stem: stem, defs: defs, dicts: map[string]*dictEntry{}}
}

// find says whether the file name is there and where.
func (l *library) find(name string) (where string, ok bool) {
	if l.game != nil && l.game.Has(name) {
		return l.game.Where(name), true
	}
	if l.local != "" {
		if p := foldpath.Child(l.local, name); p != "" {
			return p, true
		}
	}
	return "", false
}

// readFile returns the bytes of the file name and the absolute offset of
// its first byte in the file it sits in.
func (l *library) readFile(name string) ([]byte, int64, error) {
	if l.game != nil && l.game.Has(name) {
		return l.game.Read(name)
	}
	p := ""
	if l.local != "" {
		p = foldpath.Child(l.local, name)
	}
	if p == "" {
		return nil, 0, &notFound{name}
	}
	b, err := formats.ReadSideFile(p, maxResourceBytes)
	l.mu.Lock()
	l.read += int64(len(b))
	l.mu.Unlock()
	return b, 0, err
}

type notFound struct{ name string }

func (e *notFound) Error() string { return e.name + " is not in the game's archives or folders" }

// bytesRead is what the library read, the game's archives included.
func (l *library) bytesRead() int64 {
	l.mu.Lock()
	n := l.read
	l.mu.Unlock()
	if l.game != nil {
		n += l.game.BytesRead()
	}
	return n
}

// dict returns the dictionary name (lower case), read once; nil when it
// is not there or does not read.
func (l *library) dict(name string) *dictEntry {
	l.mu.Lock()
	e, ok := l.dicts[name]
	if !ok {
		e = &dictEntry{}
		l.dicts[name] = e
	}
	l.mu.Unlock()
	e.once.Do(func() {
		b, base, err := l.readFile(name + ".txd")
		if err != nil {
			return
		}
		d, err := txd.Parse(b, base)
		if err != nil {
			return
		}
		e.dict, e.tex = d, map[string]*texEntry{}
		for _, t := range d.Textures() {
			if k := strings.ToLower(t.Name); e.tex[k] == nil {
				e.tex[k] = &texEntry{t: t}
			}
		}
	})
	if e.dict == nil {
		return nil
	}
	return e
}

// texture returns texture name (lower case) from the first of dicts that
// has it, decoded once, and whether it has partly transparent texels.
func (l *library) texture(dicts []string, name string) (image.Image, bool) {
	for _, dn := range dicts {
		d := l.dict(dn)
		if d == nil {
			continue
		}
		t, ok := d.tex[name]
		if !ok {
			continue
		}
		t.once.Do(func() {
			if img, err := t.t.Image(0); err == nil {
				t.img, t.alpha = img, dff.HasAlpha(img)
			}
		})
		if t.img != nil {
			return t.img, t.alpha
		}
	}
	return nil, false
}

// model reads and builds the model named name (without .dff), its
// textures from the dictionaries the definitions give it (def may be nil)
// and then the one of its own name.
func (l *library) model(name string, def *ide.Object) (*geom.Mesh, error) {
	b, base, err := l.readFile(name + ".dff")
	if err != nil {
		return nil, err
	}
	f, err := dff.Parse(b, base)
	if err != nil {
		return nil, err
	}
	var dicts []string
	if def != nil {
		dicts = l.defs.Dictionaries(def)
	}
	dicts = append(dicts, strings.ToLower(name))
	surf := dff.SurfaceFrom(func(tex string) (image.Image, bool) { return l.texture(dicts, strings.ToLower(tex)) })
	return f.Clump.ClumpMesh(surf)
}
