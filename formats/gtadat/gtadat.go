// Package gtadat reads the GTA games' level lists, gta.dat and default.dat
// (gta3.dat and gta_vc.dat in GTA III and Vice City): one directive a line
// naming a file the game loads, IDE, IPL, IMG, CDIMAGE, COLFILE,
// TEXDICTION, MODELFILE, HIERFILE, MAPZONE, with SPLASH and EXIT besides.
// Such a file opens as an archive whose children are the files it names,
// opened from the game folder (the folder above data/) when the archive is
// first opened; a file that is not there is a broken child saying so.
package gtadat

import (
	"fmt"
	"strings"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/sectext"
)

// Directives are the words a level list's lines start with.
var Directives = []string{"IDE", "IPL", "IMG", "CDIMAGE", "COLFILE", "TEXDICTION", "MODELFILE", "HIERFILE", "MAPZONE", "SPLASH", "EXIT"}

var known = func() map[string]bool {
	m := map[string]bool{}
	for _, d := range Directives {
		m[d] = true
	}
	return m
}()

// IsDirective reports whether word (upper case) is a directive.
func IsDirective(word string) bool { return known[word] }

// NamesFile reports whether a directive's argument is a file to open
// (SPLASH names a loading screen, EXIT nothing).
func NamesFile(directive string) bool { return directive != "SPLASH" && directive != "EXIT" }

// Entry is one directive line.
type Entry struct {
	Directive string // upper case
	Path      string // the file, as written (\ between folders); "" for EXIT
	Zone      string // COLFILE's level number, as written
	Line      int
	Off       int64
}

// File is a read level list.
type File struct {
	Entries []Entry
	Diags   []formats.Diagnostic
}

// Parse reads a level list from b, whose byte 0 sits at absolute offset
// base. Lines with an unknown directive or without the file they need are
// left out with a diagnostic; text with no directive at all is an error.
func Parse(b []byte, base int64) (*File, error) {
	f := &File{}
	lines := strings.SplitAfter(string(b), "\n")
	off := base
	for n, raw := range lines {
		at := off
		off += int64(len(raw))
		text := raw
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		words := strings.Fields(text)
		if len(words) == 0 {
			continue
		}
		e, err := entry(words, n+1, at)
		if err != nil {
			f.Diags = append(f.Diags, formats.Diagnostic{Off: at, Msg: fmt.Sprintf("line %d: %v: left out", n+1, err)})
			continue
		}
		f.Entries = append(f.Entries, e)
	}
	if len(f.Entries) == 0 {
		return nil, binread.Errorf(base, "no level list directive (IDE, IPL, IMG, ...) in the text")
	}
	return f, nil
}

// entry reads one directive line's words.
func entry(words []string, line int, off int64) (Entry, error) {
	e := Entry{Directive: strings.ToUpper(words[0]), Line: line, Off: off}
	args := words[1:]
	switch {
	case !IsDirective(e.Directive):
		return e, fmt.Errorf("%q is not a directive", words[0])
	case e.Directive == "EXIT":
		return e, nil
	case e.Directive == "COLFILE" && len(args) >= 2:
		e.Zone, args = args[0], args[1:]
	case e.Directive == "COLFILE":
		return e, fmt.Errorf("COLFILE needs a level number and a file")
	}
	if len(args) == 0 {
		return e, fmt.Errorf("%s names no file", e.Directive)
	}
	e.Path = strings.Join(args, " ") // a path with blanks
	return e, nil
}

// Looks reports whether head, the first bytes of a file named name, is a
// level list: gta.dat, default.dat, gta3.dat or gta_vc.dat by name, or any
// .dat whose first word is a directive that names a file.
func Looks(head []byte, name string) bool {
	lower := strings.ToLower(name)
	switch lower {
	case "gta.dat", "default.dat", "gta3.dat", "gta_vc.dat":
		return true
	}
	if !strings.HasSuffix(lower, ".dat") {
		return false
	}
	word, seen, cut := sectext.FirstWord(head)
	w := strings.ToUpper(word)
	return seen && !cut && IsDirective(w) && NamesFile(w)
}
