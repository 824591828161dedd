package world

import (
	"bytes"
	"strings"

	"rummage/formats"
	"rummage/formats/col"
	"rummage/formats/geom"
)

// collisionBounds returns the bounds of the collision models of the
// scene's collision files (NAME.col and NAME_N.col, as San Andreas names
// them after the text file NAME.ipl), by lower-case model name: the size
// a missing model's box is drawn at. Only the models' headers and bounds
// are read, once.
func (l *library) collisionBounds() map[string]geom.Bounds {
	l.colOnce.Do(func() {
		l.cols = map[string]geom.Bounds{}
		if l.stem == "" {
			return
		}
		for _, name := range l.names(l.stem, ".col") {
			rest := strings.TrimSuffix(strings.TrimPrefix(name, l.stem), ".col")
			if rest != "" && !strings.HasPrefix(rest, "_") {
				continue // another section's file (vegase2.col for vegase)
			}
			l.addCollisions(name)
		}
	})
	return l.cols
}

// addCollisions adds the bounds of the models of one .col file.
func (l *library) addCollisions(name string) {
	b, base, err := l.readFile(name)
	if err != nil {
		return
	}
	n, err := col.Open(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Base: base, Name: name, Opts: &formats.Options{}})
	if err != nil {
		return
	}
	for _, p := range n.(*col.Root).Places() {
		mname, bd, err := col.ReadBounds(b[p.Off:p.Off+p.Size], base+p.Off)
		if k := strings.ToLower(mname); err == nil && k != "" {
			if _, dup := l.cols[k]; !dup {
				l.cols[k] = geom.Bounds{Min: bd.Min, Max: bd.Max}
			}
		}
	}
}

// names are the files of the game and the scene's folder whose lower-case
// names start with prefix and end with suffix.
func (l *library) names(prefix, suffix string) []string {
	var names []string
	if l.game != nil {
		names = l.game.Names(prefix, suffix)
	}
	if l.local != "" {
		for _, n := range listNames(l.local) {
			if k := strings.ToLower(n); strings.HasPrefix(k, prefix) && strings.HasSuffix(k, suffix) && !contains(names, k) {
				names = append(names, k)
			}
		}
	}
	return names
}
