package ui

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"rummage/formats"
	"rummage/internal/atomicfile"
	"rummage/samples"
)

// openFile is one file shown as a root of the tree.
type openFile struct {
	name    string // shown as the root's name
	path    string // on disk; "" for samples and other in-memory data
	root    formats.Node
	err     error         // why the file could not be opened (root is then broken)
	file    *formats.File // the opened file, to close
	uid     string        // the root's tree uid
	changes int           // edits applied minus edits undone since the last save
}

// dirty reports whether the file has unsaved edits.
func (f *openFile) dirty() bool { return f.changes != 0 }

// saver returns the root as a Saver, if it can be written back.
func (f *openFile) saver() (formats.Saver, bool) {
	s, ok := f.root.(formats.Saver)
	return s, ok
}

// close releases the file handle.
func (f *openFile) close() {
	f.file.Close()
}

// openDisk opens the file at path. A file that fails to open or decode is
// still returned, with a broken root carrying the error; only an
// unrecognised file found while walking a folder is dropped (nil).
func openDisk(path, name string, opts *formats.Options, fromFolder bool) *openFile {
	atomicfile.CleanStaleIn(filepath.Dir(path)) // what a killed save left beside it
	f, err := formats.Open(path, opts)
	if err != nil && fromFolder && errors.Is(err, formats.ErrUnknownFormat) {
		f.Close()
		return nil
	}
	return &openFile{name: name, path: path, root: f.Root, err: err, file: f}
}

// openMemory opens in-memory data (a built-in sample).
func openMemory(name string, data []byte, opts *formats.Options) *openFile {
	f, err := formats.OpenBytes(name, data, opts)
	return &openFile{name: name, root: f.Root, err: err, file: f}
}

// sampleFiles opens the built-in sample set: one root per sample file.
func sampleFiles(opts *formats.Options) []*openFile {
	var out []*openFile
	for _, s := range samples.Files() {
		out = append(out, openMemory(s.Name, s.Data, opts))
	}
	// The meshes made in code, for the wireframe preview.
	shapes := &formats.Folder{NodeName: "shapes", Tag: "code", Items: samples.Nodes()}
	return append(out, &openFile{name: shapes.NodeName, root: shapes})
}

// target is one file to open: its path and the name shown for it.
type target struct {
	path, name string
	fromFolder bool
}

// expandPaths turns the named paths into files to open: a file as itself,
// a folder as every regular file below it (hidden ones and the backups a
// save keeps, NAME.bak and NAME.bakN, skipped), named by its path relative
// to the folder, in name order.
func expandPaths(ctx context.Context, paths []string) []target {
	var out []target
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil || !st.IsDir() {
			out = append(out, target{path: p, name: filepath.Base(p)})
			continue
		}
		var found []target
		filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err != nil {
				return nil
			}
			if strings.HasPrefix(d.Name(), ".") && path != p {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() && !formats.IsBackupName(d.Name()) {
				rel, _ := filepath.Rel(p, path)
				found = append(found, target{path: path, name: filepath.ToSlash(rel), fromFolder: true})
			}
			return nil
		})
		sort.Slice(found, func(i, j int) bool { return found[i].name < found[j].name })
		out = append(out, found...)
	}
	return out
}
