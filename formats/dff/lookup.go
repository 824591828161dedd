package dff

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"rummage/formats"
	"rummage/formats/txd"
)

// TXDSource is one texture dictionary searched for a model's textures.
type TXDSource struct {
	Path string          // "<file name>/<node path>" of the dictionary
	Dict *txd.Dictionary // the parsed dictionary
	Node *txd.Root       // the dictionary's node when it is in the model's own file tree, else nil
	Why  string          // how it was found: "ide", "name", "vehicle", "--txd"
}

// Lookup is how a model's textures were searched: the model's IDE entry
// and the dictionaries tried, in order.
type Lookup struct {
	IDETXD  string // the TXD the .ide files name for the model, "" when none
	IDEs    int    // .ide files read
	Sources []TXDSource
	Tried   []string // where each dictionary was looked for, in order, found or not
}

// lookupTextures finds the dictionaries for the model: the TXD the .ide
// files name (and its txdp parents), then the TXD of the model's own name,
// then San Andreas' shared vehicle.txd for a car, then each of extra
// (--txd) in order.
func (r *Root) lookupTextures(extra []string) *Lookup {
	l := &Lookup{}
	model := lower(strings.TrimSuffix(r.NodeName, filepath.Ext(r.NodeName)))
	var names []string
	var ide *IDE
	if r.src.Path != "" {
		dir := filepath.Dir(r.src.Path)
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs // a relative path has no parents to search
		}
		ide = IDEFor(dir)
		l.IDEs = ide.Files
		if t, ok := ide.TXD[model]; ok {
			l.IDETXD = t
			names = append(names, t)
			for p, n := ide.Parent[t], 0; p != "" && n < 8; p, n = ide.Parent[p], n+1 {
				names = append(names, p)
			}
		}
	}
	names = append(names, model)
	seen := map[string]bool{}
	for i, n := range names {
		if seen[n] {
			continue
		}
		seen[n] = true
		why := "ide"
		if i == len(names)-1 {
			why = "name"
		}
		l.tried(r.txdPlace(n))
		if s, ok := r.findTXD(n); ok {
			s.Why = why
			l.Sources = append(l.Sources, s)
		}
	}
	if ide != nil && ide.Cars[model] && !seen["vehicle"] {
		l.tried(r.txdPlace("vehicle"))
		if s, ok := r.findTXD("vehicle"); ok {
			s.Why = "vehicle"
			l.Sources = append(l.Sources, s)
		} else if s, ok := r.findVehicleTXD(); ok {
			l.Sources = append(l.Sources, s)
		}
	}
	for _, x := range extra {
		l.tried(x)
		if d, err := loadTXD(x); x != "" && err == nil {
			l.Sources = append(l.Sources, TXDSource{Path: filepath.Base(x), Dict: d, Why: "--txd"})
		}
	}
	return l
}

// tried records a place looked in ("" for none).
func (l *Lookup) tried(place string) {
	if place != "" {
		l.Tried = append(l.Tried, place)
	}
}

// txdPlace says where findTXD looks for NAME.txd: in the model's archive,
// else in its folder ("" for a model that is in neither).
func (r *Root) txdPlace(name string) string {
	switch {
	case r.src.Parent != nil:
		return name + ".txd in " + formats.SafeName(r.src.Parent)
	case r.src.Path != "":
		return filepath.Join(filepath.Dir(r.src.Path), name+".txd")
	}
	return ""
}

// findTXD looks for NAME.txd in the model's IMG archive, else in its folder.
func (r *Root) findTXD(name string) (TXDSource, bool) {
	want := name + ".txd"
	if r.src.Parent != nil {
		kids, err := formats.SafeChildren(r.src.Parent)
		if err != nil {
			return TXDSource{}, false
		}
		for _, k := range kids {
			tr, ok := k.(*txd.Root)
			if !ok || !strings.EqualFold(k.Name(), want) {
				continue
			}
			d, err := tr.Dictionary()
			if err != nil {
				return TXDSource{}, false
			}
			// The archive is the file's root: its name is the file's.
			return TXDSource{Path: formats.SafeName(r.src.Parent) + "/" + k.Name(), Dict: d, Node: tr}, true
		}
		return TXDSource{}, false
	}
	if r.src.Path == "" {
		return TXDSource{}, false
	}
	p := childFold(filepath.Dir(r.src.Path), want)
	if p == "" {
		return TXDSource{}, false
	}
	d, err := loadTXD(p)
	if err != nil {
		return TXDSource{}, false
	}
	return TXDSource{Path: filepath.Base(p), Dict: d}, true
}

// findVehicleTXD looks for San Andreas' vehicle.txd in a generic/ folder
// beside the model's folder (models/generic/vehicle.txd).
func (r *Root) findVehicleTXD() (TXDSource, bool) {
	if r.src.Path == "" {
		return TXDSource{}, false
	}
	dir := filepath.Dir(r.src.Path)
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs // a relative path has no parent to search
	}
	gen := childFold(filepath.Dir(dir), "generic")
	if gen == "" {
		return TXDSource{}, false
	}
	p := childFold(gen, "vehicle.txd")
	if p == "" {
		return TXDSource{}, false
	}
	d, err := loadTXD(p)
	if err != nil {
		return TXDSource{}, false
	}
	return TXDSource{Path: filepath.Base(p), Dict: d, Why: "vehicle"}, true
}

// maxTXDBytes caps a dictionary read from beside the model.
const maxTXDBytes = 256 << 20

// txdCache keeps the dictionaries read from disk, by path, size and time,
// so models sharing one (vehicle.txd) read it once per process.
var txdCache = struct {
	sync.Mutex
	m map[string]*txd.Dictionary
}{m: map[string]*txd.Dictionary{}}

// maxCachedTXDs bounds the cache; it is emptied when full.
const maxCachedTXDs = 64

func loadTXD(path string) (*txd.Dictionary, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	key := path + "\x00" + st.ModTime().String() + "\x00" + strconv.FormatInt(st.Size(), 10)
	txdCache.Lock()
	d, ok := txdCache.m[key]
	txdCache.Unlock()
	if ok {
		return d, nil
	}
	b, err := formats.ReadSideFile(path, maxTXDBytes)
	if err != nil {
		return nil, err
	}
	if !txd.IsTXD(b, int64(len(b))) {
		return nil, os.ErrInvalid
	}
	if d, err = txd.Parse(bytes.Clone(b), 0); err != nil {
		return nil, err
	}
	txdCache.Lock()
	if len(txdCache.m) >= maxCachedTXDs {
		clear(txdCache.m)
	}
	txdCache.m[key] = d
	txdCache.Unlock()
	return d, nil
}

// resolve finds each texture name in the sources, first match wins; the
// pixels are decoded when first drawn.
func (l *Lookup) resolve(names []string) map[string]foundTexture {
	out := map[string]foundTexture{}
	for _, n := range names {
		key := lower(n)
		if _, done := out[key]; done || n == "" {
			continue
		}
		for _, s := range l.Sources {
			t := findTexture(s.Dict, key)
			if t == nil {
				continue
			}
			out[key] = foundTexture{Path: s.Path + "/" + t.Name, Source: s, Tex: t}
			break
		}
	}
	return out
}

func findTexture(d *txd.Dictionary, lowerName string) *txd.Texture {
	for _, t := range d.Textures() {
		if lower(t.Name) == lowerName {
			return t
		}
	}
	return nil
}
