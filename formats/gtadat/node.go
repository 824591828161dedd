package gtadat

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/foldpath"
)

func init() {
	formats.Register(formats.Format{
		Name:     "gta-dat",
		Priority: 2, // text: after every format with magic bytes
		Kind:     formats.KindArchive,
		Match:    func(p formats.Probe) bool { return p.Hint == "" && Looks(p.Head, p.Name) },
		Open:     Open,
		Tag:      formats.FixedTag("DAT"),
	})
}

// MaxBytes caps a level list (San Andreas' gta.dat is 5 KB).
const MaxBytes = 4 << 20

// Open reads a level list.
func Open(s formats.Source) (formats.Node, error) {
	if s.Size > MaxBytes {
		return nil, binread.Errorf(max(s.Base, 0), "a level list of %d bytes is larger than the %d this reader takes", s.Size, MaxBytes)
	}
	b, err := binread.ReadAt(s.R, max(s.Base, 0), 0, s.Size, s.Size)
	if err != nil {
		return nil, err
	}
	f, err := Parse(b, max(s.Base, 0))
	if err != nil {
		return nil, err
	}
	return &Root{Raw: *formats.NewRaw(s, formats.KindArchive, "DAT"), File: f, path: s.Path, opts: s.Opts}, nil
}

// Root is a level list: an archive whose children are the files its
// directives name, each opened (headers only) when the children are first
// asked for, and kept open until Close.
type Root struct {
	formats.Raw
	File *File
	path string // the list's path on disk, "" for in-memory data
	opts *formats.Options

	mu     sync.Mutex
	opened bool
	kids   []formats.Node
	files  []*formats.File
}

// GameDir returns the game folder of a level list at path: the folder
// above it when it sits in a data folder, else its own folder.
func GameDir(path string) string {
	dir := filepath.Dir(path)
	if strings.EqualFold(filepath.Base(dir), "data") {
		return filepath.Dir(dir)
	}
	return dir
}

// Children opens the files the directives name, in order.
func (r *Root) Children() ([]formats.Node, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.opened {
		return r.kids, nil
	}
	r.opened = true
	for _, e := range r.File.Entries {
		if NamesFile(e.Directive) {
			r.kids = append(r.kids, r.open(e))
		}
	}
	return r.kids, nil
}

// ChildCount returns the number of files named, without opening them.
func (r *Root) ChildCount() (int, error) {
	n := 0
	for _, e := range r.File.Entries {
		if NamesFile(e.Directive) {
			n++
		}
	}
	return n, nil
}

// ChildrenAreFiles marks the list's children as files of their own
// (formats.FileList): their offsets are not in the list.
func (r *Root) ChildrenAreFiles() {}

// open opens an entry's file; a file that cannot be opened is a broken
// node named after it (the list itself, named in it, is not opened again).
func (r *Root) open(e Entry) formats.Node {
	name := e.Path[strings.LastIndexAny(e.Path, `\/`)+1:]
	src := formats.Source{R: strings.NewReader(""), Base: -1, Name: name, Opts: r.opts}
	if r.path == "" {
		return formats.NewBroken(src, formats.KindRaw, e.Directive, errors.New("the list is not on disk: its files cannot be found"))
	}
	p := foldpath.Join(GameDir(r.path), e.Path)
	if p == "" {
		err := fmt.Errorf("line %d: %s %s: no such file in the game folder %s", e.Line, e.Directive, e.Path, GameDir(r.path))
		return formats.NewBroken(src, formats.KindRaw, e.Directive, err)
	}
	if same(p, r.path) {
		return formats.NewBroken(src, formats.KindArchive, e.Directive, fmt.Errorf("line %d: the list names itself", e.Line))
	}
	opts := r.opts
	if opts == nil {
		opts = &formats.Options{}
	}
	f, err := formats.Open(p, opts)
	r.files = append(r.files, f)
	if err != nil {
		err = &formats.NodeError{Path: fmt.Sprintf("line %d: %s", e.Line, e.Path), Err: err}
		if b, ok := f.Root.(*formats.BrokenNode); ok {
			b.Error = err
		}
	}
	return f.Root
}

// same reports whether a and b are one file.
func same(a, b string) bool {
	sa, ea := os.Stat(a)
	sb, eb := os.Stat(b)
	return ea == nil && eb == nil && os.SameFile(sa, sb)
}

// Close closes the files the children were opened from.
func (r *Root) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, f := range r.files {
		f.Close()
	}
	r.files, r.kids, r.opened = nil, nil, false
	return nil
}

// Diagnostics returns the lines left out.
func (r *Root) Diagnostics() []formats.Diagnostic { return r.File.Diags }

// Describe returns the directives, each with its file and whether it is
// in the game folder.
func (r *Root) Describe() (any, error) {
	var game string
	if r.path != "" {
		game = GameDir(r.path)
	}
	ents := make([]map[string]any, 0, len(r.File.Entries))
	counts := map[string]int{}
	for _, e := range r.File.Entries {
		m := map[string]any{"directive": e.Directive, "line": e.Line, "offset": e.Off}
		if e.Path != "" {
			m["file"] = e.Path
			if game != "" && NamesFile(e.Directive) {
				m["found"] = foldpath.Join(game, e.Path) != ""
			}
		}
		if e.Zone != "" {
			m["zone"] = e.Zone
		}
		ents = append(ents, m)
		counts[e.Directive]++
	}
	return map[string]any{"kind": string(formats.KindArchive), "name": r.NodeName, "format": "gta-dat",
		"gameFolder": game, "entries": ents, "counts": counts}, nil
}
