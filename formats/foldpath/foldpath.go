// Package foldpath finds files by name in any letter case, as the GTA
// games, written for Windows, name them ("DATA\MAPS\vegas\vegasE.IPL" for
// data/maps/VEGAS/VEGASE.IPL). Folder listings are cached by path and
// modification time, so a game folder's many lookups list each folder once.
package foldpath

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

var cache = struct {
	sync.Mutex
	m map[string]listing
}{m: map[string]listing{}}

type listing struct {
	mod   time.Time
	names map[string]string // lower-case name -> name
}

// maxCached bounds the cached listings; the cache is emptied when full.
const maxCached = 1024

// Child returns the path of dir's entry named name in any letter case, ""
// when there is none. A name with a path separator, "." or ".." finds
// nothing, so a lookup never leaves dir.
func Child(dir, name string) string {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) {
		return ""
	}
	l, ok := list(dir)
	if !ok {
		return ""
	}
	if n := l.names[strings.ToLower(name)]; n != "" {
		return filepath.Join(dir, n)
	}
	return ""
}

// Names returns the entries of dir (as they are spelled), from the cache.
func Names(dir string) []string {
	l, ok := list(dir)
	if !ok {
		return nil
	}
	out := make([]string, 0, len(l.names))
	for _, n := range l.names {
		out = append(out, n)
	}
	return out
}

func list(dir string) (listing, bool) {
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return listing{}, false
	}
	cache.Lock()
	l, ok := cache.m[dir]
	cache.Unlock()
	if ok && l.mod.Equal(st.ModTime()) {
		return l, true
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return listing{}, false
	}
	l = listing{mod: st.ModTime(), names: make(map[string]string, len(ents))}
	for _, e := range ents {
		if k := strings.ToLower(e.Name()); l.names[k] == "" {
			l.names[k] = e.Name()
		}
	}
	cache.Lock()
	if len(cache.m) >= maxCached {
		clear(cache.m)
	}
	cache.m[dir] = l
	cache.Unlock()
	return l, true
}

// Join returns the path under root that rel names, each part matched in
// any letter case; rel may use \ or / between parts. It returns "" when a
// part is missing or rel would leave root (an absolute path, "..").
func Join(root, rel string) string {
	parts := strings.FieldsFunc(rel, func(r rune) bool { return r == '\\' || r == '/' })
	if len(parts) == 0 || filepath.IsAbs(rel) || strings.HasPrefix(rel, `\`) || len(rel) > 1 && rel[1] == ':' {
		return ""
	}
	p := root
	for _, part := range parts {
		if p = Child(p, part); p == "" {
			return ""
		}
	}
	return p
}
