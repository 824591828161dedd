package ui

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"rummage/formats"
	"rummage/samples"
)

// openFile is one file shown as a root of the tree.
type openFile struct {
	name    string // shown as the root's name
	path    string // on disk; "" for samples and other in-memory data
	root    formats.Node
	err     error    // why the file could not be opened (root is then broken)
	fh      *os.File // nil for in-memory data
	uid     string   // the root's tree uid
	changes int      // edits applied minus edits undone since the last save
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
	if f.fh != nil {
		f.fh.Close()
		f.fh = nil
	}
}

// openDisk opens the file at path. A file that fails to open or decode is
// still returned, with a broken root carrying the error; only an
// unrecognised file found while walking a folder is dropped (nil).
func openDisk(path, name string, opts *formats.Options, fromFolder bool) *openFile {
	fh, err := os.Open(path)
	if err != nil {
		return brokenFile(name, path, err)
	}
	st, err := fh.Stat()
	if err != nil {
		fh.Close()
		return brokenFile(name, path, err)
	}
	src := formats.Source{R: fh, Size: st.Size(), Base: 0, Name: filepath.Base(path), Path: path, Opts: opts}
	root, err := openSource(src)
	if err != nil {
		if fromFolder && errors.Is(err, formats.ErrUnknownFormat) {
			fh.Close()
			return nil
		}
		return &openFile{name: name, path: path, root: formats.NewBroken(src, formats.KindRaw, "", err), err: err, fh: fh}
	}
	return &openFile{name: name, path: path, root: root, fh: fh}
}

// openMemory opens in-memory data (a built-in sample).
func openMemory(name string, data []byte, opts *formats.Options) *openFile {
	src := formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Base: 0, Name: name, Opts: opts}
	root, err := openSource(src)
	if err != nil {
		return &openFile{name: name, root: formats.NewBroken(src, formats.KindRaw, "", err), err: err}
	}
	return &openFile{name: name, root: root}
}

// openSource is formats.OpenFile with panics from format code recovered.
func openSource(src formats.Source) (n formats.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			n, err = nil, &formats.PanicError{Where: "open " + src.Name, Value: r}
		}
	}()
	n, err = formats.OpenFile(src)
	if err == nil && n == nil {
		err = errors.New("the format returned no node")
	}
	return n, err
}

// brokenFile is a root for a file that could not even be read.
func brokenFile(name, path string, err error) *openFile {
	src := formats.Source{R: bytes.NewReader(nil), Name: name, Path: path, Base: -1}
	return &openFile{name: name, path: path, root: formats.NewBroken(src, formats.KindRaw, "", err), err: err}
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
// a folder as every regular file below it (hidden ones skipped), named by
// its path relative to the folder, in name order.
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
			if d.Type().IsRegular() && !strings.HasSuffix(d.Name(), ".bak") {
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
