// Package diskfolder shows a folder on disk as one lazy tree of nodes, as
// the window's File › Open folder… does: a Folder's children are its
// subfolders, then its files, each file known by its first bytes
// (formats.Sniff: its format, kind and type tag) when its folder is listed
// and opened only when asked (File.OpenFile). Nothing is listed before a
// folder's children are asked for, and nothing but the first bytes of a
// file is read before it is opened, so a folder of 500,000 files opens at
// once and holds no file open.
//
// Files no format recognises are listed but hidden from Children until
// SetShowUnrecognised; Entries gives them all. Hidden files and folders
// (a name starting with "."), the backups a save keeps (NAME.bak,
// NAME.bakN), symbolic links to folders (a link may loop) and anything
// that is neither a file nor a folder (FIFOs, devices) are left out.
//
// The nodes are safe for use from several goroutines: a window lists
// folders in the background while its tree shows the ones listed.
package diskfolder

import (
	"context"
	"path/filepath"
	"sync"
	"sync/atomic"

	"rummage/formats"
)

// tree is what every folder of one tree shares.
type tree struct {
	opts    *formats.Options
	showAll atomic.Bool
}

// Folder is a folder on disk.
type Folder struct {
	path string
	name string
	tree *tree

	mu      sync.Mutex  // held while listing: one listing at a time
	listed  atomic.Bool // entries and err are final
	entries []formats.Node
	err     error
}

// New returns the folder at path as the root of a tree whose files open
// with opts. Nothing is read until its children are asked for.
func New(path string, opts *formats.Options) *Folder {
	if opts == nil {
		opts = &formats.Options{}
	}
	return &Folder{path: path, name: filepath.Base(path), tree: &tree{opts: opts}}
}

// Name returns the folder's name.
func (f *Folder) Name() string { return f.name }

// Kind returns KindArchive: a folder is a container.
func (f *Folder) Kind() formats.Kind { return formats.KindArchive }

// Type returns "folder".
func (f *Folder) Type() string { return "folder" }

// Path returns the folder's path on disk.
func (f *Folder) Path() string { return f.path }

// IsLeaf reports false: a folder may hold files (an empty one shows no
// children once listed).
func (f *Folder) IsLeaf() bool { return false }

// SetShowUnrecognised makes the files no format recognises part of
// Children (in every folder of the tree), or hides them again.
func (f *Folder) SetShowUnrecognised(show bool) { f.tree.showAll.Store(show) }

// ShowsUnrecognised reports whether Children includes the files no format
// recognises.
func (f *Folder) ShowsUnrecognised() bool { return f.tree.showAll.Load() }

// Listed reports whether the folder has been listed, so that Children and
// Entries return at once.
func (f *Folder) Listed() bool { return f.listed.Load() }

// Children lists the folder (once) and returns its subfolders and the
// files shown (see SetShowUnrecognised). A folder that cannot be read is
// an error, with what was read of it.
func (f *Folder) Children() ([]formats.Node, error) {
	all, err := f.Entries()
	if f.ShowsUnrecognised() {
		return all, err
	}
	out := make([]formats.Node, 0, len(all))
	for _, n := range all {
		if Shown(n, false) {
			out = append(out, n)
		}
	}
	return out, err
}

// Shown reports whether the entry n of a folder is shown when files no
// format recognises are shown (all) or not: folders, recognised files and
// files that could not be read always are.
func Shown(n formats.Node, all bool) bool {
	fl, ok := n.(*File)
	return !ok || all || fl.Recognised() || fl.err != nil
}

// Entries lists the folder (once) and returns every entry, the files no
// format recognises included: subfolders first, then files, each in name
// order (letter case aside).
func (f *Folder) Entries() ([]formats.Node, error) {
	if !f.listed.Load() {
		f.List(context.Background(), nil) // the error is kept with the listing
	}
	return f.entries, f.err
}

// Describe returns the folder's path and, once it is listed, how many
// subfolders, files and unrecognised files it holds.
func (f *Folder) Describe() (any, error) {
	d := map[string]any{"kind": string(formats.KindArchive), "type": "folder", "name": f.name, "path": f.path}
	if !f.Listed() {
		d["listed"] = false
		return d, nil
	}
	folders, files, unknown := f.Counts()
	d["folders"], d["files"], d["unrecognised"] = folders, files, unknown
	return d, f.err
}

// Counts are the folder's subfolders, files and, of those, the files no
// format recognises; zeros until it is listed.
func (f *Folder) Counts() (folders, files, unrecognised int) {
	if !f.Listed() {
		return 0, 0, 0
	}
	for _, n := range f.entries {
		switch e := n.(type) {
		case *Folder:
			folders++
		case *File:
			files++
			if !e.Recognised() {
				unrecognised++
			}
		}
	}
	return folders, files, unrecognised
}
