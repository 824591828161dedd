package diskfolder

import (
	"path/filepath"

	"rummage/formats"
)

// File is a file of a listed folder, known by its first bytes; it is
// opened only by OpenFile.
type File struct {
	dir  *Folder
	name string
	sn   formats.Sniffed
	err  error // the file could not be read
}

var (
	_ formats.Unopened = (*File)(nil)
	_ formats.Broken   = (*File)(nil)
)

// sniff reads the file's first bytes.
func (f *File) sniff() {
	f.sn, f.err = formats.Sniff(f.Path())
}

// Name returns the file's name.
func (f *File) Name() string { return f.name }

// Kind returns the kind the file opens as: its format's, raw when no
// format recognises it.
func (f *File) Kind() formats.Kind { return f.sn.Kind() }

// Type returns the type tag its root will have ("TXD", "NRes", …), "" for
// a file no format recognises.
func (f *File) Type() string { return f.sn.Tag }

// Path returns the file's path on disk.
func (f *File) Path() string { return filepath.Join(f.dir.path, f.name) }

// Size returns the file's size in bytes when it was listed.
func (f *File) Size() int64 { return f.sn.Size }

// Recognised reports whether a format recognises the file.
func (f *File) Recognised() bool { return f.sn.Format != nil }

// Format is the name of the file's format ("txd", "nres", …), "" when
// none recognises it.
func (f *File) Format() string {
	if f.sn.Format == nil {
		return ""
	}
	return f.sn.Format.Name
}

// Children returns nil: a file has no children until it is opened.
func (f *File) Children() ([]formats.Node, error) { return nil, nil }

// Err is why the file could not be read when its folder was listed.
func (f *File) Err() error { return f.err }

// OpenFile opens the file (formats.Open, with the tree's options).
func (f *File) OpenFile() (*formats.File, error) { return formats.Open(f.Path(), f.dir.tree.opts) }

// Describe returns the file's path, size and format, as listed.
func (f *File) Describe() (any, error) {
	if f.err != nil {
		return nil, f.err
	}
	return map[string]any{"kind": string(f.Kind()), "type": f.sn.Tag, "name": f.name, "path": f.Path(),
		"size": f.sn.Size, "format": f.Format(), "opened": false}, nil
}
